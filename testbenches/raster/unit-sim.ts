// Standalone simulators of single raster units (combinational or small
// sequential modules), cached per (module, config): a property test that
// runs hundreds of cases elaborates each config once.
import { elaborate, type ModuleDef, type SignalTree } from '../../hdl/index.js';
import { stableKey } from '../../hdl/module.js';
import { createSimulator, type CompiledSimulator } from '../../hdl/sim/index.js';

const cache = new Map<string, CompiledSimulator>();

export function unitSim<C>(def: ModuleDef<C, SignalTree>, cfg: C): CompiledSimulator {
  const key = `${def.name}:${stableKey(cfg)}`;
  let sim = cache.get(key);
  if (sim === undefined) {
    sim = createSimulator(elaborate(def, cfg));
    cache.set(key, sim);
  }
  return sim;
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
