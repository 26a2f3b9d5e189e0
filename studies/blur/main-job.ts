// What `npm start` (gfxrtl study --all) runs of the Blur and Hybrid studies,
// so the whole rasterizer study fits in its time on 2 cores: every
// elaborated netlist is priced (about 0.3 CPU-s each, more than once: the
// simulation sweep, the calibration loop, the final sweep) and every
// cycle-distinct one simulated.
//
// The main job sweeps the study's own lane and the choices the study leaves
// open; the alternatives gfxrtl adds beside the study's readings are swept by
// `gfxrtl study blur` and `gfxrtl study hybrid`, which run the full space:
// - jitter=tuple, the study's pattern (tile origin + jitter(tuple)): the
//   per-tile shift is another sample pattern, not a cheaper way to the same
//   image, and its hits differ, so each value is simulated;
// - edge=incremental, the study's sample test (additions from one start
//   value per positioned MP); the multiply form is ours;
// - both sample-in-time forms (time=lerp2, the study's two products, and
//   lerp1, one: the same bits) and the reciprocal's architecture, which the
//   study does not give: the restoring array and the radix-4 recurrence, the
//   smallest and the fastest of the library's forms; Newton-Raphson, larger
//   than the restoring array at equal delay at STP 4.8 (24-bit D: 25.1k
//   against 11.7k um^2 unpipelined, both 23.8 ns at high Vt, 0.99 V), is in
//   the full space. Time and reciprocal change no cycle (cycle-reuse.ts):
//   one simulation serves the four netlists of a class. The earlier main job
//   swept both edge forms instead, so twice the netlists are priced now
//   (288 -> 576 Blur, 96 -> 192 Hybrid) and the same 144 + 96 simulated;
// - STS 1x1 and 2x2 (4x4 simulates 16 sample tests per lane), on 512
//   triangles, but STP at 4.8 only: with nothing out of range at 4.8 (none
//   of the 512), a wider STP has the same cycles (cycle-reuse.ts) and a
//   strictly wider datapath, so its points are dominated by their 4.8 twins
//   and change no frontier and no pick; NoBlur's study, which sweeps every
//   STP, shows what STP costs.
// Sequential sampling (sampling.ts) stays on: the designs near each
// frontier run on 8 to 32 replicates of 512 triangles until their MP/cycle
// is known to 1%, about a tenth of the simulation sweep. In render=defocus
// (no time unit) the two time forms are one netlist, priced twice.
export const MAIN_JOB = {
  only: 'stp=4.8,sts=1x1|2x2,jitter=tuple,edge=incremental,recip=unrolled|radix4',
  params: { count: 512 },
  why: 'the full space on 4096 triangles simulates for hours on 2 cores',
} as const;
