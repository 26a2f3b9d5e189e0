import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sceneToJson } from '../../testbenches/workloads/merge/scene-file.js';
import { sixTriangleFan } from '../../testbenches/workloads/merge/fixtures.js';
import { parseArgs, runMergeStudy } from './run.js';

describe('merge study runner', () => {
  it('refuses a scene file with a false adjacency claim before writing anything, naming grid and triangle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'merge-study-'));
    const doc = JSON.parse(sceneToJson(sixTriangleFan()));
    doc.grids[0].adjacency[2].push(5);
    doc.grids[0].adjacency[5].push(2);
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(doc));
    const out = join(dir, 'out');
    expect(() => parseArgs(['--scene-file', file, '--out', out])).toThrow(/bad.json: grid 0, triangle 2: claimed adjacent to triangle 5/);
    expect(existsSync(out)).toBe(false);
  });

  it('rejects unknown options and values with what would be valid', () => {
    expect(() => parseArgs(['--msaa', '2'])).toThrow(/--msaa: 2 is not one of 1, 4, 8, 16/);
    expect(() => parseArgs(['--entries', '513'])).toThrow(/1\.\.512/);
    expect(() => parseArgs(['--bogus', '1'])).toThrow(/unknown option --bogus/);
  });

  it('measures a scene file: one row per unit and size, the PMU saving 2 of 6 quads at 4x', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merge-study-'));
    const file = join(dir, 'fan.json');
    writeFileSync(file, sceneToJson(sixTriangleFan()));
    const o = parseArgs(['--scene-file', file, '--out', join(dir, 'out'), '--msaa', '4', '--entries', '1,32', '--heat-entries', '32', '--no-cost', '--no-throughput']);
    await runMergeStudy({ ...o, log: () => undefined });
    const rows = readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => `${r.unit}@${r.entries}`).sort()).toEqual(['nomerge@null', 'pmu-unbounded@null', 'pmu@1', 'pmu@32', 'qfm-unbounded@null', 'qfm@1', 'qfm@32'].sort());
    const pmu = rows.find((r) => r.unit === 'pmu' && r.entries === 32)!;
    expect(pmu).toMatchObject({ quadFragments: 6, shadedQuads: 4, partialQuadsSaved: 2, savings: 2 / 6 });
    // The scene file names itself 'hand' (the fixture's name).
    expect(existsSync(join(dir, 'out', 'heatmap-hand.png'))).toBe(true);
  }, 60_000);
});
