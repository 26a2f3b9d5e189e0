// The engine's farm of independent jobs on worker threads, for a study's own
// experiments (the sweep's pool, sweep/pool.ts, has more to do: a design
// elaborated once per worker, replicates sent where their design already
// is). A study sends the farm plain data jobs; its worker entry calls
// serveJobs with the function that runs one. Jobs go out heaviest first when
// the study says which are heavy (the long jobs start early, so the last
// worker is not left with one of them alone), and results come back in the
// jobs' order whatever the order they finished in.
import { availableParallelism } from 'node:os';
import { parentPort, type Worker } from 'node:worker_threads';
import { InternalError, ParamError } from '../hdl/errors.js';
import { spawnWorker } from './sweep/spawn.js';
import { cpuContext, cpuGate, type Release } from './cpu-budget.js';
import { HeapCollector } from './thread-heap.js';
// A farm worker records its heap and CPU like every thread of a profiled job (the study it works for, from its workerData).
import './profile.js';

/** What a farm worker answers for one job. */
export type FarmReply<Out> = { index: number; out: Out; ms: number } | { index: number; error: string };
/** What the farm sends a worker. */
export interface FarmJob<In> {
  index: number;
  job: In;
}

/** A job that failed on its worker: the farm's name, the job's index and the worker's whole reason (its stack: a study's job failing is not the user's doing). */
export class FarmJobError extends Error {
  constructor(
    readonly farm: string,
    readonly index: number,
    reason: string,
  ) {
    super(`${farm}, job ${index}: ${reason}`);
    this.name = 'FarmJobError';
  }
}

/** How a farm runs: its name, its workers, which jobs go first, a callback per result. */
export interface FarmOptions<In> {
  /** Names the farm in errors ('sort study'). */
  name: string;
  /** Worker threads, or 'auto' (one per core); never more than the jobs. */
  workers: number | 'auto';
  /** Larger runs earlier; equal weights keep the jobs' order. Default: the jobs' order. */
  weight?: (job: In, index: number) => number;
  /** Called as each job's result arrives, with its wall time on the worker. */
  onDone?: (index: number, ms: number) => void;
}

/** How many workers a farm of `jobs` jobs starts (at least 1). */
export function farmWorkers(workers: number | 'auto', jobs: number): number {
  if (workers !== 'auto' && (!Number.isInteger(workers) || workers < 1)) throw new ParamError('workers', workers, "a positive integer or 'auto'", { message: `job farm: workers must be a positive integer or 'auto', got ${workers}` });
  return Math.max(1, Math.min(workers === 'auto' ? availableParallelism() : workers, jobs));
}

/**
 * Runs every job on `entry` (a worker module that calls serveJobs, named
 * without its extension) and returns the results by job index. The first
 * failing job rejects the farm (FarmJobError); a worker that dies rejects it
 * too; every thread is terminated before the promise settles.
 */
export async function runFarm<In, Out>(entry: URL, jobs: readonly In[], o: FarmOptions<In>): Promise<Out[]> {
  if (jobs.length === 0) return [];
  const order = jobs.map((_, i) => i);
  if (o.weight !== undefined) {
    const w = jobs.map((j, i) => o.weight!(j, i));
    order.sort((a, b) => w[b]! - w[a]! || a - b);
  }
  const results: Out[] = new Array<Out>(jobs.length);
  // The study whose work it is, for a profile's samples in the thread (profile.ts reads it).
  const study = cpuContext()?.study;
  const threads: Worker[] = Array.from({ length: farmWorkers(o.workers, jobs.length) }, () => spawnWorker(entry, study === undefined ? null : { study: { name: study } }));
  // Under the main job's CPU budget (cpu-budget.ts) each job holds a slot while its worker runs it.
  const gate = cpuGate();
  const held = new Map<Worker, Release>();
  const release = (w: Worker): void => {
    held.get(w)?.();
    held.delete(w);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let finished = 0;
      let settled = false;
      const send = (w: Worker, index: number): void => {
        if (!settled) w.postMessage({ index, job: jobs[index]! } satisfies FarmJob<In>);
      };
      const feed = (w: Worker): void => {
        const index = order[next++];
        if (index === undefined) return;
        if (gate === null) return send(w, index);
        void gate().then((r) => {
          held.set(w, r);
          if (settled) release(w);
          else send(w, index);
        });
      };
      const end = (e?: unknown): void => {
        settled = true;
        if (e === undefined) resolve();
        else reject(e);
      };
      for (const w of threads) {
        w.on('message', (m: FarmReply<Out>) => {
          release(w);
          if ('error' in m) return end(new FarmJobError(o.name, m.index, m.error));
          results[m.index] = m.out;
          o.onDone?.(m.index, m.ms);
          if (++finished === jobs.length) end();
          else feed(w);
        });
        w.on('error', end);
        w.on('exit', (code) => code !== 0 && end(new InternalError(`${o.name}: a worker thread exited with code ${code}`)));
        feed(w);
      }
    });
  } finally {
    for (const w of threads) release(w);
    await Promise.all(threads.map((w) => w.terminate()));
  }
  return results;
}

/** The worker side: runs each job it is sent with `run`, one at a time, and answers its result or its error's stack. */
export function serveJobs<In, Out>(name: string, run: (job: In) => Out): void {
  const port = parentPort;
  if (port === null) throw new InternalError(`${name}: serveJobs must run in a worker thread`);
  // A worker left waiting for its next job (the farm waits for a CPU slot) collects its heap.
  const heap = new HeapCollector();
  port.on('message', (m: FarmJob<In>) => {
    heap.busy();
    const t0 = Date.now();
    try {
      const out = run(m.job);
      port.postMessage({ index: m.index, out, ms: Date.now() - t0 } satisfies FarmReply<Out>);
    } catch (e) {
      port.postMessage({ index: m.index, error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies FarmReply<Out>);
    }
    heap.idle();
  });
}
