// Standalone simulators of single raster units (combinational or small
// sequential modules), one per (module, config) through SimulatorCache: a
// property test that runs hundreds of cases elaborates each config once,
// and every case starts from a fresh, reset simulator.
import { elaborate, type ModuleDef, type SignalTree } from '../../hdl/index.js';
import type { CompiledSimulator } from '../../hdl/sim/index.js';
import { SimulatorCache } from '../sim-cache.js';

const caches = new Map<ModuleDef<never, SignalTree>, SimulatorCache<unknown>>();

/** A fresh simulator of `def` at `cfg`; `sim.ports` has the shape of the module's port record. */
export function unitSim<C, P extends SignalTree>(def: ModuleDef<C, P>, cfg: C): CompiledSimulator<P> {
  const key = def as unknown as ModuleDef<never, SignalTree>;
  let cache = caches.get(key);
  if (cache === undefined) {
    cache = new SimulatorCache((c: unknown) => elaborate(def, c as C));
    caches.set(key, cache);
  }
  // The cache built it from elaborate(def, cfg): its design's ports are P.
  return cache.get(cfg) as CompiledSimulator<P>;
}

/** Poke every entry of `inputs` (port name -> raw bits; negative = two's complement). */
export function pokeAll(sim: CompiledSimulator, inputs: Record<string, number | bigint>): void {
  const top = sim.design.top.name;
  for (const [k, v] of Object.entries(inputs)) sim.poke(`${top}.${k}`, v);
}

export function peekU(sim: CompiledSimulator, port: string): bigint {
  return sim.peek(`${sim.design.top.name}.${port}`);
}

export function peekS(sim: CompiledSimulator, port: string): bigint {
  return sim.peekSigned(`${sim.design.top.name}.${port}`);
}
