// Ambient declarations for the untyped CommonJS packages we render with.
// Only what waveforms/ calls is declared, with types narrow enough that no
// `any` leaks into our modules. This file must stay a script (no top-level
// import/export) so that the `declare module` blocks are global.

/** JsonML as produced by wavedrom and consumed by onml: [tag, attrs?, ...children]. */
type GfxrtlJsonMl = [string, ...unknown[]];

declare module 'wavedrom' {
  interface WaveDrom {
    /** index 0 for a standalone diagram; mutates `source` (pass a copy). */
    renderAny(index: number, source: object, skins: Record<string, unknown>): GfxrtlJsonMl;
    version: string;
  }
  const wavedrom: WaveDrom;
  export default wavedrom;
}

declare module 'wavedrom/skins/default.js' {
  /** `{ default: JsonML template }`: wavedrom throws "no skins found" without it. */
  const skins: Record<string, unknown>;
  export default skins;
}

declare module 'onml' {
  interface Onml {
    stringify(tree: GfxrtlJsonMl, indentation?: number): string;
  }
  const onml: Onml;
  export default onml;
}
