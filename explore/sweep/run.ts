// The sweep driver: enumerate the spec, skip what the output directory
// already holds, evaluate each remaining micro-architecture once (in worker
// threads or here), price its physical points, append them durably, and when
// the shard is complete write the final, canonically ordered files with
// Pareto flags. Interrupted at any moment, the same command resumes.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { recordedModuleUrl } from './module-url.js';
import { DEFAULT_KNOBS, type Knobs } from '../../synth-models/knobs.js';
import { checkDomain, loadDomain, type StudyRef } from './study-ref.js';
import { enumerateMicroArchs, type MicroArchEntry } from './enumerate.js';
import { Appender, lockDir } from './files.js';
import { modelFingerprint } from './fingerprint.js';
import { identityDiff, layoutOf, MANIFEST_FORMAT, readManifest, writeManifest, type Shard, type SweepIdentity, type SweepManifest } from './manifest.js';
import { rowKey, type PointRow } from './point.js';
import { WorkerPool } from './pool.js';
import type { PricingContext } from './pricing.js';
import { inShard } from './shard.js';
import { resolveSpec, SweepError, type SpecInput, type SweepSpec } from './spec.js';
import { dropPartialTail, POINTS_JSONL, readCache, readPoints, rowsToJsonl, writeCache, writeFinalPoints } from './store.js';
import { runTask, type DesignProbe, type Task, type TaskResult } from './task.js';
import { extensionCandidates, needsMore } from './extend.js';
import { sampleAll, type ReplicateRunner, type Sampled, type SampleJob } from './sampling.js';
import { simulateReplicate } from './replicate.js';
import { silentProgress, type Progress } from './progress.js';
import type { SweepDomain } from './types.js';
import { gridReason, type ExploreStrategy } from './bound.js';
import { exploreBound } from './run-bound.js';

export interface SweepOptions {
  study: StudyRef;
  out: string;
  spec?: SpecInput;
  shard?: Shard | null;
  knobs?: Knobs;
  /** Where the knobs came from, for the manifest and report. */
  knobsSource?: string;
  /** Worker threads for evaluations; 0 = evaluate in this thread; 'auto'
   *  (default) = one per core when at least two evaluations are due, or
   *  many pricing-only ones (PRICING_TASKS_FOR_WORKERS). */
  workers?: number | 'auto';
  /** Store each micro-architecture's inventory beside its simulation
   *  (microarch/ID.inventory, inventory-file.ts), for a later pricing with
   *  other knobs (the calibration loop, a pricing-only sweep seeded with
   *  these simulations). Costs about 3 ms of a worker per Blur design, so
   *  only a sweep that will be priced again asks for it (default false;
   *  `gfxrtl sweep` and the global study's simulation sweep do). Stored
   *  inventories are read whether or not this is set. */
  keepInventories?: boolean;
  progress?: Progress;
  /** The command line, recorded in the manifest for the report. */
  command?: string;
  /** Stops between micro-architectures; what is written stays resumable. */
  signal?: AbortSignal;
  /** Called after each micro-architecture's points are on disk. */
  onResult?: (r: TaskResult) => void;
  /** Sequential sampling: called as each replicate joins a micro-architecture's runs (in seed order). */
  onReplicate?: (id: string, runs: number) => void;
  /** Tests: sees every Design elaborated and priced (main thread only). */
  probe?: DesignProbe;
  /** 'grid' (default): simulate every micro-architecture; 'bound': skip
   *  those that cannot win (bound.ts), with exactly the grid's frontiers
   *  and rate-cost table. */
  explore?: ExploreStrategy;
  /** Sequential sampling (the study's sample extension), default true.
   *  false: each micro-architecture is simulated once, on the base seed;
   *  which ones need replicates depends on their prices, so a sweep
   *  priced with provisional knobs leaves that to the sweep seeded with
   *  its simulations (the main job's simulations ahead of the knobs,
   *  pipeline.ts). */
  extend?: boolean;
}

export interface SweepSummary {
  dir: string;
  complete: boolean;
  /** Points in the directory now. */
  points: number;
  /** Points priced by this run. */
  newPoints: number;
  microArchs: number;
  /** Micro-architectures simulated by this run. */
  evaluated: number;
  workers: number;
  wallMs: number;
  /** Summed over tasks (in parallel when workers > 0). */
  evalMs: number;
  priceMs: number;
  /** Sequential sampling (extend.ts): micro-architectures simulated on more replicates by this run, and the replicate runs it simulated. */
  extended: number;
  replicateRuns: number;
  /** Wall time of the sequential sampling, ms. */
  extendMs: number;
  /** Replicates simulated ahead of a stopping decision on another worker and discarded when the rule stopped earlier (never pooled). */
  discardedRuns: number;
  /** How the micro-architectures were visited, and why a bound sweep was a grid after all. */
  explore: ExploreStrategy;
  gridWhy: string | null;
  /** --explore bound: micro-architectures not simulated (every optimistic point dominated). */
  skipped: number;
  /** --explore bound: wall time of the optimistic pricing, ms. */
  boundMs: number;
  /** --explore bound: a design simulated above its bound (then nothing was skipped). */
  violation: string | null;
}


export function sweepIdentity(domain: SweepDomain<unknown>, ref: StudyRef, spec: SweepSpec, entries: readonly MicroArchEntry[], knobs: Knobs, knobsSource: string): SweepIdentity {
  return {
    study: {
      name: domain.name,
      // The source's URL, not npm start's compiled copy's (module-url.ts).
      module: recordedModuleUrl(ref.module),
      work: domain.work,
      metrics: domain.metrics.map(({ value: _value, ...m }) => m),
      objectives: domain.objectives,
      rateTargets: domain.rateTargets ?? null,
      counterDisplay: domain.counterDisplay ?? [],
      report: domain.report,
      ...(domain.extension && { sampleExtension: { halfWidth: domain.extension.halfWidth, target: domain.extension.target, minReplicates: domain.extension.minReplicates, maxReplicates: domain.extension.maxReplicates, doc: domain.extension.doc } }),
    },
    workloadParams: { ...ref.params },
    summary: domain.summary,
    axes: domain.axes,
    modeAxes: domain.modeAxes,
    columns: domain.axes.map((a) => a.key).filter((k) => !domain.modeAxes.includes(k)),
    spec,
    microArchs: entries.map((e) => ({ id: e.id, mode: e.mode, params: e.params })),
    knobs: { ...knobs },
    knobsSource,
    workload: { ...domain.workload },
    priceOptions: { ...domain.priceOptions },
    modelFingerprint: modelFingerprint(domain.priceOptions?.physical),
  };
}

/** Pricing-only tasks (simulations cached, e.g. seeded from a simulation
 *  sweep) that make starting workers worth it: one costs a design read
 *  back, its inventory and its points (~30 ms on a Blur design), a worker's
 *  start about a second (loading the study). */
export const PRICING_TASKS_FOR_WORKERS = 64;

/** Workers for `workers: 'auto'`: one per core when at least two simulations are due, or many pricing-only tasks. */
function autoWorkers(simulations: number, pricingOnly: number): number {
  if (simulations >= 2) return Math.min(availableParallelism(), simulations);
  return pricingOnly >= PRICING_TASKS_FOR_WORKERS && availableParallelism() > 1 ? availableParallelism() : 0;
}

/** Physical points per micro-architecture before its inventory is known. */
function estimatePoints(spec: SweepSpec): number {
  const depths = spec.stages.kind === 'list' ? spec.stages.values.length : spec.stages.ghz.length;
  return spec.vt.length * spec.vdd.length * depths;
}

function openDir(dir: string, identity: SweepIdentity, shard: Shard | null): { rows: PointRow[] } {
  const prev = readManifest(dir);
  const file = join(dir, POINTS_JSONL);
  if (prev === null) {
    const stray = readPoints(file, layoutOf(identity));
    if (stray.rows.length > 0 || stray.truncatedTail) throw new SweepError(`${dir} has ${POINTS_JSONL} but no sweep.json; not resuming an unknown sweep`);
    return { rows: [] };
  }
  const diff = identityDiff(prev.identity, identity);
  if (diff.length > 0) throw new SweepError(`${dir} holds a different sweep (differs in: ${diff.join(', ')}); use another --out, or the same options to resume`);
  if (JSON.stringify(prev.shard) !== JSON.stringify(shard)) {
    const s = (x: Shard | null): string => (x ? `${x.index}/${x.count}` : 'none');
    throw new SweepError(`${dir} holds shard ${s(prev.shard)}, not ${s(shard)}`);
  }
  const read = readPoints(file, layoutOf(identity));
  dropPartialTail(file, read);
  // A point priced again (sequential sampling, extend.ts) is appended: the last line of a key is its figure.
  const last = new Map(read.rows.map((r) => [rowKey(r), r]));
  return { rows: last.size === read.rows.length ? read.rows : [...last.values()] };
}

export async function runSweep(opts: SweepOptions): Promise<SweepSummary> {
  const t0 = performance.now();
  const domain = await loadDomain(opts.study);
  checkDomain(domain);
  const spec = resolveSpec(domain.axes, opts.spec);
  const shard = opts.shard ?? null;
  const knobs = opts.knobs ?? { ...DEFAULT_KNOBS };
  const entries = enumerateMicroArchs(domain, spec);
  const keep = opts.keepInventories === true;
  const identity = sweepIdentity(domain, opts.study, spec, entries, knobs, opts.knobsSource ?? 'default');
  const mine = entries.filter((e) => inShard(e.index, shard));
  const dir = opts.out;
  const unlock = lockDir(dir);
  const progress = opts.progress ?? silentProgress;
  let pool: WorkerPool | null = null;
  const appender = { current: null as Appender | null };
  try {
    const { rows } = openDir(dir, identity, shard);
    const done = new Set(rows.map(rowKey));
    const pricedIds = new Set(rows.map((r) => r.id));
    const manifest: SweepManifest = { format: MANIFEST_FORMAT, identity, shard, command: opts.command ?? '', complete: false, points: rows.length };
    writeManifest(dir, manifest);

    const doneById = new Map<string, string[]>();
    for (const r of rows) doneById.set(r.id, [...(doneById.get(r.id) ?? []), rowKey(r)]);
    const tasks: Task[] = [];
    const expected = new Map<string, number>();
    for (const e of mine) {
      const cache = readCache(dir, e.id);
      expected.set(e.id, cache?.pointKeys.length ?? estimatePoints(spec));
      if (cache && cache.pointKeys.every((k) => done.has(k))) continue;
      tasks.push({ entry: e, cached: cache ? { performance: cache.performance, design: cache.design } : null, skip: doneById.get(e.id) ?? [], store: dir, keep });
    }
    const total = (): number => [...expected.values()].reduce((a, b) => a + b, 0);
    let doneMine = mine.reduce((s, e) => s + (doneById.get(e.id)?.length ?? 0), 0);
    progress.start(total(), doneMine);

    const ctx: PricingContext = { study: domain.name, spec, knobs, priceOptions: domain.priceOptions ?? {}, workload: domain.workload, columns: identity.columns };
    const toEvaluate = tasks.filter((t) => t.cached === null).length;
    const nWorkers = opts.workers === 'auto' || opts.workers === undefined ? autoWorkers(toEvaluate, tasks.length - toEvaluate) : opts.workers;
    if (nWorkers > 0 && tasks.length > 0) pool = await WorkerPool.start(nWorkers, opts.study, ctx);

    appender.current = new Appender(join(dir, POINTS_JSONL));
    const summary = { newPoints: 0, evaluated: 0, evalMs: 0, priceMs: 0, extended: 0, replicateRuns: 0, extendMs: 0, discardedRuns: 0, skipped: 0, boundMs: 0, violation: null as string | null };
    const onDone = (r: TaskResult): void => {
      // Cache first: if killed between the two writes, the resume re-prices
      // from the cache instead of re-simulating.
      // Also when its point keys changed (other knobs give other depths,
      // e.g. simulations seeded from another directory): a resume then
      // knows the micro-architecture is done.
      const cached = r.evaluated && r.replicates === undefined ? null : readCache(dir, r.entry.id);
      if (r.evaluated || r.replicates !== undefined || cached === null || JSON.stringify(cached.pointKeys) !== JSON.stringify(r.keys)) {
        const replicates = r.replicates ?? cached?.replicates;
        writeCache(dir, { id: r.entry.id, mode: r.entry.mode, params: r.entry.params, performance: r.performance, design: r.design, pointKeys: r.keys, evalMs: r.evalMs, ...(replicates && { replicates }) });
      }
      appender.current!.append(rowsToJsonl(r.rows, layoutOf(identity)));
      // A micro-architecture priced again replaces its points. Only one whose id has
      // points already is looked for among them: a scan of every point per task
      // made the main thread quadratic in a sweep's points (Blur: 576 tasks over up
      // to 40k points, while the workers waited for their next task).
      if (r.rows.some((x) => pricedIds.has(x.id))) {
        const fresh = new Set(r.rows.map(rowKey));
        for (let i = rows.length - 1; i >= 0; i--) if (fresh.has(rowKey(rows[i]!))) rows.splice(i, 1);
      }
      rows.push(...r.rows);
      for (const x of r.rows) pricedIds.add(x.id);
      summary.newPoints += r.rows.length;
      summary.evaluated += r.evaluated ? 1 : 0;
      summary.evalMs += r.evalMs;
      summary.priceMs += r.priceMs;
      expected.set(r.entry.id, r.keys.length);
      doneMine += r.rows.length;
      progress.update(doneMine, total(), r.entry.id);
      opts.onResult?.(r);
    };
    const explore = opts.explore ?? 'grid';
    const gridWhy = explore === 'bound' ? gridReason(domain, spec, shard) : null;
    let skipped: string[] = [];
    if (explore === 'bound' && gridWhy === null) {
      // Simulated already (a resume, or simulations seeded from another directory): priced first, they start the frontiers.
      await runAll(tasks.filter((t) => t.cached !== null), domain, ctx, pool, onDone, opts.signal, opts.probe);
      const onSkip = (id: string): void => {
        expected.set(id, 0);
        progress.update(doneMine, total(), id);
      };
      const constrained = domain.report.includes('constrained') ? identity.columns : [];
      const out = await exploreBound(tasks.filter((t) => t.cached === null), { domain, ctx, pool, rows, constrained, onDone, onSkip, ...(opts.signal && { signal: opts.signal }), ...(opts.probe && { probe: opts.probe }) });
      skipped = out.skipped;
      Object.assign(summary, { skipped: out.skipped.length, boundMs: out.boundMs, violation: out.violation });
    } else {
      await runAll(tasks, domain, ctx, pool, onDone, opts.signal, opts.probe);
    }
    const exploreRecord = { strategy: explore, ...(gridWhy !== null && { grid: gridWhy }), skipped, ...(summary.violation !== null && { violation: summary.violation }) };

    // Sequential sampling: the micro-architectures that matter, on more of
    // the workload (extend.ts). Who matters depends on every point, so a
    // shard leaves it to the merged directory (a sweep run there does it).
    const ext = domain.extension;
    if (ext !== undefined && shard === null && opts.extend !== false && !opts.signal?.aborted) {
      const t1 = performance.now();
      const extendedIds = new Set<string>();
      for (;;) {
        const cands = extensionCandidates(rows, ext, domain.objectives, domain.rateTargets ?? null);
        const more: SampleJob[] = [];
        const reprice: Task[] = [];
        const cachedOf = new Map<string, Task['cached']>();
        for (const e of mine) {
          const cache = readCache(dir, e.id);
          if (cache === null) continue;
          const runs = cache.replicates ?? [cache.performance];
          const cached = { performance: cache.performance, design: cache.design };
          cachedOf.set(e.id, cached);
          if (cands.has(e.id) && needsMore(cache.performance.counters?.[ext.halfWidth], runs.length, ext)) more.push({ entry: e, runs });
          // Killed between the cache and the rows (or extended when it mattered, and no longer does): price the pool again.
          else if (runs.length > 1 && rows.some((r) => r.id === e.id && (r.extra['replicates'] ?? 1) !== runs.length)) reprice.push({ entry: e, cached, skip: [], store: dir, keep });
        }
        if ((more.length === 0 && reprice.length === 0) || opts.signal?.aborted) break;
        // Replicates, not micro-architectures, are spread over the workers (sampling.ts).
        const wanted = opts.workers === 'auto' || opts.workers === undefined ? (more.length >= 1 && availableParallelism() > 1 ? availableParallelism() : 0) : opts.workers;
        if (pool === null && wanted > 0) pool = await WorkerPool.start(wanted, opts.study, ctx);
        const onPriced = (r: TaskResult): void => {
          onDone(r);
          // Counted apart: `evaluated` is the micro-architectures simulated for the first time.
          if (r.evaluated) summary.evaluated--;
        };
        await runAll(reprice, domain, ctx, pool, onPriced, opts.signal, opts.probe);
        const here = pool;
        const runner: ReplicateRunner =
          here !== null
            ? { slots: here.size, simulate: (job, slot) => here.simulate(job, slot) }
            : {
                slots: 1,
                simulate: async (job) => {
                  // Yield between replicates so a SIGINT handler can run.
                  await new Promise<void>((r) => setImmediate(r));
                  return simulateReplicate(domain, ctx, job);
                },
              };
        const price = async (s: Sampled): Promise<void> => {
          const task: Task = { entry: s.job.entry, cached: cachedOf.get(s.job.entry.id) ?? null, skip: [], extend: { runs: s.runs, fresh: s.fresh, simMs: s.simMs }, store: dir, keep };
          const r = here !== null ? await here.run(task) : await runTask(domain, ctx, task, opts.probe);
          if (s.fresh > 0) extendedIds.add(r.entry.id);
          onPriced(r);
        };
        const sampled = await sampleAll(more, ext, runner, price, { signal: opts.signal, onPooled: opts.onReplicate });
        summary.replicateRuns += sampled.pooled;
        summary.discardedRuns += sampled.discarded;
      }
      summary.extended = extendedIds.size;
      summary.extendMs = performance.now() - t1;
    }

    const complete = !opts.signal?.aborted;
    let final = rows;
    if (complete) final = writeFinalPoints(dir, rows, identity);
    writeManifest(dir, { ...manifest, complete, points: final.length, explore: exploreRecord });
    progress.stop(complete);
    return { dir, complete, points: final.length, microArchs: mine.length, workers: pool?.size ?? 0, wallMs: performance.now() - t0, ...summary, explore, gridWhy };
  } finally {
    appender.current?.close();
    await pool?.close();
    unlock();
  }
}

/** Runs tasks through the pool (all in flight, results as they finish) or
 *  one after another here; stops taking new ones once `signal` aborts. */
async function runAll(tasks: Task[], domain: SweepDomain<unknown>, ctx: PricingContext, pool: WorkerPool | null, onDone: (r: TaskResult) => void, signal?: AbortSignal, probe?: DesignProbe): Promise<void> {
  if (pool === null) {
    for (const t of tasks) {
      // Yield to the event loop between tasks: a synchronous simulation
      // chained by promises alone would never let a SIGINT handler run.
      await new Promise<void>((r) => setImmediate(r));
      if (signal?.aborted) return;
      onDone(await runTask(domain, ctx, t, probe));
    }
    return;
  }
  // Keep one task queued per worker beyond the running ones, so an abort
  // leaves little in flight.
  const limit = pool.size * 2;
  let next = 0;
  let failure: unknown = null;
  const inflight = new Set<Promise<void>>();
  while ((next < tasks.length || inflight.size > 0) && failure === null) {
    while (next < tasks.length && inflight.size < limit && !signal?.aborted) {
      const p: Promise<void> = pool
        .run(tasks[next++]!)
        .then(onDone)
        .catch((e: unknown) => {
          failure ??= e;
        })
        .finally(() => inflight.delete(p));
      inflight.add(p);
    }
    if (inflight.size === 0) break;
    await Promise.race(inflight);
  }
  if (failure !== null) throw failure;
}
