// The blur command-line paths end to end: `samples --blur` prints every
// (tile, tuple) sample of the tiles a rectangle touches, and `sim blur
// --input mesh.json --output hits.jsonl` writes the golden coverage of a
// blur mesh, one line per covered sample with its tuple.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blurMpsFromMesh, serializeMesh } from '../../testbenches/workloads/raster/index.js';
import { blurCoverage } from '../../units/raster-common/blur-golden.js';
import { blurSamplePos } from '../../units/raster-common/blur-samples.js';
import { samplesCommand } from './samples.js';
import { simBlurCommand } from './sim-blur.js';

afterEach(() => vi.restoreAllMocks());

function captured(run: () => void): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(' ')));
  run();
  return lines;
}

describe('blur CLI', () => {
  it('samples --blur lists 64 samples per tile touched, as blurSamplePos defines them', () => {
    const lines = captured(() => samplesCommand({ msaa: '16', rect: '10,20,3,1', blur: true, json: true }));
    expect(lines.length).toBe(2 * 64);
    const first = JSON.parse(lines[0]!) as { tx: number; ty: number; tuple: number; sx: number; sy: number };
    expect(first).toMatchObject(blurSamplePos(5, 10, 0));
    const last = JSON.parse(lines[lines.length - 1]!) as { tx: number; tuple: number };
    expect([last.tx, last.tuple]).toEqual([6, 63]);
  });

  it('sim blur writes the golden coverage of a mesh with motion and lens', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-sim-blur-'));
    const mesh = {
      vertices: [
        { x: 2560, y: 2560, z: 14_000_000 },
        { x: 3328, y: 2560, z: 13_000_000 },
        { x: 2560, y: 3328, z: 15_000_000 },
      ],
      triangles: [[0, 1, 2] as const],
      close: [
        { x: 2900, y: 2600 },
        { x: 3700, y: 2650 },
        { x: 2950, y: 3400 },
      ],
      lens: { a: 8192, f: 14_000_000 },
    };
    const file = join(dir, 'mesh.json');
    const out = join(dir, 'hits.jsonl');
    writeFileSync(file, serializeMesh(mesh));
    captured(() => simBlurCommand({ config: 'mode=blur,pmt=2', input: file, output: out, cycles: '0', seed: '1' }));
    const got = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, number>);
    const mp = blurMpsFromMesh(mesh, false)[0]!;
    const want = blurCoverage(mp, { mode: 'blur', k: 1, b: 8 }, mesh.lens).flatMap((r) => r.hits);
    expect(want.length).toBeGreaterThan(40); // a 4.5 px^2 triangle at 16 samples per pixel
    expect(got).toEqual(want.map((h) => ({ tri: 0, tuple: h.tuple, tx: h.tx, ty: h.ty, sx: h.sx, sy: h.sy, z: h.z })));
  }, 60_000);
});
