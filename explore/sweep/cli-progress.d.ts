// Ambient declaration for cli-progress (CommonJS, no bundled types): only
// what sweep/progress.ts calls. Must stay a script (no top-level import or
// export) so the `declare module` block is global.
declare module 'cli-progress' {
  interface SingleBarOptions {
    format?: string;
    stream?: NodeJS.WritableStream;
    fps?: number;
    hideCursor?: boolean;
    clearOnComplete?: boolean;
    barsize?: number;
  }
  class SingleBar {
    constructor(opts: SingleBarOptions, preset?: object);
    start(total: number, start: number, payload?: Record<string, string>): void;
    update(value: number, payload?: Record<string, string>): void;
    setTotal(total: number): void;
    stop(): void;
  }
  const Presets: { shades_classic: object; legacy: object; rect: object };
  const cliProgress: { SingleBar: typeof SingleBar; Presets: typeof Presets };
  export default cliProgress;
}
