// Exact integer overlap tests in 1/256-pixel units (products stay below
// 2^53): does a triangle's interior meet a box (empty quad fragments), and
// does a triangle edge cross a pixel (the PMU's per-pixel outer edges).
import { edgeFunction, type Point } from '../../../units/raster-common/edge.js';

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

function corners(b: Box): Point[] {
  return [
    { x: b.x0, y: b.y0 },
    { x: b.x1, y: b.y0 },
    { x: b.x0, y: b.y1 },
    { x: b.x1, y: b.y1 },
  ];
}

/**
 * True when the open interior of a clockwise (front-facing, E > 0 inside)
 * triangle meets the open box: the separating-axis test on the box's axes
 * and the three edge normals. Touching along a border is not overlap.
 */
export function triangleOverlapsBox(t: readonly [Point, Point, Point], b: Box): boolean {
  const xs = t.map((p) => p.x);
  const ys = t.map((p) => p.y);
  if (Math.max(...xs) <= b.x0 || Math.min(...xs) >= b.x1) return false;
  if (Math.max(...ys) <= b.y0 || Math.min(...ys) >= b.y1) return false;
  const cs = corners(b);
  for (let i = 0; i < 3; i++) {
    const a = t[i]!;
    const c = t[(i + 1) % 3]!;
    if (cs.every((p) => edgeFunction(a, c, p) <= 0)) return false;
  }
  return true;
}

/** True when the closed segment a-b meets the closed box. */
export function segmentMeetsBox(a: Point, c: Point, b: Box): boolean {
  if (Math.max(a.x, c.x) < b.x0 || Math.min(a.x, c.x) > b.x1) return false;
  if (Math.max(a.y, c.y) < b.y0 || Math.min(a.y, c.y) > b.y1) return false;
  const e = corners(b).map((p) => Math.sign(edgeFunction(a, c, p)));
  return !(e.every((s) => s > 0) || e.every((s) => s < 0));
}
