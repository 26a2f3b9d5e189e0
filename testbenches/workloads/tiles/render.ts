// The frame the sort back end works on: every triangle of a scene, in
// submission order, rasterized with raster-common's exact coverage (edge
// functions and the top-left rule, conventions.md) and its exact 0.24 depth
// (depth.ts), with a LESS depth test: a later triangle takes a sample only
// if strictly nearer, so equal depths keep the earlier primitive. Per
// sample the frame keeps the visible primitive id (-1: background). The
// sample test and depth buffer are the merge rasterizer's
// (merge/sample-test.ts), over the triangles' bounding rectangle.
import { SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { TriVerts } from '../../../units/raster-common/mp.js';
import { DepthBuffer, depthEstimate, sampleEdges, setupTriangle, type TriSetup } from '../merge/sample-test.js';
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
  const PX = SUBPIXEL;
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (const t of tris) {
    for (const v of t) {
      x0 = Math.min(x0, Math.max(0, Math.floor(v.x / PX)));
      y0 = Math.min(y0, Math.max(0, Math.floor(v.y / PX)));
      x1 = Math.max(x1, Math.min(width, Math.floor(v.x / PX) + 1));
      y1 = Math.max(y1, Math.min(height, Math.floor(v.y / PX) + 1));
    }
  }
  const setups: (TriSetup | null)[] = tris.map(setupTriangle);
  const zbuf = new DepthBuffer(x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0), spp, (id) => setups[id]!);
  const d = new Float64Array(3);
  for (let id = 0; id < tris.length; id++) {
    const s = setups[id]!;
    if (s === null) continue; // back-facing or degenerate: covers nothing
    const [v0, v1, v2] = s.t;
    const px0 = Math.max(x0, Math.floor(Math.min(v0.x, v1.x, v2.x) / PX));
    const px1 = Math.min(x1 - 1, Math.floor(Math.max(v0.x, v1.x, v2.x) / PX));
    const py0 = Math.max(y0, Math.floor(Math.min(v0.y, v1.y, v2.y) / PX));
    const py1 = Math.min(y1 - 1, Math.floor(Math.max(v0.y, v1.y, v2.y) / PX));
    for (let py = py0; py <= py1; py++) {
      for (let px = px0; px <= px1; px++) {
        for (let k = 0; k < spp; k++) {
          const o = offs[k]!;
          const x = px * PX + o.dx;
          const y = py * PX + o.dy;
          if (sampleEdges(s, x, y, d)) zbuf.test(zbuf.at(px, py, k), id, s, x, y, depthEstimate(s, d));
        }
      }
    }
  }
  const pid = new Int32Array(width * height * spp).fill(-1);
  for (let py = y0; py < y1; py++) pid.set(zbuf.owner.subarray(zbuf.at(x0, py, 0), zbuf.at(x0, py, 0) + (x1 - x0) * spp), (py * width + x0) * spp);
  return { width, height, spp, pid, exactCompares: zbuf.exactCompares };
}
