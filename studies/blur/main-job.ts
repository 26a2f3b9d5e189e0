// What `npm start` (gfxrtl study --all) runs of the Blur and Hybrid studies,
// so the whole rasterizer study fits in 10 minutes on 2 cores: every
// elaborated netlist is priced (about 0.3 CPU-s each, more than once: the
// simulation sweep, the calibration loop, the final sweep) and every
// cycle-distinct one simulated. The main job keeps every knob, both edge
// forms (one simulation serves both: cycle-reuse.ts) and STS 1x1 and 2x2
// (4x4 simulates 16 sample tests per lane), on 512 triangles, but STP at
// 4.8 only: with nothing out of range at 4.8 (none of the 512), a wider STP
// has the same cycles (cycle-reuse.ts) and a strictly wider datapath, so
// its points are dominated by their 4.8 twins and change no frontier and no
// pick; NoBlur's main job, which sweeps every STP, shows what STP costs.
// (With both edge forms, the earlier STP ends 4.8|14.8 priced twice the
// netlists and took the Blur step from 301 to 516 CPU-s.) The jitter at
// the study's pattern only (jitter=tuple): the per-tile shift is a
// different sample pattern, not a cheaper way to the same image, and
// each of its values is simulated (its hits differ), so sweeping it would
// double the step; `gfxrtl study blur` sweeps both. Sequential
// sampling (sampling.ts) stays on: the designs near each frontier run on 8
// to 32 replicates of 512 triangles until their MP/cycle is known to 1%,
// about a tenth of the simulation sweep. `gfxrtl study blur` and `gfxrtl
// study hybrid` run the full space on 4096; docs/studies/raster.md gives the cost of
// each.
export const MAIN_JOB = {
  only: 'stp=4.8,sts=1x1|2x2,jitter=tuple',
  params: { count: 512 },
  why: 'the full space on 4096 triangles simulates for hours on 2 cores',
} as const;
