// Typed port handles for a simulator handed over untyped. A study's driver
// gets `ctx.simulator()` for whatever design the sweep elaborated, so its
// `sim.ports` is a record by port name; the driver knows which module it
// drives, and `portsOf(sim, Module)` gives the handles that module's port
// record types (`ports.valid.write(1)`), after checking that the
// simulated design's top is that module.
import { ParamError } from './errors.js';
import type { ModuleDef } from './module.js';
import type { SignalTree } from './shape.js';
import type { CompiledSimulator, PortHandles } from './sim/index.js';

/** `sim.ports` typed by `def`, the module the simulated design's top was elaborated from (checked by its name). */
export function portsOf<C, P extends SignalTree>(sim: CompiledSimulator, def: ModuleDef<C, P>): PortHandles<P> {
  const top = sim.design.top.name;
  if (top !== def.name) throw new ParamError('simulator', top, `a simulator of ${def.name}`, { message: `portsOf: the simulator's top module is ${top}, not ${def.name}` });
  return (sim as CompiledSimulator<P>).ports;
}
