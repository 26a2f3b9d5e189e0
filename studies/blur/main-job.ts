// What `npm start` (gfxrtl study --all) runs of the Blur and Hybrid studies,
// so the whole rasterizer study fits in 10 minutes on 2 cores: every
// elaborated netlist is priced (about 0.3 CPU-s each) and every
// cycle-distinct one simulated, so the main job keeps every knob but
// sweeps STP at its ends (STP changes area, never cycles, while nothing is
// out of range: cycle-reuse.ts) and STS at 1x1 and 2x2 (4x4 simulates 16
// sample tests per lane), on 512 triangles. Sequential sampling
// (sampling.ts) stays on: the designs near each frontier run on 8 to 32
// replicates of 512 triangles until their MP/cycle is known to 1%, which
// costs about a tenth of the simulation sweep. `gfxrtl study blur` and
// `gfxrtl study hybrid` run the full space on 4096; README.md gives the
// cost of each.
export const MAIN_JOB = {
  only: 'stp=4.8|14.8,sts=1x1|2x2',
  params: { count: 512 },
  why: 'the full space on 4096 triangles simulates for hours on 2 cores',
} as const;
