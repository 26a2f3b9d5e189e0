// The stamp-aligned bbox and the STP fit rule: the box holds every vertex and
// every covered sample, is aligned to the stamp, and "fits" means exactly
// that every local coordinate in the box is an unsigned b.8 number.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedFromEnv } from '../../testbenches/rng.js';
import { rasterizeTriangle } from '../noblur/golden.js';
import { fitsStp, minStpIntBits, stampBBox } from './bbox.js';
import { MSAA_MODES, STAMP_SIZES, STP_INT_BITS, SUBPIXEL } from './formats.js';
import type { TriVerts, Vertex } from './mp.js';
import { samplePos } from './samples.js';

const SEED = seedFromEnv(0xbb0c5);

const arbVertexIn = (span: number) =>
  fc.record({ x: fc.integer({ min: 0, max: span }), y: fc.integer({ min: 0, max: span }), z: fc.constant(0) });

const arbCase = fc.record({
  msaa: fc.constantFrom(...MSAA_MODES),
  stamp: fc.constantFrom(...STAMP_SIZES),
  ox: fc.integer({ min: 0, max: 15000 * SUBPIXEL }),
  oy: fc.integer({ min: 0, max: 15000 * SUBPIXEL }),
  // MP extents from a fraction of a pixel up to ~40 pixels (so fits vary across STP 4..6).
  span: fc.constantFrom(64, 512, 2048, 6000, 10000),
}).chain((c) =>
  fc.tuple(arbVertexIn(c.span), arbVertexIn(c.span), arbVertexIn(c.span)).map(([a, b, d]) => {
    const at = (v: { x: number; y: number }): Vertex => ({ x: v.x + c.ox, y: v.y + c.oy, z: 0 });
    const tri: TriVerts = [at(a), at(b), at(d)];
    return { ...c, tri };
  }),
);

describe('stampBBox', () => {
  it('is stamp-aligned and contains every vertex and every covered sample', () => {
    fc.assert(
      fc.property(arbCase, ({ msaa, stamp, tri }) => {
        const box = stampBBox(tri, msaa, stamp);
        expect(box.cx0 % stamp).toBe(0);
        expect((box.cx1 + 1) % stamp).toBe(0);
        expect(box.stampsX * stamp).toBe(box.cx1 - box.cx0 + 1);
        for (const v of tri) {
          expect(v.x - box.ox).toBeGreaterThanOrEqual(0);
          expect(v.x - box.ox).toBeLessThan(box.w);
          expect(v.y - box.oy).toBeGreaterThanOrEqual(0);
          expect(v.y - box.oy).toBeLessThan(box.h);
        }
        for (const h of rasterizeTriangle(tri, msaa)) {
          expect(h.sx >= box.ox && h.sx < box.ox + box.w && h.sy >= box.oy && h.sy < box.oy + box.h).toBe(true);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('snaps to sample cells and stamps as documented (worked example)', () => {
    // 4x MSAA: cell 128; x from 300 (cell 2) to 700 (cell 5); 4x4 stamp -> cells 0..7.
    const tri: TriVerts = [{ x: 300, y: 130, z: 0 }, { x: 700, y: 130, z: 0 }, { x: 300, y: 260, z: 0 }];
    expect(stampBBox(tri, 4, 1)).toMatchObject({ cx0: 2, cx1: 5, cy0: 1, cy1: 2, ox: 256, oy: 128, w: 512, h: 256 });
    expect(stampBBox(tri, 4, 4)).toMatchObject({ cx0: 0, cx1: 7, cy0: 0, cy1: 3, ox: 0, oy: 0, w: 1024, h: 512, stampsX: 2, stampsY: 1 });
  });
});

describe('fitsStp', () => {
  it('holds exactly when every local coordinate of the box (so every vertex and tested sample) is unsigned b.8', () => {
    fc.assert(
      fc.property(arbCase, ({ msaa, stamp, tri }) => {
        const box = stampBBox(tri, msaa, stamp);
        for (const b of STP_INT_BITS) {
          const limit = 2 ** (b + 8);
          // The largest local coordinates in the box are w - 1 and h - 1.
          expect(fitsStp(box, b)).toBe(box.w - 1 < limit && box.h - 1 < limit);
          if (fitsStp(box, b)) {
            // Every sample the iterator would test has a representable local coordinate.
            const last = samplePos(msaa, Math.floor((box.ox + box.w - 1) / SUBPIXEL), Math.floor((box.oy + box.h - 1) / SUBPIXEL), msaa - 1);
            expect(last.sx - box.ox).toBeLessThan(limit);
            expect(last.sy - box.oy).toBeLessThan(limit);
          }
        }
        // Monotone in b, and minStpIntBits is the threshold.
        const min = minStpIntBits(box);
        for (const b of STP_INT_BITS) expect(fitsStp(box, b)).toBe(b >= min);
        expect(fitsStp(box, 14)).toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('fits a 16-pixel box in 4.8 but not a 16-pixel-and-one-cell box', () => {
    const at = (x0: number, x1: number): TriVerts => [{ x: x0, y: 0, z: 0 }, { x: x1, y: 0, z: 0 }, { x: x0, y: 10, z: 0 }];
    expect(fitsStp(stampBBox(at(0, 16 * 256 - 1), 16, 1), 4)).toBe(true);
    expect(fitsStp(stampBBox(at(0, 16 * 256), 16, 1), 4)).toBe(false);
    expect(fitsStp(stampBBox(at(0, 16 * 256), 16, 1), 6)).toBe(true);
    // A 4x4 stamp at 1x is 4 pixels: aligning can push a 13-pixel MP past 16 pixels.
    expect(fitsStp(stampBBox(at(3 * 256, 16 * 256 - 1), 1, 4), 4)).toBe(true);
    expect(fitsStp(stampBBox(at(3 * 256, 16 * 256), 1, 4), 4)).toBe(false);
  });
});
