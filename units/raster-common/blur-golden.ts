// Golden model of the blur front end and of blur coverage, written straight
// from the formulas in blur.md with exact integer arithmetic (BigInt where a
// product may pass 2^53), by a different route from the DSL units: time as
// the two-product blend x0 (1 - t) + x1 t, the radius as an exact rational
// floor, tiles enumerated from the positioned MP's extremes.
import {
  BLUR_TUPLES,
  LENS_UV_FRAC_BITS,
  RADIUS_MAX,
  RADIUS_QUOT_BITS,
  TILE,
  TIME_ONE,
  type BlurJitter,
  type BlurMode,
  usesLens,
  usesTime,
} from './blur-formats.js';
import type { BlurHit, BlurMP, Lens } from './blur-mp.js';
import { blurSamplePos, blurTuple } from './blur-samples.js';
import { covers, edgeValues, signedArea2 } from './edge.js';
import { COORD_MAX, SUBPIXEL_BITS } from './formats.js';
import { interpolateDepth } from './depth.js';
import type { TriVerts, Vertex } from './mp.js';
import { InternalError } from '../../hdl/errors.js';

/** Position at time t (0.12 raw): round-half-up of x0 (1 - t) + x1 t on the 1/256 grid. */
export function timeBlend(x0: number, x1: number, t: number): number {
  const num = x0 * (TIME_ONE - t) + x1 * t + TIME_ONE / 2; // < 2^35: exact in a double
  return Math.floor(num / TIME_ONE);
}

/** Signed defocus radius (1/256 px) of depth z: A (1 - F / z), with A F / z floored and saturated. */
export function defocusRadius(z: number, lens: Lens): number {
  const qMax = 2n ** BigInt(RADIUS_QUOT_BITS) - 1n;
  const q = z === 0 ? qMax : (() => {
    const exact = (BigInt(lens.a) * BigInt(lens.f)) / BigInt(z);
    return exact > qMax ? qMax : exact;
  })();
  const r = lens.a - Number(q);
  return Math.max(-RADIUS_MAX, Math.min(RADIUS_MAX, r));
}

/** x + u r, u in 1.10: the offset rounded half up to 1/256, the result clamped to the screen. */
export function lensShift(x: number, u: number, r: number): number {
  const off = Math.floor((u * r + 2 ** (LENS_UV_FRAC_BITS - 1)) / 2 ** LENS_UV_FRAC_BITS);
  return Math.max(0, Math.min(COORD_MAX, x + off));
}

/** Where the MP's vertices are for tuple i, in mode `mode` (z unchanged). */
export function positionMP(mp: BlurMP, tuple: number, mode: BlurMode, lens: Lens): Vertex[] {
  const tp = blurTuple(tuple);
  return mp.v.map((p) => {
    let x = p.x;
    let y = p.y;
    if (usesTime(mode)) {
      x = timeBlend(p.x, p.x1, tp.t);
      y = timeBlend(p.y, p.y1, tp.t);
    }
    if (usesLens(mode)) {
      const r = defocusRadius(p.z, lens);
      x = lensShift(x, tp.u, r);
      y = lensShift(y, tp.v, r);
    }
    return { x, y, z: p.z };
  });
}

function trianglesOfPositioned(kind: 'single' | 'pair', v: readonly Vertex[]): TriVerts[] {
  const [v0, v1, v2, v3] = v;
  if (v0 === undefined || v1 === undefined || v2 === undefined) throw new InternalError('positioned MP needs 3 vertices');
  if (kind === 'single') return [[v0, v1, v2]];
  if (v3 === undefined) throw new InternalError('positioned pair needs 4 vertices');
  return [
    [v0, v1, v2],
    [v2, v1, v3],
  ];
}

export interface BlurTupleResult {
  /** Box (in stamps of k x k tiles) too big for STP b: flagged, not computed. */
  readonly outOfRange: boolean;
  readonly hits: BlurHit[];
  /** Stamps the iterator walks for this tuple (0 if culled; 1 if out of range). */
  readonly stamps: number;
}

export interface BlurGoldenConfig {
  readonly mode: BlurMode;
  /** Stamp side k in tiles. */
  readonly k: 1 | 2 | 4;
  /** STP integer bits. */
  readonly b: number;
  /** Where a tuple samples in each tile (blur-formats.ts). */
  readonly jitter: BlurJitter;
}

/** Coverage of one positioned MP (tuple i), under the fill rule, at the tile samples of tuple i. */
export function blurTupleCoverage(mp: BlurMP, tuple: number, cfg: BlurGoldenConfig, lens: Lens): BlurTupleResult {
  const pos = positionMP(mp, tuple, cfg.mode, lens);
  const tris = trianglesOfPositioned(mp.kind, pos);
  const front = tris.map((t) => signedArea2(t) > 0);
  const used = mp.kind === 'pair' ? pos : pos.slice(0, 3);
  // Stamp-aligned tile box: whole stamps of k tiles from the extreme vertices.
  const stampOf = (c: number): number => Math.floor(c / (TILE * cfg.k));
  const sx0 = stampOf(Math.min(...used.map((p) => p.x)));
  const sx1 = stampOf(Math.max(...used.map((p) => p.x)));
  const sy0 = stampOf(Math.min(...used.map((p) => p.y)));
  const sy1 = stampOf(Math.max(...used.map((p) => p.y)));
  const limit = 2 ** (cfg.b + SUBPIXEL_BITS);
  // Out of range whatever the facing: the hardware's cull is exact only for
  // boxes that fit, so it flags a large MP before knowing which way it faces.
  if ((sx1 - sx0 + 1) * TILE * cfg.k > limit || (sy1 - sy0 + 1) * TILE * cfg.k > limit) return { outOfRange: true, hits: [], stamps: 1 };
  if (!front.some((f) => f)) return { outOfRange: false, hits: [], stamps: 0 };
  const hits: BlurHit[] = [];
  for (let ty = sy0 * cfg.k; ty < (sy1 + 1) * cfg.k; ty++) {
    for (let tx = sx0 * cfg.k; tx < (sx1 + 1) * cfg.k; tx++) {
      const s = blurSamplePos(tx, ty, tuple, cfg.jitter);
      const p = { x: s.sx, y: s.sy };
      tris.forEach((t, tri) => {
        if (!front[tri] || !covers(t, p)) return;
        const d = edgeValues(t, p);
        hits.push({ tri: tri as 0 | 1, tuple, tx, ty, sx: s.sx, sy: s.sy, z: interpolateDepth(d, [t[0].z, t[1].z, t[2].z]) });
      });
    }
  }
  return { outOfRange: false, hits, stamps: (sx1 - sx0 + 1) * (sy1 - sy0 + 1) };
}

/** All 64 tuples of an MP. */
export function blurCoverage(mp: BlurMP, cfg: BlurGoldenConfig, lens: Lens): BlurTupleResult[] {
  return Array.from({ length: BLUR_TUPLES }, (_, i) => blurTupleCoverage(mp, i, cfg, lens));
}
