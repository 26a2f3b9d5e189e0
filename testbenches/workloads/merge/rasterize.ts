// Scene -> quad fragments, in submission order (draw by draw, patch by
// patch, triangle by triangle), after an early depth test (LESS, depth
// buffer cleared to far, shared by every draw of the frame). Coverage is
// the exact golden coverage of raster-common (top-left rule) at the merge
// units' sample positions. Back-facing and degenerate triangles are culled,
// as the rasterizer does. A triangle whose interior meets a 2 x 2 block but
// which keeps no sample there still emits an empty quad fragment: QFM uses
// it to bridge merges; it is never shaded, and NOMERGE and the PMU never
// see it.
import { SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { Edge, QuadFrag } from '../../../units/merge-common/quad.js';
import { sampleOffsets, type MergeMsaa } from '../../../units/merge-common/samples.js';
import { sceneGrids, type Scene } from './scene.js';
import { segmentMeetsBox, triangleOverlapsBox } from './overlap.js';
import { coversPoint, DepthBuffer, depthEstimate, sampleEdges, setupTriangle, type TriSetup } from './sample-test.js';

export interface RasterizedScene {
  readonly msaa: MergeMsaa;
  readonly width: number;
  readonly height: number;
  /** Quad fragments of each grid, in submission order (the grid is QFM's flush unit). */
  readonly grids: readonly (readonly QuadFrag[])[];
  /** The draw of each grid (the draw is the PMU's flush unit). */
  readonly gridDraw: readonly number[];
  /** Distinct screen pixels with at least one sample covered by some fragment. */
  readonly coveredPixels: number;
}

// Local copies: module constants read through an import cost a getter call per read under tsx.
const PX = SUBPIXEL;
const QUAD = 2 * PX;
const NO_EDGES: readonly Edge[] = [];

/** The pixel rectangle every vertex of the scene falls in, clipped to the frame. */
function sceneBox(scene: Scene): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const d of scene.draws) {
    for (const v of d.vertices) {
      x0 = Math.min(x0, v.x);
      y0 = Math.min(y0, v.y);
      x1 = Math.max(x1, v.x);
      y1 = Math.max(y1, v.y);
    }
  }
  if (x1 < x0) return { x0: 0, y0: 0, x1: 0, y1: 0 };
  // Whole quads, so every pixel of a quad the rasterizer visits is inside.
  const q = (v: number): number => 2 * Math.floor(Math.floor(v / SUBPIXEL) / 2);
  return { x0: Math.max(0, q(x0)), y0: Math.max(0, q(y0)), x1: Math.min(scene.width, q(x1) + 2), y1: Math.min(scene.height, q(y1) + 2) };
}

export interface RasterizeOptions {
  /**
   * Carry each covered sample's exact 0.24 depth in the fragments (default
   * true: the units' tests and simulations compare it). The shading-work
   * counts do not depend on it; without it depths are 0 and the rasterizer
   * skips the exact depth of every sample but the close calls of the test.
   */
  readonly depth?: boolean;
}

export function rasterizeScene(scene: Scene, msaa: MergeMsaa, opts: RasterizeOptions = {}): RasterizedScene {
  const withDepth = opts.depth ?? true;
  const { width, height } = scene;
  const offs = sampleOffsets(msaa);
  const box = sceneBox(scene);
  const setups: TriSetup[] = [];
  const zbuf = new DepthBuffer(box.x0, box.y0, Math.max(1, box.x1 - box.x0), Math.max(1, box.y1 - box.y0), msaa, (id) => setups[id]!);
  const touched = new Uint8Array(zbuf.width * zbuf.height);
  const grids: QuadFrag[][] = [];
  const gridDraw: number[] = [];
  const d = new Float64Array(3);
  const prims = scene.draws.map(() => 0);
  // Fragments without depth share one all-zero list (the models copy what they keep).
  const zeroDepth: readonly number[] = new Array<number>(4 * msaa).fill(0);
  const qbox = { x0: 0, y0: 0, x1: 0, y1: 0 };
  const pbox = { x0: 0, y0: 0, x1: 0, y1: 0 };
  sceneGrids(scene).forEach(({ draw, grid, vertices }, gi) => {
    const out: QuadFrag[] = [];
    gridDraw.push(draw);
    grid.triangles.forEach((ids, tri) => {
      const prim = prims[draw]!++;
      const s = setupTriangle([vertices[ids[0]]!, vertices[ids[1]]!, vertices[ids[2]]!]);
      if (s === null) return;
      const id = setups.length;
      setups.push(s);
      const t = s.t;
      const edges: Edge[] = [
        [ids[0], ids[1]],
        [ids[1], ids[2]],
        [ids[2], ids[0]],
      ];
      const qx0 = Math.max(box.x0 / 2, Math.floor(Math.min(t[0].x, t[1].x, t[2].x) / QUAD));
      const qx1 = Math.min(box.x1 / 2 - 1, Math.floor(Math.max(t[0].x, t[1].x, t[2].x) / QUAD));
      const qy0 = Math.max(box.y0 / 2, Math.floor(Math.min(t[0].y, t[1].y, t[2].y) / QUAD));
      const qy1 = Math.min(box.y1 / 2 - 1, Math.floor(Math.max(t[0].y, t[1].y, t[2].y) / QUAD));
      for (let qy = qy0; qy <= qy1; qy++) {
        for (let qx = qx0; qx <= qx1; qx++) {
          qbox.x0 = qx * QUAD;
          qbox.y0 = qy * QUAD;
          qbox.x1 = qbox.x0 + QUAD;
          qbox.y1 = qbox.y0 + QUAD;
          if (!triangleOverlapsBox(t, qbox)) continue;
          const cov = [0, 0, 0, 0];
          const centre = [false, false, false, false];
          const depth = withDepth ? new Array<number>(4 * msaa).fill(0) : zeroDepth;
          const pixEdges: (readonly Edge[])[] = [NO_EDGES, NO_EDGES, NO_EDGES, NO_EDGES];
          for (let p = 0; p < 4; p++) {
            const px = qx * 2 + (p & 1);
            const py = qy * 2 + (p >> 1);
            if (px >= width || py >= height) continue;
            let c = 0;
            for (let k = 0; k < msaa; k++) {
              const o = offs[k]!;
              const x = px * PX + o.dx;
              const y = py * PX + o.dy;
              if (!sampleEdges(s, x, y, d)) continue;
              const at = zbuf.at(px, py, k);
              if (!zbuf.test(at, id, s, x, y, depthEstimate(s, d))) continue;
              c |= 1 << k;
              if (withDepth) (depth as number[])[p * msaa + k] = zbuf.depthAt(at, x, y);
            }
            if (c === 0) continue;
            cov[p] = c;
            touched[(py - box.y0) * zbuf.width + (px - box.x0)] = 1;
            centre[p] = coversPoint(s, px * PX + PX / 2, py * PX + PX / 2);
            pbox.x0 = px * PX;
            pbox.y0 = py * PX;
            pbox.x1 = pbox.x0 + PX;
            pbox.y1 = pbox.y0 + PX;
            const list: Edge[] = [];
            for (const e of edges) if (segmentMeetsBox(vertices[e[0]]!, vertices[e[1]]!, pbox)) list.push(e);
            pixEdges[p] = list;
          }
          out.push({ grid: gi, draw, tri, prim, qx, qy, back: false, cov, centre, depth, adj: grid.adjacency[tri]!, edges: pixEdges });
        }
      }
    });
    grids.push(out);
  });
  let coveredPixels = 0;
  for (const v of touched) coveredPixels += v;
  return { msaa, width, height, grids, gridDraw, coveredPixels };
}

/** The fragments regrouped by draw (the PMU's flush unit), in submission order. */
export function fragmentsByDraw(r: RasterizedScene): QuadFrag[][] {
  const draws: QuadFrag[][] = [];
  r.grids.forEach((g, i) => {
    const d = r.gridDraw[i]!;
    while (draws.length <= d) draws.push([]);
    const list = draws[d]!;
    for (const q of g) list.push(q);
  });
  return draws;
}
