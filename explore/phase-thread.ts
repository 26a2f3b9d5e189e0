// The main thread's side of the phase threads (phase-worker.ts): a study's
// report or experiments sent to a worker thread, holding
// one slot of the main job's CPU budget while it runs (and lending the
// thread more slots when the job farms work out). Threads are started when
// first needed, kept for the next job, and ended by `close`; a job that
// leaves its thread's heap above RETIRE_HEAP_MB ends the thread instead.
// V8 keeps a heap it grew (Blur's report grows one to about 750 MB), and an
// idle thread never collects it: kept, it held that memory through every
// later study of the main job (752 MB of its 2.33 GB peak at ad41222). So
// a thread a job left above that size collects its heap first
// (thread-heap.ts), and the size it answers is what the job left alive: a
// thread is ended only for what it would carry into the next job, not for
// garbage.
import type { Worker } from 'node:worker_threads';
import { InternalError, UserError } from '../hdl/errors.js';
import type { Release, SlotSource } from './cpu-budget.js';
import { LARGE_MB } from './thread-heap.js';
import { spawnWorker } from './sweep/spawn.js';

/** A phase of one study, as plain data (it crosses a thread boundary). */
export type PhaseJob =
  /** writeReport of a finished sweep directory, then its HTML pages when `html` names a module exporting `writeHtml(dir): Promise<string>` (the CLI's: it draws the waveforms). */
  | { readonly kind: 'report'; readonly study: string; readonly dir: string; readonly html: string | null }
  /** The study's experiments into `out` (`label` prefixes their progress lines). */
  | { readonly kind: 'experiments'; readonly study: string; readonly module: string; readonly out: string; readonly seed: number; readonly mainJob: boolean; readonly quiet: boolean; readonly label: string }
  /** The study's calibration on the design its sweep in `sweep` picks, iterated (calibrateStudy with no Yosys), into `out`. */
  | { readonly kind: 'calibrate'; readonly study: string; readonly module: string; readonly out: string; readonly sweep: string };

export type PhaseResult =
  | { readonly kind: 'report'; readonly index: string; readonly html: string | null }
  | { readonly kind: 'experiments'; readonly files: string[] }
  /** What calibrateStudy's result prints (its summary and tables). */
  | { readonly kind: 'calibrate'; readonly texts: string[] };

export type ToPhaseWorker = { readonly kind: 'job'; readonly job: PhaseJob } | { readonly kind: 'granted'; readonly id: number };
export type FromPhaseWorker =
  | { readonly kind: 'log'; readonly line: string }
  | { readonly kind: 'acquire'; readonly id: number }
  | { readonly kind: 'release'; readonly id: number }
  | { readonly kind: 'done'; readonly result: PhaseResult; readonly heapMb: number }
  | { readonly kind: 'error'; readonly message: string; readonly user: boolean };

/** A thread whose job leaves more heap than this (MB) is ended, not kept:
 *  a new thread costs about a second of start-up, a kept large heap the
 *  main job's memory for the rest of the run. */
export const RETIRE_HEAP_MB = LARGE_MB;

export class PhaseThreads {
  private readonly idle: Worker[] = [];
  private readonly waiting: ((w: Worker) => void)[] = [];
  private started = 0;
  private closed = false;

  /** At most `max` threads, each running one job at a time. A job takes its
   *  CPU slot before its thread, so that it never waits for a thread behind
   *  a job of a lower priority; with as many threads as slots it never
   *  waits at all (each running job holds a slot). */
  constructor(
    private readonly max: number,
    private readonly retireHeapMb: number = RETIRE_HEAP_MB,
  ) {}

  /** Threads started and not ended (running a job or idle). */
  get alive(): number {
    return this.started;
  }

  /** Runs `job` on a phase thread once a slot of `slots` at `priority` is free (and one more, at `lendPriority`, for each slot the job asks for); its log lines go to `log`. null: `signal` was aborted before the job started. */
  async run<K extends PhaseJob['kind']>(
    job: PhaseJob & { kind: K },
    slots: SlotSource,
    priority: number,
    log: (line: string) => void,
    signal?: AbortSignal,
    lendPriority: number = priority,
  ): Promise<Extract<PhaseResult, { kind: K }> | null> {
    const own = await slots.acquire(priority);
    if (signal?.aborted === true) {
      own();
      return null;
    }
    let w: Worker;
    try {
      w = await this.thread();
    } catch (e) {
      own();
      throw e;
    }
    const extra = new Map<number, Release>();
    let finished = false;
    let dead = false;
    let large = false;
    let listeners = (): void => {};
    try {
      const result = await new Promise<PhaseResult>((resolve, reject) => {
        const onMessage = (m: FromPhaseWorker): void => {
          if (m.kind === 'log') log(m.line);
          else if (m.kind === 'acquire')
            void slots.acquire(lendPriority).then((r) => {
              if (finished) return r();
              extra.set(m.id, r);
              w.postMessage({ kind: 'granted', id: m.id } satisfies ToPhaseWorker);
            });
          else if (m.kind === 'release') {
            extra.get(m.id)?.();
            extra.delete(m.id);
          } else if (m.kind === 'done') {
            large = m.heapMb > this.retireHeapMb;
            resolve(m.result);
          }
          else reject(m.user ? new UserError(m.message) : new InternalError(`${job.study} ${job.kind}: ${m.message}`));
        };
        const onError = (e: Error): void => {
          dead = true;
          reject(e);
        };
        const onExit = (code: number): void => {
          dead = true;
          reject(new InternalError(`${job.study} ${job.kind}: its thread exited with code ${code}`));
        };
        w.on('message', onMessage);
        w.on('error', onError);
        w.on('exit', onExit);
        listeners = () => {
          w.off('message', onMessage);
          w.off('error', onError);
          w.off('exit', onExit);
        };
        w.postMessage({ kind: 'job', job } satisfies ToPhaseWorker);
      });
      if (result.kind !== job.kind) throw new InternalError(`${job.study} ${job.kind}: the phase thread answered a ${result.kind}`);
      return result as Extract<PhaseResult, { kind: K }>;
    } finally {
      finished = true;
      listeners();
      for (const r of extra.values()) r();
      own();
      if (dead || large) {
        void w.terminate();
        this.started--;
        // A job waiting for a thread gets a new one.
        const next = this.waiting.shift();
        if (next !== undefined) void this.thread().then(next);
      } else this.giveBack(w);
    }
  }

  /** Ends every thread (none may be running a job). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private thread(): Promise<Worker> {
    if (this.closed) return Promise.reject(new InternalError('phase threads closed'));
    const w = this.idle.pop();
    if (w !== undefined) return Promise.resolve(w);
    if (this.started < this.max) {
      this.started++;
      return Promise.resolve(spawnWorker(new URL('./phase-worker', import.meta.url), null));
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private giveBack(w: Worker): void {
    const next = this.waiting.shift();
    if (next !== undefined) next(w);
    else if (this.closed) void w.terminate();
    else this.idle.push(w);
  }
}
