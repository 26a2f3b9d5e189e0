// Back-face cull: twice the signed area of each triangle of an MP, A2 > 0 is
// front-facing (clockwise with y down); zero-area and back-facing triangles
// cover nothing. Pairs: triangle 0 = (v0, v1, v2), triangle 1 = (v2, v1, v3),
// each culled on its own; a lone triangle in pair mode (pair = 0) has no
// triangle 1. The area doubles as D = d0 + d1 + d2 for depth interpolation,
// so it is an output too.
//
// Built from what the edge setup already computes (bbox/edge-setup.ts), so
// the cull has no subtractors and, in the study's form, no multiplier:
// - from: 'start' (edge=incremental): the three edge values a triangle's
//   edges take at one point p, the setup's start values E(p). For any p,
//   E_{v1 v2}(p) + E_{v2 v0}(p) + E_{v0 v1}(p) = A2 (the barycentric
//   identity d0 + d1 + d2 = D of conventions.md), so A2 is two additions.
//   Triangle 1 walks the shared edge the other way: A2_1 = -E12 + E13 + E32.
// - from: 'deltas' (edge=multiply, whose setup computes no start value):
//   A2 = E_{v0 v1}(v2) = dy01 dx20 - dx01 dy20 from the setup's edge deltas
//   (x2 - x0 = -dx20), and A2_1 = dx12 dy32 - dy12 dx32: two multiplies per
//   triangle, as a cull of its own would need, but no subtractors.
//
// Width. The setup works on bbox-local coordinates and is exact for every MP
// whose stamp-aligned box fits STP b, the MPs the pipeline walks; anything
// else is flagged out of range whatever this unit says, and its area is
// never used. For a box that fits, every E and A2 lies in [-M^2, M^2],
// M = 2^(b+8) - 1 (raster-common/local-widths.ts), so sums and products
// wrapped to the edge width 2b+17 are exact, and D is A2's low 2b+16 bits.
import { defineModule, sfixed, sint, uint, type Fixed, type SInt, type UInt } from '../../hdl/index.js';
import { SUBPIXEL_BITS } from '../raster-common/formats.js';
import { localWidths } from '../raster-common/local-widths.js';
import { edgesOf } from '../bbox/edges.js';

export interface CullConfig {
  readonly tvp: boolean;
  /** STP integer bits b: the cull is exact for every MP whose box fits 2^b pixels a side. */
  readonly b: number;
  /** Its inputs: the setup's start values (edge=incremental) or edge deltas (edge=multiply). */
  readonly from: 'start' | 'deltas';
}

/** Width of the cull's area output (D): unsigned 2b+16. */
export function cullAreaBits(b: number): number {
  return localWidths(b).area;
}

/** The cull's ports: per edge (edgesOf order) its start value (from
 *  'start') or its deltas (from 'deltas'); pair with TVP; per triangle its
 *  facing and area. */
export type CullPorts = {
  readonly e0?: readonly SInt[];
  readonly deltas?: readonly { readonly dx: Fixed; readonly dy: Fixed }[];
  readonly pair?: UInt;
  readonly tris: readonly { readonly front: UInt; readonly area: UInt }[];
};

export const Cull = defineModule('Cull', (m, cfg: CullConfig): CullPorts => {
  const w = localWidths(cfg.b);
  const edges = edgesOf(cfg.tvp);
  const start = new Map<string, SInt>();
  const delta = new Map<string, { dx: SInt; dy: SInt }>();
  const e0In: SInt[] = [];
  const deltaIn: { dx: Fixed; dy: Fixed }[] = [];
  for (const e of edges) {
    if (cfg.from === 'start') {
      const v = m.input(`${e.name}_e0`, sint(w.edge));
      e0In.push(v);
      start.set(e.name, v);
    } else {
      const t = sfixed(w.delta - SUBPIXEL_BITS, SUBPIXEL_BITS);
      const dx = m.input(`${e.name}_dx`, t);
      const dy = m.input(`${e.name}_dy`, t);
      deltaIn.push({ dx, dy });
      delta.set(e.name, { dx: dx.asSInt(), dy: dy.asSInt() });
    }
  }
  const pair = cfg.tvp ? m.input('pair', uint(1)) : null;

  const e0 = (name: string): SInt => start.get(name)!;
  const d = (name: string): { dx: SInt; dy: SInt } => delta.get(name)!;
  /** a b - c d, each product and the difference wrapped to the edge width. */
  const cross = (a: SInt, b: SInt, c: SInt, dd: SInt): SInt => a.mul(b).trunc(w.edge).subWrap(c.mul(dd).trunc(w.edge));
  const areas: SInt[] =
    cfg.from === 'start'
      ? [e0('e12').addWrap(e0('e20')).addWrap(e0('e01'))]
      : [cross(d('e01').dy, d('e20').dx, d('e01').dx, d('e20').dy)];
  if (cfg.tvp) areas.push(cfg.from === 'start' ? e0('e13').addWrap(e0('e32')).subWrap(e0('e12')) : cross(d('e12').dx, d('e32').dy, d('e12').dy, d('e32').dx));

  /** A2 > 0: sign bit clear and not zero (a zero detect, no comparator). */
  const isPositive = (a2: SInt): UInt => a2.isNeg().not().and(a2.orR());
  const tris = areas.map((raw, t) => {
    const a2 = raw.named(`a2_${t}`);
    const front = m.output(`front${t}`, uint(1));
    const area = m.output(`area${t}`, uint(w.area));
    front.drive(t === 1 && pair !== null ? pair.and(isPositive(a2)) : isPositive(a2));
    // The low 2b+16 bits are D whenever the triangle is front-facing.
    area.drive(a2.bits(w.area - 1, 0));
    return { front, area };
  });
  return { ...(cfg.from === 'start' ? { e0: e0In } : { deltas: deltaIn }), ...(pair !== null && { pair }), tris };
});
