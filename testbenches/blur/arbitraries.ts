// fast-check generators of blur MPs and lenses: NoBlur's small MPs (ties,
// shared edges, degenerate, screen corners) given close positions (one
// motion per MP plus a per-vertex wobble, sometimes none, sometimes far
// enough to leave the STP box or the screen), depths around the focus, and
// lenses from in-focus to saturating radii.
import fc from 'fast-check';
import { LENS_A_MAX } from '../../units/raster-common/blur-formats.js';
import type { BlurMP, Lens } from '../../units/raster-common/blur-mp.js';
import { COORD_MAX, DEPTH_MAX } from '../../units/raster-common/formats.js';
import { arbSmallMP } from '../raster/arbitraries.js';

const clamp = (v: number): number => Math.max(0, Math.min(COORD_MAX, v));

export const arbLens: fc.Arbitrary<Lens> = fc.oneof(
  fc.record({ a: fc.integer({ min: 0, max: 64 * 256 }), f: fc.integer({ min: 12_000_000, max: 15_500_000 }) }),
  fc.record({ a: fc.integer({ min: 0, max: LENS_A_MAX }), f: fc.integer({ min: 0, max: DEPTH_MAX }) }),
  fc.constant({ a: 0, f: 0 }),
);

export function arbBlurMP(pairs: boolean): fc.Arbitrary<BlurMP> {
  const motion = fc.oneof(
    { arbitrary: fc.tuple(fc.integer({ min: -2048, max: 2048 }), fc.integer({ min: -2048, max: 2048 })), weight: 4 },
    { arbitrary: fc.constant([0, 0] as [number, number]), weight: 1 },
    { arbitrary: fc.tuple(fc.integer({ min: -12000, max: 12000 }), fc.integer({ min: -12000, max: 12000 })), weight: 1 },
  );
  // Small wobble keeps the MP's shape; a large one stretches it over the
  // shutter until some tuples' boxes no longer fit STP.
  const spread = fc.constantFrom(64, 64, 6000);
  const wobble = spread.chain((d) => fc.array(fc.tuple(fc.integer({ min: -d, max: d }), fc.integer({ min: -d, max: d })), { minLength: 4, maxLength: 4 }));
  const depth = fc.array(fc.oneof(fc.integer({ min: 13_000_000, max: 15_000_000 }), fc.integer({ min: 0, max: DEPTH_MAX })), { minLength: 4, maxLength: 4 });
  return fc.tuple(arbSmallMP(16, pairs), motion, wobble, depth).map(([mp, [mx, my], w, z]) => ({
    kind: mp.kind,
    v: mp.v.map((p, i) => ({ x: p.x, y: p.y, z: z[i]!, x1: clamp(p.x + mx + w[i]![0]), y1: clamp(p.y + my + w[i]![1]) })),
    src: mp.src,
  }));
}
