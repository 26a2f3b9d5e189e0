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
import { radixSortSchema } from './radix-sort/config.js';
import { RadixSorter } from './radix-sort/module.js';
import { scanSchema } from './scan/config.js';
import { Scan } from './scan/module.js';
import { minmaxEncoderSchema } from './spid-codec/config.js';
import { MinmaxEncoder } from './spid-codec/module.js';
import { spidEncoderSchema } from './spid-encoder/config.js';
import { SpidEncoder } from './spid-encoder/module.js';

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
  unit('spid-encoder', 'shading point id encoder: primitive id and Morton-interleaved shading coordinates into a 64-bit key', spidEncoderSchema, SpidEncoder),
  unit('scan', 'scan of a sorted SPID list: counts primitives, 2x2 shading quads and shader executions, emits each quad with its sample range', scanSchema, Scan),
  unit('minmax-encoder', 'min/max-offset encoder of one 64-word SPID buffer block: header, offsets packed LSB-first, bus lines', minmaxEncoderSchema, MinmaxEncoder),
  unit('radix-sort', 'LSD radix sorter of (SPID, sample) pairs: histogram, prefix sum, scatter over ping-pong buffers, digit skipping', radixSortSchema, RadixSorter),
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
