// The setup stage between R1 and R2, the same in NoBlur and in every Blur
// lane: the edge setup on the bbox-local vertices (deltas, top-left biases
// and, with edge=incremental, each edge's start value E at the box's first
// sample), the back-face cull from those values (cull/module.ts: the sum of
// the start values, or two products of the deltas), and the reciprocal of
// each front triangle's D, the cull's area (the per-triangle half of depth
// interpolation, once per MP).
//
// An MP whose box fits STP and has no front-facing triangle (back-facing,
// degenerate, or a lone triangle's missing triangle 1) is dropped here: it
// never enters R2, so the iterator never spends a cycle on it, and it leaves
// R1 without waiting for R2 (`drop`). A box that does not fit is kept
// whatever the cull says (its narrow values are meaningless there), to be
// flagged out of range by the walk.
//
// The reciprocal: combinational, one MP a cycle, in one of the library's
// architectures (hdl/lib/reciprocal.ts, the same bits): the restoring array
// ('unrolled'), radix-4 digit recurrence ('radix4') or Newton-Raphson
// ('newton'); or iterative (one restoring row a cycle, started the cycle
// after R1 takes an MP, on its D; the stage holds R1 until it is done,
// except for an MP it drops, which needs none).
import { mux, uint, type ModuleBuilder, type Signal, type UInt } from '../../hdl/index.js';
import { EdgeSetup, type EdgeSetupPorts } from '../bbox/edge-setup.js';
import { edgesOf } from '../bbox/edges.js';
import { Cull } from '../cull/module.js';
import { Reciprocal } from '../depth-interp/reciprocal.js';
import { ReciprocalIter } from '../depth-interp/reciprocal-iter.js';
import { localWidths } from '../raster-common/local-widths.js';

type Sigs = Record<string, Signal>;

export interface SetupStageConfig {
  readonly tvp: boolean;
  readonly b: number;
  readonly edge: 'multiply' | 'incremental';
  /** The reciprocal: the library's restoring array ('unrolled'), radix-4 recurrence ('radix4') or Newton-Raphson ('newton'), or one restoring row a cycle ('iterative'). */
  readonly recip: 'unrolled' | 'radix4' | 'newton' | 'iterative';
  /** Bits of a start point (jx, jy) inside the box (Blur: the tuple's jitter); absent: the box origin. */
  readonly jitterBits?: number;
}

export interface SetupStage {
  /** The edge setup's ports (deltas, biases, start values). */
  readonly setup: EdgeSetupPorts;
  /** What R2 takes from this stage: per edge dx, dy, bias; facing; n and L per triangle. */
  readonly s2: Sigs;
  /** The MP in R1 goes on to R2 (it has a front triangle, or its box does not fit). */
  readonly keep: UInt;
  /** The reciprocal is ready for R2 to take the MP in R1 (always, unrolled). */
  readonly ready: UInt;
}

/** `r1` holds the MP: local vertices lx<i>, ly<i>, the out-of-range flag oor, and pair with TVP.
 *  `taken1`: R1 takes an MP this cycle (starts the iterative reciprocal a cycle later). */
export function setupStage(m: ModuleBuilder, cfg: SetupStageConfig, r1: Sigs, jitter: { jx: Signal; jy: Signal } | null, taken1: UInt): SetupStage {
  const tris = cfg.tvp ? 2 : 1;
  const incremental = cfg.edge === 'incremental';
  const setup = m.instance('setup', EdgeSetup, incremental ? { tvp: cfg.tvp, b: cfg.b, origin: true, ...(cfg.jitterBits !== undefined && { jitterBits: cfg.jitterBits }) } : { tvp: cfg.tvp, b: cfg.b });
  setup.v.forEach((p, i) => {
    p.x.drive(r1[`lx${i}`]!);
    p.y.drive(r1[`ly${i}`]!);
  });
  if (incremental && cfg.jitterBits !== undefined) {
    setup.jx!.drive(jitter!.jx);
    setup.jy!.drive(jitter!.jy);
  }
  const edges = edgesOf(cfg.tvp);
  const cull = m.instance('cull', Cull, { tvp: cfg.tvp, b: cfg.b, from: incremental ? 'start' : 'deltas' });
  // A config without the port on either side fails here, naming it.
  m.connect({ e0: cull.e0, deltas: cull.deltas }, incremental ? { e0: setup.edges.map((e) => e.e0!), deltas: undefined } : { e0: undefined, deltas: setup.edges.map(({ dx, dy }) => ({ dx, dy })) });
  if (cfg.tvp) cull.pair!.drive(r1['pair']!);
  const front0 = cull.tris[0]!.front;
  const front1 = cull.tris[1]?.front ?? null;
  // Facing is only defined when the box fits: a box that does not is kept,
  // to be flagged, never culled on a meaningless sign.
  const keep = (front1 === null ? front0 : front0.or(front1)).or(r1['oor'] as UInt).named('keep2');

  const s2: Sigs = { front0 };
  if (front1 !== null) s2['front1'] = front1;
  setup.edges.forEach((p, i) => Object.assign(s2, { [`${edges[i]!.name}_dx`]: p.dx, [`${edges[i]!.name}_dy`]: p.dy, [`${edges[i]!.name}_bias`]: p.bias }));
  const dBits = localWidths(cfg.b).area;
  let ready: UInt = m.lit(1, uint(1));
  const arch = cfg.recip === 'iterative' ? null : cfg.recip === 'unrolled' ? 'restoring' : cfg.recip;
  const fresh = arch === null ? m.reg('s1_fresh', uint(1), { init: 0 }) : null;
  for (let t = 0; t < tris; t++) {
    if (fresh === null) {
      const recip = m.instance(`recip${t}`, Reciprocal, { dBits, arch: arch ?? 'restoring' });
      recip.d.drive(cull.tris[t]!.area);
      Object.assign(s2, { [`n${t}`]: recip.n, [`len${t}`]: recip.len });
    } else {
      const recip = m.instance(`recip${t}`, ReciprocalIter, { dBits });
      // Not started for an MP the cull drops: it leaves R1 at once.
      recip.start.drive(fresh.and(keep));
      recip.d.drive(cull.tris[t]!.area);
      Object.assign(s2, { [`n${t}`]: recip.n, [`len${t}`]: recip.len });
      ready = ready.and(recip.done);
    }
  }
  if (fresh !== null) {
    fresh.drive(taken1);
    ready = mux(fresh, m.lit(0, uint(1)), ready).named('recip_ready');
  }
  return { setup, s2, keep, ready };
}
