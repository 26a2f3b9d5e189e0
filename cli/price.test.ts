// `gfxrtl price`: several configs in one call (and the limit on how many),
// the clock and knobs it prices with named in its output, --json, and the
// default knobs (the newest calibration under report/).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COST_TABLE_VERSION } from '../synth-models/cost-table.js';
import { expandConfigs, MAX_PRICE_CONFIGS } from './commands/price.js';
import { latestCalibration } from './latest-calibration.js';
import { runCli } from './run-in-process.js';

const T = mkdtempSync(join(tmpdir(), 'gfxrtl-price-'));
afterAll(() => rmSync(T, { recursive: true, force: true }));

describe('price --config lists', () => {
  it('expands k=a|b lists into every combination, the last key fastest', () => {
    expect(expandConfigs('width=8|16,depth=4|8')).toEqual(['width=8,depth=4', 'width=8,depth=8', 'width=16,depth=4', 'width=16,depth=8']);
    expect(expandConfigs('')).toEqual(['']);
  });

  it(`refuses more than ${MAX_PRICE_CONFIGS} configs in one line naming --config, exit 2`, async () => {
    const r = await runCli(['price', 'fifo', '--config', 'width=1|2|3|4|5|6|7|8,depth=1|2|4|8|16|1|2|4|8', '--knobs', 'defaults']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`gfxrtl: price: --config expands to 72 configs (width 8 x depth 9); at most ${MAX_PRICE_CONFIGS} per call (use gfxrtl sweep for more)\n`);
  });

  it('prices each config, one table row each, with the clock and knobs named once', async () => {
    const r = await runCli(['price', 'fifo', '--config', 'width=8|16,depth=4|8', '--knobs', 'defaults']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('clock: each at the fastest clock its depth allows, power at that clock');
    expect(r.stdout).toContain('from defaults (uncalibrated, as --knobs defaults asked)');
    const rows = r.stdout.split('\n').filter((l) => /^\| width=/.test(l));
    expect(rows.map((l) => l.split(' | ')[0])).toEqual(['| width=8,depth=4', '| width=8,depth=8', '| width=16,depth=4', '| width=16,depth=8']);
    // More entries, more area: the rows are four different designs.
    const area = rows.map((l) => Number(l.split(' | ')[1]));
    expect(area[1]!).toBeGreaterThan(area[0]!);
    expect(area[2]!).toBeGreaterThan(area[0]!);
  });

  it('--json gives every config with its clock, how the clock was chosen, knobs and breakdowns', async () => {
    const r = await runCli(['price', 'fifo', '--config', 'width=8|16', '--clock', '1', '--json', '--knobs', 'defaults']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout) as { unit: string; requestedClockHz: number; knobs: { source: string; areaFactor: number }; results: Record<string, unknown>[] };
    expect(o.unit).toBe('fifo');
    expect(o.requestedClockHz).toBe(1e9);
    expect(o.knobs.source).toMatch(/^defaults/);
    expect(o.results).toHaveLength(2);
    for (const x of o.results) {
      expect(x['clockHz']).toBe(1e9);
      expect(x['clockFrom']).toBe('requested');
      expect(Object.keys(x['byInstance'] as object)).toContain('Fifo');
    }
    expect((o.results[1]!['config'] as { width: number }).width).toBe(16);
  });
});

describe('default knobs: the newest calibration under report/', () => {
  const cal = (factor: number, extra: object = {}): string =>
    JSON.stringify({ format: 'gfxrtl-calibration/2', costTableVersion: COST_TABLE_VERSION, study: 'blur', knobs: { areaFactor: factor, energyFactor: 1, delayFactor: 1 }, ...extra });

  it('takes the newest usable calibration.json, skipping cross-checks and stale cost tables', () => {
    const root = join(T, 'report');
    mkdirSync(join(root, 'blur', 'simulation'), { recursive: true });
    mkdirSync(join(root, 'noblur'), { recursive: true });
    writeFileSync(join(root, 'blur', 'simulation', 'calibration.json'), cal(1.5));
    writeFileSync(join(root, 'blur', 'calibration.json'), cal(1.6));
    writeFileSync(join(root, 'noblur', 'calibration.json'), cal(1.7, { role: 'cross-check' }));
    writeFileSync(join(root, 'calibration.json'), cal(1.8, { costTableVersion: COST_TABLE_VERSION - 1 }));
    const t = Date.now() / 1000;
    utimesSync(join(root, 'blur', 'simulation', 'calibration.json'), t - 100, t - 100);
    utimesSync(join(root, 'blur', 'calibration.json'), t - 50, t - 50);
    expect(latestCalibration(root)).toEqual({ file: join(root, 'blur', 'calibration.json'), knobs: { areaFactor: 1.6, energyFactor: 1, delayFactor: 1 } });
    expect(latestCalibration(join(T, 'nothing-here'))).toBeNull();
  });
});
