// The driver of both blur-family studies: rasterize the workload on the
// simulator compiled from the Design being priced (testbenches/blur,
// runBlur for Blur, runHybrid for the Hybrid in its workload's mode) and
// count. Work is triangles (a pair is two MPs), each rendered at all 64
// tuples (one pass in the Hybrid's NoBlur modes). A sweep simulates each
// cycle-distinct micro-architecture once (cycle-reuse.ts); `sim --output`
// and toggle counting always simulate.
import { runBlur, runHybrid, type BlurRun, type BlurStats } from '../../testbenches/blur/index.js';
import { ToggleCounter } from '../../testbenches/toggles.js';
import { blurSchema, HYBRID_MODES, type BlurConfig, type HybridMode } from '../../units/blur/config.js';
import type { CompiledSimulator } from '../../hdl/sim/index.js';
import type { Counts, Display, Driver, DriverContext } from '../../explore/index.js';
import { reuseOrSimulate } from './cycle-reuse.js';
import type { BlurInput } from './workloads.js';

/** Blur's render mode, or the Hybrid's runtime mode for the workload. */
export type FamilyMode = { readonly kind: 'blur' } | { readonly kind: 'hybrid'; readonly mode: HybridMode };

const STP_WIDTHS = blurSchema.stp.values.map((v) => Number(v.split('.')[0]));

/** The counters both studies report, in row order (the Hybrid adds its mode first). */
function countersOf(s: BlurStats): Record<string, number> {
  return {
    cycles: s.cycles,
    inputRecords: s.mps,
    cyclesPerPositioned: s.cyclesPerPositioned,
    tilesPerPositioned: s.tilesPerPositioned,
    sampleTestEfficiency: s.sampleTestEfficiency,
    stallFraction: s.stallFraction,
    outOfRange: s.outOfRange,
    // MP/cycle's 95% confidence half-width at the MPs run, and the MPs a 1%
    // half-width needs (testbenches/blur/stability.ts); Infinity is written as -1.
    mpCycleCi: Number.isFinite(s.stability.relativeHalfWidth) ? s.stability.relativeHalfWidth : -1,
    mpsFor1Percent: s.stability.mpsFor1Percent,
  };
}

/** How each counter is shown (`sim`, the report's per-micro-architecture table). */
export const BLUR_COUNTER_DISPLAY: readonly { readonly key: string; readonly display: Display; readonly digits?: number }[] = [
  { key: 'inputRecords', display: { label: 'input records (MPs, or pairs with TVP)', unit: '', scale: 1 } },
  { key: 'cyclesPerPositioned', display: { label: 'cycles per positioned MP (one tuple of one record; one pass in NoBlur modes)', unit: '', scale: 1 }, digits: 4 },
  { key: 'tilesPerPositioned', display: { label: 'tiles (cells in NoBlur modes) tested per positioned MP', unit: '', scale: 1 }, digits: 3 },
  { key: 'sampleTestEfficiency', display: { label: 'sample test efficiency (hits / tiles tested)', unit: '', scale: 1 }, digits: 4 },
  { key: 'stallFraction', display: { label: 'stall fraction (cycles with an MP offered and not accepted)', unit: '', scale: 1 }, digits: 4 },
  { key: 'outOfRange', display: { label: 'out of range (STP), positioned MPs', unit: '', scale: 1 } },
  { key: 'mpCycleCi', display: { label: 'MP/cycle 95% CI half-width at the MPs run, a fraction (-1: too few MPs to tell)', unit: '', scale: 1 }, digits: 4 },
  { key: 'mpsFor1Percent', display: { label: 'MPs for a 1% CI half-width', unit: '', scale: 1 } },
];

function records(w: BlurInput, run: BlurRun): unknown[] {
  const out: unknown[] = [];
  w.mps.forEach((mp, i) => {
    // Explicitly marked: the hardware did not compute these tuples' coverage.
    for (const tuple of run.outOfRange[i]!) for (const tri of mp.src) out.push({ tri, tuple, outOfRange: true });
    for (const h of run.hits[i]!) out.push({ tri: mp.src[h.tri], tuple: h.tuple, tx: h.tx, ty: h.ty, sx: h.sx, sy: h.sy, z: h.z });
    for (const h of run.msaaHits[i]!) out.push({ tri: mp.src[h.tri], px: h.px, py: h.py, s: h.s, sx: h.sx, sy: h.sy, z: h.z });
  });
  return out;
}

/**
 * The stats of one run of `w` in `mode` on the Design being priced, from a
 * cycle-identical run if this process has one (cycle-reuse.ts), else
 * simulated. For callers that need no per-sample records or toggles (a
 * joint objective running the Hybrid in several modes uses it per mode).
 */
export function familyStats<C extends Omit<BlurConfig, 'render'>, W extends BlurInput>(study: string, ctx: Pick<DriverContext<C, W>, 'config' | 'simulator' | 'workload'>, mode: FamilyMode, render: BlurConfig['render']): BlurStats {
  const w = ctx.workload;
  const cfg: BlurConfig = { ...ctx.config, render } as BlurConfig;
  const simulate = (): BlurStats => runFamily(cfg, mode, w, ctx.simulator(), { hits: false }).stats;
  if (w.id === undefined) return simulate();
  const noblur = mode.kind === 'hybrid' && (mode.mode === 'noblur4' || mode.mode === 'noblur16');
  const cls = { workload: w.id, mode: mode.kind === 'blur' ? cfg.render : mode.mode, tvp: cfg.tvp, spf: cfg.spf, pmt: cfg.pmt, sts: cfg.sts, jitter: noblur ? '-' : cfg.jitter };
  return reuseOrSimulate(study, cls, Number(cfg.stp.split('.')[0]), STP_WIDTHS, simulate);
}

function runFamily(cfg: BlurConfig, mode: FamilyMode, w: BlurInput, simulator: CompiledSimulator, more: { onCycle?: () => void; hits?: boolean }): BlurRun {
  const opts = { simulator, ...(w.strata !== undefined && { strata: w.strata }), ...more };
  return mode.kind === 'blur' ? runBlur(cfg, w.mps, w.lens, opts) : runHybrid(cfg, mode.mode, w.mps, w.lens, opts);
}

/** The driver for Blur (`modeOf` gives kind 'blur') or the Hybrid (its workload's mode). */
export function blurFamilyDriver<C extends Omit<BlurConfig, 'render'>, W extends BlurInput>(study: string, modeOf: (w: W) => FamilyMode, renderOf: (c: C) => BlurConfig['render']): Driver<C, W> {
  return {
    run(ctx): Counts {
      const w = ctx.workload;
      const mode = modeOf(w);
      const render = renderOf(ctx.config);
      const hybridMode: Record<string, number> = mode.kind === 'hybrid' ? { hybridMode: HYBRID_MODES.indexOf(mode.mode) } : {};
      if (ctx.wantRecords || ctx.wantToggles || ctx.traced === true) {
        const toggles = ctx.wantToggles ? new ToggleCounter(ctx.simulator()) : null;
        const run = runFamily({ ...ctx.config, render } as BlurConfig, mode, w, ctx.simulator(), { hits: ctx.wantRecords, ...(toggles && { onCycle: () => toggles.sample() }) });
        return {
          cycles: run.stats.cycles,
          work: run.stats.triangles,
          counters: { ...hybridMode, ...countersOf(run.stats) },
          ...(toggles && { toggles: toggles.result() }),
          ...(ctx.wantRecords && { records: records(w, run) }),
        };
      }
      const stats = familyStats(study, ctx, mode, render);
      return { cycles: stats.cycles, work: stats.triangles, counters: { ...hybridMode, ...countersOf(stats) } };
    },
  };
}

export const BLUR_DRIVER = blurFamilyDriver<BlurConfig, BlurInput>('blur', () => ({ kind: 'blur' }), (c) => c.render);
