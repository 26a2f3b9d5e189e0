// The Blur study: its space from the unit schema (mode x TVP x SPF x PMT x
// STS x STP), the command-line paths (`samples --blur`, `sim blur --input
// mesh.json --output hits.jsonl` through the study's driver, writing the
// golden coverage), and a narrowed sweep end to end.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { simOnWorkload } from '../../cli/commands/sim-study.js';
import { enumerateMicroArchs, layoutOf, readManifest, resolveSpec, runSweep, studyDomain } from '../../explore/sweep/index.js';
import { POINTS_JSONL, readPoints } from '../../explore/sweep/store.js';
import { blurMpsFromMesh, serializeMesh } from '../../testbenches/workloads/raster/index.js';
import { blurCoverage } from '../../units/raster-common/blur-golden.js';
import { blurSamplePos } from '../../units/raster-common/blur-samples.js';
import { eraseStudy } from '../../explore/contract.js';
import { SAMPLES_TOOL } from '../raster/tools.js';
import { findStudy } from '../registry.js';
import { study } from './index.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => vi.restoreAllMocks());

function captured(run: () => void): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(' ')));
  run();
  return lines;
}

describe('the Blur study', () => {
  it('spans mode x TVP x SPF x PMT x STS x STP x edge form x time form x reciprocal x jitter, a frontier group per mode', () => {
    const domain = studyDomain(eraseStudy(study), { params: { count: 64 } });
    const entries = enumerateMicroArchs(domain, resolveSpec(domain.axes));
    expect(entries).toHaveLength(3 * 2 * 3 * 4 * 3 * 6 * 2 * 2 * 3 * 2);
    expect(new Set(entries.map((e) => e.mode))).toEqual(new Set(['motion', 'defocus', 'blur']));
    expect(domain.workload.id).toBe('raster-blur-default-64tri-0.54px2');
  });

  it.each(['tuple', 'tile'] as const)('samples --blur --jitter %s lists 64 samples per tile touched, as blurSamplePos defines them', (jitter) => {
    const lines = captured(() => void SAMPLES_TOOL.run([], { rect: '10,20,3,1', blur: true, json: true, jitter }));
    expect(lines.length).toBe(2 * 64);
    expect(JSON.parse(lines[0]!)).toMatchObject(blurSamplePos(5, 10, 0, jitter));
    expect(JSON.parse(lines[64]!)).toMatchObject(blurSamplePos(6, 10, 0, jitter));
    const last = JSON.parse(lines[lines.length - 1]!) as { tx: number; tuple: number };
    expect([last.tx, last.tuple]).toEqual([6, 63]);
  });

  it('samples --blur names a bad --jitter and what is allowed', () => {
    expect(() => SAMPLES_TOOL.run([], { rect: '0,0,1,1', blur: true, jitter: 'pixel' })).toThrow(/--jitter pixel is not valid; allowed: tuple \| tile/);
  });

  it('sim blur --input mesh.json --output writes the golden coverage, one line per sample with its tuple', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-sim-blur-'));
    dirs.push(dir);
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
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await simOnWorkload(eraseStudy(study), { config: 'render=blur,pmt=2', input: file, output: out });
    const got = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, number>);
    const mp = blurMpsFromMesh(mesh, false)[0]!;
    const want = blurCoverage(mp, { mode: 'blur', k: 1, b: 8, jitter: 'tuple' }, mesh.lens).flatMap((r) => r.hits);
    expect(want.length).toBeGreaterThan(40); // a 4.5 px^2 triangle at 16 samples per pixel
    expect(got).toEqual(want.map((h) => ({ tri: 0, tuple: h.tuple, tx: h.tx, ty: h.ty, sx: h.sx, sy: h.sy, z: h.z })));
  }, 60_000);

  it('sweeps a narrowed spec end to end', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gfxrtl-blur-'));
    dirs.push(out);
    const s = await runSweep({ study: { module: findStudy('blur').module, name: 'blur', params: { count: 16 } }, out, workers: 0, spec: { only: 'render=motion,tvp=off,spf=2,pmt=2,sts=1x1,stp=8.8,time=lerp2,recip=unrolled,jitter=tuple,vt=high,vdd=0.99' } });
    expect(s.complete).toBe(true);
    const rows = readPoints(join(out, POINTS_JSONL), layoutOf(readManifest(out)!.identity)).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.study).toBe('blur');
      expect(r.mode).toBe('motion');
      expect(r.params).toMatchObject({ spf: '2', pmt: '2' });
      // 16 triangles at 64 tuples, SPF 2: at least 2 cycles per positioned MP,
      // in each of the workload runs sequential sampling pooled.
      const runs = r.extra['replicates'] ?? 1;
      expect(r.extra['inputRecords']).toBe(16 * runs);
      expect(r.extra['cycles']).toBeGreaterThanOrEqual(runs * 16 * 64 * 2);
      expect(r.metrics['mpPerCycle']).toBeCloseTo((runs * 16) / r.extra['cycles']!, 12);
    }
  }, 180_000);
});
