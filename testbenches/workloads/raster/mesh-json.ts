// The mesh interchange format: {"vertices": [[x, y, z], ...], "triangles":
// [[i, j, k], ...]} with x, y in pixels (decimals on the 1/256 grid, within
// the 14.8 range) and z in [0, 1). Blur meshes add, optionally, "close":
// [[x, y], ...] (each vertex at shutter close, same rules as x, y; one per
// vertex) and "lens": {"aperture": A, "focus": F} (CoC radius at infinity in
// pixels on the 1/256 grid, 0..255.996; focus depth in [0, 1)); files
// without them read as before. Parsing validates everything and names the
// exact position of the first problem, since these files are written by hand
// and by other tools.

import {
  COORD_MAX,
  DEPTH_BITS,
  SUBPIXEL,
  quantizeDepth,
} from '../../../units/raster-common/formats.js';
import { childPath, parseJson, readJsonFile, show, type Json, type JsonDoc } from '../../../hdl/json-input.js';
import type { Vertex } from '../../../units/raster-common/mp.js';
import { LENS_A_MAX } from '../../../units/raster-common/blur-formats.js';
import type { Lens } from '../../../units/raster-common/blur-mp.js';
import type { ClosePosition, Mesh, TriIndices } from './mesh.js';

/** Most triangles (and vertices) a mesh file may hold: what `workload
 *  raster --count` may generate (workload.ts), so every mesh gfxrtl writes
 *  reads back. */
export const MAX_MESH_TRIANGLES = 1 << 21;
export const MAX_MESH_VERTICES = 3 * MAX_MESH_TRIANGLES;

function parseCoord(doc: JsonDoc, value: Json, where: () => string): number {
  if (typeof value !== 'number') return doc.fail(where, `${show(value)} is not a finite number`);
  const units = value * SUBPIXEL; // exact: scaling by a power of two
  if (!Number.isInteger(units)) doc.fail(where, `${value} is not on the 1/256 grid`);
  if (units < 0 || units > COORD_MAX) doc.fail(where, `${value} is outside the 14.8 range [0, ${COORD_MAX / SUBPIXEL}]`);
  return units;
}

function parseDepth(doc: JsonDoc, value: Json, where: () => string): number {
  if (typeof value !== 'number') return doc.fail(where, `${show(value)} is not a finite number`);
  if (value < 0 || value >= 1) doc.fail(where, `depth ${value} is outside [0, 1)`);
  return quantizeDepth(value);
}

function parseIndex(doc: JsonDoc, value: Json, where: () => string, vertexCount: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) return doc.fail(where, `${show(value)} is not an integer vertex index`);
  if (value < 0 || value >= vertexCount) doc.fail(where, `index ${value} out of range (0..${vertexCount - 1})`);
  return doc.int(where, value, 0, vertexCount - 1, 'a vertex index');
}

/** Parse and validate mesh JSON text (errors name `file`, line, column and field).
 *  Depths are quantised to 0.24 with floor(z * 2^24). */
export function parseMeshJson(text: string, file = 'mesh.json'): Mesh {
  return meshFromDoc(parseJson(text, file));
}

/** Read and validate a mesh file. */
export function readMeshFile(file: string): Mesh {
  return meshFromDoc(readJsonFile(file));
}

const at = (base: string, ...keys: (string | number)[]) => (): string => keys.reduce<string>((p, k) => childPath(p, k), base);

/** Validate a parsed JSON document as a mesh. */
export function meshFromDoc(doc: JsonDoc): Mesh {
  const record = doc.object('', doc.value, { required: ['vertices', 'triangles'], optional: ['close', 'lens'] }, 'a mesh {"vertices": [...], "triangles": [...]}');
  const vertices: Vertex[] = doc.array('vertices', record['vertices']!, { max: MAX_MESH_VERTICES, what: 'a list of vertices' }).map((entry, i) => {
    const [x, y, z] = doc.array(at('vertices', i), entry, { min: 3, max: 3, what: 'a vertex [x, y, z]' });
    return { x: parseCoord(doc, x!, at('vertices', i, 0)), y: parseCoord(doc, y!, at('vertices', i, 1)), z: parseDepth(doc, z!, at('vertices', i, 2)) };
  });
  const triangles: TriIndices[] = doc.array('triangles', record['triangles']!, { max: MAX_MESH_TRIANGLES, what: 'a list of triangles' }).map((entry, i) => {
    const [a, b, c] = doc.array(at('triangles', i), entry, { min: 3, max: 3, what: 'a triangle [i, j, k]' });
    return [parseIndex(doc, a!, at('triangles', i, 0), vertices.length), parseIndex(doc, b!, at('triangles', i, 1), vertices.length), parseIndex(doc, c!, at('triangles', i, 2), vertices.length)];
  });
  const blur: { close?: ClosePosition[]; lens?: Lens } = {};
  if (record['close'] !== undefined) {
    blur.close = doc.array('close', record['close'], { min: vertices.length, max: vertices.length, what: 'a list of close positions (one per vertex)' }).map((entry, i) => {
      const [x, y] = doc.array(at('close', i), entry, { min: 2, max: 2, what: 'a close position [x, y]' });
      return { x: parseCoord(doc, x!, at('close', i, 0)), y: parseCoord(doc, y!, at('close', i, 1)) };
    });
  }
  if (record['lens'] !== undefined) {
    const r = doc.object('lens', record['lens'], { required: ['aperture', 'focus'] }, 'a lens {"aperture": pixels, "focus": depth}');
    const ap = r['aperture']!;
    if (typeof ap !== 'number') return doc.fail('lens.aperture', `${show(ap)} is not a finite number`);
    const a = ap * SUBPIXEL;
    if (!Number.isInteger(a)) doc.fail('lens.aperture', `${ap} is not on the 1/256 grid`);
    if (a < 0 || a > LENS_A_MAX) doc.fail('lens.aperture', `${ap} is outside [0, ${LENS_A_MAX / SUBPIXEL}] pixels`);
    blur.lens = { a, f: parseDepth(doc, r['focus']!, at('lens', 'focus')) };
  }
  return { vertices, triangles, ...blur };
}

/**
 * Mesh JSON text. x / 256 and z / 2^24 are exact doubles and print as their
 * shortest round-tripping decimals, so parseMeshJson(serializeMesh(m)) == m.
 */
export function serializeMesh(mesh: Mesh): string {
  const verts = mesh.vertices.map((v) => `[${v.x / SUBPIXEL}, ${v.y / SUBPIXEL}, ${v.z / 2 ** DEPTH_BITS}]`);
  const tris = mesh.triangles.map((t) => `[${t[0]}, ${t[1]}, ${t[2]}]`);
  const close = mesh.close === undefined ? '' : `,\n  "close": [\n    ${mesh.close.map((c) => `[${c.x / SUBPIXEL}, ${c.y / SUBPIXEL}]`).join(',\n    ')}\n  ]`;
  const lens = mesh.lens === undefined ? '' : `,\n  "lens": {"aperture": ${mesh.lens.a / SUBPIXEL}, "focus": ${mesh.lens.f / 2 ** DEPTH_BITS}}`;
  return `{\n  "vertices": [\n    ${verts.join(',\n    ')}\n  ],\n  "triangles": [\n    ${tris.join(',\n    ')}\n  ]${close}${lens}\n}\n`;
}
