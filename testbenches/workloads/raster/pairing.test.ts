// Pair formation: only consistently wound neighbours sharing an edge pair up,
// the pair's two triangles are rotations of the originals (same facing, same
// coverage), and greedy pairing follows stream order.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signedArea2 } from '../../../units/raster-common/edge.js';
import { type PairMP, type Vertex, trianglesOf } from '../../../units/raster-common/mp.js';
import { seedFromEnv } from '../../rng.js';
import type { Mesh, TriIndices } from './mesh.js';
import { pairOrder, pairsFromMesh, singlesFromMesh } from './pairing.js';

const SEED = seedFromEnv(0x9a1);

const v = (x: number, y: number): Vertex => ({ x, y, z: 0 });
// A 2 x 1 grid of quads (0,1,2 top row; 3,4,5 bottom row), 256 units apart.
const grid: Vertex[] = [v(0, 0), v(256, 0), v(512, 0), v(0, 256), v(256, 256), v(512, 256)];

describe('pairOrder', () => {
  it('pairs a quad split along its diagonal as (v0, v1, v2) + (v2, v1, v3)', () => {
    expect(pairOrder([0, 1, 3], [3, 1, 4])).toEqual([0, 1, 3, 4]);
    // Pairing is topological: a walks 3->0 and b walks 0->3, so they pair even though b faces away.
    expect(pairOrder([0, 1, 3], [0, 3, 4])).toEqual([1, 3, 0, 4]);
    // Any rotation of either triangle gives the same pair.
    expect(pairOrder([1, 3, 0], [4, 3, 1])).toEqual([0, 1, 3, 4]);
  });

  it('refuses inconsistent winding, no shared edge, the same triangle, and repeated indices', () => {
    expect(pairOrder([0, 1, 3], [1, 3, 4])).toBeUndefined(); // both walk 1->3
    expect(pairOrder([0, 1, 3], [2, 5, 4])).toBeUndefined();
    expect(pairOrder([0, 1, 3], [3, 1, 0])).toBeUndefined();
    expect(pairOrder([0, 0, 3], [3, 0, 4])).toBeUndefined();
  });

  it('keeps each triangle a rotation of its original, so facing is unchanged', () => {
    const arbTri = fc.tuple(fc.nat(5), fc.nat(5), fc.nat(5)) as fc.Arbitrary<TriIndices>;
    fc.assert(
      fc.property(arbTri, arbTri, (a, b) => {
        const order = pairOrder(a, b);
        fc.pre(order !== undefined);
        const [v0, v1, v2, v3] = order!;
        const isRotation = (t: TriIndices, r: TriIndices): boolean =>
          [0, 1, 2].some((k) => r[0] === t[k] && r[1] === t[(k + 1) % 3] && r[2] === t[(k + 2) % 3]);
        expect(isRotation(a, [v0, v1, v2])).toBe(true);
        expect(isRotation(b, [v2, v1, v3])).toBe(true);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});

describe('pairsFromMesh', () => {
  it('pairs consecutive neighbours greedily and leaves the rest alone', () => {
    const mesh: Mesh = {
      vertices: grid,
      triangles: [
        [0, 1, 3], // A of quad 0
        [3, 1, 4], // B of quad 0 -> pairs with the previous
        [1, 2, 4], // A of quad 1
        [2, 5, 4], // walks 4->2 where the previous walks 2->4: pairs with it
        [0, 1, 3], // last in the stream: alone
      ],
    };
    const mps = pairsFromMesh(mesh);
    expect(mps.map((m) => [m.kind, ...m.src])).toEqual([
      ['pair', 0, 1],
      ['pair', 2, 3],
      ['single', 4],
    ]);
    const first = mps[0] as PairMP;
    expect(first.v).toEqual([grid[0], grid[1], grid[3], grid[4]]);
    // Same signed areas as the source triangles (facing and coverage preserved).
    mps.forEach((mp) => {
      trianglesOf(mp).forEach((t, k) => {
        const src = mesh.triangles[mp.src[k]!]!;
        expect(signedArea2(t)).toBe(signedArea2([grid[src[0]]!, grid[src[1]]!, grid[src[2]]!]));
      });
    });
    expect(singlesFromMesh(mesh).map((m) => m.src[0])).toEqual([0, 1, 2, 3, 4]);
  });
});
