// Exact integer overlap tests in 1/256-pixel units (products stay below
// 2^53): does a triangle's interior meet a box (empty quad fragments), and
// does a triangle edge cross a pixel (the PMU's per-pixel outer edges).
// Written without allocating: the rasterizer calls them per quad and pixel.
import type { Point } from '../../../units/raster-common/edge.js';

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** E_{a->c}(p), the edge function (edge.ts), for p = (x, y). */
function edgeAt(a: Point, c: Point, x: number, y: number): number {
  return (c.x - a.x) * (y - a.y) - (c.y - a.y) * (x - a.x);
}

/** All four corners of the box on the outer side (E <= 0) of a -> c. */
function boxOutside(a: Point, c: Point, b: Box): boolean {
  return edgeAt(a, c, b.x0, b.y0) <= 0 && edgeAt(a, c, b.x1, b.y0) <= 0 && edgeAt(a, c, b.x0, b.y1) <= 0 && edgeAt(a, c, b.x1, b.y1) <= 0;
}

/**
 * True when the open interior of a clockwise (front-facing, E > 0 inside)
 * triangle meets the open box: the separating-axis test on the box's axes
 * and the three edge normals. Touching along a border is not overlap.
 */
export function triangleOverlapsBox(t: readonly [Point, Point, Point], b: Box): boolean {
  const [p, q, r] = t;
  if (Math.max(p.x, q.x, r.x) <= b.x0 || Math.min(p.x, q.x, r.x) >= b.x1) return false;
  if (Math.max(p.y, q.y, r.y) <= b.y0 || Math.min(p.y, q.y, r.y) >= b.y1) return false;
  return !boxOutside(p, q, b) && !boxOutside(q, r, b) && !boxOutside(r, p, b);
}

/** True when the closed segment a-c meets the closed box. */
export function segmentMeetsBox(a: Point, c: Point, b: Box): boolean {
  if (Math.max(a.x, c.x) < b.x0 || Math.min(a.x, c.x) > b.x1) return false;
  if (Math.max(a.y, c.y) < b.y0 || Math.min(a.y, c.y) > b.y1) return false;
  const s0 = Math.sign(edgeAt(a, c, b.x0, b.y0));
  const s1 = Math.sign(edgeAt(a, c, b.x1, b.y0));
  const s2 = Math.sign(edgeAt(a, c, b.x0, b.y1));
  const s3 = Math.sign(edgeAt(a, c, b.x1, b.y1));
  return !((s0 > 0 && s1 > 0 && s2 > 0 && s3 > 0) || (s0 < 0 && s1 < 0 && s2 < 0 && s3 < 0));
}
