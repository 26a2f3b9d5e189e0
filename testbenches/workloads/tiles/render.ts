// The frame the sort back end works on: every triangle of a scene, in
// submission order, rasterized with raster-common's exact coverage (edge
// functions and the top-left rule, conventions.md) and its exact 0.24 depth
// (depth.ts), with a LESS depth test: a later triangle takes a sample only
// if strictly nearer, so equal depths keep the earlier primitive. Per
// sample the frame keeps the visible primitive id (-1: background).
//
// Depth is compared exactly without a BigInt per sample: the golden depth z
// is within 1 LSB of the barycentric z* = N / D (conventions.md), which a
// double gives to far better than 1 LSB, so when two candidates' z* differ by
// more than 2 the exact comparison has the same outcome; closer calls are
// settled with interpolateDepth itself.
import { interpolateDepth } from '../../../units/raster-common/depth.js';
import { edgeFunction, isTopLeftEdge, passesEdge, signedArea2 } from '../../../units/raster-common/edge.js';
import { SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { TriVerts } from '../../../units/raster-common/mp.js';
import { sampleOffsets, type TileSpp } from './samples.js';

export interface Frame {
  readonly width: number;
  readonly height: number;
  readonly spp: TileSpp;
  /** Visible primitive id per sample, index (py * width + px) * spp + s; -1 = none. */
  readonly pid: Int32Array;
  /** Depth comparisons that needed the exact BigInt depth. */
  readonly exactCompares: number;
}

export function renderFrame(tris: readonly TriVerts[], width: number, height: number, spp: TileSpp): Frame {
  const offs = sampleOffsets(spp);
  const n = width * height * spp;
  const pid = new Int32Array(n).fill(-1);
  const zEst = new Float64Array(n);
  const zExact = new Float64Array(n).fill(NaN);
  let exactCompares = 0;
  const exactDepth = (t: TriVerts, x: number, y: number): number =>
    interpolateDepth([edgeFunction(t[1], t[2], { x, y }), edgeFunction(t[2], t[0], { x, y }), edgeFunction(t[0], t[1], { x, y })], [t[0].z, t[1].z, t[2].z]);
  for (let id = 0; id < tris.length; id++) {
    const t = tris[id]!;
    const D = signedArea2(t);
    if (D <= 0) continue; // back-facing or degenerate: covers nothing
    const [v0, v1, v2] = t;
    const tl0 = isTopLeftEdge(v1, v2);
    const tl1 = isTopLeftEdge(v2, v0);
    const tl2 = isTopLeftEdge(v0, v1);
    const px0 = Math.max(0, Math.floor(Math.min(v0.x, v1.x, v2.x) / SUBPIXEL));
    const px1 = Math.min(width - 1, Math.floor(Math.max(v0.x, v1.x, v2.x) / SUBPIXEL));
    const py0 = Math.max(0, Math.floor(Math.min(v0.y, v1.y, v2.y) / SUBPIXEL));
    const py1 = Math.min(height - 1, Math.floor(Math.max(v0.y, v1.y, v2.y) / SUBPIXEL));
    for (let py = py0; py <= py1; py++) {
      for (let px = px0; px <= px1; px++) {
        const base = (py * width + px) * spp;
        for (let s = 0; s < spp; s++) {
          const o = offs[s]!;
          const p = { x: px * SUBPIXEL + o.dx, y: py * SUBPIXEL + o.dy };
          const d0 = edgeFunction(v1, v2, p);
          if (!passesEdge(d0, tl0)) continue;
          const d1 = edgeFunction(v2, v0, p);
          if (!passesEdge(d1, tl1)) continue;
          const d2 = edgeFunction(v0, v1, p);
          if (!passesEdge(d2, tl2)) continue;
          const z = (d0 * v0.z + d1 * v1.z + d2 * v2.z) / D;
          const at = base + s;
          const cur = pid[at]!;
          let exactNew = NaN;
          if (cur >= 0) {
            const zc = zEst[at]!;
            let nearer: boolean;
            if (z < zc - 2) nearer = true;
            else if (z > zc + 2) nearer = false;
            else {
              exactCompares++;
              let ec = zExact[at]!;
              if (Number.isNaN(ec)) zExact[at] = ec = exactDepth(tris[cur]!, p.x, p.y);
              exactNew = exactDepth(t, p.x, p.y);
              nearer = exactNew < ec;
            }
            if (!nearer) continue;
          }
          pid[at] = id;
          zEst[at] = z;
          zExact[at] = exactNew;
        }
      }
    }
  }
  return { width, height, spp, pid, exactCompares };
}
