// The sample pattern: stratified (one sample strictly inside each cell),
// row-major, reproducible from the documented hash, and pinned to the table
// printed in conventions.md so any change to it is a deliberate one.

import { describe, expect, it } from 'vitest';
import { MSAA_MODES, sampleCellSize, samplesPerSide } from './formats.js';
import { SAMPLE_OFFSETS, cellJitter, listSamples, lowbias32 } from './samples.js';

describe('sample offsets', () => {
  it('put one sample strictly inside each cell, in row-major cell order', () => {
    for (const msaa of MSAA_MODES) {
      const k = samplesPerSide(msaa);
      const c = sampleCellSize(msaa);
      const offsets = SAMPLE_OFFSETS[msaa];
      expect(offsets).toHaveLength(msaa);
      offsets.forEach((o, s) => {
        expect(Number.isInteger(o.dx) && Number.isInteger(o.dy)).toBe(true);
        const cx = s % k;
        const cy = Math.floor(s / k);
        expect(o.dx).toBeGreaterThan(cx * c);
        expect(o.dx).toBeLessThan((cx + 1) * c);
        expect(o.dy).toBeGreaterThan(cy * c);
        expect(o.dy).toBeLessThan((cy + 1) * c);
      });
    }
  });

  it('follow the documented hash and match the table in conventions.md', () => {
    // The hash recomputed in BigInt mod 2^32, independently of Math.imul.
    const M = (1n << 32n) - 1n;
    const slow = (x: number): number => {
      let h = BigInt(x) & M;
      h ^= h >> 16n;
      h = (h * 0x7feb352dn) & M;
      h ^= h >> 15n;
      h = (h * 0x846ca68bn) & M;
      h ^= h >> 16n;
      return Number(h);
    };
    for (const x of [0, 1, 2, 0xdeadbeef, 2 ** 32 - 1, 16 * 65536 + 31]) expect(lowbias32(x)).toBe(slow(x));
    for (const msaa of [4, 16] as const) {
      const k = samplesPerSide(msaa);
      const c = sampleCellSize(msaa);
      SAMPLE_OFFSETS[msaa].forEach((o, s) => {
        expect(cellJitter(msaa, s, 0)).toBe(1 + (slow(msaa * 65536 + s * 2) % (c - 1)));
        expect(o).toEqual({ dx: (s % k) * c + 1 + (slow(msaa * 65536 + s * 2) % (c - 1)), dy: Math.floor(s / k) * c + 1 + (slow(msaa * 65536 + s * 2 + 1) % (c - 1)) });
      });
    }
    const table = (m: 1 | 4 | 16): [number, number][] => SAMPLE_OFFSETS[m].map((o) => [o.dx, o.dy]);
    expect(table(1)).toEqual([[128, 128]]);
    expect(table(4)).toEqual([[59, 117], [172, 25], [64, 247], [157, 131]]);
    expect(table(16)).toEqual([
      [53, 25], [98, 9], [179, 4], [200, 40], [36, 79], [100, 67], [152, 120], [202, 88],
      [48, 179], [87, 151], [165, 183], [216, 162], [9, 215], [114, 222], [179, 232], [237, 248],
    ]);
  });
});

describe('listSamples', () => {
  it('lists every sample of the rectangle by row, column, then sample index', () => {
    const list = listSamples(4, { x: 10, y: 20, w: 3, h: 2 });
    expect(list).toHaveLength(3 * 2 * 4);
    expect(list[0]).toEqual({ px: 10, py: 20, s: 0, sx: 10 * 256 + 59, sy: 20 * 256 + 117 });
    expect(list[5]).toEqual({ px: 11, py: 20, s: 1, sx: 11 * 256 + 172, sy: 20 * 256 + 25 });
    expect(list.at(-1)).toEqual({ px: 12, py: 21, s: 3, sx: 12 * 256 + 157, sy: 21 * 256 + 131 });
    const order = list.map((p) => [p.py, p.px, p.s]);
    const sorted = [...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
    expect(order).toEqual(sorted);
  });

  it('rejects rectangles that are malformed or leave the 14.8 screen', () => {
    expect(() => listSamples(16, { x: -1, y: 0, w: 1, h: 1 })).toThrow(/rect.x/);
    expect(() => listSamples(16, { x: 0, y: 0, w: 1.5, h: 1 })).toThrow(/rect.w/);
    expect(() => listSamples(16, { x: 16383, y: 0, w: 2, h: 1 })).toThrow(/leaves/);
    expect(listSamples(16, { x: 16383, y: 16383, w: 1, h: 1 }).at(-1)?.sx).toBeLessThanOrEqual(2 ** 22 - 1);
    expect(listSamples(1, { x: 0, y: 0, w: 0, h: 5 })).toEqual([]);
  });
});
