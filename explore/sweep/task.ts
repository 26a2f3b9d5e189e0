// One unit of sweep work: elaborate a micro-architecture once, evaluate it
// (or take its cached evaluation) and price its missing physical points from
// that same Design. A micro-architecture simulated already is priced from
// the inventory stored with its simulation (inventory-file.ts) when that
// may stand for elaborating it again. The same function runs in a worker
// thread and in the main thread.
import type { Design } from '../../hdl/ir.js';
import { inventory, type Inventory } from '../../hdl/inventory/index.js';
import { encodeInventory, logElaborated, readInventory, writeInventory } from './inventory-file.js';
import type { MicroArchEntry } from './enumerate.js';
import { designFingerprint } from './fingerprint.js';
import { rowKey, type PointRow } from './point.js';
import { priceMicroArch, withPerformance, type PricingContext } from './pricing.js';
import type { Performance, SweepDomain } from './types.js';
import { SweepError } from './spec.js';
import { evaluationSpend, resetEvaluationSpend } from './study-ref.js';
import { profile, profileCpuMs } from '../profile.js';
import { lastElaboration } from './design-cache.js';

export interface Task {
  entry: MicroArchEntry;
  /** From the micro-architecture cache: no simulation needed, as long as
   *  the design still has the fingerprint it was evaluated with. */
  cached: { performance: Performance; design: string } | null;
  /** Point keys already in points.jsonl. */
  skip: string[];
  /** The sweep directory: its stored inventories are read (for a
   *  micro-architecture simulated already). None: never. */
  store?: string;
  /** Also store there the inventory of one inventoried here. */
  keep?: boolean;
  /** Sequential sampling (extend.ts, sampling.ts): every run of the
   *  sample, the base run first, as the stopping rule left it; price every
   *  point from their pool. `fresh` of them were simulated by this sweep,
   *  in `simMs` of simulation. */
  extend?: { runs: Performance[]; fresh: number; simMs: number };
  /** To simulate (`cached` null): its points already priced at another rate
   *  (`sweep --explore bound`'s optimistic points, bound.ts) with this
   *  sweep's knobs and full activity, and its design's fingerprint; the
   *  simulated counts only change the rows' metrics and counters
   *  (pricing.ts withPerformance), so the task takes no inventory. */
  priced?: { rows: PointRow[]; design: string };
}

export interface TaskResult {
  entry: MicroArchEntry;
  performance: Performance;
  design: string;
  /** False when the cached evaluation was used. */
  evaluated: boolean;
  /** Sequential sampling: every run pooled into `performance` (the base run first). */
  replicates?: Performance[];
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
  // Priced already (the simulation's counts change only the metrics): no inventory.
  const reprice = task.priced !== undefined && task.cached === null && task.extend === undefined && ctx.spec.activity === 'full' ? task.priced : null;
  // Simulated already (cached, or its runs given): the stored inventory, if it may stand for elaborating.
  let stored: Inventory | null = null;
  if (task.store !== undefined && task.cached !== null) {
    const r = readInventory(task.store, task.entry.id, task.cached.design, ev.version);
    if ('inventory' in r) stored = r.inventory;
    // None stored is said only where the sweep keeps them (an older directory); a sweep that keeps none (the main job's Hybrid) expects none.
    else if (r.missing !== true || task.keep === true) logElaborated(task.store, task.entry.id, r.why);
  }
  const tRead = performance.now();
  const cpuRead = profileCpuMs();
  const design: Design | null = stored === null ? ev.elaborate(m) : null;
  const tElaborated = performance.now();
  if (design !== null) probe?.elaborated(task.entry.id, design);
  let inv: Inventory | null = stored;
  if (design !== null && reprice === null) {
    inv = inventory(design);
    probe?.priced(task.entry.id, design);
    if (task.store !== undefined && task.keep === true && ev.version !== undefined) writeInventory(task.store, encodeInventory(inv, task.entry.id, ev.version));
  }
  const tInventoried = performance.now();
  const cpuInventoried = profileCpuMs();
  resetEvaluationSpend();
  let perf: Performance;
  let evaluated = false;
  let replicates: Performance[] | undefined;
  let simMs = 0;
  if (task.extend !== undefined) {
    const ext = domain.extension;
    if (ext === undefined) throw new SweepError(`study ${domain.name}: asked to pool a sample, but the study declares no sampleExtension`);
    replicates = task.extend.runs;
    perf = poolRuns(ext, replicates);
    evaluated = task.extend.fresh > 0;
    simMs = task.extend.simMs;
  } else if (task.cached !== null) {
    perf = task.cached.performance;
  } else {
    // cached null: elaborated above.
    perf = await ev.evaluate(m, design!, { toggles: ctx.spec.activity === 'toggle' });
    evaluated = true;
  }
  // A stored inventory was checked against the cached fingerprint when read.
  const fingerprint = inv === null ? reprice!.design : stored !== null ? task.cached!.design : designFingerprint(inv);
  if (task.cached !== null && task.cached.design !== fingerprint) {
    throw new SweepError(`${task.entry.id}: the hardware changed since this directory cached its evaluation; sweep into a new --out directory`);
  }
  const t1 = performance.now();
  const cpu1 = profileCpuMs();
  const { rows, keys } = inv === null ? fromPriced(reprice!.rows, perf, domain.metrics, new Set(task.skip)) : priceMicroArch(task.entry, inv, perf, domain.metrics, ctx, new Set(task.skip));
  const t2 = performance.now();
  const cpu2 = profileCpuMs();
  const spend = evaluationSpend;
  profile({
    ev: 'task',
    id: task.entry.id,
    elaborateMs: tElaborated - tRead,
    inventoryMs: tRead - t0 + tInventoried - tElaborated,
    elaborationReused: design !== null && lastElaboration.reused,
    ...(stored !== null && { storedInventory: true }),
    workloadMs: spend.workloadMs,
    compileMs: spend.compileMs,
    compiled: spend.compiled,
    compileReused: spend.compileReused,
    driverMs: evaluated && task.extend === undefined ? t1 - tInventoried - spend.workloadMs - spend.compileMs : 0,
    cycles: evaluated && task.extend === undefined ? spend.cycles : 0,
    simulated: evaluated && task.extend === undefined && spend.simulated,
    priceMs: t2 - t1,
    ...(cpu2 !== null && { elaborateCpuMs: cpuInventoried! - cpuRead!, evaluateCpuMs: cpu1! - cpuInventoried!, priceCpuMs: cpu2 - cpu1! }),
    points: rows.length,
  });
  return { entry: task.entry, performance: perf, design: fingerprint, evaluated, ...(replicates && { replicates }), rows, keys, evalMs: t1 - t0 + simMs, priceMs: performance.now() - t1 };
}

/** Rows and keys as priceMicroArch gives them, from the same points priced at other counts. */
function fromPriced(priced: readonly PointRow[], perf: Performance, metrics: SweepDomain<unknown>['metrics'], skip: ReadonlySet<string>): { rows: PointRow[]; keys: string[] } {
  const keys = priced.map(rowKey);
  return { rows: withPerformance(priced.filter((_, i) => !skip.has(keys[i]!)), perf, metrics), keys };
}

/** The study's pool of the runs, with the run count and the toggles summed. */
export function poolRuns(ext: NonNullable<SweepDomain<unknown>['extension']>, runs: readonly Performance[]): Performance {
  const p = runs.length === 1 ? runs[0]! : ext.pool(runs);
  const toggles = runs.every((r) => r.toggles !== undefined) && runs.length > 1 ? sumToggles(runs.map((r) => r.toggles!)) : p.toggles;
  return { ...p, counters: { ...p.counters, replicates: runs.length }, ...(toggles && { toggles }) };
}

function sumToggles(all: readonly NonNullable<Performance['toggles']>[]): NonNullable<Performance['toggles']> {
  const counts: Record<string, number> = {};
  let cycles = 0;
  for (const t of all) {
    cycles += t.cycles;
    for (const [k, v] of Object.entries(t.counts)) counts[k] = (counts[k] ?? 0) + v;
  }
  return { counts, cycles };
}
