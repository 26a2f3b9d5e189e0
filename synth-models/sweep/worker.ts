// Worker-thread entry: loads the domain named in workerData, then runs the
// tasks it is sent, one at a time, answering each with its rows.
import { parentPort, workerData } from 'node:worker_threads';
import { loadDomain, type DomainRef } from './domain-ref.js';
import type { PricingContext } from './pricing.js';
import { runTask, type Task } from './task.js';

export interface WorkerInit {
  domain: DomainRef;
  ctx: PricingContext;
}

export type ToWorker = { kind: 'task'; seq: number; task: Task };
export type FromWorker = { kind: 'ready' } | { kind: 'done'; seq: number; result: Awaited<ReturnType<typeof runTask>> } | { kind: 'error'; seq: number; message: string };

const port = parentPort;
if (port === null) throw new Error('sweep/worker.ts must run in a worker thread');
const init = workerData as WorkerInit;
const domain = await loadDomain(init.domain);
port.on('message', (msg: ToWorker) => {
  runTask(domain, init.ctx, msg.task).then(
    (result) => port.postMessage({ kind: 'done', seq: msg.seq, result } satisfies FromWorker),
    (e: unknown) => port.postMessage({ kind: 'error', seq: msg.seq, message: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies FromWorker),
  );
});
port.postMessage({ kind: 'ready' } satisfies FromWorker);
