import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventory } from '../../hdl/inventory/index.js';
import { describeEda } from '../../testbenches/cosim/describe-eda.js';
import { findStudy, findUnit } from '../../studies/registry.js';
import { BLUR_PUBLISHED } from '../../studies/raster/published.js';
import { runSweep } from '../sweep/run.js';
import { buildCalibration, buildCrossCheck, CALIBRATION_JSON, YOSYS_JSON } from './checks.js';
import { cachedYosysCellCounts } from '../../synth-models/yosys-cache.js';
import { writeReport } from './write.js';
import { loadSweep } from './load.js';
import { layoutOf, readManifest } from '../sweep/manifest.js';
import { rowToJson, type PointRow } from '../sweep/point.js';
import { readPoints } from '../sweep/store.js';

let dir: string;
const mac = (c: string) => findUnit('mac').elaborate(c).design;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gfxrtl-report-'));
  await runSweep({ study: { module: findStudy('mac').module, name: 'mac', params: { cycles: 200 } }, out: dir, spec: { only: 'intBits=4|8,fracBits=4,round=truncate,vt=high|low' }, workers: 0 });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeReport', () => {
  it('writes index.md with plots (SVG and PNG), tables and the explanation; says when checks were not run', async () => {
    const r = await writeReport(dir);
    const md = readFileSync(r.index, 'utf8');
    for (const mode of ['mac-wrap', 'mac-saturate']) {
      expect(md).toContain(`## Mode ${mode}`);
      for (const p of [`${mode}-cloud`, `${mode}-by-intBits`]) {
        for (const ext of ['svg', 'png']) {
          const f = join(dir, 'plots', `${p}.${ext}`);
          expect(existsSync(f)).toBe(true);
          expect(statSync(f).size).toBeGreaterThan(1000);
        }
        expect(md).toContain(`plots/${p}.png`);
      }
    }
    expect(readFileSync(join(dir, 'plots', 'mac-wrap-cloud.svg'), 'utf8')).toMatch(/^<svg/);
    expect(readFileSync(join(dir, 'plots', 'mac-wrap-cloud.png')).subarray(1, 4).toString()).toBe('PNG');
    expect(md).toContain('## What these numbers are');
    expect(md).toContain('### Pareto frontier');
    // The MAC study declares no rate target, so there is no rate-cost table.
    expect(md).not.toContain('### Cost of');
    expect(md).toContain('Throughput is in MACs: one accumulate');
    expect(md).toContain('## Per micro-architecture on the workload');
    expect(md).toContain('| intBits = 4 |');
    expect(md).toMatch(/gfxrtl sweep --study mac --workload random --param cycles=200 --seed 1 --only 'intBits=4\|8,fracBits=4,round=truncate,vt=low\|high' --out /);
    expect(md).toContain('workload `mac-random-200` (seed 1');
    expect(md).toContain(`writes ${CALIBRATION_JSON}`);
    expect(md).toContain(`writes ${YOSYS_JSON}`);
  }, 60_000);

  it('includes the calibration table (modelled and not modelled components) and the Yosys cross-check', async () => {
    // Plumbing only: MAC inventories stand in for two raster components.
    const cal = buildCalibration('mac', BLUR_PUBLISHED, [
      { component: 'bbox', instance: 'Mac', inventory: inventory(mac('intBits=8,fracBits=8')), powerMw: 14, areaMm2: 0.012 },
      { component: 'iterator', instance: 'Mac', inventory: inventory(mac('intBits=4,fracBits=4')), powerMw: 3, areaMm2: 0.002 },
    ]);
    expect(cal.components.filter((c) => c.modelled).map((c) => c.component)).toEqual(['bbox', 'iterator']);
    writeFileSync(join(dir, CALIBRATION_JSON), JSON.stringify(cal));
    const y = await buildCrossCheck([{ name: 'mac 4.4', design: mac('intBits=4,fracBits=4') }], async () => ({ top: 'Mac', cells: { $_DFF_P_: 10, $_XOR_: 20, $weird: 1 }, totalCells: 31 }));
    expect(y.units[0]!.yosysAreaUm2).toBeCloseTo(10 * 4.522 + 20 * 1.596, 9);
    writeFileSync(join(dir, YOSYS_JSON), JSON.stringify(y));
    const md = readFileSync((await writeReport(dir, { png: false, colorBy: 'vt' })).index, 'utf8');
    expect(md).toMatch(/\| sample in time \| not modelled \(not in this design\) \|/);
    expect(md).toMatch(/\| bbox \| Mac \| \d+( \(misses clock\))? \|/);
    expect(md).toMatch(/\| mac 4\.4 \| 31 \| /);
    expect(md).toContain('$weird x1');
  }, 60_000);

  it('rejects an unknown colour parameter and a directory without a sweep', async () => {
    await expect(writeReport(dir, { colorBy: 'nope' })).rejects.toThrow(/--color-by nope is not a column; use one of vt, vdd, stages, intBits, fracBits, round/);
    await expect(writeReport(join(dir, 'plots'))).rejects.toThrow(/not a sweep directory/);
  });
});

describe('loadSweep', () => {
  it('hands a kept sweep to the next call on the same files once, and reads changed files again', () => {
    const first = loadSweep(dir, { keep: true });
    const handed = loadSweep(dir);
    expect(handed.rows).toEqual(first.rows);
    expect(handed.rows[0]).toBe(first.rows[0]);
    expect(handed.rows).not.toBe(first.rows);
    const again = loadSweep(dir);
    expect(again.rows).toEqual(first.rows);
    expect(again.rows[0]).not.toBe(first.rows[0]);
    loadSweep(dir, { keep: true });
    const file = join(dir, 'points.jsonl');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text + text.split('\n')[0] + '\n');
    try {
      expect(loadSweep(dir).rows.length).toBe(first.rows.length + 1);
    } finally {
      writeFileSync(file, text);
    }
  });

  it('reads the rows readPoints reads, through it when a line is not as JSON.stringify writes it (and then with its errors)', () => {
    const file = join(dir, 'points.jsonl');
    const layout = layoutOf(readManifest(dir)!.identity);
    const strict = readPoints(file, layout).rows;
    expect(strict.length).toBeGreaterThan(0);
    const byId = (rows: readonly PointRow[]): PointRow[] => [...rows].sort((a, b) => JSON.stringify(rowToJson(a, layout)).localeCompare(JSON.stringify(rowToJson(b, layout))));
    expect(byId(loadSweep(dir).rows)).toStrictEqual(byId(strict));
    const text = readFileSync(file, 'utf8');
    const [first, ...rest] = text.split('\n');
    try {
      writeFileSync(file, [JSON.stringify(JSON.parse(first!), null, 1).replace(/\n/g, ''), ...rest].join('\n'));
      expect(byId(loadSweep(dir).rows)).toStrictEqual(byId(strict));
      writeFileSync(file, [first!.replace('{', '{"mode":"x",'), ...rest].join('\n'));
      expect(() => loadSweep(dir)).toThrow(/points\.jsonl:1:.*not a design point/);
    } finally {
      writeFileSync(file, text);
    }
  });
});

describe('buildCrossCheck', () => {
  const units = ['intBits=4,fracBits=4', 'intBits=12,fracBits=12', 'intBits=8,fracBits=8'].map((c) => ({ name: c, design: mac(c) }));
  const cellsOf = (d: ReturnType<typeof mac>): number => 100 + units.findIndex((u) => u.design === d);

  it('synthesises two at a time, the largest first, and keeps the rows in the units\' order', async () => {
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const y = await buildCrossCheck(units, async (d) => {
      started.push(units.find((u) => u.design === d)!.name);
      most = Math.max(most, ++running);
      // The first one started finishes last.
      await new Promise((r) => setTimeout(r, started.length === 1 ? 60 : 5));
      running--;
      return { top: 'Mac', cells: { $_XOR_: cellsOf(d) }, totalCells: cellsOf(d) };
    }, 2);
    expect(most).toBe(2);
    expect(started).toEqual(['intBits=12,fracBits=12', 'intBits=8,fracBits=8', 'intBits=4,fracBits=4']);
    expect(y.units.map((u) => u.unit)).toEqual(units.map((u) => u.name));
    expect(y.units.map((u) => u.yosysCells)).toEqual(units.map((u) => cellsOf(u.design)));
  });

  it('starts nothing after a failure, waits for what runs, and throws the failure', async () => {
    const started: string[] = [];
    let finished = 0;
    const run = buildCrossCheck(units, async (d) => {
      const name = units.find((u) => u.design === d)!.name;
      started.push(name);
      if (name === 'intBits=12,fracBits=12') throw new Error('yosys failed on the largest');
      await new Promise((r) => setTimeout(r, 30));
      finished++;
      return { top: 'Mac', cells: {}, totalCells: 0 };
    }, 2);
    await expect(run).rejects.toThrow('yosys failed on the largest');
    expect(started).toEqual(['intBits=12,fracBits=12', 'intBits=8,fracBits=8']);
    expect(finished).toBe(1);
  });
});

describeEda('yosys', 'Yosys cross-check', () => {
  it('prices the synthesised MAC within a factor of two of the cost model', async () => {
    // Synthesised afresh: the test is of Yosys, not of the cache.
    const y = await buildCrossCheck([{ name: 'mac', design: mac('intBits=8,fracBits=8') }], (d) => cachedYosysCellCounts(d, { dir: null }));
    const u = y.units[0]!;
    expect(u.unmapped).toEqual({});
    expect(u.ratio).toBeGreaterThan(0.5);
    expect(u.ratio).toBeLessThan(2);
  }, 120_000);
});
