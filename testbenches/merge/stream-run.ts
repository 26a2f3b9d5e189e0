// Run a merge unit's DSL module over a stream of quad-fragment payloads
// with random input bubbles and output back-pressure; the unit must expose
// `state` (0 = idle) and `occupancy` so the run knows when it has drained.
import { createSimulator, type CompiledSimulator } from '../../hdl/sim/index.js';
import type { Design } from '../../hdl/ir.js';
import { runUntilDone } from '../clocked.js';
import type { Rng } from '../rng.js';
import { type Payload, portHandle, StreamDriver, StreamMonitor, streamHandles } from '../stream.js';

export interface StreamRun {
  readonly received: Record<string, bigint>[];
  readonly cycles: number;
  /** Cycles in which a fragment was offered and not accepted. */
  readonly stalls: number;
}

/** Drive every grid's fragments (the last of each grid marked) and collect the output stream. */
export function runStream(design: Design, top: string, payloads: readonly Payload[], fields: readonly string[], rng: Rng, bubble: number, stall: number, simulator?: CompiledSimulator): StreamRun {
  const sim = simulator ?? createSimulator(design);
  sim.reset();
  const ports = sim.ports;
  const input = streamHandles(ports['in'], `${top}.in`);
  // The FSM's state register is no port: a named signal, read through its path.
  const state = sim.handle(`${top}.state`);
  const occupancy = portHandle(ports['occupancy'], `${top}.occupancy`);
  const drv = new StreamDriver(input, { rng: rng.fork('drv'), bubbleProbability: bubble });
  const mon = new StreamMonitor(streamHandles(ports['out'], `${top}.out`), { rng: rng.fork('mon'), stallProbability: stall, fields });
  drv.push(...payloads);
  const n = payloads.length;
  let stalls = 0;
  const counter = {
    drive: () => undefined,
    sample: () => {
      if (input.valid.read() === 1n && input.ready.read() === 0n) stalls++;
    },
  };
  // Done when every fragment is in and the unit is back to idle with nothing left to say.
  const idle = (): boolean => drv.pending === 0 && state.read() === 0 && occupancy.read() === 0n;
  const cycles = runUntilDone(sim, [drv, mon, counter], () => drv.accepted.length === n && idle(), 40 * n + 200, `${top} stream [seed ${rng.seed}]`);
  return { received: mon.received.map((r) => r.payload as Record<string, bigint>), cycles, stalls };
}
