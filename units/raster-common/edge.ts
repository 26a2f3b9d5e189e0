// Edge functions, winding and the top-left fill rule, in exact integers.
// Coordinates are 14.8 integers (< 2^22), so every product is < 2^44 and every
// edge value < 2^45 in magnitude: plain JS numbers are exact (< 2^53).
// Screen y grows downward; see conventions.md for the derivations.

import type { TriVerts } from './mp.js';

/** A point in 1/256-pixel units (a sample position or a vertex). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Edge function of the directed edge a->b at p, in 1/256^2 pixel^2 units:
 * E = (bx - ax)(py - ay) - (by - ay)(px - ax). With y down it is positive
 * when p is on the right of a->b as seen on screen, i.e. inside a clockwise
 * triangle.
 */
export function edgeFunction(a: Point, b: Point, p: Point): number {
  return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

/**
 * Twice the signed area of (v0, v1, v2), = E_{v0->v1}(v2): positive for a
 * triangle clockwise on screen (front-facing), negative for counter-clockwise
 * (back-facing), zero for degenerate.
 */
export function signedArea2(t: readonly [Point, Point, Point]): number {
  return edgeFunction(t[0], t[1], t[2]);
}

export type Facing = 'front' | 'back' | 'degenerate';

/** Which way a triangle faces; only 'front' triangles cover samples. */
export function facing(t: readonly [Point, Point, Point]): Facing {
  const a = signedArea2(t);
  return a > 0 ? 'front' : a < 0 ? 'back' : 'degenerate';
}

/**
 * Top-left classification of the directed edge a->b of a clockwise (y-down)
 * triangle: a left edge goes up the screen (dy < 0, interior to its right);
 * a top edge is horizontal going right (dy = 0, dx > 0, interior below it).
 */
export function isTopLeftEdge(a: Point, b: Point): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return dy < 0 || (dy === 0 && dx > 0);
}

/** The fill rule on one edge: strictly inside, or exactly on a top or left edge. */
export function passesEdge(e: number, topLeft: boolean): boolean {
  return e > 0 || (e === 0 && topLeft);
}

/**
 * The three edge values of a sample, each weighting the vertex opposite its
 * edge: d0 = E_{v1->v2}, d1 = E_{v2->v0}, d2 = E_{v0->v1}. For every p,
 * d0 + d1 + d2 = signedArea2(t).
 */
export function edgeValues(t: TriVerts, p: Point): readonly [number, number, number] {
  const [v0, v1, v2] = t;
  return [edgeFunction(v1, v2, p), edgeFunction(v2, v0, p), edgeFunction(v0, v1, p)];
}

/** True if the front-facing triangle t owns the sample at p under the top-left rule. */
export function covers(t: TriVerts, p: Point): boolean {
  if (signedArea2(t) <= 0) return false;
  const [v0, v1, v2] = t;
  const [d0, d1, d2] = edgeValues(t, p);
  return (
    passesEdge(d0, isTopLeftEdge(v1, v2)) &&
    passesEdge(d1, isTopLeftEdge(v2, v0)) &&
    passesEdge(d2, isTopLeftEdge(v0, v1))
  );
}
