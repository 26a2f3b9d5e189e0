// Mesh JSON: lossless round trips and errors that name the offending position.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COORD_MAX, DEPTH_MAX } from '../../../units/raster-common/formats.js';
import { seedFromEnv } from '../../rng.js';
import type { Mesh } from './mesh.js';
import { JsonInputError } from '../../../hdl/json-input.js';
import { parseMeshJson, serializeMesh } from './mesh-json.js';
import { generateWorkload } from './workload.js';

const SEED = seedFromEnv(0x7e5);

const arbMesh: fc.Arbitrary<Mesh> = fc
  .array(fc.record({ x: fc.integer({ min: 0, max: COORD_MAX }), y: fc.integer({ min: 0, max: COORD_MAX }), z: fc.integer({ min: 0, max: DEPTH_MAX }) }), { minLength: 1, maxLength: 30 })
  .chain((vertices) =>
    fc.record({
      vertices: fc.constant(vertices),
      triangles: fc.array(fc.tuple(fc.nat(vertices.length - 1), fc.nat(vertices.length - 1), fc.nat(vertices.length - 1)), { maxLength: 30 }),
    }),
  );

function errorOf(text: string): string {
  try {
    parseMeshJson(text);
  } catch (e) {
    expect(e).toBeInstanceOf(JsonInputError);
    // "mesh.json:L:C (field): detail" -> "field: detail", the position checked apart.
    return (e as Error).message.replace(/^mesh\.json:\d+:\d+ \((.*?)\): /, '$1: ').replace(/^mesh\.json:\d+:\d+: /, 'mesh: ');
  }
  throw new Error('expected a JsonInputError');
}

describe('mesh JSON', () => {
  it('round-trips any mesh exactly', () => {
    fc.assert(
      fc.property(arbMesh, (mesh) => {
        expect(parseMeshJson(serializeMesh(mesh))).toEqual(mesh);
      }),
      { seed: SEED, numRuns: 200 },
    );
    const w = generateWorkload({ count: 300, seed: SEED });
    expect(parseMeshJson(serializeMesh(w.mesh))).toEqual(w.mesh);
  });

  it('reads pixels on the 1/256 grid and unit depths', () => {
    const mesh = parseMeshJson('{"vertices": [[1.5, 2.00390625, 0.5], [0, 16383.99609375, 0], [3, 4, 0.9999999999]], "triangles": [[0, 1, 2]]}');
    expect(mesh.vertices).toEqual([
      { x: 384, y: 513, z: 2 ** 23 },
      { x: 0, y: COORD_MAX, z: 0 },
      { x: 768, y: 1024, z: DEPTH_MAX },
    ]);
    expect(mesh.triangles).toEqual([[0, 1, 2]]);
  });

  it('names the position of each kind of error', () => {
    const verts = Array.from({ length: 41 }, (_, i) => `[${i}, 0, 0]`).join(', ');
    expect(errorOf(`{"vertices": [${verts}], "triangles": [${'[0,1,2],'.repeat(12)}[0, 99, 1]]}`)).toBe('triangles[12][1]: index 99 out of range (0..40)');
    expect(errorOf('{"vertices": [[0,0,0],[0,0,0],[0,0,0],[1.3, 0, 0]], "triangles": []}')).toBe('vertices[3][0]: 1.3 is not on the 1/256 grid');
    expect(errorOf('{"vertices": [[0, -1, 0]], "triangles": []}')).toBe('vertices[0][1]: -1 is outside the 14.8 range [0, 16383.99609375]');
    expect(errorOf('{"vertices": [[16384, 0, 0]], "triangles": []}')).toMatch(/^vertices\[0\]\[0\]: 16384 is outside the 14.8 range/);
    expect(errorOf('{"vertices": [[0, 0, 1]], "triangles": []}')).toBe('vertices[0][2]: depth 1 is outside [0, 1)');
    expect(errorOf('{"vertices": [[0, 0, "a"]], "triangles": []}')).toBe('vertices[0][2]: "a" is not a finite number');
    expect(errorOf('{"vertices": [[0, 0]], "triangles": []}')).toBe('vertices[0]: a vertex [x, y, z] with 2 entries; expected exactly 3');
    expect(errorOf('{"vertices": [[0, 0, 0]], "triangles": [[0, 0.5, 0]]}')).toBe('triangles[0][1]: 0.5 is not an integer vertex index');
    expect(errorOf('{"vertices": [[0, 0, 0]], "triangles": [5]}')).toBe('triangles[0]: expected a triangle [i, j, k], got 5');
    expect(errorOf('{"vertices": {}, "triangles": []}')).toBe('vertices: expected a list of vertices, got {}');
    expect(errorOf('{"vertices": []}')).toBe('mesh: missing key "triangles" (a mesh {"vertices": [...], "triangles": [...]} needs "vertices", "triangles")');
    expect(errorOf('[1, 2]')).toBe('mesh: expected a mesh {"vertices": [...], "triangles": [...]}, got [1,2]');
    expect(errorOf('{"vertices": [}')).toMatch(/^vertices\[0\]: unexpected character '}'/);
    expect(errorOf('{"vertices": [], "triangles": [], "colour": 1}')).toBe('colour: unknown key "colour"; valid keys: vertices, triangles, close, lens');
    expect(() => parseMeshJson('{"vertices": [[0, 0, 0]],\n "triangles": [[0, 0, 9]]}')).toThrow(/^mesh\.json:2:23 \(triangles\[0\]\[2\]\): index 9 out of range/);
  });
});
