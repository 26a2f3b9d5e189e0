// The testbench clocking discipline, in one place: in every cycle each
// agent first drives its inputs, logic settles, every agent then samples
// (a valid/ready transfer is seen here, exactly where the hardware sees
// it), and only then does the clock edge happen.
import type { Simulator } from '../hdl/sim/api.js';
import { InternalError } from '../hdl/errors.js';

/** A testbench component run every cycle: drives inputs before the edge, samples settled values after. */
export interface Agent {
  /** Poke this cycle's inputs. */
  drive(sim: Simulator): void;
  /** Observe settled values before the edge. */
  sample(sim: Simulator): void;
}

/** One clock cycle: every agent drives, logic settles, every agent samples, then the clock edge. */
export function runCycle(sim: Simulator, agents: readonly Agent[]): void {
  for (const a of agents) a.drive(sim);
  sim.evaluate();
  for (const a of agents) a.sample(sim);
  sim.step(1);
}

/** Run until `done()` holds (checked before each cycle); returns cycles run. */
export function runUntilDone(sim: Simulator, agents: readonly Agent[], done: () => boolean, maxCycles: number, what = 'testbench'): number {
  let n = 0;
  while (!done()) {
    if (n >= maxCycles) throw new InternalError(`${what}: not done after ${maxCycles} cycles (at cycle ${sim.cycle})`);
    runCycle(sim, agents);
    n++;
  }
  return n;
}
