// The workload generator: exact counts, the requested MP size, legal formats
// inside the target, the facing mix each surface should produce, and
// determinism from the seed.

import { describe, expect, it } from 'vitest';
import { isCoord, isDepth, SUBPIXEL } from '../../../units/raster-common/formats.js';
import { seedFromEnv } from '../../rng.js';
import { serializeMesh } from './mesh-json.js';
import { SURFACE_NAMES } from './surfaces.js';
import { DEFAULT_WORKLOAD, generateWorkload } from './workload.js';

const SEED = seedFromEnv(DEFAULT_WORKLOAD.seed);

describe('generateWorkload', () => {
  for (const surface of SURFACE_NAMES) {
    it(`${surface}: exact count, mean area near the target, vertices legal and inside the target (seed ${SEED})`, () => {
      const w = generateWorkload({ surface, count: 1500, seed: SEED, area: 0.54 });
      const { stats } = w;
      expect(stats.triangles).toBe(1500);
      expect(w.mps).toHaveLength(1500);
      // Exact before quantisation; rounding to 1/256 px moves the mean by well under 2%.
      expect(Math.abs(stats.meanArea - 0.54) / 0.54, `mean ${stats.meanArea}`).toBeLessThan(0.02);
      expect(stats.medianArea).toBeGreaterThan(0.2);
      expect(stats.medianArea).toBeLessThan(0.7);
      for (const v of w.mesh.vertices) {
        expect(isCoord(v.x) && isCoord(v.y) && isDepth(v.z)).toBe(true);
        expect(v.x).toBeLessThan(1920 * SUBPIXEL);
        expect(v.y).toBeLessThan(1080 * SUBPIXEL);
      }
      // MP-sized: almost every bbox is within 8 x 8 pixels.
      const big = Object.entries(stats.bboxHistogram).filter(([k]) => k.split('x').some((n) => Number(n) > 8));
      expect(big.reduce((s, [, n]) => s + n, 0)).toBeLessThan(15);
    });
  }

  it('produces the facing mix each surface implies', () => {
    const back = (surface: (typeof SURFACE_NAMES)[number]): number => generateWorkload({ surface, count: 2000, seed: SEED }).stats.backFacingFraction;
    expect(back('plane')).toBe(0);
    // From 6 radii away slightly less than half a sphere is visible.
    expect(back('sphere')).toBeGreaterThan(0.45);
    expect(back('sphere')).toBeLessThan(0.65);
    expect(back('bumpy-sphere')).toBeGreaterThan(0.45);
    expect(back('bumpy-sphere')).toBeLessThan(0.65);
    // Wave backs seen at a grazing angle.
    expect(back('sine-grazing')).toBeGreaterThan(0.05);
    expect(back('sine-grazing')).toBeLessThan(0.45);
  });

  it('pairs nearly every triangle of a grid stream when pairs are on', () => {
    const w = generateWorkload({ count: 2000, seed: SEED, pairs: true });
    expect(w.stats.pairedFraction).toBeGreaterThan(0.97);
    expect(w.mps.reduce((n, m) => n + (m.kind === 'pair' ? 2 : 1), 0)).toBe(2000);
    // Pairs keep stream order and cover every triangle once.
    expect(w.mps.flatMap((m) => m.src)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });

  it('the default workload is equal parts of the four surfaces, in order', () => {
    const mix = generateWorkload({ count: 1002, seed: SEED });
    const parts = SURFACE_NAMES.map((surface, i) => generateWorkload({ surface, count: 251 - (i < 2 ? 0 : 1), seed: SEED }));
    expect(parts.map((p) => p.stats.triangles)).toEqual([251, 251, 250, 250]);
    expect(mix.stats.triangles).toBe(1002);
    const vertsOf = (w: ReturnType<typeof generateWorkload>) => w.mps.map((m) => m.v);
    expect(vertsOf(mix)).toEqual(parts.flatMap(vertsOf));
  });

  it('is deterministic from the seed and changes with it', () => {
    const a = serializeMesh(generateWorkload({ count: 800, seed: SEED }).mesh);
    const b = serializeMesh(generateWorkload({ count: 800, seed: SEED }).mesh);
    const c = serializeMesh(generateWorkload({ count: 800, seed: SEED + 1 }).mesh);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('meets other areas and targets, using several instances when one would not fit', () => {
    const w = generateWorkload({ surface: 'sphere', count: 3000, area: 4, seed: SEED, target: { width: 64, height: 64 } });
    expect(w.stats.triangles).toBe(3000);
    expect(Math.abs(w.stats.meanArea - 4) / 4).toBeLessThan(0.02);
    for (const v of w.mesh.vertices) expect(v.x < 64 * SUBPIXEL && v.y < 64 * SUBPIXEL).toBe(true);
    const tiny = generateWorkload({ surface: 'plane', count: 500, area: 0.05, seed: SEED });
    expect(Math.abs(tiny.stats.meanArea - 0.05) / 0.05).toBeLessThan(0.1);
  });

  it('rejects bad options with a clear message', () => {
    expect(() => generateWorkload({ count: -1 })).toThrow(/count -1/);
    expect(() => generateWorkload({ area: 0 })).toThrow(/area 0/);
    expect(() => generateWorkload({ target: { width: 20000, height: 10 } })).toThrow(/target 20000x10/);
    expect(() => generateWorkload({ surface: 'torus' as 'plane' })).toThrow(/unknown surface 'torus'/);
    expect(() => generateWorkload({ jitter: 0.3, count: 10 })).toThrow(/jitter/);
  });

  it('returns an empty stream for count 0', () => {
    const w = generateWorkload({ count: 0, seed: SEED });
    expect(w.mps).toEqual([]);
    expect(w.stats.meanArea).toBe(0);
  });
});
