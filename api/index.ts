// `gfxrtl`: the package's main entry point. The hardware description
// language (types, signals, modules, elaboration, the standard library),
// the unit record a project registers its units with, and the project
// config. A stable, documented surface: internals stay behind it.
export * from '../hdl/index.js';
export { defineUnitDef, type CoverageCounter, type PortStimulus, type StimulusGenerator, type StimulusRng, type UnitDef } from '../units/unit.js';
export { ConfigError, type ConfigOf, type ParamSpec, type Schema } from '../units/config.js';
export { defineConfig, type GfxrtlConfig } from '../cli/project-config.js';
