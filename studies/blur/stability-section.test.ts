// The report's stability section, on hand-made rows: one line per mode,
// each micro-architecture counted once however many physical points it has.
import { describe, expect, it } from 'vitest';
import { stabilityMarkdown } from './stability-section.js';

const row = (mode: string, id: string, ci: number, need: number, extra: Record<string, number> = {}, workload = 'raster-blur-default-512tri-0.54px2'): Record<string, unknown> => ({
  mode,
  id,
  workload,
  extra: { inputRecords: 512, mpCycleCi: ci, mpsFor1Percent: need, ...extra },
});

describe('the stability section', () => {
  it('gives per mode the median and worst half-width, the MPs 1% needs and who needs most', () => {
    const rows = [
      row('blur', 'pmt=1', 0.11, 60000),
      row('blur', 'pmt=1', 0.11, 60000), // a second physical point of the same micro-architecture
      row('blur', 'pmt=2', 0.04, 8000),
      { ...row('blur', 'pmt=4', 0.008, 300), pareto: true },
      row('blur', 'pmt=4', 0.008, 300),
      row('motion', 'pmt=4', 0.005, 200),
    ];
    const md = stabilityMarkdown({ rows, dir: '.' });
    expect(md).toContain('| blur | 3 | 512 | 4.00% / 11.00% | 8000 / 60000 (pmt=1) | 1 of 3 | 1 of 1, 0.80% |');
    expect(md).toContain('| motion | 1 | 512 | 0.50% / 0.50% | 200 / 200 (pmt=4) | 1 of 1 | none |');
  });

  it('names the Hybrid rows by the workload mode they ran, and a half-width it could not estimate as n/a', () => {
    const md = stabilityMarkdown({ rows: [row('hybrid', 'a', -1, 128, { hybridMode: 0 }, 'hybrid-noblur4-raster-blur-default-32tri-0.54px2')], dir: '.' });
    expect(md).toContain('| hybrid (noblur4 workload) | 1 | 512 | n/a / n/a | 128 / 128 (a) | 0 of 1 | none |');
  });
});
