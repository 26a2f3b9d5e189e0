// The blur sample pattern keeps the properties blur.md promises: u, v in an
// 8 x 8 lens grid, t in 64 strata, one sample per xy cell of every tile over
// the 64 tuples (with either jitter: the study's one offset per tuple, or
// the per-tile shift), samples strictly inside their tile, and 16 samples
// per pixel on average, the 16x MSAA density.
import { describe, expect, it } from 'vitest';
import { BLUR_JITTERS, BLUR_TUPLES, LENS_UV_MAX, LENS_UV_MIN, TILE, TIME_ONE } from './blur-formats.js';
import { BLUR_TUPLE_TABLE, TILE_SHIFT_TABLE, blurSamplePos, listBlurSamples } from './blur-samples.js';
import { lowbias32 } from './samples.js';

describe('blur tuples', () => {
  it('stratify u, v over an 8 x 8 lens grid and t over 64 time strata', () => {
    const lens = new Set(BLUR_TUPLE_TABLE.map((t) => `${Math.floor((t.u - LENS_UV_MIN) / 256)},${Math.floor((t.v - LENS_UV_MIN) / 256)}`));
    const time = new Set(BLUR_TUPLE_TABLE.map((t) => Math.floor(t.t / (TIME_ONE / 64))));
    expect(lens.size).toBe(64);
    expect(time.size).toBe(64);
    for (const t of BLUR_TUPLE_TABLE) {
      expect(t.u).toBeGreaterThanOrEqual(LENS_UV_MIN);
      expect(t.u).toBeLessThanOrEqual(LENS_UV_MAX);
      expect(t.t).toBeLessThan(TIME_ONE);
    }
  });

  it('follow the documented keys (tuple 5, tile phase 3)', () => {
    const t = BLUR_TUPLE_TABLE[5]!;
    expect(t.u).toBe(-1024 + 256 * 5 + (lowbias32(0xb1000 + 40) % 256));
    expect(t.t).toBe(64 * 0b101000 + (lowbias32(0xb1000 + 42) % 64));
    const c = (37 * 5 + 11) % 64;
    expect(t.jx).toBe(64 * (c % 8) + 1 + (lowbias32(0xb1000 + 43) % 63));
    expect(TILE_SHIFT_TABLE[3]).toEqual({ ax: lowbias32(0xb2000 + 6) % 8, ay: lowbias32(0xb2000 + 7) % 8 });
  });
});

describe('blur samples', () => {
  it.each(BLUR_JITTERS)('put exactly one sample of each tuple in every tile, one per 64-unit cell (jitter=%s)', (jitter) => {
    for (let ty = 0; ty < 4; ty++) {
      for (let tx = 0; tx < 4; tx++) {
        const cells = new Set<number>();
        for (let i = 0; i < BLUR_TUPLES; i++) {
          const s = blurSamplePos(tx + 100, ty + 7, i, jitter);
          const lx = s.sx - TILE * (tx + 100);
          const ly = s.sy - TILE * (ty + 7);
          expect(lx > 0 && lx < TILE && ly > 0 && ly < TILE, `tuple ${i} inside its tile`).toBe(true);
          expect(lx % 64 === 0 || ly % 64 === 0, 'never on a cell border').toBe(false);
          cells.add(Math.floor(ly / 64) * 8 + Math.floor(lx / 64));
        }
        expect(cells.size).toBe(64);
      }
    }
  });

  it('sit at the tile origin plus the tuple jitter in every tile (jitter=tuple)', () => {
    for (let i = 0; i < BLUR_TUPLES; i++) {
      const { jx, jy } = BLUR_TUPLE_TABLE[i]!;
      for (const [tx, ty] of [[0, 0], [1, 0], [3, 5], [1000, 77]] as const) expect(blurSamplePos(tx, ty, i, 'tuple')).toEqual({ tx, ty, tuple: i, sx: TILE * tx + jx, sy: TILE * ty + jy });
    }
  });

  it('vary from tile to tile and repeat every 4 tiles (jitter=tile)', () => {
    const a = blurSamplePos(0, 0, 9, 'tile');
    const b = blurSamplePos(4, 8, 9, 'tile');
    expect([b.sx - 4 * TILE, b.sy - 8 * TILE]).toEqual([a.sx, a.sy]);
    const phases = new Set(Array.from({ length: 16 }, (_, p) => { const s = blurSamplePos(p % 4, Math.floor(p / 4), 9, 'tile'); return `${s.sx % TILE},${s.sy % TILE}`; }));
    expect(phases.size).toBeGreaterThan(8);
  });

  it.each(BLUR_JITTERS)('list 16 samples per pixel over whole tiles (jitter=%s)', (jitter) => {
    expect(listBlurSamples({ x: 10, y: 20, w: 4, h: 2 }, jitter).length).toBe(4 * 2 * 16);
    expect(listBlurSamples({ x: 11, y: 20, w: 1, h: 1 }, jitter).map((s) => [s.tx, s.ty])[0]).toEqual([5, 10]);
  });
});
