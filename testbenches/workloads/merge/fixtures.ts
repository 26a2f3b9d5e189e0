// Hand-built scenes for tests: a triangle list in pixel coordinates, wound
// clockwise on screen (front-facing) whatever order it is given in, as one
// draw of one grid.
import { signedArea2 } from '../../../units/raster-common/edge.js';
import type { TriIndices } from '../raster/mesh.js';
import { computeAdjacency } from './grid.js';
import type { Scene } from './scene.js';

export function handScene(points: readonly (readonly [number, number])[], tris: readonly TriIndices[], size = 8): Scene {
  const vertices = points.map(([x, y], i) => ({ x: Math.round(x * 256), y: Math.round(y * 256), z: 1000 + i }));
  const triangles = tris.map((t): TriIndices => (signedArea2([vertices[t[0]]!, vertices[t[1]]!, vertices[t[2]]!]) > 0 ? t : [t[0], t[2], t[1]]));
  return { name: 'hand', area: NaN, seed: 0, width: size, height: size, draws: [{ vertices, grids: [{ triangles, adjacency: computeAdjacency(triangles) }] }] };
}

/**
 * The PMU paper's worked example as we build it: six triangles fanned
 * around the centre of the 2 x 2-pixel block at (2, 2)..(4, 4), through its
 * four corners and the midpoints of its top and bottom sides, drawn one at
 * a time. Each pixel is split by one internal edge between two triangles.
 */
export function sixTriangleFan(): Scene {
  const o = 2;
  return handScene(
    [[o + 1, o + 1], [o, o], [o + 1, o], [o + 2, o], [o + 2, o + 2], [o + 1, o + 2], [o, o + 2]],
    [[0, 1, 2], [0, 2, 3], [0, 3, 4], [0, 4, 5], [0, 5, 6], [0, 6, 1]],
  );
}
