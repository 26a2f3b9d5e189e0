// One workload replicate of one micro-architecture: the unit of work of
// sequential sampling (sampling.ts schedules them). Runs in a worker thread
// or in the main thread. A thread keeps the last few micro-architectures'
// elaborations, since their replicates arrive one by one and a Hybrid
// elaboration is not free.
import type { Design } from '../../hdl/ir.js';
import type { MicroArchEntry } from './enumerate.js';
import type { PricingContext } from './pricing.js';
import type { Performance, SweepDomain } from './types.js';
import { evaluationSpend, resetEvaluationSpend } from './study-ref.js';
import { profile, profileCpuMs } from '../profile.js';
import { lastElaboration } from './design-cache.js';

/** Replicate r is the workload built with seed base + r (deterministic; printed by the report). */
export const replicateSeed = (base: number, r: number): number => base + r;

export interface ReplicateJob {
  entry: MicroArchEntry;
  /** The replicate's index among its micro-architecture's runs (0 is the base run). */
  index: number;
}

export interface ReplicateResult {
  performance: Performance;
  /** Simulation wall time, ms. */
  ms: number;
}

/** Elaborations kept per thread: a handful covers the designs sampled at once. */
const KEEP = 8;
/** Per domain: a worker kept between sweeps (pool.ts) serves other studies, whose ids may coincide. */
const elaboratedIn = new WeakMap<object, Map<string, { m: unknown; design: Design }>>();

function designOf<M>(domain: SweepDomain<M>, entry: MicroArchEntry): { m: M; design: Design } {
  let elaborated = elaboratedIn.get(domain);
  if (elaborated === undefined) elaboratedIn.set(domain, (elaborated = new Map()));
  const hit = elaborated.get(entry.id);
  if (hit !== undefined) return hit as { m: M; design: Design };
  const m = domain.microArch(entry.params);
  const got = { m, design: domain.evaluator.elaborate(m) };
  if (elaborated.size >= KEEP) elaborated.delete(elaborated.keys().next().value!);
  elaborated.set(entry.id, got);
  return got;
}

export async function simulateReplicate<M>(domain: SweepDomain<M>, ctx: PricingContext, job: ReplicateJob): Promise<ReplicateResult> {
  const t0 = performance.now();
  const cpu0 = profileCpuMs();
  const kept = elaboratedIn.get(domain)?.has(job.entry.id) === true;
  const { m, design } = designOf(domain, job.entry);
  const reused = kept || lastElaboration.reused;
  const t1 = performance.now();
  const cpu1 = profileCpuMs();
  resetEvaluationSpend();
  const performance_ = await domain.evaluator.evaluate(m, design, { toggles: ctx.spec.activity === 'toggle', seed: replicateSeed(domain.workload.seed, job.index) });
  const t2 = performance.now();
  const cpu2 = profileCpuMs();
  const spend = evaluationSpend;
  profile({
    ev: 'task',
    id: `${job.entry.id}#${job.index}`,
    elaborateMs: t1 - t0,
    inventoryMs: 0,
    elaborationReused: reused,
    workloadMs: spend.workloadMs,
    compileMs: spend.compileMs,
    compiled: spend.compiled,
    compileReused: spend.compileReused,
    driverMs: t2 - t1 - spend.workloadMs - spend.compileMs,
    cycles: spend.cycles,
    simulated: spend.simulated,
    priceMs: 0,
    ...(cpu2 !== null && { elaborateCpuMs: cpu1! - cpu0!, evaluateCpuMs: cpu2 - cpu1! }),
    points: 0,
  });
  return { performance: performance_, ms: t2 - t0 };
}
