// Blur workload parameters: seeded and documented, written to and read back
// from mesh JSON losslessly, old files still read, bad fields named by their
// position in the file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../scratch-dir.js';
import { readMesh } from '../../../studies/raster/mesh-input.js';
import { SUBPIXEL } from '../../../units/raster-common/formats.js';
import { blurMpsFromMesh, LENS_A_RANGE_PX, MOTION_MAX_PX, ROTATION_MAX_RAD, withBlurParams } from './blur-params.js';
import { parseMeshJson, serializeMesh } from './mesh-json.js';
import { pairsFromMesh } from './pairing.js';
import { generateWorkload } from './workload.js';

const base = generateWorkload({ count: 200 }).mesh;

function errorOf(text: string): string {
  try {
    parseMeshJson(text);
  } catch (e) {
    return (e as Error).message.replace(/^mesh\.json:\d+:\d+ \((.*?)\): /, '$1: ');
  }
  throw new Error('expected an error');
}

describe('blur workload parameters', () => {
  it('are deterministic from the seed and within the documented ranges', () => {
    const a = withBlurParams(base, 2010);
    expect(withBlurParams(base, 2010)).toEqual(a);
    expect(withBlurParams(base, 2011).lens).not.toEqual(a.lens);
    const lens = a.lens!;
    expect(lens.a).toBeGreaterThanOrEqual(LENS_A_RANGE_PX[0] * SUBPIXEL);
    expect(lens.a).toBeLessThanOrEqual(LENS_A_RANGE_PX[1] * SUBPIXEL);
    const zs = base.vertices.map((v) => v.z);
    expect(lens.f).toBeGreaterThanOrEqual(Math.min(...zs));
    expect(lens.f).toBeLessThanOrEqual(Math.max(...zs));
    const span = Math.max(...base.vertices.map((v) => v.x)) - Math.min(...base.vertices.map((v) => v.x));
    const bound = (MOTION_MAX_PX * SUBPIXEL + ROTATION_MAX_RAD * span * 1.5 + 2);
    a.close!.forEach((c, i) => {
      const v = base.vertices[i]!;
      expect(Math.hypot(c.x - v.x, c.y - v.y)).toBeLessThan(bound);
    });
  });

  it('round-trip through mesh JSON, and old meshes read without them', () => {
    const a = withBlurParams(base, 7);
    expect(parseMeshJson(serializeMesh(a))).toEqual(a);
    const old = parseMeshJson(serializeMesh(base));
    expect(old.close).toBeUndefined();
    expect(old.lens).toBeUndefined();
    expect(old).toEqual(base);
  });

  it('pair the same way at open and close, vertex for vertex', () => {
    const a = withBlurParams(base, 7);
    const mps = blurMpsFromMesh(a, true);
    const open = pairsFromMesh(a);
    expect(mps.length).toBe(open.length);
    mps.forEach((mp, i) => mp.v.forEach((v, k) => expect({ x: v.x, y: v.y, z: v.z }).toEqual(open[i]!.v[k])));
    const idx = a.triangles[mps[0]!.src[0]!]![0];
    expect(mps[0]!.v.some((v) => v.x1 === a.close![idx]!.x && v.y1 === a.close![idx]!.y)).toBe(true);
  });

  it('reject bad shapes and ranges with the JSON path', () => {
    const m = '{"vertices": [[1, 2, 0.5], [3, 4, 0.5]], "triangles": []';
    expect(errorOf(`${m}, "close": [[1, 2]]}`)).toMatch(/^close: a list of close positions \(one per vertex\) with 1 entries; expected exactly 2/);
    expect(errorOf(`${m}, "close": [[1, 2], [3]]}`)).toMatch(/^close\[1\]: a close position \[x, y\] with 1 entries; expected exactly 2/);
    expect(errorOf(`${m}, "close": [[1, 2], [3, -1]]}`)).toMatch(/^close\[1\]\[1\]: -1 is outside the 14.8 range/);
    expect(errorOf(`${m}, "close": [[1, 2], [3, 0.001]]}`)).toMatch(/^close\[1\]\[1\]: 0.001 is not on the 1\/256 grid/);
    expect(errorOf(`${m}, "lens": {"aperture": 300, "focus": 0.5}}`)).toMatch(/^lens.aperture: 300 is outside \[0, 255.99609375\] pixels/);
    expect(errorOf(`${m}, "lens": {"aperture": 3, "focus": 1.5}}`)).toMatch(/^lens.focus: depth 1.5 is outside \[0, 1\)/);
    expect(errorOf(`${m}, "lens": {"aperture": 3}}`)).toMatch(/^lens: missing key "focus"/);
    expect(errorOf(`${m}, "lens": [3, 0.5]}`)).toMatch(/^lens: expected a lens \{"aperture"/);
  });

  it('name the line and column through the CLI reader', () => {
    const dir = scratchDir('gfxrtl-blur-mesh-');
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"vertices": [[1, 2, 0.5]],\n "triangles": [],\n "close": [[1, "x"]]}\n');
    expect(() => readMesh(file)).toThrow(/bad\.json:3:16 \(close\[0\]\[1\]\): "x" is not a finite number/);
  });
});
