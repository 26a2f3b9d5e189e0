// The Hybrid study: the unit's knobs without the mode, one workload per
// runtime mode, and a narrowed sweep whose rows name the mode they were
// measured on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { enumerateMicroArchs, layoutOf, readManifest, resolveSpec, runSweep, studyDomain } from '../../explore/sweep/index.js';
import { POINTS_JSONL, readPoints } from '../../explore/sweep/store.js';
import { eraseStudy } from '../../explore/contract.js';
import { findStudy } from '../registry.js';
import { study } from './index.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the Hybrid study', () => {
  it('spans TVP x SPF x PMT x STS x STP x edge form x time form x reciprocal x jitter with one workload per runtime mode', () => {
    const domain = studyDomain(eraseStudy(study), { params: { count: 64 } });
    expect(enumerateMicroArchs(domain, resolveSpec(domain.axes))).toHaveLength(2 * 3 * 4 * 3 * 6 * 2 * 2 * 3 * 2);
    expect(study.workloads.map((w) => w.name)).toEqual(['joint', 'blur', 'motion', 'noblur4', 'noblur16']);
  });

  it('sweeps a narrowed spec in NoBlur 4x mode, rows naming the mode', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gfxrtl-hybrid-'));
    dirs.push(out);
    const s = await runSweep({ study: { module: findStudy('hybrid').module, name: 'hybrid', workload: 'noblur4', params: { count: 32 } }, out, workers: 0, spec: { only: 'tvp=off,spf=1,pmt=2,sts=2x2,stp=8.8,time=lerp2,recip=unrolled,jitter=tuple,vt=high,vdd=0.99' } });
    expect(s.complete).toBe(true);
    const rows = readPoints(join(out, POINTS_JSONL), layoutOf(readManifest(out)!.identity)).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.workload).toBe('hybrid-noblur4-raster-blur-default-32tri-0.54px2');
      expect(r.extra['hybridMode']).toBe(0);
      // Over every workload run sequential sampling pooled.
      expect(r.metrics['mpPerCycle']).toBeCloseTo((32 * (r.extra['replicates'] ?? 1)) / r.extra['cycles']!, 12);
    }
  }, 180_000);
});
