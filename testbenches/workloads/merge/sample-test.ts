// Coverage and the early depth test of one sample, as the merge rasterizer
// and the sort study's tile renderer both need them: raster-common's exact
// edge functions and top-left rule (conventions.md), and a LESS depth test
// on raster-common's exact 0.24 depth (depth.ts), buffer cleared to far, so
// a later triangle takes a sample only if strictly nearer.
//
// The exact depth is a BigInt computation; it is only needed to settle close
// calls. The golden depth z is within 1 LSB of the barycentric z* = N / D
// (conventions.md), which a double gives to far better than 1 LSB, so when
// two candidates' z* differ by more than 2 the exact comparison has the same
// outcome; closer calls are settled with interpolateDepth itself.
import { interpolateDepth } from '../../../units/raster-common/depth.js';
import { isTopLeftEdge, passesEdge, signedArea2 } from '../../../units/raster-common/edge.js';
import type { TriVerts } from '../../../units/raster-common/mp.js';

/** A front-facing triangle ready for sample tests. */
export interface TriSetup {
  readonly t: TriVerts;
  /** signedArea2 > 0. */
  readonly D: number;
  readonly tl: readonly [boolean, boolean, boolean];
}

/** The setup of a triangle, or null when it is back-facing or degenerate (it covers nothing). */
export function setupTriangle(t: TriVerts): TriSetup | null {
  const D = signedArea2(t);
  if (D <= 0) return null;
  return { t, D, tl: [isTopLeftEdge(t[1], t[2]), isTopLeftEdge(t[2], t[0]), isTopLeftEdge(t[0], t[1])] };
}

/** Edge values d0 = E(v1->v2), d1 = E(v2->v0), d2 = E(v0->v1) at (x, y), into out; true when the sample is covered. */
export function sampleEdges(s: TriSetup, x: number, y: number, out: Float64Array): boolean {
  const [v0, v1, v2] = s.t;
  const d0 = (v2.x - v1.x) * (y - v1.y) - (v2.y - v1.y) * (x - v1.x);
  if (!passesEdge(d0, s.tl[0])) return false;
  const d1 = (v0.x - v2.x) * (y - v2.y) - (v0.y - v2.y) * (x - v2.x);
  if (!passesEdge(d1, s.tl[1])) return false;
  const d2 = (v1.x - v0.x) * (y - v0.y) - (v1.y - v0.y) * (x - v0.x);
  if (!passesEdge(d2, s.tl[2])) return false;
  out[0] = d0;
  out[1] = d1;
  out[2] = d2;
  return true;
}

/** True when the triangle owns the point under the top-left rule. */
export function coversPoint(s: TriSetup, x: number, y: number): boolean {
  return sampleEdges(s, x, y, SCRATCH);
}

const SCRATCH = new Float64Array(3);

/** The barycentric depth estimate N / D from a covered sample's edge values. */
export function depthEstimate(s: TriSetup, d: Float64Array): number {
  return (d[0]! * s.t[0].z + d[1]! * s.t[1].z + d[2]! * s.t[2].z) / s.D;
}

/** The exact 0.24 depth of the triangle at (x, y) (a covered sample). */
export function exactDepth(s: TriSetup, x: number, y: number): number {
  const [v0, v1, v2] = s.t;
  const d0 = (v2.x - v1.x) * (y - v1.y) - (v2.y - v1.y) * (x - v1.x);
  const d1 = (v0.x - v2.x) * (y - v2.y) - (v0.y - v2.y) * (x - v2.x);
  const d2 = (v1.x - v0.x) * (y - v0.y) - (v1.y - v0.y) * (x - v0.x);
  return interpolateDepth([d0, d1, d2], [v0.z, v1.z, v2.z]);
}

/**
 * A depth buffer over a pixel rectangle at `spp` samples per pixel: per
 * sample the owner (a caller's triangle number, -1 = cleared to far) and
 * its estimated depth; exact depths are computed on demand and kept (NaN:
 * not computed yet).
 */
export class DepthBuffer {
  readonly owner: Int32Array;
  private readonly zEst: Float64Array;
  private readonly zExact: Float64Array;
  /** Depth comparisons that needed the exact depth. */
  exactCompares = 0;

  constructor(
    readonly x0: number,
    readonly y0: number,
    readonly width: number,
    readonly height: number,
    readonly spp: number,
    private readonly setupOf: (owner: number) => TriSetup,
  ) {
    const n = width * height * spp;
    this.owner = new Int32Array(n).fill(-1);
    this.zEst = new Float64Array(n);
    this.zExact = new Float64Array(n).fill(NaN);
  }

  /** Index of sample s of pixel (px, py) (inside the rectangle). */
  at(px: number, py: number, s: number): number {
    return ((py - this.y0) * this.width + (px - this.x0)) * this.spp + s;
  }

  /**
   * The LESS test for triangle `id` (setup `s`) at sample index `at`,
   * position (x, y), estimated depth z: on a pass the sample is the
   * triangle's and the test returns the exact-or-estimated depth stored.
   */
  test(at: number, id: number, s: TriSetup, x: number, y: number, z: number): boolean {
    const cur = this.owner[at]!;
    let exactNew = NaN;
    if (cur >= 0) {
      const zc = this.zEst[at]!;
      if (z > zc + 2) return false;
      if (!(z < zc - 2)) {
        this.exactCompares++;
        exactNew = exactDepth(s, x, y);
        if (!(exactNew < this.depthAt(at, x, y))) return false;
      }
    }
    this.owner[at] = id;
    this.zEst[at] = z;
    this.zExact[at] = exactNew;
    return true;
  }

  /** The exact depth of the sample's current owner at (x, y). */
  depthAt(at: number, x: number, y: number): number {
    let e = this.zExact[at]!;
    if (Number.isNaN(e)) this.zExact[at] = e = exactDepth(this.setupOf(this.owner[at]!), x, y);
    return e;
  }
}
