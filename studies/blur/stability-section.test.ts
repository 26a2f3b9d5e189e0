// The report's stability section, on hand-made rows: one line per mode,
// each micro-architecture counted once however many physical points it has;
// extended ones counted with their runs, frontier ones listed.
import { describe, expect, it } from 'vitest';
import { stabilityMarkdown } from './stability-section.js';

const row = (mode: string, id: string, ci: number, need: number, extra: Record<string, number> = {}, workload = 'raster-blur-default-512tri-0.54px2'): Record<string, unknown> => ({
  mode,
  id,
  workload,
  seed: 2010,
  extra: { inputRecords: 512 * (extra['replicates'] ?? 1), mpCycleCi: ci, mpsFor1Percent: need, ...extra },
});

describe('the stability section', () => {
  it('counts per mode the extended micro-architectures and whether each frontier one is within 1%', () => {
    const rows = [
      row('blur', 'pmt=1', 0.11, 60000),
      row('blur', 'pmt=1', 0.11, 60000), // a second physical point of the same micro-architecture
      { ...row('blur', 'pmt=2', 0.014, 8000, { replicates: 16 }), pareto: true },
      { ...row('blur', 'pmt=4', 0.008, 300, { replicates: 3 }), pareto: true },
      row('blur', 'pmt=4', 0.008, 300, { replicates: 3 }),
      row('motion', 'pmt=4', 0.005, 200),
    ];
    const md = stabilityMarkdown({ rows, dir: '.' });
    expect(md).toContain('| blur | 3 | 2 (3..16) | 512..8192 | 1 of 2 | 1 | 1.40% (pmt=2) | 11.00% / 11.00% |');
    expect(md).toContain('| motion | 1 | 0 | 512 | none | 0 |  | 0.50% / 0.50% |');
    expect(md).toContain('| blur | pmt=2 | 16 (seeds 2010..2025) | 8192 | 1.40% | no | 8000 |');
    expect(md).toContain('| blur | pmt=4 | 3 (seeds 2010..2012) | 1536 | 0.80% | yes | 300 |');
  });

  it('names the Hybrid rows by the workload mode they ran, and a half-width it could not estimate as n/a', () => {
    const md = stabilityMarkdown({ rows: [{ ...row('hybrid', 'a', -1, 128, { hybridMode: 0 }, 'hybrid-noblur4-raster-blur-default-32tri-0.54px2'), pareto: true }], dir: '.' });
    expect(md).toContain('| hybrid (noblur4 workload) | 1 | 0 | 512 | 0 of 1 | 0 | n/a (a) | n/a / n/a |');
    expect(md).toContain('| hybrid (noblur4 workload) | a | 1 (seeds 2010) | 512 | n/a (one run) | no | 128 |');
  });
});
