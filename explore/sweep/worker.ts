// Worker-thread entry: loads the study named in workerData, then runs the
// jobs it is sent, one at a time: a task, answered with its rows, or one
// sampling replicate, answered with its counts.
import { parentPort, workerData } from 'node:worker_threads';
import { loadDomain, type StudyRef } from './study-ref.js';
import { StudyError } from '../contract.js';
import type { PricingContext } from './pricing.js';
import { runTask, type Task } from './task.js';
import { simulateReplicate, type ReplicateJob, type ReplicateResult } from './replicate.js';
import { InternalError } from '../../hdl/errors.js';
import { optimisticPoints, type Optimistic } from './bound.js';
import type { MicroArchEntry } from './enumerate.js';

export interface WorkerInit {
  study: StudyRef;
  ctx: PricingContext;
}

export type ToWorker = { kind: 'task'; seq: number; task: Task } | { kind: 'replicate'; seq: number; replicate: ReplicateJob } | { kind: 'optimistic'; seq: number; entry: MicroArchEntry };
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'done'; seq: number; result: Awaited<ReturnType<typeof runTask>> }
  | { kind: 'simulated'; seq: number; result: ReplicateResult }
  | { kind: 'optimistic'; seq: number; result: Optimistic }
  | { kind: 'error'; seq: number; message: string; user: boolean };

const port = parentPort;
if (port === null) throw new InternalError('sweep/worker.ts must run in a worker thread');
const init = workerData as WorkerInit;
const domain = await loadDomain(init.study);
port.on('message', (msg: ToWorker) => {
  const answer: Promise<FromWorker> =
    msg.kind === 'task'
      ? runTask(domain, init.ctx, msg.task).then((result) => ({ kind: 'done', seq: msg.seq, result }))
      : msg.kind === 'replicate'
        ? simulateReplicate(domain, init.ctx, msg.replicate).then((result) => ({ kind: 'simulated', seq: msg.seq, result }))
        : Promise.resolve().then(() => ({ kind: 'optimistic', seq: msg.seq, result: optimisticPoints(domain, init.ctx, msg.entry) }));
  answer.then(
    (reply) => port.postMessage(reply),
    // A study-level mistake (a driver that did no work) is reported as its
    // message alone, like in the main thread; anything else with its stack.
    (e: unknown) => {
      const user = e instanceof StudyError;
      const message = e instanceof Error ? (user ? e.message : (e.stack ?? e.message)) : String(e);
      port.postMessage({ kind: 'error', seq: msg.seq, message, user } satisfies FromWorker);
    },
  );
});
port.postMessage({ kind: 'ready' } satisfies FromWorker);
