import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../testbenches/scratch-dir.js';
import { parseResultsDocArgs, writeResultsDocs } from './results-doc.js';

describe('results-doc', () => {
  it('takes every argument as a report folder without --docs, and --docs DIR anywhere', () => {
    expect(parseResultsDocArgs(['r/qfm', 'r/pmu'])).toEqual({ reports: ['r/qfm', 'r/pmu'], docs: join('docs', 'results') });
    expect(parseResultsDocArgs(['r/qfm', '--docs', 'out', 'r/pmu'])).toEqual({ reports: ['r/qfm', 'r/pmu'], docs: 'out' });
    expect(() => parseResultsDocArgs(['r/qfm', '--docs'])).toThrow(/--docs needs a folder/);
  });

  it('copies each experiment report as a page and its heat maps, other pictures dropped and local links made plain', () => {
    const dir = scratchDir('results-doc-');
    const ex = join(dir, 'study', 'experiments', 'qfm-shading-work');
    mkdirSync(ex, { recursive: true });
    writeFileSync(join(ex, 'index.md'), '# Title\n\n![a plot](plots/a.png)\n\n![plane heat](heatmap-plane.png)\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nsee [the data](results.jsonl) and [spec](https://example.org/x)\n');
    writeFileSync(join(ex, 'heatmap-plane.png'), new Uint8Array([137, 80, 78, 71]));
    const docs = join(dir, 'docs');
    expect(writeResultsDocs([join(dir, 'study')], docs, '2026-01-01')).toEqual([join(docs, 'qfm-shading-work', 'heatmap-plane.png'), join(docs, 'qfm-shading-work.md')]);
    expect([...readFileSync(join(docs, 'qfm-shading-work', 'heatmap-plane.png'))]).toEqual([137, 80, 78, 71]);
    const page = readFileSync(join(docs, 'qfm-shading-work.md'), 'utf8');
    expect(page).toContain('![plane heat](qfm-shading-work/heatmap-plane.png)');
    expect(page).toMatch(/^<!-- Written by studies\/merge\/results-doc.ts from .*index.md \(2026-01-01\)/);
    expect(page).not.toContain('plots/a.png');
    expect(page).toContain('| 1 | 2 |');
    expect(page).toContain('see the data and [spec](https://example.org/x)');
  });

  it('refuses a page whose heat map is missing, naming it', () => {
    const dir = scratchDir('results-doc-');
    const ex = join(dir, 'study', 'experiments', 'pmu-shading-work');
    mkdirSync(ex, { recursive: true });
    writeFileSync(join(ex, 'index.md'), '![heat](heatmap-game.png)\n');
    expect(() => writeResultsDocs([join(dir, 'study')], join(dir, 'docs'))).toThrow(/shows heatmap-game.png, which is not in/);
  });
});
