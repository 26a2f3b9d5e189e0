// The Hybrid's joint objective: the geometric mean of the four modes' MP
// rates, measured by simulating the same netlist in each mode, and each
// mode's rate kept on the joint row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutOf, readManifest, runSweep } from '../../explore/sweep/index.js';
import { POINTS_JSONL, readCache, readPoints } from '../../explore/sweep/store.js';
import { runHybrid } from '../../testbenches/blur/index.js';
import { HYBRID_MODES, hybridSchema, type HybridConfig } from '../../units/blur/config.js';
import { defaults } from '../../units/config.js';
import { findStudy } from '../registry.js';
import { study } from './index.js';
import { JOINT_MODE_INDEX, jointCounts, jointHalfWidth, jointStability, modeCiKey, modeRateKey } from './joint.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the Hybrid joint objective', () => {
  it('is the geometric mean of the four MP rates, each mode weighing the same', () => {
    const c = jointCounts([
      { mode: 'noblur4', work: 100, cycles: 50 },
      { mode: 'noblur16', work: 100, cycles: 100 },
      { mode: 'motion', work: 100, cycles: 3200 },
      { mode: 'blur', work: 100, cycles: 6400 },
    ]);
    const rates = [2, 1, 100 / 3200, 100 / 6400];
    expect(c.work / c.cycles).toBeCloseTo(Math.exp(rates.reduce((s, r) => s + Math.log(r), 0) / 4), 12);
    // Doubling one mode's rate raises the joint rate by 2^(1/4), whichever mode it is.
    const twice = jointCounts([
      { mode: 'noblur4', work: 100, cycles: 50 },
      { mode: 'noblur16', work: 100, cycles: 100 },
      { mode: 'motion', work: 100, cycles: 3200 },
      { mode: 'blur', work: 100, cycles: 3200 },
    ]);
    expect(c.cycles / twice.cycles).toBeCloseTo(2 ** 0.25, 12);
    expect(c.counters!['hybridMode']).toBe(JOINT_MODE_INDEX);
    expect(c.counters![modeRateKey('blur')]).toBeCloseTo(100 / 6400, 12);
  });

  it('refuses a run set that is not one run per mode', () => {
    expect(() => jointCounts([{ mode: 'blur', work: 1, cycles: 1 }])).toThrow(/one run per mode/);
  });

  it('is the default workload, and its rows carry what each mode measured on the same netlist', async () => {
    expect(study.workloads[0]!.name).toBe('joint');
    const out = mkdtempSync(join(tmpdir(), 'gfxrtl-hybrid-joint-'));
    dirs.push(out);
    await runSweep({ study: { module: findStudy('hybrid').module, name: 'hybrid', params: { count: 16 } }, out, workers: 0, spec: { only: 'tvp=off,spf=1,pmt=2,sts=1x1,stp=8.8,time=lerp2,recip=unrolled,jitter=tuple,vt=high,vdd=0.99' } });
    const rows = readPoints(join(out, POINTS_JSONL), layoutOf(readManifest(out)!.identity)).rows;
    expect(rows.length).toBeGreaterThan(0);
    const w = study.workloads[0]!;
    const cfg: HybridConfig = { ...defaults(hybridSchema), tvp: false, spf: '1', pmt: '2', sts: '1x1', stp: '8.8', edge: 'multiply' };
    const input = w.build({ count: 16, area: 0.54 }, w.seed, cfg);
    // The base run (seed 2010) measured each mode as running it alone does;
    // the rows carry the pool of every replicate sequential sampling ran.
    // Each edge form is its own micro-architecture (cycle-identical, each with its own pool).
    const runsOf = (id: string) => {
      const cache = readCache(out, id)!;
      return cache.replicates ?? [cache.performance];
    };
    for (const mode of HYBRID_MODES) {
      const alone = runHybrid(cfg, mode, input.mps, input.lens).stats;
      for (const r of rows) {
        const rs = runsOf(r.id);
        expect(rs[0]!.counters![modeRateKey(mode)]).toBeCloseTo(alone.triangles / alone.cycles, 12);
        const pooled = rs.reduce((a, p) => a + p.work, 0) / rs.reduce((a, p) => a + p.counters![`cycles_${mode}`]!, 0);
        expect(r.extra[modeRateKey(mode)]).toBeCloseTo(pooled, 12);
      }
    }
    const r = rows[0]!;
    const runs = runsOf(r.id);
    const geo = Math.exp(HYBRID_MODES.reduce((s, m) => s + Math.log(r.extra[modeRateKey(m)]!), 0) / 4);
    expect(r.metrics['mpPerCycle']).toBeCloseTo(geo, 12);
    // The joint rows carry stability counters: the base run's bounded from the four modes'.
    const b = runs[0]!.counters!;
    expect(b['mpCycleCi']).toBe(jointHalfWidth(HYBRID_MODES.map((m) => b[modeCiKey(m)]!)));
    expect(r.extra['mpsFor1Percent']).toBeGreaterThan(0);
    expect(r.extra['replicates']).toBe(runs.length);
  }, 180_000);
});

describe('the joint figure\'s stability', () => {
  it('bounds the half-width of the geometric mean by the mean of the modes\' (correlated runs)', () => {
    expect(jointHalfWidth([0.02, 0.01, 0.005, 0.005])).toBeCloseTo(0.01, 12);
    // Independent runs would give a quarter of the root sum of squares: never more than the bound.
    const cis = [0.03, 0.01, 0.002, 0.004];
    expect(Math.sqrt(cis.reduce((a, h) => a + h * h, 0)) / 4).toBeLessThanOrEqual(jointHalfWidth(cis));
    expect(jointHalfWidth([0.01, -1, 0.01, 0.01])).toBe(-1);
  });

  it('matches a numerical delta method when the four rates move together', () => {
    // Every rate off by its own half-width in the same direction moves the geometric mean by their mean, to first order.
    const rates = [2, 1, 0.03, 0.015];
    const cis = [0.004, 0.006, 0.02, 0.03];
    const geo = (rs: readonly number[]): number => Math.exp(rs.reduce((s, r) => s + Math.log(r), 0) / rs.length);
    const eps = 1e-4;
    const moved = geo(rates.map((r, i) => r * (1 + eps * cis[i]!)));
    expect((moved / geo(rates) - 1) / eps).toBeCloseTo(jointHalfWidth(cis), 6);
  });

  it('asks the MPs a 1% joint half-width needs', () => {
    const runs = HYBRID_MODES.map((mode, i) => ({ mode, work: 100, cycles: 100 * (i + 1), ci: 0.02 }));
    const s = jointStability(runs, 512, 64);
    expect(s['mpCycleCi']).toBeCloseTo(0.02, 12);
    expect(s['mpsFor1Percent']).toBe(Math.ceil(512 * 4));
    expect(s[modeCiKey('blur')]).toBe(0.02);
    expect(jointStability(runs.map((r, i) => (i === 0 ? { ...r, ci: -1 } : r)), 512, 64)['mpsFor1Percent']).toBe(64);
  });
});
