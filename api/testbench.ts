// `gfxrtl/testbench`: what a project's tests drive its units with: the
// cycle simulator, seeded random streams, clocked agents and valid/ready
// stream drivers and monitors, a scoreboard, the unit's random stimulus as
// fast-check input, and property runs that write the waveform of a failure.
import type { Design } from '../hdl/ir.js';
import { createSimulator as compile } from '../hdl/sim/index.js';
import type { Simulator } from '../hdl/sim/api.js';
import type { PortHandles } from '../hdl/sim/index.js';

export type { Simulator, SignalInfo, Trace } from '../hdl/sim/api.js';
export type { PortHandle, PortHandles } from '../hdl/sim/index.js';
export { portsOf } from '../hdl/ports-of.js';
export { makeRng, type Rng } from '../testbenches/rng.js';
export { runCycle, runUntilDone, type Agent } from '../testbenches/clocked.js';
export { StreamDriver, StreamMonitor, type Payload } from '../testbenches/stream.js';
export { Scoreboard, ScoreboardError, type Mismatch } from '../testbenches/scoreboard.js';
export { stimulusArbitrary, unitStimulus, type StimulusSource } from '../testbenches/unit-stimulus.js';
export { checkWithWaves, type PropertyContext, type PropertyOptions } from '../testbenches/property.js';

/**
 * Compiles an elaborated design into a cycle simulator: poke inputs, peek
 * any named signal, step the clock; trace for waveforms. `ports` has the
 * shape of the top module's port record (`sim.ports.valid.write(1)`). One
 * simulator per config; reset it between runs.
 */
export function createSimulator<P>(design: Design<P>): Simulator & { readonly ports: PortHandles<P> } {
  return compile(design);
}
