// The quad fragment that flows from the rasterizer (after early depth test)
// into the merge units, in the golden models' form. A quad is the 2 x 2-pixel
// block (qx, qy) = (px >> 1, py >> 1); pixel p of the quad is
// (dy * 2 + dx), so p ^ 1 is its horizontal neighbour, p ^ 2 its vertical
// and p ^ 3 its diagonal one.
import type { MergeMsaa } from './samples.js';

export const QUAD_PIXELS = 4;

/** A directed edge of a triangle, as the draw's vertex ids (a -> b in winding order). */
export type Edge = readonly [number, number];

export interface QuadFrag {
  /** Grid (patch, QFM's flush unit) the triangle belongs to, counted over the scene, and its index in that grid (0..511). */
  readonly grid: number;
  readonly tri: number;
  /** Draw call (the PMU's flush unit) the triangle belongs to, and its primitive id in that draw (submission order). */
  readonly draw: number;
  readonly prim: number;
  readonly qx: number;
  readonly qy: number;
  /** true for a back-facing triangle (two-sided rendering); the key includes it. */
  readonly back: boolean;
  /** Per-pixel sample coverage, bit s = sample s (after the depth test). */
  readonly cov: readonly number[];
  /** Per-pixel: the triangle covers the pixel centre (and the pixel has covered samples). */
  readonly centre: readonly boolean[];
  /** Per-sample 0.24 depth, index p * msaa + s; 0 where the sample is not covered. */
  readonly depth: readonly number[];
  /** Triangles of the grid sharing an edge with `tri` (grid-local indices). */
  readonly adj: readonly number[];
  /** Per-pixel outer edges of the fragment (edges of the triangle crossing the pixel, as the draw's vertex ids); empty where uncovered. */
  readonly edges: readonly (readonly Edge[])[];
}

export function fullPixelMask(msaa: MergeMsaa): number {
  return (1 << msaa) - 1;
}

export function isEmptyQuad(q: { readonly cov: readonly number[] }): boolean {
  return q.cov.every((c) => c === 0);
}

export function isFullQuad(q: { readonly cov: readonly number[] }, msaa: MergeMsaa): boolean {
  const full = fullPixelMask(msaa);
  return q.cov.every((c) => c === full);
}

/** A pixel with some but not all of its samples covered. */
export function isPartialPixel(c: number, msaa: MergeMsaa): boolean {
  return c !== 0 && c !== fullPixelMask(msaa);
}

export function hasPartialPixel(q: { readonly cov: readonly number[] }, msaa: MergeMsaa): boolean {
  return q.cov.some((c) => isPartialPixel(c, msaa));
}

export function popcount(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v !== 0; v &= v - 1) n++;
  return n;
}

/** What the shader receives for one merged quad: coverage and, per pixel, whose inputs it uses. */
export interface ShadedQuad {
  /** The flush unit the quad's fragments came from: the grid (QFM) or the draw (PMU); `src` and `tris` are triangle ids in it. */
  readonly scope: number;
  readonly qx: number;
  readonly qy: number;
  readonly back: boolean;
  readonly cov: readonly number[];
  readonly depth: readonly number[];
  /** Per pixel: the source triangle whose shading inputs the pixel uses (helper pixels copy a neighbour). */
  readonly src: readonly number[];
  /** Source triangles merged into this quad. */
  readonly tris: readonly number[];
}
