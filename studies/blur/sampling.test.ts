// Sequential sampling in the blur family: pooling replicates, and a sweep
// that extends the micro-architectures that matter, records what it used,
// and resumes without simulating again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutOf, readManifest, runSweep } from '../../explore/sweep/index.js';
import { POINTS_JSONL, readCache, readPoints } from '../../explore/sweep/store.js';
import { studentT975 } from '../../testbenches/blur/seed-spread.js';
import { findStudy } from '../registry.js';
import { JOINT_MODE_INDEX, modeRateKey } from '../hybrid/joint.js';
import { HYBRID_MODES } from '../../units/blur/config.js';
import { BLUR_SAMPLING, MIN_REPLICATES, poolBlurRuns, replicateHalfWidth } from './sampling.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const run = (cycles: number, extra: Record<string, number> = {}) => ({
  cycles,
  work: 100,
  counters: { cycles, inputRecords: 100, cyclesPerPositioned: cycles / 6400, tilesPerPositioned: 2, sampleTestEfficiency: 0.05, stallFraction: 0.9, outOfRange: 1, mpCycleCi: 0.05, mpsFor1Percent: 2500, ...extra },
});

describe('pooling replicates', () => {
  it('sums the work and cycles, and takes the half-width from the spread between replicates (t interval)', () => {
    const p = poolBlurRuns([run(1000), run(1100), run(900)]);
    expect([p.cycles, p.work, p.counters!['inputRecords'], p.counters!['outOfRange']]).toEqual([3000, 300, 300, 3]);
    expect(p.counters!['cyclesPerPositioned']).toBeCloseTo(3000 / 19200, 12);
    // Cycles per MP 10, 11, 9: sd 1, mean 10.
    const h = (studentT975(2) * 1) / Math.sqrt(3) / 10;
    expect(replicateHalfWidth([10, 11, 9])).toBeCloseTo(h, 12);
    expect(p.counters!['mpCycleCi']).toBeCloseTo(h, 12);
    expect(p.counters!['mpsFor1Percent']).toBe(Math.ceil(300 * (h / 0.01) ** 2));
  });

  it('pools a joint Hybrid row mode by mode, its half-width from the replicates\' joint rates', () => {
    const joint = (k: number) => {
      const counters: Record<string, number> = { hybridMode: JOINT_MODE_INDEX, inputRecords: 100, outOfRange: 0, mpCycleCi: 0.02, mpsFor1Percent: 400 };
      HYBRID_MODES.forEach((m, i) => (counters[`cycles_${m}`] = k * 100 * (i + 1)));
      return { cycles: 0, work: 100, counters };
    };
    const p = poolBlurRuns([joint(1), joint(1.1), joint(0.9)]);
    expect(p.counters![modeRateKey('noblur4')]).toBeCloseTo(300 / 300, 12);
    const logs = [1, 1.1, 0.9].map((k) => HYBRID_MODES.reduce((a, _m, i) => a + Math.log(100 / (k * 100 * (i + 1))), 0) / 4);
    const mean = logs.reduce((a, x) => a + x, 0) / 3;
    const sd = Math.sqrt(logs.reduce((a, x) => a + (x - mean) ** 2, 0) / 2);
    expect(p.counters!['mpCycleCi']).toBeCloseTo((studentT975(2) * sd) / Math.sqrt(3), 12);
    expect(p.work / p.cycles).toBeCloseTo(Math.exp(HYBRID_MODES.reduce((a, m) => a + Math.log(p.counters![modeRateKey(m)]!), 0) / 4), 12);
  });
});

describe('a Blur sweep with sequential sampling', () => {
  it('extends what matters to at least the minimum replicates, records the MPs used, and resumes without simulating', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gfxrtl-blur-sampling-'));
    dirs.push(out);
    const opts = { study: { module: findStudy('blur').module, name: 'blur', params: { count: 24 } }, out, workers: 0, spec: { only: 'render=blur,stp=8.8,sts=1x1,spf=1,tvp=off,pmt=1|4,time=lerp2,recip=unrolled,jitter=tuple,vt=high,vdd=0.99' } } as const;
    const first = await runSweep(opts);
    expect(first.complete).toBe(true);
    expect(first.extended).toBeGreaterThan(0);
    const identity = readManifest(out)!.identity;
    const rows = readPoints(join(out, POINTS_JSONL), layoutOf(identity)).rows;
    const keys = rows.map((r) => `${r.id}|${r.vt}|${r.vdd}|${r.stages}`);
    expect(new Set(keys).size).toBe(keys.length);
    let extendedId = '';
    for (const r of rows) {
      const cache = readCache(out, r.id)!;
      const runs = cache.replicates?.length ?? 1;
      expect(r.extra['replicates'] ?? 1).toBe(runs);
      expect(r.extra['inputRecords']).toBe(24 * runs);
      if (runs > 1) {
        extendedId = r.id;
        expect(runs).toBeGreaterThanOrEqual(MIN_REPLICATES);
        expect(runs === BLUR_SAMPLING.maxReplicates || r.extra['mpCycleCi']! <= 0.01).toBe(true);
      }
    }
    expect(extendedId).not.toBe('');
    // Killed after the cache was written, before the pooled rows were: the
    // points carry the base run again. The resume prices the pool, simulating nothing.
    const base = readCache(out, extendedId)!.replicates![0]!;
    const lines = readFileSync(join(out, POINTS_JSONL), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; extra: Record<string, number> });
    writeFileSync(join(out, POINTS_JSONL), lines.map((l) => JSON.stringify(l.id === extendedId ? { ...l, extra: { ...base.counters } } : l)).join('\n') + '\n');
    const again = await runSweep(opts);
    expect([again.evaluated, again.replicateRuns]).toEqual([0, 0]);
    const after = readPoints(join(out, POINTS_JSONL), layoutOf(identity)).rows.filter((r) => r.id === extendedId);
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) expect(r.extra['replicates']).toBe(readCache(out, extendedId)!.replicates!.length);
  }, 240_000);

  it('writes the same points and replicates with 0, 1 or 2 workers, and after an interrupted sampling resumes', async () => {
    const spec = { only: 'render=blur|defocus,stp=8.8,sts=1x1,spf=1,tvp=off,pmt=1|4,edge=multiply,time=lerp2,recip=unrolled,jitter=tuple,vt=high,vdd=0.99' };
    const study = { module: findStudy('blur').module, name: 'blur', params: { count: 24 } };
    const sweep = async (workers: number, signal?: AbortController) => {
      const out = mkdtempSync(join(tmpdir(), `gfxrtl-blur-sampling-w${workers}-`));
      dirs.push(out);
      let pooled = 0;
      const s = await runSweep({ study, out, workers, spec, ...(signal && { signal: signal.signal, onReplicate: () => ++pooled === 1 && signal.abort() }) });
      return { out, s };
    };
    const files = (out: string) => {
      const ids = readPoints(join(out, POINTS_JSONL), layoutOf(readManifest(out)!.identity)).rows.map((r) => r.id);
      return { points: readFileSync(join(out, POINTS_JSONL), 'utf8'), replicates: [...new Set(ids)].map((id) => readCache(out, id)!.replicates ?? null) };
    };
    const one = await sweep(0);
    expect(one.s.replicateRuns).toBeGreaterThan(0);
    expect(one.s.discardedRuns).toBe(0);
    const want = files(one.out);
    for (const w of [1, 2]) {
      const got = await sweep(w);
      expect(got.s.replicateRuns).toBe(one.s.replicateRuns);
      expect(files(got.out)).toEqual(want);
    }
    // Stopped at the first replicate pooled: what is not stopped by then is left out, the resume samples it again.
    // The first, not a later one: after the abort no replicate starts, but the two in flight and any run ahead
    // of the rule still pool, and at the tenth those sometimes finished every design (CI, 2 cores). From the
    // first, no design reaches the 8-run minimum (1 + 1 + 2 in flight + 2 ahead), so the cut is always partial.
    const stop = new AbortController();
    const cut = await sweep(2, stop);
    expect(cut.s.complete).toBe(false);
    expect(cut.s.replicateRuns).toBeLessThan(one.s.replicateRuns);
    const resumed = await runSweep({ study, out: cut.out, workers: 2, spec });
    expect(resumed.complete).toBe(true);
    expect(cut.s.replicateRuns + resumed.replicateRuns).toBe(one.s.replicateRuns);
    expect(files(cut.out)).toEqual(want);
  }, 240_000);
});
