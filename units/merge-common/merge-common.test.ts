import { describe, expect, it } from 'vitest';
import { centreRanks, sampleOffsets, cellGrid, MERGE_MSAA_MODES } from './samples.js';
import { SAMPLE_OFFSETS } from '../raster-common/samples.js';
import { combineChoice, lonePixelChoice, resolveSources } from './pixel-choice.js';

describe('merge sample positions', () => {
  it('reuse raster-common at 1x, 4x, 16x (the positions gfxrtl samples prints)', () => {
    expect(sampleOffsets(4)).toEqual(SAMPLE_OFFSETS[4]);
    expect(sampleOffsets(16)).toEqual(SAMPLE_OFFSETS[16]);
  });
  it('put one 8x sample strictly inside each cell of a 4 x 2 grid, row-major', () => {
    const offs = sampleOffsets(8);
    expect(offs).toHaveLength(8);
    const { cols } = cellGrid(8);
    offs.forEach((o, s) => {
      const cx = s % cols;
      const cy = Math.floor(s / cols);
      expect(o.dx).toBeGreaterThan(cx * 64);
      expect(o.dx).toBeLessThan(cx * 64 + 64);
      expect(o.dy).toBeGreaterThan(cy * 128);
      expect(o.dy).toBeLessThan(cy * 128 + 128);
    });
  });
  it('rank samples by distance from the centre, a permutation per mode', () => {
    for (const m of MERGE_MSAA_MODES) expect([...centreRanks(m)].sort((a, b) => a - b)).toEqual([...Array(m).keys()]);
  });
});

describe('shading-input choice', () => {
  it('prefers the centre, then the nearest sample, and fills helpers horizontal, vertical, diagonal', () => {
    const a = lonePixelChoice(1, 0b0001, false, 4);
    const b = lonePixelChoice(2, 0b1000, true, 4);
    expect(combineChoice(a, b).src).toBe(2);
    const r = centreRanks(4);
    const near = r.indexOf(0);
    const far = r.indexOf(3);
    expect(combineChoice(lonePixelChoice(1, 1 << far, false, 4), lonePixelChoice(2, 1 << near, false, 4)).src).toBe(2);
    const c1 = lonePixelChoice(7, 1, false, 4);
    const none = lonePixelChoice(0, 0, false, 4);
    expect(resolveSources([none, c1, none, none])).toEqual([7, 7, 7, 7]);
    const c2 = lonePixelChoice(9, 1, false, 4);
    expect(resolveSources([none, none, c2, c1])).toEqual([9, 7, 9, 7]);
  });
});

describe('8x table in conventions.md', () => {
  it('is what the formula gives', async () => {
    const { readFileSync } = await import('node:fs');
    const md = readFileSync(new URL('./conventions.md', import.meta.url), 'utf8');
    const table = sampleOffsets(8).map((o) => `(${o.dx},${o.dy})`).join(' ');
    expect(md).toContain(table);
  });
});
