// The simulation loop of `sweep --explore bound` (bound.ts says what is
// skipped and why that is exact): optimistic points of every design still
// to simulate (in the workers when there are any), the designs best first,
// each simulated unless the simulations before it (all but the last LAG)
// beat every one of its optimistic points. A simulated design faster than
// its bound proves the study's peakRate wrong: then every skipped design is
// simulated after all and the sweep says so.
import { boundOrder, boundViolation, LAG, optimisticPoints, RunningFrontiers, type Optimistic } from './bound.js';
import type { PointRow } from './point.js';
import type { WorkerPool } from './pool.js';
import type { PricingContext } from './pricing.js';
import { runTask, type DesignProbe, type Task, type TaskResult } from './task.js';
import type { SweepDomain } from './types.js';

export interface BoundOutcome {
  /** Micro-architectures not simulated: every optimistic point dominated. */
  skipped: string[];
  /** Wall time of the optimistic pricing, ms. */
  boundMs: number;
  /** A design that beat its bound (then nothing was skipped), else null. */
  violation: string | null;
}

export interface BoundRun {
  domain: SweepDomain<unknown>;
  ctx: PricingContext;
  pool: WorkerPool | null;
  /** Rows already simulated (on disk, or priced from a cached simulation). */
  rows: readonly PointRow[];
  /** The columns of a 'constrained' report section, else none. */
  constrained: readonly string[];
  onDone: (r: TaskResult) => void;
  onSkip: (id: string) => void;
  signal?: AbortSignal;
  probe?: DesignProbe;
}

const yieldLoop = (): Promise<void> => new Promise<void>((r) => setImmediate(r));

async function allOptimistic(tasks: readonly Task[], run: BoundRun): Promise<Map<string, Optimistic>> {
  const out = new Map<string, Optimistic>();
  const pool = run.pool;
  if (pool !== null) {
    for (const o of await Promise.all(tasks.map((t) => pool.optimistic(t.entry)))) out.set(o.id, o);
    return out;
  }
  for (const t of tasks) {
    await yieldLoop();
    if (run.signal?.aborted) break;
    out.set(t.entry.id, optimisticPoints(run.domain, run.ctx, t.entry));
  }
  return out;
}

/** The task with its optimistic points, priced already: its simulation only sets their metrics (task.ts). */
const pricedTask = (t: Task, o: Optimistic | undefined): Task => (o === undefined ? t : { ...t, priced: { rows: o.rows, design: o.design } });

/** Simulates `tasks` (none cached) best first, skipping what cannot win. */
export async function exploreBound(tasks: readonly Task[], run: BoundRun): Promise<BoundOutcome> {
  const t0 = performance.now();
  const opt = await allOptimistic(tasks, run);
  const boundMs = performance.now() - t0;
  const taskOf = new Map(tasks.map((t) => [t.entry.id, t]));
  const order = boundOrder(opt, tasks.map((t) => t.entry), run.domain.objectives).map((e) => taskOf.get(e.id)!);
  const frontiers = new RunningFrontiers(run.domain.objectives, run.domain.rateTargets ?? null, run.constrained);
  frontiers.add(run.rows);

  const results: (TaskResult | 'skipped' | undefined)[] = order.map(() => undefined);
  const inflight = new Map<number, Promise<void>>();
  const limit = Math.min(LAG, run.pool === null ? 1 : run.pool.size * 2);
  const skipped: string[] = [];
  let violation: string | null = null;
  let failure: unknown = null;
  let folded = 0;
  const simulate = (t: Task): Promise<TaskResult> => (run.pool !== null ? run.pool.run(t) : yieldLoop().then(() => runTask(run.domain, run.ctx, t, run.probe)));

  for (let i = 0; i < order.length && failure === null && !run.signal?.aborted; i++) {
    // What decides design i: every simulation before i - LAG, folded in order.
    while (folded < i - LAG && failure === null) {
      const r = results[folded];
      if (r === undefined) {
        await inflight.get(folded);
        if (results[folded] === undefined) break;
        continue;
      }
      if (r !== 'skipped') frontiers.add(r.rows);
      folded++;
    }
    if (failure !== null || run.signal?.aborted) break;
    const task = order[i]!;
    const o = opt.get(task.entry.id);
    if (violation === null && o !== undefined && frontiers.beatsAll(o.rows)) {
      results[i] = 'skipped';
      skipped.push(task.entry.id);
      run.onSkip(task.entry.id);
      continue;
    }
    while (inflight.size >= limit) await Promise.race(inflight.values());
    const at = i;
    const p = simulate(pricedTask(task, o))
      .then((r) => {
        results[at] = r;
        if (o !== undefined && r.evaluated) violation ??= boundViolation(r.entry.id, r.performance, o.peak);
        run.onDone(r);
      })
      .catch((e: unknown) => {
        failure ??= e;
      })
      .finally(() => inflight.delete(at));
    inflight.set(at, p);
  }
  await Promise.all(inflight.values());
  if (failure !== null) throw failure;
  if (violation !== null && skipped.length > 0 && !run.signal?.aborted) {
    // The bound is wrong somewhere: what it skipped is simulated after all.
    for (const id of skipped) {
      if (run.signal?.aborted) break;
      run.onDone(await simulate(pricedTask(taskOf.get(id)!, opt.get(id))));
    }
    return { skipped: [], boundMs, violation };
  }
  return { skipped, boundMs, violation };
}
