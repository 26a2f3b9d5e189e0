// Worker entry for job-farm.test.ts: squares a number after busy-waiting
// `ms` milliseconds, or after waiting until `after` other jobs have counted
// themselves done in the shared `gate` (so a later job finishes first
// whatever the machine's load: a timed wait alone lost that race when the
// second worker started late), fails on a negative one, and says which
// thread ran it.
import { threadId } from 'node:worker_threads';
import { InternalError, ParamError } from '../hdl/errors.js';
import { serveJobs } from './job-farm.js';

export interface FarmTestJob {
  x: number;
  ms: number;
  /** A shared counter (Int32Array over a SharedArrayBuffer) every job with a gate adds one to when done. */
  gate?: Int32Array;
  /** Wait until the gate counts this many finished jobs before finishing. */
  after?: number;
}

const GATE_WAIT_MS = 50_000;

serveJobs('farm test', ({ x, ms, gate, after }: FarmTestJob) => {
  if (x < 0) throw new ParamError('x', x, 'a non-negative number');
  const until = Date.now() + ms;
  while (Date.now() < until);
  if (gate !== undefined && after !== undefined) {
    const deadline = Date.now() + GATE_WAIT_MS;
    for (let seen = Atomics.load(gate, 0); seen < after; seen = Atomics.load(gate, 0)) {
      if (Date.now() > deadline) throw new InternalError(`farm test: job ${x} saw ${seen} of ${after} jobs done in ${GATE_WAIT_MS} ms`);
      Atomics.wait(gate, 0, seen, 100);
    }
  }
  if (gate !== undefined) {
    Atomics.add(gate, 0, 1);
    Atomics.notify(gate, 0);
  }
  return { square: x * x, thread: threadId, at: Date.now() };
});
