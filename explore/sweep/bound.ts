// `sweep --explore bound`: simulate only what can win. Each micro-
// architecture is priced first (cheap: table speed) at its optimistic rate,
// the study's peakRate (explore/contract.ts): its optimistic points are its
// real priced points (clock, area, power) with that rate. Designs are then
// simulated best first (by the layer of their optimistic points, layer 0
// being the optimistic frontier), and one is not simulated when every
// optimistic point is strictly dominated by what is already simulated, in
// every table the study reports:
// - its mode's frontier, and with a 'constrained' section the frontier of
//   its mode restricted to each of its column values (tvp=on only, ...);
// - the rate-cost table (pareto.ts costAtRate): the (perf density, energy
//   per item) frontier the interpolated answer lies on, and for each power-
//   density limit the point's density must not reach the least-area pick
//   so far (power density does not depend on the rate: the point's own).
// Why that is exact: a real point has at most its optimistic rate, so it is
// dominated wherever its optimistic point is; what is simulated later only
// moves the frontiers and picks outward, so a point dominated now stays
// dominated; and a dominated point is on no frontier, changes no other
// point's place on one, and is never a pick. The frontiers, the constrained
// frontiers and the rate-cost table are therefore those of the full grid.
//
// Deterministic whatever the worker count: the decision for the i-th design
// in the order sees the simulations of designs before i - LAG only (waiting
// for them), so the same designs are skipped on 0, 2 or 16 workers.
import type { Design } from '../../hdl/ir.js';
import { inventory } from '../../hdl/inventory/index.js';
import type { Better, Objectives, PricedPoint, RateTargets } from '../contract.js';
import { StudyError } from '../contract.js';
import { dominates, paretoMask, scorerOf, type Scorer } from '../pareto.js';
import type { MicroArchEntry } from './enumerate.js';
import { figure, PRICED_FIGURES, type PointRow } from './point.js';
import { priceMicroArch, type PricingContext } from './pricing.js';
import { designFingerprint } from './fingerprint.js';
import { SweepError, type SweepSpec } from './spec.js';
import type { Shard } from './manifest.js';
import type { Performance, SweepDomain } from './types.js';
import { profile, profileCpuMs } from '../profile.js';
import { lastElaboration } from './design-cache.js';

/** How a sweep visits the micro-architectures. */
export const EXPLORE_STRATEGIES = ['bound', 'grid'] as const;
export type ExploreStrategy = (typeof EXPLORE_STRATEGIES)[number];

/** --explore's value, checked: a one-line error naming the option and the strategies. */
export function parseExplore(command: string, text: string | undefined, fallback: ExploreStrategy): ExploreStrategy {
  if (text === undefined) return fallback;
  if ((EXPLORE_STRATEGIES as readonly string[]).includes(text)) return text as ExploreStrategy;
  throw new SweepError(`${command}: --explore ${text}: unknown exploration strategy; valid: ${EXPLORE_STRATEGIES.join(', ')} (bound: skip what cannot win; grid: simulate every micro-architecture)`);
}

/** Decisions for the i-th design see the simulations before i - LAG. */
export const LAG = 4;

/** Why `--explore bound` explores this sweep as a grid after all, or null when the bound applies. */
export function gridReason(domain: SweepDomain<unknown>, spec: SweepSpec, shard: Shard | null): string | null {
  if (domain.evaluator.peakRate === undefined) return `study ${domain.name} declares no peakRate (an optimistic bound)`;
  if (shard !== null) return 'a shard sees only its part of the frontier (sweep the merged directory instead)';
  if (domain.extension !== undefined) return 'sequential sampling pools workload replicates the bound was not computed on';
  if (spec.activity === 'toggle') return 'with toggle activity the power comes from simulation, so no point is known before it';
  return unboundedMetric(domain);
}

/** The first objective or rate metric that does not read the counts through work / cycles alone, improving with it. */
function unboundedMetric(domain: SweepDomain<unknown>): string | null {
  const used: { key: string; better: Better }[] = [domain.objectives.x, domain.objectives.y];
  if (domain.rateTargets) used.push({ key: domain.rateTargets.metric, better: 'higher' });
  const at: PricedPoint = { clockHz: 1e9, areaMm2: 1, powerW: 1, dynamicW: 0.5, leakageW: 0.5 };
  for (const u of used) {
    if (PRICED_FIGURES.includes(u.key)) continue;
    const m = domain.metrics.find((x) => x.key === u.key);
    if (m === undefined) return `objective ${u.key} is not a metric`;
    const v = (cycles: number, work: number): number => m.value({ cycles, work }, at);
    const fast = v(1000, 500);
    const slow = v(1000, 250);
    const ok = fast === v(10, 5) && Number.isFinite(fast) && Number.isFinite(slow) && (u.better === 'higher' ? fast >= slow : fast <= slow);
    if (!ok) return `metric ${u.key} does not move with work / cycles alone, so a rate bound does not bound it`;
  }
  return null;
}

/** A micro-architecture's optimistic rate and points. */
export interface Optimistic {
  id: string;
  peak: number;
  rows: PointRow[];
  /** The design's fingerprint (fingerprint.ts), for the micro-architecture cache once it is simulated. */
  design: string;
}

/** Elaborates (the design cache keeps it for the simulation), inventories and prices `entry` at its optimistic rate. */
export function optimisticPoints<M>(domain: SweepDomain<M>, ctx: PricingContext, entry: MicroArchEntry): Optimistic {
  const m = domain.microArch(entry.params);
  const t0 = performance.now();
  const cpu0 = profileCpuMs();
  const design: Design = domain.evaluator.elaborate(m);
  const t1 = performance.now();
  const peak = domain.evaluator.peakRate!(m, design);
  const t2 = performance.now();
  if (!(Number.isFinite(peak) && peak > 0)) throw new StudyError(`study ${domain.name}: peakRate of ${entry.id} is ${peak}; it must be a positive finite number of work items per cycle`);
  const perf: Performance = { cycles: 1, work: peak };
  const inv = inventory(design);
  const t3 = performance.now();
  const { rows } = priceMicroArch(entry, inv, perf, domain.metrics, { ...ctx, spec: { ...ctx.spec, activity: 'full' } }, new Set());
  const cpu1 = profileCpuMs();
  profile({ ev: 'optimistic', id: entry.id, elaborateMs: t1 - t0, elaborationReused: lastElaboration.reused, peakMs: t2 - t1, inventoryMs: t3 - t2, priceMs: performance.now() - t3, ...(cpu1 !== null && { cpuMs: cpu1 - cpu0! }) });
  return { id: entry.id, peak, rows, design: designFingerprint(inv) };
}

/** Order: by the best non-dominated layer any optimistic point of the design is on (per mode), then enumeration order. */
export function boundOrder(opt: ReadonlyMap<string, Optimistic>, entries: readonly MicroArchEntry[], objectives: Objectives): MicroArchEntry[] {
  const score = scorerOf<PointRow>(objectives, figure);
  const layer = new Map<string, number>();
  const byMode = new Map<string, PointRow[]>();
  for (const e of entries) byMode.set(e.mode, [...(byMode.get(e.mode) ?? []), ...(opt.get(e.id)?.rows ?? [])]);
  for (const rows of byMode.values()) {
    let left = rows;
    for (let l = 0; left.length > 0; l++) {
      const mask = paretoMask(left, score);
      // Points that are never on a frontier (a non-finite figure) end the peeling.
      if (!mask.some(Boolean)) break;
      left.forEach((r, i) => {
        if (mask[i] && !layer.has(r.id)) layer.set(r.id, l);
      });
      left = left.filter((_, i) => !mask[i]);
    }
  }
  const key = (e: MicroArchEntry): number => layer.get(e.id) ?? Infinity;
  return [...entries].sort((a, b) => key(a) - key(b) || a.index - b.index);
}

/** Per power-density limit, the rate-cost pick so far: the highest density at or under it (ties: lower energy). */
interface Pick {
  p: number;
  e: number;
}

/** `b` strictly dominates `a` in the rate-cost plane: density at least, energy at most, better in one. */
function rateBeats(b: Pick, a: Pick): boolean {
  return b.p >= a.p && b.e <= a.e && (b.p > a.p || b.e < a.e);
}

/** What is simulated so far, as the tables the study reports see it. */
export class RunningFrontiers {
  private readonly score: Scorer<PointRow>;
  /** Frontier rows per group: a mode, or a mode with one column held at a value. */
  private readonly groups = new Map<string, PointRow[]>();
  /** Rate-cost: per mode, the (density, energy) frontier and the pick per limit. */
  private readonly rateFront = new Map<string, Pick[]>();
  private readonly picks = new Map<string, (Pick | null)[]>();

  constructor(
    objectives: Objectives,
    private readonly rate: RateTargets | null,
    /** The columns of a 'constrained' report section, else none. */
    private readonly constrained: readonly string[],
  ) {
    this.score = scorerOf<PointRow>(objectives, figure);
  }

  private groupsOf(r: PointRow): string[] {
    return [r.mode, ...this.constrained.map((a) => `${r.mode}\u0000${a}=${JSON.stringify(r.params[a])}`)];
  }

  private rateFigures(r: PointRow): { p: number; e: number; pd: number } | null {
    if (this.rate === null) return null;
    const perSec = figure(r, this.rate.metric);
    const p = perSec / r.areaMm2;
    const e = r.powerW / perSec;
    const pd = r.powerW / r.areaMm2;
    return Number.isFinite(p) && Number.isFinite(e) && Number.isFinite(pd) ? { p, e, pd } : null;
  }

  /** Folds simulated rows in. */
  add(rows: readonly PointRow[]): void {
    const fresh = new Map<string, PointRow[]>();
    for (const r of rows) for (const g of this.groupsOf(r)) fresh.set(g, [...(fresh.get(g) ?? []), r]);
    for (const [g, add] of fresh) {
      const all = [...(this.groups.get(g) ?? []), ...add];
      const mask = paretoMask(all, this.score);
      this.groups.set(g, all.filter((_, i) => mask[i]));
    }
    if (this.rate === null) return;
    const limits = this.rate.powerDensityLimits;
    for (const r of rows) {
      const f = this.rateFigures(r);
      if (f === null || !(f.p > 0) || !(f.e > 0)) continue;
      const front = [...(this.rateFront.get(r.mode) ?? []), { p: f.p, e: f.e }];
      this.rateFront.set(r.mode, front.filter((a) => !front.some((b) => rateBeats(b, a))));
      const picks = this.picks.get(r.mode) ?? limits.map(() => null);
      limits.forEach((limit, i) => {
        const best = picks[i]!;
        if (f.pd <= limit && (best === null || f.p > best.p || (f.p === best.p && f.e < best.e))) picks[i] = { p: f.p, e: f.e };
      });
      this.picks.set(r.mode, picks);
    }
  }

  /** Could this optimistic point be on a frontier or picked? Only a strict domination everywhere says no. */
  canWin(o: PointRow): boolean {
    const [x, y] = this.score(o);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return true;
    for (const g of this.groupsOf(o)) {
      if (!(this.groups.get(g) ?? []).some((q) => dominates(q, o, this.score))) return true;
    }
    if (this.rate === null) return false;
    const f = this.rateFigures(o);
    if (f === null) return true;
    if (!(this.rateFront.get(o.mode) ?? []).some((b) => rateBeats(b, f))) return true;
    const picks = this.picks.get(o.mode) ?? [];
    return this.rate.powerDensityLimits.some((limit, i) => {
      if (!(f.pd <= limit)) return false;
      const best = picks[i] ?? null;
      return best === null || f.p > best.p || (f.p === best.p && f.e <= best.e);
    });
  }

  /** Is every optimistic point of a design beaten? */
  beatsAll(rows: readonly PointRow[]): boolean {
    return rows.length > 0 && rows.every((o) => !this.canWin(o));
  }
}

/** A simulated design above its bound: the bound is wrong, so nothing may be skipped on it. */
export function boundViolation(id: string, perf: Performance, peak: number): string | null {
  const rate = perf.work / perf.cycles;
  return rate > peak * (1 + 1e-12) ? `${id} simulated at ${rate} work items per cycle, above its peakRate ${peak}` : null;
}
