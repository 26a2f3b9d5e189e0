// One unit of sweep work: elaborate a micro-architecture once, evaluate it
// (or take its cached evaluation) and price its missing physical points from
// that same Design. The same function runs in a worker thread and in the
// main thread.
import type { Design } from '../../hdl/ir.js';
import { inventory } from '../../hdl/inventory/index.js';
import type { MicroArchEntry } from './enumerate.js';
import { designFingerprint } from './fingerprint.js';
import type { PointRow } from './point.js';
import { priceMicroArch, type PricingContext } from './pricing.js';
import type { Performance, SweepDomain } from './types.js';
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

/** Watches the one-elaboration rule in tests: called with each Design
 *  elaborated, and with the Design the driver was given. */
export interface DesignProbe {
  elaborated(id: string, d: Design): void;
  priced(id: string, d: Design): void;
}

export async function runTask<M>(domain: SweepDomain<M>, ctx: PricingContext, task: Task, probe?: DesignProbe): Promise<TaskResult> {
  const m = domain.microArch(task.entry.params);
  const ev = domain.evaluator;
  const t0 = performance.now();
  const design = ev.elaborate(m);
  probe?.elaborated(task.entry.id, design);
  const inv = inventory(design);
  probe?.priced(task.entry.id, design);
  let perf: Performance;
  let evaluated = false;
  if (task.cached !== null) {
    perf = task.cached.performance;
  } else {
    perf = await ev.evaluate(m, design, { toggles: ctx.spec.activity === 'toggle' });
    evaluated = true;
  }
  const fingerprint = designFingerprint(inv);
  if (task.cached !== null && task.cached.design !== fingerprint) {
    throw new SweepError(`${task.entry.id}: the hardware changed since this directory cached its evaluation; sweep into a new --out directory`);
  }
  const t1 = performance.now();
  const { rows, keys } = priceMicroArch(task.entry, inv, perf, domain.metrics, ctx, new Set(task.skip));
  return { entry: task.entry, performance: perf, design: fingerprint, evaluated, rows, keys, evalMs: t1 - t0, priceMs: performance.now() - t1 };
}
