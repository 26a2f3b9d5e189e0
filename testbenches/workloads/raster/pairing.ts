// Forming TVP pairs from a triangle stream. Pairing is greedy over stream
// order: triangle i and i+1 become a pair when they share an edge (two vertex
// indices) walked in opposite directions, i.e. with consistent winding;
// otherwise triangle i goes alone and pairing resumes at i+1. A grid stream
// (A, B per quad) therefore pairs every quad's two triangles along its diagonal.

import type { MP, PairMP, SingleMP, Vertex } from '../../../units/raster-common/mp.js';
import { type Mesh, type TriIndices, triangleVerts } from './mesh.js';

/** Rotations of a triangle's indices that keep its winding. */
function rotations(t: TriIndices): TriIndices[] {
  return [t, [t[1], t[2], t[0]], [t[2], t[0], t[1]]];
}

function repeatsIndex(t: TriIndices): boolean {
  return t[0] === t[1] || t[1] === t[2] || t[0] === t[2];
}

/**
 * If a and b can form a pair, their indices in pair order [v0, v1, v2, v3]
 * with a = (v0, v1, v2) and b = (v2, v1, v3), each a rotation of the original
 * (so winding, and hence facing, is unchanged). Triangles that repeat an index,
 * are the same triangle, or share an edge in the same direction do not pair.
 */
export function pairOrder(a: TriIndices, b: TriIndices): readonly [number, number, number, number] | undefined {
  if (repeatsIndex(a) || repeatsIndex(b)) return undefined;
  const shared = a.filter((k) => b.includes(k)).length;
  if (shared !== 2) return undefined;
  for (const [v0, v1, v2] of rotations(a)) {
    if (b.includes(v0)) continue; // v0 must be a's vertex off the shared edge
    for (const [w0, w1, v3] of rotations(b)) {
      if (w0 === v2 && w1 === v1) return [v0, v1, v2, v3];
    }
    return undefined; // b walks the shared edge v1->v2 too: inconsistent winding
  }
  return undefined;
}

function single(mesh: Mesh, i: number): SingleMP {
  return { kind: 'single', v: triangleVerts(mesh, i), src: [i] };
}

/** Every triangle as its own MP (TVP off). */
export function singlesFromMesh(mesh: Mesh): SingleMP[] {
  return mesh.triangles.map((_, i) => single(mesh, i));
}

/** Greedy consecutive pairing (TVP on): pairs where possible, singles elsewhere, stream order kept. */
export function pairsFromMesh(mesh: Mesh): MP[] {
  const out: MP[] = [];
  const vert = (k: number): Vertex => mesh.vertices[k]!;
  let i = 0;
  while (i < mesh.triangles.length) {
    const a = mesh.triangles[i]!;
    const b = mesh.triangles[i + 1];
    const order = b === undefined ? undefined : pairOrder(a, b);
    if (order === undefined) {
      out.push(single(mesh, i));
      i += 1;
    } else {
      const pair: PairMP = {
        kind: 'pair',
        v: [vert(order[0]), vert(order[1]), vert(order[2]), vert(order[3])],
        src: [i, i + 1],
      };
      out.push(pair);
      i += 2;
    }
  }
  return out;
}
