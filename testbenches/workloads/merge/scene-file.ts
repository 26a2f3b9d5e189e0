// Scene files: {"name", "width", "height", "grids": [{"vertices": [[x, y, z],
// ...], "triangles": [[i, j, k], ...], "adjacency": [[t, ...], ...]}]}, with
// x, y in pixels on the 1/256 grid and z in [0, 1), as the raster mesh JSON.
// Every grid is checked (<= 512 triangles, real and symmetric adjacency,
// masks wide enough) before anything is simulated or written. Read through
// the strict reader (hdl/json-input.ts): each mistake at its line, column
// and field.
import { childPath, parseJson, readJsonFile, type Json, type JsonDoc } from '../../../hdl/json-input.js';
import { isCoord, isDepth, quantizeDepth, SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { Vertex } from '../../../units/raster-common/mp.js';
import type { TriIndices } from '../raster/mesh.js';
import { type Grid, MAX_GRID_TRIANGLES, validateGrid } from './grid.js';
import type { Scene } from './scene.js';

/** Most grids one scene file may hold (a 4K frame of 512-triangle grids at 1 px^2). */
export const MAX_SCENE_GRIDS = 65536;
/** Widest and tallest scene, pixels (the 14.8 coordinate range). */
export const MAX_SCENE_SIZE = 16384;

export function parseScene(text: string, file: string, maskWidth = 512): Scene {
  return sceneFromDoc(parseJson(text, file), maskWidth);
}

export function readSceneFile(file: string, maskWidth = 512): Scene {
  return sceneFromDoc(readJsonFile(file), maskWidth);
}

function ints(doc: JsonDoc, path: string, v: Json, max: number, len?: number): number[] {
  const list = doc.array(path, v, { ...(len !== undefined && { min: len, max: len }), what: len === 3 ? 'a triangle [i, j, k]' : 'a list of triangle indices' });
  return list.map((x, k) => doc.int(childPath(path, k), x, 0, max));
}

export function sceneFromDoc(doc: JsonDoc, maskWidth = 512): Scene {
  const d = doc.object('', doc.value, { required: ['width', 'height', 'grids'], optional: ['name'] }, 'a scene {"width", "height", "grids": [...]}');
  const width = doc.int('width', d['width']!, 2, MAX_SCENE_SIZE, 'a width in pixels');
  const height = doc.int('height', d['height']!, 2, MAX_SCENE_SIZE, 'a height in pixels');
  const name = d['name'] === undefined ? doc.file : doc.string('name', d['name']);
  const grids: Grid[] = doc.array('grids', d['grids']!, { max: MAX_SCENE_GRIDS, what: 'a list of grids' }).map((g, gi) => {
    const at = childPath('grids', gi);
    const gg = doc.object(at, g, { required: ['vertices', 'triangles', 'adjacency'] }, 'a grid {"vertices", "triangles", "adjacency"}');
    const vertices: Vertex[] = doc.array(`${at}.vertices`, gg['vertices']!, { max: 3 * MAX_GRID_TRIANGLES, what: 'a list of vertices' }).map((v, vi) => {
      const path = childPath(`${at}.vertices`, vi);
      const [x, y, z] = doc.array(path, v, { min: 3, max: 3, what: 'a vertex [x, y, z]' }).map((c, k) => doc.number(childPath(path, k), c, -Infinity, Infinity));
      const q = { x: x! * SUBPIXEL, y: y! * SUBPIXEL, z: quantizeDepth(z!) };
      if (!isCoord(q.x) || !isCoord(q.y) || !isDepth(q.z) || z! < 0 || z! >= 1) doc.fail(path, `[${x}, ${y}, ${z}] is not on the 1/256 grid inside the screen with z in [0, 1)`);
      return q;
    });
    const tris = doc.array(`${at}.triangles`, gg['triangles']!, { max: MAX_GRID_TRIANGLES, what: `a list of at most ${MAX_GRID_TRIANGLES} triangles` });
    const triangles = tris.map((t, ti) => ints(doc, childPath(`${at}.triangles`, ti), t, Math.max(vertices.length - 1, 0), 3) as unknown as TriIndices);
    const adjacency = doc.array(`${at}.adjacency`, gg['adjacency']!, { max: MAX_GRID_TRIANGLES, what: 'a list of adjacency lists' }).map((a, ti) => ints(doc, childPath(`${at}.adjacency`, ti), a, MAX_GRID_TRIANGLES));
    const grid: Grid = { vertices, triangles, adjacency };
    validateGrid(grid, gi, maskWidth, doc.file, (field, detail) => {
      const m = /triangle (\d+)/.exec(field);
      return doc.fail(m ? childPath(`${at}.adjacency`, Number(m[1])) : at, `${field}: ${detail}`);
    });
    return grid;
  });
  return { name, area: NaN, seed: 0, width, height, grids };
}
export function sceneToJson(scene: Scene): string {
  return JSON.stringify({
    name: scene.name,
    width: scene.width,
    height: scene.height,
    grids: scene.grids.map((g) => ({
      vertices: g.vertices.map((v) => [v.x / SUBPIXEL, v.y / SUBPIXEL, v.z / 2 ** 24]),
      triangles: g.triangles,
      adjacency: g.adjacency,
    })),
  });
}
