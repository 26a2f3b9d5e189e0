import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calibrationSamples } from '../../explore/report/index.js';
import { inventory } from '../../hdl/inventory/index.js';
import { enumerateMicroArchs, layoutOf, readManifest, resolveSpec, runSweep, studyDomain } from '../../explore/sweep/index.js';
import { POINTS_JSONL, readPoints } from '../../explore/sweep/store.js';
import { eraseStudy } from '../../explore/contract.js';
import { findStudy } from '../registry.js';
import { study } from './index.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the NoBlur study', () => {
  const domain = studyDomain(eraseStudy(study), { params: { count: 64 } });

  it('spans TVP x STS x STP x reciprocal x edge form = 288 micro-architectures in each of two modes, axes from the unit schema', () => {
    const entries = enumerateMicroArchs(domain, resolveSpec(domain.axes));
    expect(entries).toHaveLength(576);
    expect(new Set(entries.map((e) => e.id)).size).toBe(576);
    expect(entries.filter((e) => e.mode === 'noblur4')).toHaveLength(288);
    expect(entries.filter((e) => e.mode === 'noblur16')).toHaveLength(288);
    expect(entries[0]!.id).toBe('tvp=off,sts=1x1,stp=4.8,msaa=4,recip=unrolled,edge=multiply');
    expect(domain.axes.find((a) => a.key === 'stp')).toMatchObject({ kind: 'enum', values: study.unit.schema.stp.values, doc: study.unit.schema.stp.doc });
    expect(domain.workload.id).toBe('raster-default-64tri-0.54px2');
  });

  it('builds the calibration components from the pipeline instances', () => {
    const cal = study.calibration!;
    const samples = calibrationSamples(cal, study.unit.elaborate(cal.reference));
    expect(samples.map((s) => s.component)).toEqual(['back-face cull', 'bbox', 'iterator', 'sample test', 'interpolation']);
    const interp = samples.find((s) => s.component === 'interpolation')!;
    expect(interp.instance).toBe('NoBlur.depth + NoBlur.recip0 + the registers and logic it owns');
    // n and L held in R2 and the depths in R4 are the interpolation's
    const regs = interp.inventory.instances.find((i) => i.path.endsWith('interpolation registers'))!;
    expect(regs.items.map((i) => i.name).sort()).toEqual(['s2_len0', 's2_n0', 's4_z0']);
    for (const s of samples) expect(s.inventory.instances.length).toBeGreaterThan(0);
  }, 60_000);

  it('accounts for every top-module register and pipeline instance exactly once, published row or not', () => {
    const cal = study.calibration!;
    for (const config of [cal.reference, { ...cal.reference, tvp: true, edge: 'incremental' }]) {
      const d = study.unit.elaborate(config as never);
      const top = inventory(d).instances.find((i) => i.path === 'NoBlur')!;
      const blocks = [...cal.components.map((c) => ({ name: c.component, b: c })), ...(cal.unpublished ?? []).map((u) => ({ name: u.block!, b: u }))];
      for (const reg of top.items.filter((it) => it.shape.kind === 'reg').map((it) => it.name)) {
        expect(blocks.filter(({ b }) => b.registers?.test(reg)).map((x) => x.name), reg).toHaveLength(1);
      }
      expect(blocks.flatMap(({ b }) => b.instances(d)).sort()).toEqual([...top.children].sort());
    }
  }, 60_000);

  it('sweeps a narrowed spec end to end with rows in the documented format', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gfxrtl-noblur-'));
    dirs.push(out);
    const s = await runSweep({ study: { module: findStudy('noblur').module, name: 'noblur', params: { count: 64 } }, out, workers: 0, spec: { only: 'tvp=on,sts=4x4,stp=14.8,recip=unrolled,edge=multiply,vt=high,vdd=0.99' } });
    expect(s.complete).toBe(true);
    expect(s.evaluated).toBe(2);
    const rows = readPoints(join(out, POINTS_JSONL), layoutOf(readManifest(out)!.identity)).rows;
    expect(new Set(rows.map((r) => r.mode))).toEqual(new Set(['noblur4', 'noblur16']));
    for (const r of rows) {
      expect(r.study).toBe('noblur');
      expect(r.params).toEqual({ tvp: true, sts: '4x4', stp: '14.8', recip: 'unrolled', edge: 'multiply' });
      expect(r.workload).toBe('raster-default-64tri-0.54px2');
      expect(r.seed).toBe(2010);
      // One MP is one triangle: 64 triangles in (fewer) pair records.
      expect(r.metrics['mpPerCycle']).toBeCloseTo(64 / r.extra['cycles']!, 12);
      expect(r.extra['inputRecords']).toBeLessThan(64);
      expect(r.extra['oorFraction']).toBe(0);
    }
    // Clock targets 0.25..2.8 GHz: the reachable ones give distinct depths,
    // up to where the loops through state (the ready chain, the counters)
    // bound the clock whatever the depth.
    const clocks = rows.filter((r) => r.mode === 'noblur4').map((r) => r.clockHz / 1e9);
    expect(Math.min(...clocks)).toBeGreaterThanOrEqual(0.25);
    expect(Math.min(...clocks)).toBeLessThan(0.35);
    expect(Math.max(...clocks)).toBeGreaterThan(Math.min(...clocks));
  }, 120_000);
});
