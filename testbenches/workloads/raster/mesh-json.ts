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
import { UserError } from '../../../hdl/errors.js';
import type { Vertex } from '../../../units/raster-common/mp.js';
import { LENS_A_MAX } from '../../../units/raster-common/blur-formats.js';
import type { Lens } from '../../../units/raster-common/blur-mp.js';
import type { ClosePosition, Mesh, TriIndices } from './mesh.js';

/** A malformed mesh file; `where` is the JSON path of the offending value. */
export class MeshFormatError extends UserError {
  constructor(
    readonly where: string,
    detail: string,
  ) {
    super(`${where}: ${detail}`);
    this.name = 'MeshFormatError';
  }
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function expectArray(value: unknown, where: string, length?: number): unknown[] {
  if (!Array.isArray(value)) throw new MeshFormatError(where, `expected an array, got ${show(value)}`);
  if (length !== undefined && value.length !== length) {
    throw new MeshFormatError(where, `expected ${length} entries, got ${value.length}`);
  }
  return value;
}

function parseCoord(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new MeshFormatError(where, `${show(value)} is not a finite number`);
  }
  const units = value * SUBPIXEL; // exact: scaling by a power of two
  if (!Number.isInteger(units)) throw new MeshFormatError(where, `${value} is not on the 1/256 grid`);
  if (units < 0 || units > COORD_MAX) {
    throw new MeshFormatError(where, `${value} is outside the 14.8 range [0, ${COORD_MAX / SUBPIXEL}]`);
  }
  return units;
}

function parseDepth(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new MeshFormatError(where, `${show(value)} is not a finite number`);
  }
  if (value < 0 || value >= 1) throw new MeshFormatError(where, `depth ${value} is outside [0, 1)`);
  return quantizeDepth(value);
}

function parseIndex(value: unknown, where: string, vertexCount: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new MeshFormatError(where, `${show(value)} is not an integer vertex index`);
  }
  if (value < 0 || value >= vertexCount) {
    throw new MeshFormatError(where, `index ${value} out of range (0..${vertexCount - 1})`);
  }
  return value;
}

/** Parse and validate mesh JSON text. Depths are quantised to 0.24 with floor(z * 2^24). */
export function parseMeshJson(text: string): Mesh {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new MeshFormatError('mesh', `not valid JSON (${(e as Error).message})`);
  }
  return meshFromJsonValue(doc);
}

/** Validate an already-parsed JSON value as a mesh. */
export function meshFromJsonValue(doc: unknown): Mesh {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new MeshFormatError('mesh', `expected an object with "vertices" and "triangles", got ${show(doc)}`);
  }
  const record = doc as Record<string, unknown>;
  for (const key of ['vertices', 'triangles']) {
    if (!(key in record)) throw new MeshFormatError('mesh', `missing "${key}"`);
  }
  const vertices: Vertex[] = expectArray(record['vertices'], 'vertices').map((entry, i) => {
    const [x, y, z] = expectArray(entry, `vertices[${i}]`, 3);
    return {
      x: parseCoord(x, `vertices[${i}][0]`),
      y: parseCoord(y, `vertices[${i}][1]`),
      z: parseDepth(z, `vertices[${i}][2]`),
    };
  });
  const triangles: TriIndices[] = expectArray(record['triangles'], 'triangles').map((entry, i) => {
    const [a, b, c] = expectArray(entry, `triangles[${i}]`, 3);
    return [
      parseIndex(a, `triangles[${i}][0]`, vertices.length),
      parseIndex(b, `triangles[${i}][1]`, vertices.length),
      parseIndex(c, `triangles[${i}][2]`, vertices.length),
    ];
  });
  const blur: { close?: ClosePosition[]; lens?: Lens } = {};
  if ('close' in record) {
    blur.close = expectArray(record['close'], 'close', vertices.length).map((entry, i) => {
      const [x, y] = expectArray(entry, `close[${i}]`, 2);
      return { x: parseCoord(x, `close[${i}][0]`), y: parseCoord(y, `close[${i}][1]`) };
    });
  }
  if ('lens' in record) blur.lens = parseLens(record['lens']);
  return { vertices, triangles, ...blur };
}

function parseLens(value: unknown): Lens {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MeshFormatError('lens', `expected {"aperture": pixels, "focus": depth}, got ${show(value)}`);
  }
  const r = value as Record<string, unknown>;
  for (const key of ['aperture', 'focus']) if (!(key in r)) throw new MeshFormatError('lens', `missing "${key}"`);
  const ap = r['aperture'];
  if (typeof ap !== 'number' || !Number.isFinite(ap)) throw new MeshFormatError('lens.aperture', `${show(ap)} is not a finite number`);
  const a = ap * SUBPIXEL;
  if (!Number.isInteger(a)) throw new MeshFormatError('lens.aperture', `${ap} is not on the 1/256 grid`);
  if (a < 0 || a > LENS_A_MAX) throw new MeshFormatError('lens.aperture', `${ap} is outside [0, ${LENS_A_MAX / SUBPIXEL}] pixels`);
  return { a, f: parseDepth(r['focus'], 'lens.focus') };
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
