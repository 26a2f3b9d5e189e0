// A small pool of worker threads for micro-architecture evaluations and
// sequential sampling's single replicates (Node's worker_threads; no pool
// package needed for two job types). spawn.ts starts each on the .ts entry
// under tsx or vitest.
//
// Inside withKeptWorkers (the main job: seven sweeps of six studies), a
// sweep's workers are kept when it closes and the next sweep's pool binds
// them to its study instead of starting new ones: a start loads the study
// modules (about 0.8 s of CPU per worker, bench: 4 Blur workers 3.1 s) and
// the new isolate runs its first designs' elaboration, code generation and
// pricing in V8's interpreter again. A worker whose heap is above
// KEPT_HEAP_MB once collected (what it would carry into the next sweep:
// worker.ts collects before it answers), that was busy or that failed is
// ended instead.
import type { Worker } from 'node:worker_threads';
import { LARGE_MB } from '../thread-heap.js';
import { spawnWorker } from './spawn.js';
import type { StudyRef } from './study-ref.js';
import { SweepError } from './spec.js';
import type { PricingContext } from './pricing.js';
import type { Task, TaskResult } from './task.js';
import type { ReplicateJob, ReplicateResult } from './replicate.js';
import type { FromWorker, ToWorker, WorkerInit } from './worker.js';
import type { MicroArchEntry } from './enumerate.js';
import type { Optimistic } from './bound.js';
import { cpuGate } from '../cpu-budget.js';

function spawn(init: WorkerInit): Worker {
  return spawnWorker(new URL('./worker', import.meta.url), init);
}

/** A kept worker whose heap (committed + external, after a full collection) is above this many MB is ended, not kept (the phase threads' limit too). */
export const KEPT_HEAP_MB = LARGE_MB;

interface KeptWorkers {
  /** Idle workers at most. */
  readonly max: number;
  readonly idle: Worker[];
}

let kept: KeptWorkers | null = null;

/** Runs `f` with sweep workers kept between its sweeps (at most `max` idle
 *  at a time), and ends those left when it is done. Nested calls share the
 *  outer one's. */
export async function withKeptWorkers<T>(max: number, f: () => Promise<T>): Promise<T> {
  if (kept !== null) return f();
  const mine: KeptWorkers = { max, idle: [] };
  kept = mine;
  try {
    return await f();
  } finally {
    kept = null;
    await Promise.all(mine.idle.splice(0).map((w) => w.terminate()));
  }
}

/** Idle kept workers now (tests). */
export function keptWorkers(): number {
  return kept?.idle.length ?? 0;
}

/** Waits for `w`'s answer to a start or a bind: 'ready', or the reason it cannot serve. */
function ready(w: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (): void => {
      w.off('message', onMsg);
      w.off('error', onError);
    };
    const onMsg = (m: FromWorker): void => {
      if (m.kind === 'ready') {
        done();
        resolve();
      } else if (m.kind === 'bind-failed') {
        done();
        reject(m.user ? new SweepError(m.message) : new Error(m.message));
      }
    };
    const onError = (e: Error): void => {
      done();
      reject(e);
    };
    w.on('message', onMsg);
    w.once('error', onError);
  });
}

/** The heap `w` holds, MB (it answers between jobs); Infinity if it ends first. */
function heapOf(w: Worker): Promise<number> {
  return new Promise((resolve) => {
    const done = (mb: number): void => {
      w.off('message', onMsg);
      w.off('exit', onExit);
      resolve(mb);
    };
    const onMsg = (m: FromWorker): void => {
      if (m.kind === 'heap') done(m.mb);
    };
    const onExit = (): void => done(Infinity);
    w.on('message', onMsg);
    w.once('exit', onExit);
    w.postMessage({ kind: 'heap' } satisfies ToWorker);
  });
}

type Job = { kind: 'task'; task: Task } | { kind: 'replicate'; replicate: ReplicateJob } | { kind: 'optimistic'; entry: MicroArchEntry };
type JobResult = TaskResult | ReplicateResult | Optimistic;

interface Pending {
  job: Job;
  /** Only this worker (by index) may take it: a replicate sent where its design is already elaborated and compiled. */
  slot?: number;
  resolve: (r: JobResult) => void;
  reject: (e: Error) => void;
}

const entryOf = (j: Job): string => (j.kind === 'task' ? j.task.entry.id : j.kind === 'replicate' ? j.replicate.entry.id : j.entry.id);

interface Slot {
  worker: Worker;
  busy: (Pending & { seq: number }) | null;
}

export class WorkerPool {
  private readonly queue: Pending[] = [];
  private seq = 0;
  private failed: Error | null = null;
  /** The main job's CPU budget where the pool was started (explore/cpu-budget.ts; null: none): each job holds a slot from before it is queued until its answer. */
  private readonly gate = cpuGate();
  /** Each worker's listeners, taken off when the worker is kept for another pool. */
  private readonly listeners: { readonly message: (m: FromWorker) => void; readonly error: (e: Error) => void; readonly exit: (code: number) => void }[];

  private constructor(private readonly slots: Slot[]) {
    this.listeners = slots.map((s) => {
      const l = {
        message: (m: FromWorker): void => this.onMessage(s, m),
        error: (e: Error): void => this.fail(e),
        exit: (code: number): void => {
          if (code !== 0) this.fail(new Error(`sweep worker exited with code ${code}`));
        },
      };
      s.worker.on('message', l.message);
      s.worker.on('error', l.error);
      s.worker.on('exit', l.exit);
      return l;
    });
  }

  /** Starts `size` workers (kept ones first, bound to this study) and waits until each has loaded the study. */
  static async start(size: number, study: StudyRef, ctx: PricingContext): Promise<WorkerPool> {
    const reused = kept?.idle.splice(0, size) ?? [];
    for (const w of reused) {
      w.ref();
      w.postMessage({ kind: 'bind', study, ctx } satisfies ToWorker);
    }
    const workers = [...reused, ...Array.from({ length: size - reused.length }, () => spawn({ study, ctx }))];
    await Promise.all(workers.map(ready)).catch(async (e: unknown) => {
      await Promise.all(workers.map((w) => w.terminate()));
      throw e;
    });
    return new WorkerPool(workers.map((worker) => ({ worker, busy: null })));
  }

  get size(): number {
    return this.slots.length;
  }

  run(task: Task): Promise<TaskResult> {
    return this.enqueue({ kind: 'task', task }) as Promise<TaskResult>;
  }

  /** One workload replicate of one micro-architecture (sampling.ts), on worker `slot` (0 .. size - 1). */
  simulate(replicate: ReplicateJob, slot: number): Promise<ReplicateResult> {
    return this.enqueue({ kind: 'replicate', replicate }, slot) as Promise<ReplicateResult>;
  }

  /** A micro-architecture's optimistic points (bound.ts), for `--explore bound`. */
  optimistic(entry: MicroArchEntry): Promise<Optimistic> {
    return this.enqueue({ kind: 'optimistic', entry }) as Promise<Optimistic>;
  }

  private enqueue(job: Job, slot?: number): Promise<JobResult> {
    const queued = (): Promise<JobResult> =>
      this.failed
        ? Promise.reject(this.failed)
        : new Promise((resolve, reject) => {
            this.queue.push({ job, resolve, reject, ...(slot !== undefined && { slot }) });
            this.dispatch();
          });
    const gate = this.gate;
    return gate === null ? queued() : gate().then((release) => queued().finally(release));
  }

  private dispatch(): void {
    this.slots.forEach((s, index) => {
      if (s.busy !== null) return;
      const at = this.queue.findIndex((p) => p.slot === undefined || p.slot === index);
      if (at < 0) return;
      const next = this.queue.splice(at, 1)[0]!;
      s.busy = { ...next, seq: ++this.seq };
      const seq = s.busy.seq;
      const j = next.job;
      s.worker.postMessage((j.kind === 'task' ? { kind: 'task', seq, task: j.task } : j.kind === 'replicate' ? { kind: 'replicate', seq, replicate: j.replicate } : { kind: 'optimistic', seq, entry: j.entry }) satisfies ToWorker);
    });
  }

  private onMessage(s: Slot, m: FromWorker): void {
    if (m.kind === 'ready' || m.kind === 'bind-failed' || m.kind === 'heap' || s.busy === null || m.seq !== s.busy.seq) return;
    const job = s.busy;
    s.busy = null;
    if (m.kind === 'done') job.resolve(m.result);
    else if (m.kind === 'simulated' || m.kind === 'optimistic') job.resolve(m.result);
    else job.reject(m.user ? new SweepError(m.message) : new Error(`micro-architecture ${entryOf(job.job)}: ${m.message}`));
    this.dispatch();
  }

  private fail(e: Error): void {
    if (this.failed) return;
    this.failed = e;
    for (const s of this.slots) s.busy?.reject(e);
    for (const p of this.queue.splice(0)) p.reject(e);
  }

  /** Ends the workers, or (inside withKeptWorkers) keeps the idle, healthy, small ones for the next pool. */
  async close(): Promise<void> {
    const healthy = this.failed === null;
    this.failed ??= new Error('worker pool closed');
    await Promise.all(
      this.slots.map(async (s, i) => {
        const w = s.worker;
        const l = this.listeners[i]!;
        w.off('message', l.message);
        w.off('error', l.error);
        w.off('exit', l.exit);
        const lot = kept;
        // Asked again after the heap's answer: meanwhile another pool may have filled the lot, or the job ended it.
        const room = (): boolean => lot !== null && kept === lot && lot.idle.length < lot.max;
        if (lot !== null && healthy && s.busy === null && room() && (await heapOf(w)) <= KEPT_HEAP_MB && room()) {
          // Idle workers must not keep the process alive.
          w.unref();
          lot.idle.push(w);
          return;
        }
        await w.terminate();
      }),
    );
  }
}
