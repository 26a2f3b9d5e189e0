// One unit of sweep work: evaluate a micro-architecture (or take its cached
// evaluation) and price its missing physical points. The same function runs
// in a worker thread and in the main thread.
import type { Inventory } from '../../hdl/inventory/index.js';
import type { MicroArchEntry } from './enumerate.js';
import { designFingerprint } from './fingerprint.js';
import type { PointRow } from './point.js';
import { performanceOf, priceMicroArch, type Performance, type PricingContext } from './pricing.js';
import type { SweepDomain } from './types.js';
import { SweepError } from './spec.js';

export interface Task {
  entry: MicroArchEntry;
  /** From the micro-architecture cache: no simulation needed, as long as
   *  the design still has the fingerprint it was evaluated with. */
  cached: { performance: Performance; design: string } | null;
  /** Point keys already in points.jsonl. */
  skip: string[];
}

export interface TaskResult {
  entry: MicroArchEntry;
  performance: Performance;
  design: string;
  /** False when the cached evaluation was used. */
  evaluated: boolean;
  rows: PointRow[];
  keys: string[];
  /** Evaluation (elaboration + simulation, or the inventory alone when cached), ms. */
  evalMs: number;
  priceMs: number;
}

export async function runTask<M>(domain: SweepDomain<M>, ctx: PricingContext, task: Task): Promise<TaskResult> {
  const m = domain.microArch(task.entry.params);
  const ev = domain.evaluator;
  const t0 = performance.now();
  let inv: Inventory;
  let perf: Performance;
  let evaluated = false;
  if (task.cached !== null && ev.inventory) {
    inv = await ev.inventory(m);
    perf = task.cached.performance;
  } else {
    // Without a separate inventory() the cached throughput cannot spare the
    // simulation; the cached figures are kept so results stay identical.
    const e = await ev.evaluate(m);
    inv = e.inventory;
    perf = task.cached?.performance ?? performanceOf(e);
    evaluated = true;
  }
  const design = designFingerprint(inv);
  if (task.cached !== null && task.cached.design !== design) {
    throw new SweepError(`${task.entry.id}: the hardware changed since this directory cached its evaluation; sweep into a new --out directory`);
  }
  const t1 = performance.now();
  const { rows, keys } = priceMicroArch(task.entry, inv, perf, ctx, new Set(task.skip));
  return { entry: task.entry, performance: perf, design, evaluated, rows, keys, evalMs: t1 - t0, priceMs: performance.now() - t1 };
}
