// Per-MP edge setup, done once before the walk: each edge's deltas in local
// coordinates (signed b+9, exact: raster-common/local-widths.ts; the sample
// test's multiplier operands) and its
// top-left fill-rule bias. The bias turns "E > 0, or E = 0 on a top or left
// edge" into one sign test, E - bias >= 0, so the per-sample logic never
// looks at edge directions.
import { defineModule, sfixed, sint, ufixed, uint, type Fixed, type SInt, type UInt } from '../../hdl/index.js';
import type { EdgeDeltas, LocalVertex } from '../raster-common/edge-ports.js';
import { SUBPIXEL_BITS } from '../raster-common/formats.js';
import { localWidths } from '../raster-common/local-widths.js';
import { edgesOf } from './edges.js';
import { ParamError } from '../../hdl/errors.js';

export interface EdgeSetupConfig {
  readonly tvp: boolean;
  /** STP integer bits b. */
  readonly b: number;
  /** Also output each edge's value at the bbox origin (the incremental sample test's start value). */
  readonly origin?: boolean;
  /** With `origin`: the start value is at the point (jx, jy) of the box
   *  instead (inputs of this many bits, below 2^(b+8): a sample offset that
   *  is the same for the whole MP, e.g. a blur tuple's tile jitter). */
  readonly jitterBits?: number;
}

/** Top-left (conventions.md): a left edge goes up (dy < 0); a top edge is
 *  horizontal going right (dy = 0, dx > 0). Everything else gets bias 1.
 *  Comparisons with zero are a sign bit and a zero detect, not comparators. */
function bias(dx: Fixed, dy: Fixed): UInt {
  const neg = (f: Fixed): UInt => f.asSInt().isNeg();
  const zero = (f: Fixed): UInt => f.asUInt().orR().not();
  const topLeft = neg(dy).or(zero(dy).and(neg(dx).not()).and(zero(dx).not()));
  return topLeft.not();
}

/** One edge of the setup's output: deltas, bias and, with `origin`, its start value E0. */
export type SetupEdge = EdgeDeltas & { readonly e0?: SInt };

/** The edge setup's ports: the local vertices and (with jitterBits) the
 *  start point in, each edge (edgesOf order) out. */
export type EdgeSetupPorts = {
  readonly v: readonly LocalVertex[];
  readonly jx?: UInt;
  readonly jy?: UInt;
  readonly edges: readonly SetupEdge[];
};

export const EdgeSetup = defineModule('EdgeSetup', (m, cfg: EdgeSetupConfig): EdgeSetupPorts => {
  const nv = cfg.tvp ? 4 : 3;
  const local = ufixed(cfg.b, SUBPIXEL_BITS);
  const v = Array.from({ length: nv }, (_, i): LocalVertex => ({ x: m.input(`lx${i}`, local), y: m.input(`ly${i}`, local) }));
  const lx = v.map((p) => p.x);
  const ly = v.map((p) => p.y);
  const widths = localWidths(cfg.b);
  const delta = sfixed(widths.delta - SUBPIXEL_BITS, SUBPIXEL_BITS);
  const jb = cfg.origin === true ? (cfg.jitterBits ?? 0) : 0;
  if (jb > widths.span) throw new ParamError('jitterBits', jb, 'at most b + 8', { message: `EdgeSetup: jitterBits ${jb} must be at most b + 8 = ${widths.span} (the jitter point must lie in the box)` });
  const jx = jb > 0 ? m.input('jx', uint(jb)) : null;
  const jy = jb > 0 ? m.input('jy', uint(jb)) : null;
  const edges = edgesOf(cfg.tvp).map((e): SetupEdge => {
    const dx = lx[e.b]!.sub(lx[e.a]!).named(`${e.name}_dx_v`);
    const dy = ly[e.b]!.sub(ly[e.a]!).named(`${e.name}_dy_v`);
    const pdx = m.output(`${e.name}_dx`, delta);
    const pdy = m.output(`${e.name}_dy`, delta);
    const pb = m.output(`${e.name}_bias`, uint(1));
    pdx.drive(dx);
    pdy.drive(dy);
    pb.drive(bias(dx, dy));
    const deltas = { dx: pdx, dy: pdy, bias: pb };
    if (cfg.origin === true) {
      // E(0, 0) = dy ax - dx ay: the per-MP multiplies of Pineda's form, so
      // the walk only adds. The box origin is a point of the box, so each
      // product and E(0, 0) are at most (2^(b+8) - 1)^2 in magnitude
      // (raster-common/local-widths.ts): products cut to 2b+17 bits and a
      // wrapping subtract there are exact.
      // With a jitter point j: E(j) = dy (ax - jx) - dx (ay - jy); j is a
      // point of the box too, so the same widths are exact (|a - j| <= M).
      const rel = (c: Fixed, j: UInt | null): SInt => (j === null ? c.asUInt().zext(widths.delta).asSInt() : c.asUInt().zext(widths.delta).subWrap(j.zext(widths.delta)).asSInt());
      const ax = rel(lx[e.a]!, jx);
      const ay = rel(ly[e.a]!, jy);
      const e0 = dy.asSInt().mul(ax).trunc(widths.edge).subWrap(dx.asSInt().mul(ay).trunc(widths.edge)).named(`${e.name}_e0_v`);
      const pe = m.output(`${e.name}_e0`, sint(widths.edge));
      pe.drive(e0);
      return { ...deltas, e0: pe };
    }
    return deltas;
  });
  return { v, ...(jx !== null && jy !== null && { jx, jy }), edges };
});
