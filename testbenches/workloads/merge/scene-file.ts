// Scene files:
//   {"name", "width", "height",
//    "draws": [{"vertices": [[x, y, z], ...],
//               "grids": [{"triangles": [[i, j, k], ...], "adjacency": [[t, ...], ...]}, ...]}, ...]}
// x, y in pixels on the 1/256 grid, z in [0, 1), as the raster mesh JSON;
// triangle corners are the draw's vertex ids (what the PMU's edges
// compare), and a grid's adjacency lists name triangles of the grid (what
// QFM's masks hold; computed from shared vertex ids when left out). The
// older form {"grids": [{"vertices", "triangles", "adjacency"}]} is one
// draw whose grids share no vertex. Read through the strict reader
// (hdl/json-input.ts); every grid is checked (at most 512 triangles, one
// edge-connected patch, real and symmetric adjacency, masks wide enough)
// before anything is simulated or written; each mistake names the file,
// line, column and field, and the grid and triangle.
import { childPath, type Json, type JsonDoc, parseJson, readJsonFile } from '../../../hdl/json-input.js';
import { isCoord, isDepth, quantizeDepth, SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { Vertex } from '../../../units/raster-common/mp.js';
import type { TriIndices } from '../raster/mesh.js';
import { computeAdjacency, type Draw, type Grid, MAX_GRID_TRIANGLES, validateDraws } from './grid.js';
import type { Scene } from './scene.js';

/** Most grids one scene file may hold (a 4K frame of 512-triangle grids at 1 px^2). */
export const MAX_SCENE_GRIDS = 65536;
/** Most draws one scene file may hold. */
export const MAX_SCENE_DRAWS = 65536;
/** Most vertices one draw may hold (the PMU's vertex ids go up to 16 bits; the golden models take more). */
export const MAX_DRAW_VERTICES = 1 << 24;
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

function vertexList(doc: JsonDoc, path: string, v: Json): Vertex[] {
  return doc.array(path, v, { max: MAX_DRAW_VERTICES, what: 'a list of vertices' }).map((p, vi) => {
    const at = childPath(path, vi);
    const [x, y, z] = doc.array(at, p, { min: 3, max: 3, what: 'a vertex [x, y, z]' }).map((c, k) => doc.number(childPath(at, k), c, -Infinity, Infinity));
    const q = { x: x! * SUBPIXEL, y: y! * SUBPIXEL, z: quantizeDepth(z!) };
    if (!isCoord(q.x) || !isCoord(q.y) || !isDepth(q.z) || z! < 0 || z! >= 1) doc.fail(at, `[${x}, ${y}, ${z}] is not on the 1/256 grid inside the screen with z in [0, 1)`);
    return q;
  });
}

/** One grid at `at`, its vertex ids checked against `vertexCount` and offset by `base` (the older form, whose grids carry their own vertices). */
function gridOf(doc: JsonDoc, at: string, g: Json, vertexCount: number, base: number | null = null): Grid {
  const gg = doc.object(at, g, { required: ['triangles'], optional: base === null ? ['adjacency'] : ['adjacency', 'vertices'] }, 'a grid {"triangles", "adjacency"}');
  const tris = doc.array(`${at}.triangles`, gg['triangles']!, { min: 1, max: MAX_GRID_TRIANGLES, what: `a grid's triangles (at most ${MAX_GRID_TRIANGLES}: a grid is one patch)` });
  const triangles = tris.map((t, ti) => ints(doc, childPath(`${at}.triangles`, ti), t, Math.max(vertexCount - 1, 0), 3).map((v) => v + (base ?? 0)) as unknown as TriIndices);
  const adjacency =
    gg['adjacency'] === undefined
      ? computeAdjacency(triangles)
      : doc.array(`${at}.adjacency`, gg['adjacency'], { max: MAX_GRID_TRIANGLES, what: 'a list of adjacency lists' }).map((a, ti) => ints(doc, childPath(`${at}.adjacency`, ti), a, MAX_GRID_TRIANGLES));
  return { triangles, adjacency };
}

export function sceneFromDoc(doc: JsonDoc, maskWidth = 512): Scene {
  const d = doc.object('', doc.value, { required: ['width', 'height'], optional: ['name', 'draws', 'grids'] }, 'a scene {"width", "height", "draws": [...]}');
  const width = doc.int('width', d['width']!, 2, MAX_SCENE_SIZE, 'a width in pixels');
  const height = doc.int('height', d['height']!, 2, MAX_SCENE_SIZE, 'a height in pixels');
  const name = d['name'] === undefined ? doc.file : doc.string('name', d['name']);
  let draws: Draw[];
  let place: (draw: number, grid: number) => string;
  if (d['draws'] !== undefined) {
    draws = doc.array('draws', d['draws'], { min: 1, max: MAX_SCENE_DRAWS, what: 'a list of draws' }).map((dr, di) => {
      const at = childPath('draws', di);
      const dd = doc.object(at, dr, { required: ['vertices', 'grids'] }, 'a draw {"vertices", "grids"}');
      const vertices = vertexList(doc, `${at}.vertices`, dd['vertices']!);
      const grids = doc.array(`${at}.grids`, dd['grids']!, { min: 1, max: MAX_SCENE_GRIDS, what: 'a list of grids' }).map((g, gi) => gridOf(doc, childPath(`${at}.grids`, gi), g, vertices.length));
      return { vertices, grids };
    });
    place = (di, gi) => childPath(`${childPath('draws', di)}.grids`, gi);
  } else if (d['grids'] !== undefined) {
    // The older form: one draw, each grid with vertices of its own.
    const vertices: Vertex[] = [];
    const grids = doc.array('grids', d['grids'], { min: 1, max: MAX_SCENE_GRIDS, what: 'a list of grids' }).map((g, gi) => {
      const at = childPath('grids', gi);
      const gv = doc.object(at, g, { required: ['vertices', 'triangles'], optional: ['adjacency'] }, 'a grid {"vertices", "triangles", "adjacency"}');
      const own = vertexList(doc, `${at}.vertices`, gv['vertices']!);
      const base = vertices.length;
      for (const v of own) vertices.push(v);
      return gridOf(doc, at, g, own.length, base);
    });
    draws = [{ vertices, grids }];
    place = (_di, gi) => childPath('grids', gi);
  } else {
    return doc.fail('', 'missing key "draws" (a scene needs "width", "height" and "draws", or the older "grids")');
  }
  validateDraws(draws, maskWidth, doc.file, (di, gi) => (field, detail) => {
    const m = /triangle (\d+)/.exec(field);
    const at = place(di, gi);
    return doc.fail(m ? childPath(`${at}.triangles`, Number(m[1])) : at, `${field}: ${detail}`);
  });
  return { name, area: NaN, seed: 0, width, height, draws };
}

export function sceneToJson(scene: Scene): string {
  return JSON.stringify({
    name: scene.name,
    width: scene.width,
    height: scene.height,
    draws: scene.draws.map((d) => ({
      vertices: d.vertices.map((v) => [v.x / SUBPIXEL, v.y / SUBPIXEL, v.z / 2 ** 24]),
      grids: d.grids.map((g) => ({ triangles: g.triangles, adjacency: g.adjacency })),
    })),
  });
}
