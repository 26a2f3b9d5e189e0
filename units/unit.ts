// What a registered unit is: a name, a config schema, how to elaborate it,
// and (optionally) how to exercise it. The registry, the CLI, cross-
// simulation, property tests and studies all work from this one record, so a
// unit folder that exports one `UnitDef` is listed, simulated, emitted,
// cross-checked and swept without further wiring.
//
// It lives in units/ (not studies/) because units never import studies or
// testbenches: everything a unit may declare is typed here, against hdl/ only.
import type { Design } from '../hdl/ir.js';
import type { ConfigOf, Schema } from './config.js';

/** The random stream a stimulus generator draws from. Structurally the
 *  testbench Rng (testbenches/rng.ts), declared here so units need not
 *  import testbenches. Always seeded: the seed is printed with results. */
export interface StimulusRng {
  readonly seed: number;
  /** Uniform unsigned 32-bit integer. */
  u32(): number;
  /** Uniform integer in [lo, hi], inclusive. */
  int(lo: number, hi: number): number;
  /** Uniform float in [0, 1). */
  float(): number;
}

/** Port-level stimulus, the same shape `gfxrtl sim --input` parses: reset
 *  cycles, then per cycle the top-level inputs that change (a port left
 *  out keeps its value). */
export interface PortStimulus {
  reset: number;
  cycles: Map<string, bigint>[];
}

/** A constrained-random stimulus generator: what cosim, `sim --seed` and
 *  property tests drive when no stimulus file is given. Without one, every
 *  input gets uniform random bits each cycle, which starves units whose
 *  interesting behaviour needs structured input (merges, evictions). */
export type StimulusGenerator<C> = (config: C, design: Design, rng: StimulusRng, cycles: number) => PortStimulus;

/** A coverage counter cosim prints beside "identical", so a pass says what
 *  was exercised. `count` sees every simulated cycle's port values (inputs
 *  as driven, outputs as sampled before the clock edge). */
export interface CoverageCounter {
  readonly name: string;
  readonly doc: string;
  /** 1 (or more) when this cycle exercised the event. */
  count(ports: ReadonlyMap<string, bigint>): number;
}

/** A unit as every command knows it: a CLI name, a config schema, how to
 *  elaborate one config, and optionally its constrained-random stimulus and
 *  coverage counters. Export one from a module gfxrtl.config.ts lists. */
export interface UnitDef<S extends Schema = Schema> {
  /** CLI name, lower-case with dashes ('noblur', 'sample-test'). */
  readonly name: string;
  readonly summary: string;
  readonly schema: S;
  /** The unit this one is part of (sub-units: 'bbox' is part of 'noblur'). */
  readonly partOf?: string;
  /** Elaborate one typed config (defaults already filled in). */
  elaborate(config: ConfigOf<S>): Design;
  readonly stimulus?: StimulusGenerator<ConfigOf<S>>;
  readonly coverage?: readonly CoverageCounter[];
}

/** Identity helper that keeps S inferred at the definition site. */
export function defineUnitDef<S extends Schema>(u: UnitDef<S>): UnitDef<S> {
  return u;
}
