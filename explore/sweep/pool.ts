// A small pool of worker threads for micro-architecture evaluations and
// sequential sampling's single replicates (Node's worker_threads; no pool
// package needed for two job types). spawn.ts starts each on the .ts entry
// under tsx or vitest.
import type { Worker } from 'node:worker_threads';
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

  private constructor(private readonly slots: Slot[]) {
    for (const s of slots) {
      s.worker.on('message', (m: FromWorker) => this.onMessage(s, m));
      s.worker.on('error', (e) => this.fail(e));
      s.worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`sweep worker exited with code ${code}`));
      });
    }
  }

  /** Starts `size` workers and waits until each has loaded the study. */
  static async start(size: number, study: StudyRef, ctx: PricingContext): Promise<WorkerPool> {
    const workers = Array.from({ length: size }, () => spawn({ study, ctx }));
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const onMsg = (m: FromWorker): void => {
              if (m.kind === 'ready') {
                w.off('message', onMsg);
                w.off('error', reject);
                resolve();
              }
            };
            w.on('message', onMsg);
            w.once('error', reject);
          }),
      ),
    ).catch(async (e: unknown) => {
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
    if (m.kind === 'ready' || s.busy === null || m.seq !== s.busy.seq) return;
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

  async close(): Promise<void> {
    this.failed ??= new Error('worker pool closed');
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
