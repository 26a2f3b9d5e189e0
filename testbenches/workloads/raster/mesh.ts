// An indexed triangle mesh in rasterizer input formats: the form workloads are
// generated, stored (mesh JSON) and paired in. Adjacency is by vertex index:
// two triangles share an edge when they share two vertex indices.

import type { Lens } from '../../../units/raster-common/blur-mp.js';
import type { TriVerts, Vertex } from '../../../units/raster-common/mp.js';
import { InternalError, ParamError } from '../../../hdl/errors.js';

export type TriIndices = readonly [number, number, number];

export interface Mesh {
  /** x, y in 14.8 (1/256-pixel integers), z in 0.24. */
  readonly vertices: readonly Vertex[];
  /** Vertex indices, in stream order; winding as drawn (clockwise on screen = front). */
  readonly triangles: readonly TriIndices[];
  /** Blur (optional): each vertex's position at shutter close, 14.8; one per vertex. */
  readonly close?: readonly ClosePosition[];
  /** Blur (optional): the frame's thin lens, raw (A 8.8 px, F 0.24). */
  readonly lens?: Lens;
}

/** A vertex position at shutter close, 14.8 raw. */
export interface ClosePosition {
  readonly x: number;
  readonly y: number;
}

/** The vertices of triangle i. */
export function triangleVerts(mesh: Mesh, i: number): TriVerts {
  const t = mesh.triangles[i];
  if (t === undefined) throw new ParamError('triangle', i, 'a triangle index of the mesh', { message: `triangle ${i} out of range (0..${mesh.triangles.length - 1})` });
  const at = (k: number): Vertex => {
    const v = mesh.vertices[k];
    if (v === undefined) throw new InternalError(`triangle ${i}: vertex index ${k} out of range`);
    return v;
  };
  return [at(t[0]), at(t[1]), at(t[2])];
}

/** Concatenate meshes, renumbering vertex indices; stream order is kept. */
export function concatMeshes(parts: readonly Mesh[]): Mesh {
  const vertices: Vertex[] = [];
  const triangles: TriIndices[] = [];
  for (const part of parts) {
    const base = vertices.length;
    // One at a time: spreading a part of millions of vertices into push()
    // passes them all as arguments and overflows the stack.
    for (const v of part.vertices) vertices.push(v);
    for (const [a, b, c] of part.triangles) triangles.push([a + base, b + base, c + base]);
  }
  return { vertices, triangles };
}

/** The first `count` triangles, keeping only the vertices they use (renumbered in first-use order). */
export function truncateMesh(mesh: Mesh, count: number): Mesh {
  return compactVertices(mesh.vertices, mesh.triangles.slice(0, count), 'truncateMesh');
}

/** These triangles with only the vertices they use, renumbered in first-use order. */
export function compactVertices(vertices: readonly Vertex[], triangles: readonly TriIndices[], caller: string): Mesh {
  const remap = new Map<number, number>();
  const kept: Vertex[] = [];
  const use = (k: number): number => {
    let r = remap.get(k);
    if (r === undefined) {
      r = kept.length;
      remap.set(k, r);
      const v = vertices[k];
      if (v === undefined) throw new InternalError(`${caller}: vertex index ${k} out of range (0..${vertices.length - 1})`);
      kept.push(v);
    }
    return r;
  };
  return { vertices: kept, triangles: triangles.map(([a, b, c]): TriIndices => [use(a), use(b), use(c)]) };
}
