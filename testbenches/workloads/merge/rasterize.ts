// Scene -> quad fragments, in draw order, after an early depth test (LESS,
// depth buffer cleared to far). Coverage is the exact golden coverage of
// raster-common (top-left rule) at the merge units' sample positions.
// Back-facing and degenerate triangles are culled, as the rasterizer does.
// A triangle whose interior meets a 2 x 2 block but which keeps no sample
// there still emits an empty quad fragment: QFM uses it to bridge merges;
// it is never shaded, and NOMERGE and the PMU never see it.
import { covers, edgeValues, signedArea2 } from '../../../units/raster-common/edge.js';
import { interpolateDepth } from '../../../units/raster-common/depth.js';
import { SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { TriVerts } from '../../../units/raster-common/mp.js';
import type { Edge, QuadFrag } from '../../../units/merge-common/quad.js';
import { sampleOffsets, type MergeMsaa } from '../../../units/merge-common/samples.js';
import type { Scene } from './scene.js';
import { segmentMeetsBox, triangleOverlapsBox } from './overlap.js';

export interface RasterizedScene {
  readonly msaa: MergeMsaa;
  readonly width: number;
  readonly height: number;
  /** Quad fragments of each grid, in draw order (the grid is the flush unit). */
  readonly grids: readonly (readonly QuadFrag[])[];
  /** Distinct screen pixels with at least one sample covered by some fragment. */
  readonly coveredPixels: number;
}

const QUAD = 2 * SUBPIXEL;

export function rasterizeScene(scene: Scene, msaa: MergeMsaa): RasterizedScene {
  const { width, height } = scene;
  const offs = sampleOffsets(msaa);
  const zbuf = new Float64Array(width * height * msaa).fill(Infinity);
  const touched = new Uint8Array(width * height);
  const grids: QuadFrag[][] = [];
  scene.grids.forEach((grid, gi) => {
    const out: QuadFrag[] = [];
    grid.triangles.forEach((ids, tri) => {
      const t: TriVerts = [grid.vertices[ids[0]]!, grid.vertices[ids[1]]!, grid.vertices[ids[2]]!];
      if (signedArea2(t) <= 0) return;
      const zs = [t[0].z, t[1].z, t[2].z] as const;
      const edges: Edge[] = [
        [ids[0], ids[1]],
        [ids[1], ids[2]],
        [ids[2], ids[0]],
      ];
      const xs = t.map((v) => v.x);
      const ys = t.map((v) => v.y);
      const qx0 = Math.max(0, Math.floor(Math.min(...xs) / QUAD));
      const qx1 = Math.min(Math.ceil(width / 2) - 1, Math.floor(Math.max(...xs) / QUAD));
      const qy0 = Math.max(0, Math.floor(Math.min(...ys) / QUAD));
      const qy1 = Math.min(Math.ceil(height / 2) - 1, Math.floor(Math.max(...ys) / QUAD));
      for (let qy = qy0; qy <= qy1; qy++) {
        for (let qx = qx0; qx <= qx1; qx++) {
          const box = { x0: qx * QUAD, y0: qy * QUAD, x1: qx * QUAD + QUAD, y1: qy * QUAD + QUAD };
          if (!triangleOverlapsBox(t, box)) continue;
          const cov = [0, 0, 0, 0];
          const centre = [false, false, false, false];
          const depth = new Array<number>(4 * msaa).fill(0);
          const pixEdges: Edge[][] = [[], [], [], []];
          for (let p = 0; p < 4; p++) {
            const px = qx * 2 + (p & 1);
            const py = qy * 2 + (p >> 1);
            if (px >= width || py >= height) continue;
            for (let s = 0; s < msaa; s++) {
              const o = offs[s]!;
              const pt = { x: px * SUBPIXEL + o.dx, y: py * SUBPIXEL + o.dy };
              if (!covers(t, pt)) continue;
              const z = interpolateDepth(edgeValues(t, pt), zs);
              const zi = (py * width + px) * msaa + s;
              if (!(z < zbuf[zi]!)) continue;
              zbuf[zi] = z;
              cov[p]! |= 1 << s;
              depth[p * msaa + s] = z;
            }
            if (cov[p] === 0) continue;
            touched[py * width + px] = 1;
            const c = { x: px * SUBPIXEL + SUBPIXEL / 2, y: py * SUBPIXEL + SUBPIXEL / 2 };
            centre[p] = covers(t, c);
            const pbox = { x0: px * SUBPIXEL, y0: py * SUBPIXEL, x1: px * SUBPIXEL + SUBPIXEL, y1: py * SUBPIXEL + SUBPIXEL };
            pixEdges[p] = edges.filter(([a, b]) => segmentMeetsBox(grid.vertices[a]!, grid.vertices[b]!, pbox));
          }
          out.push({ grid: gi, tri, qx, qy, back: false, cov, centre, depth, adj: grid.adjacency[tri]!, edges: pixEdges });
        }
      }
    });
    grids.push(out);
  });
  let coveredPixels = 0;
  for (const v of touched) coveredPixels += v;
  return { msaa, width, height, grids, coveredPixels };
}
