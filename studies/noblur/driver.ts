// NoBlur's driver: rasterize the workload's MP stream on the simulator
// compiled from the Design being priced (testbenches/raster, runNoblur) and
// count. Work is triangles: a pair is two MPs, so TVP on and off compare on
// the same 4096 triangles. MPs whose bbox does not fit STP are flagged by
// the hardware and take one cycle without being rasterized; their share is
// a counter (oorFraction) so a reader sees when a narrow STP's throughput
// rests on MPs it did not rasterize.
import { runNoblur } from '../../testbenches/raster/index.js';
import { ToggleCounter } from '../../testbenches/toggles.js';
import type { NoblurConfig } from '../../units/noblur/config.js';
import type { Counts, Driver } from '../../explore/index.js';
import type { RasterInput } from './workloads.js';

export const NOBLUR_DRIVER: Driver<NoblurConfig, RasterInput> = {
  run(ctx): Counts {
    const sim = ctx.simulator();
    const toggles = ctx.wantToggles ? new ToggleCounter(sim) : null;
    const { mps } = ctx.workload;
    const run = runNoblur(ctx.config, mps, { simulator: sim, hits: ctx.wantRecords, ...(toggles && { onCycle: () => toggles.sample() }) });
    const s = run.stats;
    const records: unknown[] = [];
    if (ctx.wantRecords) {
      mps.forEach((mp, i) => {
        // Explicitly marked: the hardware did not compute this MP's coverage.
        if (run.outOfRange[i]) for (const tri of mp.src) records.push({ tri, outOfRange: true });
        else for (const h of run.hits[i]!) records.push({ tri: mp.src[h.tri], px: h.px, py: h.py, s: h.s, sx: h.sx, sy: h.sy, z: h.z });
      });
    }
    return {
      cycles: s.cycles,
      // Every record was accepted (runNoblur drains the stream): its triangles are done.
      work: s.mps,
      counters: {
        cycles: s.cycles,
        inputRecords: s.records,
        stallFraction: s.stallFraction,
        sampleTestEfficiency: s.sampleTestEfficiency,
        outOfRange: s.outOfRange,
        oorFraction: s.records === 0 ? 0 : s.outOfRange / s.records,
      },
      ...(toggles && { toggles: toggles.result() }),
      ...(ctx.wantRecords && { records }),
    };
  },
};
