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
import { blurSchema, hybridSchema } from './blur/config.js';
import { Blur, Hybrid } from './blur/pipeline.js';
import { SampleInLens } from './lens/module.js';
import { Radius } from './lens/radius.js';
import { positionerSchema } from './sample-time/config.js';
import { SampleInTime } from './sample-time/module.js';

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
  unit('sample-time', 'blur front end: each vertex at the tuple time t, x0 (1 - t) + x1 t (ceil(verts/spf) slots)', positionerSchema, SampleInTime),
  unit('radius', 'blur front end: thin-lens defocus radius A (1 - F / z) per vertex (ceil(verts/spf) slots)', positionerSchema, Radius),
  unit('blur', 'Blur micropolygon rasterizer: positioning front end (time, lens; SPF), PMT lanes of bbox, iterator, tile sample test, depth', blurSchema, Blur),
  unit('hybrid', 'Hybrid rasterizer: the Blur unit that also runs NoBlur 4x/16x (front end bypassed), mode chosen per frame by the mode input', hybridSchema, Hybrid),
  unit('sample-lens', 'blur front end: each vertex moved by the tuple lens position, x += u r (ceil(verts/spf) slots)', positionerSchema, SampleInLens),
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
