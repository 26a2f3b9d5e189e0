// Every unit gfxrtl ships, by CLI name: its schema (keys, allowed values,
// defaults) and how to elaborate it for a config. The CLI, cross-simulation
// and the test suite iterate over this list, so a unit added here is
// listed, simulated, emitted and cross-checked without further wiring.
import { elaborate } from '../hdl/elaborate.js';
import type { Design } from '../hdl/ir.js';
import type { ModuleDef } from '../hdl/module.js';
import type { SignalTree } from '../hdl/shape.js';
import { ConfigError, formatConfig, parseConfig, type ConfigOf, type Schema } from './config.js';
import { counterSchema } from './counter/config.js';
import { Counter } from './counter/module.js';
import { fifoSchema } from './fifo/config.js';
import { Fifo } from './fifo/module.js';
import { macSchema } from './mac/config.js';
import { Mac } from './mac/module.js';
import { noblurSchema } from './noblur/config.js';
import { NoBlur } from './noblur/pipeline.js';
import { qfmSchema } from './qfm/config.js';
import { Qfm } from './qfm/module.js';
import { pmuSchema } from './pmu/config.js';
import { Pmu } from './pmu/module.js';

export interface UnitInfo {
  readonly name: string;
  readonly summary: string;
  readonly schema: Schema;
  /** Parse `k=v,...` (defaults filled in) and elaborate. */
  elaborate(configText: string | Record<string, string>): { design: Design; config: Record<string, unknown>; configText: string };
}

function unit<S extends Schema>(name: string, summary: string, schema: S, def: ModuleDef<ConfigOf<S>, SignalTree>): UnitInfo {
  return {
    name,
    summary,
    schema,
    elaborate(text) {
      const config = parseConfig(name, schema, text);
      return { design: elaborate(def, config), config, configText: formatConfig(config) };
    },
  };
}

const UNITS: UnitInfo[] = [
  unit('counter', 'up-counter with enable and synchronous clear (example)', counterSchema, Counter),
  unit('fifo', 'synchronous FIFO with valid/ready streams (example)', fifoSchema, Fifo),
  unit('mac', 'fixed-point multiply-accumulate with named rounding and overflow (example)', macSchema, Mac),
  unit('noblur', 'NoBlur micropolygon rasterizer: cull, bbox, setup, iterator, sample test, depth interpolation', noblurSchema, NoBlur),
  unit('qfm', 'quad-fragment merge buffer: CAM look-up by quad and facing, can_merge on the N newest matches, merge datapath, FIFO and full-coverage eviction, flush per grid', qfmSchema, Qfm),
  unit('pmu', 'pixel merge unit: per-pixel merging across shared edges, overlap eviction in submission order, bypass, FIFO eviction, flush per draw', pmuSchema, Pmu),
];

export function registerUnit(u: UnitInfo): void {
  if (UNITS.some((x) => x.name === u.name)) throw new Error(`unit ${u.name} registered twice`);
  UNITS.push(u);
}

export function allUnits(): readonly UnitInfo[] {
  return UNITS;
}

export function findUnit(name: string): UnitInfo {
  const u = UNITS.find((x) => x.name === name);
  if (!u) throw new ConfigError(`unknown unit "${name}"; units: ${UNITS.map((x) => x.name).join(', ')}`);
  return u;
}

export { unit as defineUnit };
