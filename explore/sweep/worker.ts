// Worker-thread entry: loads the study named in workerData, then runs the
// jobs it is sent, one at a time: a task, answered with its rows, or one
// sampling replicate, answered with its counts. A worker kept after its
// sweep (pool.ts, withKeptWorkers) is bound to the next sweep's study and
// pricing context by a 'bind' message, and answers 'heap' with its heap's
// size (a large heap collected first: what it would carry into the next
// sweep) so the pool can end it rather than keep a large one. A worker
// left waiting between jobs (its sweep waits for a CPU slot another study
// holds) collects a large heap (thread-heap.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { loadDomain, type StudyRef } from './study-ref.js';
import { StudyError } from '../contract.js';
import type { PricingContext } from './pricing.js';
import { runTask, type Task } from './task.js';
import { simulateReplicate, type ReplicateJob, type ReplicateResult } from './replicate.js';
import { InternalError } from '../../hdl/errors.js';
import { HeapCollector } from '../thread-heap.js';
import { profileStudy } from '../profile.js';
import { optimisticPoints, type Optimistic } from './bound.js';
import type { MicroArchEntry } from './enumerate.js';

export interface WorkerInit {
  study: StudyRef;
  ctx: PricingContext;
}

export type ToWorker =
  | { kind: 'task'; seq: number; task: Task }
  | { kind: 'replicate'; seq: number; replicate: ReplicateJob }
  | { kind: 'optimistic'; seq: number; entry: MicroArchEntry }
  | ({ kind: 'bind' } & WorkerInit)
  | { kind: 'heap' };
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'bind-failed'; message: string; user: boolean }
  | { kind: 'heap'; mb: number }
  | { kind: 'done'; seq: number; result: Awaited<ReturnType<typeof runTask>> }
  | { kind: 'simulated'; seq: number; result: ReplicateResult }
  | { kind: 'optimistic'; seq: number; result: Optimistic }
  | { kind: 'error'; seq: number; message: string; user: boolean };

const port = parentPort;
if (port === null) throw new InternalError('sweep/worker.ts must run in a worker thread');
const init = workerData as WorkerInit;
let domain = await loadDomain(init.study);
let ctx = init.ctx;
const failure = (e: unknown): { message: string; user: boolean } => {
  // A study-level mistake (a driver that did no work) is reported as its
  // message alone, like in the main thread; anything else with its stack.
  const user = e instanceof StudyError;
  return { message: e instanceof Error ? (user ? e.message : (e.stack ?? e.message)) : String(e), user };
};
const heap = new HeapCollector();
port.on('message', (msg: ToWorker) => {
  heap.busy();
  if (msg.kind === 'bind') {
    loadDomain(msg.study).then(
      (d) => {
        domain = d;
        ctx = msg.ctx;
        profileStudy(msg.study.name);
        port.postMessage({ kind: 'ready' } satisfies FromWorker);
        heap.idle();
      },
      (e: unknown) => {
        port.postMessage({ kind: 'bind-failed', ...failure(e) } satisfies FromWorker);
        heap.idle();
      },
    );
    return;
  }
  if (msg.kind === 'heap') {
    port.postMessage({ kind: 'heap', mb: heap.settle() } satisfies FromWorker);
    // Kept or not, it waits now.
    heap.idle();
    return;
  }
  const answer: Promise<FromWorker> =
    msg.kind === 'task'
      ? runTask(domain, ctx, msg.task).then((result) => ({ kind: 'done', seq: msg.seq, result }))
      : msg.kind === 'replicate'
        ? simulateReplicate(domain, ctx, msg.replicate).then((result) => ({ kind: 'simulated', seq: msg.seq, result }))
        : Promise.resolve().then(() => ({ kind: 'optimistic', seq: msg.seq, result: optimisticPoints(domain, ctx, msg.entry) }));
  answer
    .then(
      (reply) => port.postMessage(reply),
      (e: unknown) => port.postMessage({ kind: 'error', seq: msg.seq, ...failure(e) } satisfies FromWorker),
    )
    .finally(() => heap.idle());
});
port.postMessage({ kind: 'ready' } satisfies FromWorker);
