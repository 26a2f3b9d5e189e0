// Worker entry for job-farm.test.ts: squares a number after busy-waiting
// `ms` milliseconds (so later jobs can finish first), fails on a negative
// one, and says which thread ran it.
import { threadId } from 'node:worker_threads';
import { ParamError } from '../hdl/errors.js';
import { serveJobs } from './job-farm.js';

export interface FarmTestJob {
  x: number;
  ms: number;
}

serveJobs('farm test', ({ x, ms }: FarmTestJob) => {
  if (x < 0) throw new ParamError('x', x, 'a non-negative number');
  const until = Date.now() + ms;
  while (Date.now() < until);
  return { square: x * x, thread: threadId, at: Date.now() };
});
