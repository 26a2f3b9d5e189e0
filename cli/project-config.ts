// A project's gfxrtl.config.ts: which of its modules hold units and studies.
// Read by cli/plugins.ts; `defineConfig` is what the config file imports
// (from 'gfxrtl'), for its types.

/** The file names a project config may have, in the order they are looked for. */
export const CONFIG_FILES: readonly string[] = ['gfxrtl.config.ts', 'gfxrtl.config.mts', 'gfxrtl.config.js', 'gfxrtl.config.mjs'];

/** What gfxrtl.config.ts exports by default (or package.json's "gfxrtl" field holds). */
export interface GfxrtlConfig {
  /**
   * Modules, relative to the config file, whose exported units (UnitDef)
   * and studies (Study) every gfxrtl command then knows: `units`, `sim`,
   * `verilog`, `cosim`, `price`, `sweep`, `study`, `report`.
   */
  readonly plugins?: readonly string[];
}

/** Types a project config: `export default defineConfig({ plugins: ['./src/max2.ts'] })`. */
export function defineConfig(config: GfxrtlConfig): GfxrtlConfig {
  return config;
}
