// A game-like frame for the PMU: large triangles and tessellated patches in
// one view, several draw calls. One pinhole camera (60 degrees vertically),
// objects drawn front to back as an engine sorts opaque draws:
//   the character (a subdivision surface, 37,888 triangles in 74 patches),
//   a crate, a bumpy sphere (64 x 64 grid, 16 x 16-quad patches), two more
//   crates, a building (boxes: 12 large triangles each), and the ground (an
//   8 x 24 grid of large quads receding from 3 to 30 units).
// Each object is one draw (the PMU flushes after it); each box is one grid,
// the tessellated objects are cut into square patches as the surfaces are.
// Placement is fixed, turns and the sphere's bumps are seeded.
import type { Vertex } from '../../../units/raster-common/mp.js';
import { quantizeCoord, quantizeDepth } from '../../../units/raster-common/formats.js';
import { makeRng, type Rng } from '../../rng.js';
import { compose, project, rotate, rotationX, rotationY, type Vec3 } from '../raster/camera.js';
import type { TriIndices } from '../raster/mesh.js';
import { CENTRE_Z, makeSurface } from '../raster/surfaces.js';
import { buildGrid, patchSide, patchTriangles } from '../raster/tessellate.js';
import { cellBox, characterPatches, makeCharacter, type Quad } from './character.js';
import { type Draw, MAX_GRID_TRIANGLES, validateDraws } from './grid.js';
import { gridsOf, MERGE_FRAME, type Scene } from './scene.js';
import { SceneError } from './scene-error.js';

const GROUND_Y = -1.6;

interface Placed {
  readonly points: readonly Vec3[];
  readonly patches: readonly (readonly TriIndices[])[];
}

/** A quad's two triangles as the tessellator splits a grid quad (corners p00, p10, p11, p01). */
function quadTriangles([a, b, c, d]: Quad): TriIndices[] {
  return [
    [a, b, d],
    [d, b, c],
  ];
}

/** A box of size (sx, sy, sz) standing on the ground at (x, z), turned by yaw: one 12-triangle grid. */
function box(x: number, z: number, size: Vec3, yaw: number): Placed {
  const b = cellBox([-0.5, 0, -0.5], [1, 1, 1]);
  const turn = rotationY(yaw);
  const points = b.points.map((p) => {
    const r = rotate(turn, [p[0] * size[0], p[1] * size[1], p[2] * size[2]]);
    return [r[0] + x, r[1] + GROUND_Y, r[2] + z] as Vec3;
  });
  return { points, patches: [b.faces.flatMap(quadTriangles)] };
}

function character(rng: Rng, side: number, levels: number): Placed {
  const c = makeCharacter(rng.fork('shape'), levels);
  const turn = compose(rotationY(Math.PI + rng.range(-0.6, 0.6)), rotationX(0));
  // 2 units tall, feet on the ground.
  const points = c.points.map((p) => {
    const r = rotate(turn, p);
    return [r[0] + 0.4, r[1] + GROUND_Y + 1, r[2] + 6] as Vec3;
  });
  return { points, patches: characterPatches(c, side) };
}

/** A bumpy sphere of radius 0.7 (before its bumps) centred at (x, y, z). */
function sphere(rng: Rng, at: Vec3, side: number, n: number): Placed {
  const s = makeSurface('bumpy-sphere', rng);
  const grid = buildGrid(s, n, n, 0.2, rng.fork('grid'));
  const points = grid.params.map(([u, v]) => {
    const p = s.point(u, v);
    return [p[0] * 0.7 + at[0], p[1] * 0.7 + at[1], (p[2] - CENTRE_Z) * 0.7 + at[2]] as Vec3;
  });
  return { points, patches: patchTriangles(grid.index, n, n, side).map((p) => p.triangles) };
}

/** The ground: x in [-2.7, 2.7], z in [3, 30], an 8 x 24 grid of quads, facing up. */
function ground(side: number): Placed {
  const nu = 8;
  const nv = 24;
  // v runs towards the eye so that dS/du x dS/dv points up (+Y), as the grazing sine's does.
  const grid = buildGrid({ wrapU: false, poles: false }, nu, nv, 0, makeRng(0));
  const points = grid.params.map(([u, v]) => [-2.7 + 5.4 * u, GROUND_Y, 30 - 27 * v] as Vec3);
  return { points, patches: patchTriangles(grid.index, nu, nv, side).map((p) => p.triangles) };
}

export interface GameOptions {
  readonly seed?: number;
  readonly width?: number;
  readonly height?: number;
  readonly maxGridTriangles?: number;
  /** The decimated frame (`npm start`): the character subdivided 3 times, not 4 (9,472 triangles), the sphere 32 x 32. */
  readonly decimated?: boolean;
}

export function makeGameScene(o: GameOptions = {}): Scene {
  const seed = o.seed ?? 2010;
  const width = o.width ?? MERGE_FRAME.width;
  const height = o.height ?? MERGE_FRAME.height;
  const maxGridTriangles = o.maxGridTriangles ?? MAX_GRID_TRIANGLES;
  const rng = makeRng(seed).fork('merge game');
  const side = patchSide(maxGridTriangles);
  const objects: [string, Placed][] = [
    ['character', character(rng.fork('character'), side, o.decimated === true ? 3 : 4)],
    ['crate 1', box(-1.9, 7.5, [0.9, 0.9, 0.9], rng.range(0, Math.PI))],
    ['sphere', sphere(rng.fork('sphere'), [-1.5, GROUND_Y + 0.75, 9.5], side, o.decimated === true ? 32 : 64)],
    ['crate 2', box(1.7, 10, [1.2, 1.0, 1.2], rng.range(0, Math.PI))],
    ['crate 3', box(-0.5, 15, [1.0, 1.4, 1.0], rng.range(0, Math.PI))],
    ['building', box(1.5, 24, [6, 4, 1.5], rng.range(-0.3, 0.3))],
    ['ground', ground(side)],
  ];
  const focal = height / 2 / Math.tan(Math.PI / 6);
  const draws: Draw[] = objects.map(([name, o]) => {
    const vertices: Vertex[] = o.points.map((p) => {
      const q = project(p);
      const x = width / 2 + q.x * focal;
      const y = height / 2 + q.y * focal;
      if (!(x >= 0 && x < width && y >= 0 && y < height)) throw new SceneError(`game scene: the ${name} leaves the ${width}x${height} frame at (${x.toFixed(0)}, ${y.toFixed(0)})`);
      return { x: quantizeCoord(x), y: quantizeCoord(y), z: quantizeDepth(q.depth) };
    });
    return { vertices, grids: gridsOf(o.patches) };
  });
  validateDraws(draws, maxGridTriangles, 'game scene');
  return { name: 'game', area: NaN, seed, width, height, draws };
}
