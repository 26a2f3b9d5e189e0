// An independent reference for testing the golden model, reached by another
// route: BigInt orientation tests of a perturbed sample point instead of
// top-left edge flags, "same side as the opposite vertex" instead of a winding
// convention for insideness, shoelace sums for facing, and a scan of every
// sample in a window around the triangle. Test-only; never used by units.

import { type Msaa, SUBPIXEL } from '../raster-common/formats.js';
import type { TriVerts } from '../raster-common/mp.js';
import { SAMPLE_OFFSETS } from '../raster-common/samples.js';

export interface RefSample {
  readonly px: number;
  readonly py: number;
  readonly s: number;
  readonly sx: number;
  readonly sy: number;
}

/**
 * The fill rule as a perturbation: a sample on an edge counts as inside iff
 * p + (eps, eps^2) is strictly inside. With 14.8 inputs eps = 2^-25 is small
 * enough; coordinates are scaled by 2^50 to keep everything integral.
 */
const SCALE = 1n << 50n;
const EPS = 1n << 25n; // eps * SCALE
const EPS2 = 1n; // eps^2 * SCALE

interface BigPoint {
  readonly x: bigint;
  readonly y: bigint;
}

function orient(a: BigPoint, b: BigPoint, c: BigPoint): bigint {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

function sign(x: bigint): -1 | 0 | 1 {
  return x > 0n ? 1 : x < 0n ? -1 : 0;
}

/** Twice the shoelace area with y down: positive means clockwise on screen. */
export function shoelace2(t: readonly { x: number; y: number }[]): bigint {
  let sum = 0n;
  for (let i = 0; i < t.length; i++) {
    const a = t[i]!;
    const b = t[(i + 1) % t.length]!;
    sum += BigInt(a.x) * BigInt(b.y) - BigInt(b.x) * BigInt(a.y);
  }
  return sum;
}

/** The perturbed sample point, scaled by 2^50. */
export function perturbed(sx: number, sy: number): BigPoint {
  return { x: BigInt(sx) * SCALE + EPS, y: BigInt(sy) * SCALE + EPS2 };
}

function scaled(v: { x: number; y: number }): BigPoint {
  return { x: BigInt(v.x) * SCALE, y: BigInt(v.y) * SCALE };
}

/** Is the perturbed sample strictly inside the (front-facing) triangle? */
export function refCovers(t: TriVerts, sx: number, sy: number): boolean {
  if (shoelace2(t) <= 0n) return false;
  const p = perturbed(sx, sy);
  const v = t.map(scaled);
  for (let i = 0; i < 3; i++) {
    const a = v[i]!;
    const b = v[(i + 1) % 3]!;
    const c = v[(i + 2) % 3]!;
    // Strictly on the same side of line ab as the opposite vertex c.
    if (sign(orient(a, b, p)) !== sign(orient(a, b, c))) return false;
  }
  return true;
}

/** Every sample of the pixels in [px0, px1] x [py0, py1]. */
export function samplesInWindow(msaa: Msaa, px0: number, py0: number, px1: number, py1: number): RefSample[] {
  const out: RefSample[] = [];
  for (let py = Math.max(0, py0); py <= py1; py++) {
    for (let px = Math.max(0, px0); px <= px1; px++) {
      SAMPLE_OFFSETS[msaa].forEach((o, s) => out.push({ px, py, s, sx: px * SUBPIXEL + o.dx, sy: py * SUBPIXEL + o.dy }));
    }
  }
  return out;
}

/** Pixel window around the vertices, one pixel wider on each side. */
export function windowAround(verts: readonly { x: number; y: number }[]): [number, number, number, number] {
  const xs = verts.map((v) => Math.floor(v.x / SUBPIXEL));
  const ys = verts.map((v) => Math.floor(v.y / SUBPIXEL));
  return [Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1];
}

/** Covered samples of a triangle, by scanning the window around it. */
export function refCoverage(t: TriVerts, msaa: Msaa): RefSample[] {
  const [x0, y0, x1, y1] = windowAround(t);
  return samplesInWindow(msaa, x0, y0, x1, y1).filter((p) => refCovers(t, p.sx, p.sy));
}

/**
 * Exact barycentric depth numerator and denominator at a sample: z* = num / den,
 * from sub-triangle areas (shoelace) rather than edge functions.
 */
export function exactDepth(t: TriVerts, sx: number, sy: number): { num: bigint; den: bigint } {
  const p = { x: sx, y: sy };
  const [a, b, c] = t;
  const wa = shoelace2([p, b, c]);
  const wb = shoelace2([a, p, c]);
  const wc = shoelace2([a, b, p]);
  return { num: wa * BigInt(a.z) + wb * BigInt(b.z) + wc * BigInt(c.z), den: shoelace2(t) };
}

/** Is the perturbed sample inside a polygon given by its boundary segments (even-odd rule)? */
export function insideOutline(segments: readonly (readonly [{ x: number; y: number }, { x: number; y: number }])[], sx: number, sy: number): boolean {
  const p = perturbed(sx, sy);
  let crossings = 0;
  for (const [a0, b0] of segments) {
    const a = scaled(a0);
    const b = scaled(b0);
    if (a.y > p.y === b.y > p.y) continue; // no straddle (p.y is never a vertex's y)
    // x of the crossing > p.x  <=>  orient(lower, upper, p) has the sign that puts p left of the segment.
    const [lo, hi] = a.y < b.y ? [a, b] : [b, a];
    if (orient(lo, hi, p) > 0n) crossings++;
  }
  return crossings % 2 === 1;
}
