// Blur's driver: rasterize the workload on the simulator compiled from the
// Design being priced (testbenches/blur, runBlur) and count. Work is
// triangles (a pair is two MPs), each rendered at all 64 tuples.
import { runBlur } from '../../testbenches/blur/index.js';
import { ToggleCounter } from '../../testbenches/toggles.js';
import type { BlurConfig } from '../../units/blur/config.js';
import type { Counts, Driver } from '../contract.js';
import type { BlurInput } from './workloads.js';

export const BLUR_DRIVER: Driver<BlurConfig, BlurInput> = {
  run(ctx): Counts {
    const sim = ctx.simulator();
    const toggles = ctx.wantToggles ? new ToggleCounter(sim) : null;
    const { mps, lens } = ctx.workload;
    const run = runBlur(ctx.config, mps, lens, {
      simulator: sim,
      ...(ctx.workload.strata !== undefined && { strata: ctx.workload.strata }),
      ...(toggles && { onCycle: () => toggles.sample() }),
    });
    const s = run.stats;
    const records: unknown[] = [];
    if (ctx.wantRecords) {
      mps.forEach((mp, i) => {
        // Explicitly marked: the hardware did not compute these tuples' coverage.
        for (const tuple of run.outOfRange[i]!) for (const tri of mp.src) records.push({ tri, tuple, outOfRange: true });
        for (const h of run.hits[i]!) records.push({ tri: mp.src[h.tri], tuple: h.tuple, tx: h.tx, ty: h.ty, sx: h.sx, sy: h.sy, z: h.z });
      });
    }
    return {
      cycles: s.cycles,
      work: s.triangles,
      counters: {
        cycles: s.cycles,
        inputRecords: s.mps,
        cyclesPerPositioned: s.cyclesPerPositioned,
        tilesPerPositioned: s.tilesPerPositioned,
        sampleTestEfficiency: s.sampleTestEfficiency,
        stallFraction: s.stallFraction,
        outOfRange: s.outOfRange,
      },
      ...(toggles && { toggles: toggles.result() }),
      ...(ctx.wantRecords && { records }),
    };
  },
};
