import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStudy } from '../../studies/registry.js';
import { runSweep } from '../sweep/run.js';
import type { PointRow } from '../sweep/point.js';
import { sig } from './format.js';
import { loadSweep, type LoadedSweep } from './load.js';
import { RATE_RULE, rateCostSection } from './rate-cost-section.js';
import { componentsOf, registerShareSection, shareOf } from './register-share-section.js';
import { importStudy } from '../sweep/study-ref.js';
import type { Design } from '../../hdl/index.js';
import type { Study } from '../contract.js';

// The MAC study declares no rate target, so the test gives it one: the
// section is generic and reads the target it is handed.
let dir: string;
let s: LoadedSweep;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gfxrtl-rate-cost-'));
  await runSweep({ study: { module: findStudy('mac').module, name: 'mac', params: { cycles: 100 } }, out: dir, spec: { only: 'intBits=4|8,fracBits=4,round=truncate,vt=high|low' }, workers: 0 });
  s = loadSweep(dir);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const perSec = (r: PointRow): number => r.metrics['macPerSec'] ?? NaN;
const density = (r: PointRow): number => perSec(r) / r.areaMm2;
const energy = (r: PointRow): number => r.powerW / perSec(r);
const pd = (r: PointRow): number => r.powerW / r.areaMm2;

describe('rate-cost section', () => {
  it('shows the least-area design within each limit and the frontier interpolated at exactly the limit', () => {
    const rate = 5e9;
    const mode = 'mac-wrap';
    const rows = s.rows.filter((r) => r.mode === mode);
    expect(rows.length).toBeGreaterThan(4);
    // A limit strictly between two of the designs' power densities, so the
    // interpolated design lies between frontier points and beats the pick.
    const pds = [...new Set(rows.map(pd))].sort((a, b) => a - b);
    const limit = Math.sqrt(pds[Math.floor(pds.length / 2) - 1]! * pds[Math.floor(pds.length / 2)]!);
    const { markdown, costs } = rateCostSection(rows, s.manifest.identity.columns, s.manifest.identity.study, { metric: 'macPerSec', rate, powerDensityLimits: [limit], doc: '' });
    expect(markdown).toContain(RATE_RULE);
    // By brute force, independent of rate-cost.ts: least area among the fitting designs.
    const fit = rows.filter((r) => pd(r) <= limit);
    const bestDensity = Math.max(...fit.map(density));
    const c = costs[0]!;
    expect(density(c.point!)).toBe(bestDensity);
    expect(c.areaMm2).toBeCloseTo(rate / bestDensity, 12);
    // Interpolated: on the segment between two designs no other design
    // dominates, at power density exactly the limit, never worse than the pick.
    const i = c.interpolated!;
    expect(i.between).not.toBeNull();
    const [a, b] = i.between!;
    expect(pd(a)).toBeLessThanOrEqual(limit);
    expect(pd(b)).toBeGreaterThanOrEqual(limit);
    for (const e of [a, b]) expect(rows.some((r) => density(r) > density(e) && energy(r) < energy(e))).toBe(false);
    expect(i.powerW / i.areaMm2).toBeCloseTo(limit, 9);
    expect(i.areaMm2).toBeLessThanOrEqual(c.areaMm2);
    expect(i.areaMm2).toBeGreaterThanOrEqual(rate / density(b) - 1e-12);
    // And the table prints both.
    expect(markdown).toContain(`| ${sig(limit)} | ${sig(c.areaMm2)} | ${sig(c.powerW)} | ${c.point!.params['intBits']} |`);
    expect(markdown).toMatch(new RegExp(`\\| ${sig(i.areaMm2).replace('.', '\\.')} \\| ${sig(i.powerW).replace('.', '\\.')} \\| intBits=`));
  });

  it('says so when no design is within the limit', () => {
    const rows = s.rows.filter((r) => r.mode === 'mac-wrap');
    const limit = Math.min(...rows.map(pd)) / 2;
    const { markdown, costs } = rateCostSection(rows, s.manifest.identity.columns, s.manifest.identity.study, { metric: 'macPerSec', rate: 1e9, powerDensityLimits: [limit], doc: '' });
    expect(costs[0]!.point).toBeNull();
    expect(costs[0]!.interpolated).toBeNull();
    expect(markdown).toContain('no design within the limit');
    expect(markdown).toContain('no frontier design within the limit');
  });
});

describe('register share of the chosen designs', () => {
  it('splits each pick into registers and logic that add up to the sweep\'s own area and power', async () => {
    const id = s.manifest.identity;
    const study = await importStudy({ module: id.study.module, name: id.study.name });
    const rows = s.rows.filter((r) => r.mode === 'mac-wrap');
    const limits = [...new Set(rows.map(pd))].sort((a, b) => a - b).filter((_, i) => i % 3 === 0);
    const { costs } = rateCostSection(rows, id.columns, id.study, { metric: 'macPerSec', rate: 1e9, powerDensityLimits: limits, doc: '' });
    const md = registerShareSection(study, id, costs);
    const picks = [...new Set(costs.flatMap((c) => (c.point ? [c.point] : [])))];
    expect(picks.length).toBeGreaterThan(0);
    for (const p of picks) {
      const share = shareOf(study, id, p);
      // The MAC has no calibration components and no instances: one row, the top.
      expect(share.map((r) => r.component)).toEqual(['Mac (top-level registers and logic)']);
      const r = share[0]!;
      // Same pricing as the sweep's: the parts add up to the row's area and (fully used) power.
      expect((r.registers.areaUm2 + r.logic.areaUm2) / 1e6).toBeCloseTo(p.areaMm2, 9);
      const power = r.registers.dynamicW + r.registers.leakageW + r.logic.dynamicW + r.logic.leakageW;
      expect(power / (p.fullPowerW ?? p.powerW)).toBeCloseTo(1, 9);
      expect(r.areaShare).toBeGreaterThan(0);
      expect(r.areaShare).toBeLessThan(1);
      expect(md).toContain(`| Mac (top-level registers and logic) | ${sig(r.registers.areaUm2, 4)} | ${sig(r.logic.areaUm2, 4)} | ${sig(r.areaShare * 100)}% |`);
      expect(md).toContain(`, ${p.vt} Vt, ${p.vdd} V, ${p.stages} stages (least area at `);
    }
  }, 30_000);

  it('maps instance paths to calibration components, else to the top\'s instances', () => {
    const study = { calibration: { components: [{ component: 'bbox', instances: () => ['Top.bb', 'Top.extra'] }] } } as unknown as Pick<Study, 'calibration'>;
    const of = componentsOf(study, {} as Design, 'Top');
    expect(of('Top.bb')).toBe('bbox');
    expect(of('Top.extra.adder')).toBe('bbox');
    expect(of('Top.bbx')).toBe('Top.bbx');
    expect(of('Top.iter.count')).toBe('Top.iter');
    expect(of('Top')).toBe('Top (top-level registers and logic)');
  });
});
