import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../testbenches/scratch-dir.js';
import { UserError } from '../../hdl/errors.js';
import { sceneToJson } from '../../testbenches/workloads/merge/scene-file.js';
import { sixTriangleFan } from '../../testbenches/workloads/merge/fixtures.js';
import { parseArgs, runMergeStudy } from './run.js';

describe('merge study runner', () => {
  it('refuses a scene file with a false adjacency claim before writing anything, naming file, grid and triangle', () => {
    const dir = scratchDir('merge-study-');
    const doc = JSON.parse(sceneToJson(sixTriangleFan()));
    doc.draws[0].grids[0].adjacency[2].push(5);
    doc.draws[0].grids[0].adjacency[5].push(2);
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(doc));
    const out = join(dir, 'out');
    expect(() => parseArgs(['--scene-file', file, '--out', out])).toThrow(/bad.json:\d+:\d+ \(draws\[0\]\.grids\[0\]\.triangles\[2\]\): grid 0, triangle 2: claimed adjacent to triangle 5/);
    expect(existsSync(out)).toBe(false);
  });

  it('rejects unknown options and values with what would be valid, as user errors', () => {
    expect(() => parseArgs(['--msaa', '2'])).toThrow(/--msaa: 2 is not one of 1, 4, 8, 16/);
    expect(() => parseArgs(['--entries', '513'])).toThrow(/1\.\.512/);
    expect(() => parseArgs(['--bogus', '1'])).toThrow(/--bogus: unknown option/);
    expect(() => parseArgs(['--unit', 'tbdr'])).toThrow(/--unit: 'tbdr' is not a merge unit; valid: qfm, pmu/);
    expect(() => parseArgs(['--flush', 'later'])).toThrow(UserError);
    expect(() => parseArgs(['--flush', 'later'])).toThrow(/--flush: flush policy 'later' is not valid; allowed: drain \| merge/);
  });

  it('exits 2 with one line naming the file for a grid of more than 512 triangles', () => {
    const dir = scratchDir('merge-study-');
    const strip = Array.from({ length: 513 }, (_, i) => (i % 2 === 0 ? [i, i + 1, i + 2] : [i + 1, i, i + 2]));
    const file = join(dir, 'big.json');
    writeFileSync(file, JSON.stringify({ width: 64, height: 64, draws: [{ vertices: Array.from({ length: 515 }, (_, i) => [i % 60, Math.floor(i / 60), 0.5]), grids: [{ triangles: strip }] }] }));
    const r = spawnSync(process.execPath, ['--import', 'tsx', new URL('./run.ts', import.meta.url).pathname, '--scene-file', file, '--out', join(dir, 'out')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+ \\(draws\\[0\\]\\.grids\\[0\\]\\.triangles\\): a grid's triangles \\(at most 512: a grid is one patch\\) with 513 entries`));
    expect(existsSync(join(dir, 'out'))).toBe(false);
  }, 60_000);

  it('measures a scene file: one row per size and the ideal, the PMU saving 3 of the fan\'s 6 quads at 4x', async () => {
    const dir = scratchDir('merge-study-');
    const file = join(dir, 'fan.json');
    writeFileSync(file, sceneToJson(sixTriangleFan()));
    for (const unit of ['qfm', 'pmu'] as const) {
      const out = join(dir, unit);
      const o = parseArgs(['--unit', unit, '--scene-file', file, '--out', out, '--msaa', '4', '--entries', '1,32', '--heat-entries', '32', '--no-cost', '--no-throughput']);
      await runMergeStudy({ ...o, log: () => undefined });
      const rows = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(rows.map((r) => `${r.unit}@${r.entries}`).sort()).toEqual(['nomerge@null', `${unit}-ideal@null`, `${unit}@1`, `${unit}@32`].sort());
      // The scene file names itself 'hand' (the fixture's name).
      expect(existsSync(join(out, 'heatmap-hand.png'))).toBe(true);
      if (unit === 'pmu') {
        const pmu = rows.find((r) => r.unit === 'pmu' && r.entries === 32)!;
        expect(pmu).toMatchObject({ quadFragments: 6, shadedQuads: 3, quadsSaved: 3, partialQuads: 6, efficiencySaved: 0.5, savings: 0.5 });
        // Three quads shaded, all full: every partially covered quad in is gone from the output.
        expect(pmu).toMatchObject({ partialQuadsShaded: 0, efficiencyPartialDrop: 1 });
      } else {
        expect(rows.find((r) => r.unit === 'qfm' && r.entries === 32)).toMatchObject({ shadedQuads: 1, capturedFraction: 1 });
      }
    }
  }, 120_000);

  it('reports its steps to the progress display: each measurement of total, with what ran and the time elapsed', async () => {
    const dir = scratchDir('merge-study-');
    const file = join(dir, 'fan.json');
    writeFileSync(file, sceneToJson(sixTriangleFan()));
    const o = parseArgs(['--unit', 'qfm', '--scene-file', file, '--out', join(dir, 'out'), '--msaa', '1,4', '--heat-msaa', '4', '--entries', '1', '--heat-entries', '1', '--no-cost', '--no-throughput']);
    const seen: string[] = [];
    const progress = {
      start: (total: number, done: number) => seen.push(`start ${done}/${total}`),
      update: (done: number, total: number, note = '') => seen.push(`${done}/${total} ${note}`),
      stop: () => seen.push('stop'),
    };
    await runMergeStudy({ ...o, log: () => undefined, progress });
    expect(seen).toHaveLength(4);
    expect(seen[0]).toBe('start 0/2');
    expect(seen[1]).toMatch(/^1\/2 qfm hand area [0-9.]+ msaa 1; \d+ s elapsed$/);
    expect(seen[2]).toMatch(/^2\/2 qfm hand area [0-9.]+ msaa 4; \d+ s elapsed$/);
    expect(seen[3]).toBe('stop');
  }, 60_000);
});
