// fast-check generators of MPs for the raster unit and pipeline tests, built
// to hit what the fill rule, the bbox and the STP check exist for: vertices
// exactly on sample positions, edges through samples (coarse lattice),
// horizontal and vertical edges, degenerate and back-facing triangles,
// pairs and lone triangles, screen corners, and boxes exactly at the STP
// size limit and one stamp beyond it.
import fc from 'fast-check';
import { COORD_MAX, SUBPIXEL, type Msaa } from '../../units/raster-common/formats.js';
import type { MP, PairMP, SingleMP, Vertex } from '../../units/raster-common/mp.js';
import { SAMPLE_OFFSETS } from '../../units/raster-common/samples.js';
import { noblurSchema, type NoblurConfig } from '../../units/noblur/config.js';
import { InternalError } from '../../hdl/errors.js';

export const arbZ = fc.integer({ min: 0, max: 2 ** 24 - 1 });

/** A vertex near (ox, oy) pixels, within `span` pixels, chosen three ways. */
export function arbVertexNear(msaa: Msaa, ox: number, oy: number, span: number): fc.Arbitrary<Vertex> {
  const clamp = (v: number): number => Math.max(0, Math.min(COORD_MAX, v));
  const onSample = fc
    .record({ px: fc.integer({ min: 0, max: span - 1 }), py: fc.integer({ min: 0, max: span - 1 }), s: fc.nat(msaa - 1), z: arbZ })
    .map(({ px, py, s, z }) => {
      const o = SAMPLE_OFFSETS[msaa][s]!;
      return { x: clamp((ox + px) * SUBPIXEL + o.dx), y: clamp((oy + py) * SUBPIXEL + o.dy), z };
    });
  const lattice = fc
    .record({ x: fc.integer({ min: 0, max: span * 8 }), y: fc.integer({ min: 0, max: span * 8 }), z: arbZ })
    .map(({ x, y, z }) => ({ x: clamp(ox * SUBPIXEL + x * 32), y: clamp(oy * SUBPIXEL + y * 32), z }));
  const anywhere = fc
    .record({ x: fc.integer({ min: 0, max: span * SUBPIXEL }), y: fc.integer({ min: 0, max: span * SUBPIXEL }), z: arbZ })
    .map(({ x, y, z }) => ({ x: clamp(ox * SUBPIXEL + x), y: clamp(oy * SUBPIXEL + y), z }));
  return fc.oneof(onSample, lattice, anywhere);
}

/** A window origin in pixels: anywhere, or pressed against a screen corner. */
export const arbWindow = fc.oneof(
  fc.record({ ox: fc.integer({ min: 0, max: 16370 }), oy: fc.integer({ min: 0, max: 16370 }) }),
  fc.record({ ox: fc.constantFrom(0, 16380), oy: fc.constantFrom(0, 16380) }),
);

/** A small MP (vertices within `span` pixels of each other): a single, or
 *  when `pairs`, a pair or a lone triangle. Degenerate triangles come from
 *  repeated vertices. */
export function arbSmallMP(msaa: Msaa, pairs: boolean, span = 3): fc.Arbitrary<MP> {
  return arbWindow.chain(({ ox, oy }) => {
    const v = arbVertexNear(msaa, ox, oy, span);
    const single: fc.Arbitrary<MP> = fc
      .tuple(v, v, v, fc.integer({ min: 0, max: 9 }))
      .map(([a, b, c, deg]): SingleMP => ({ kind: 'single', v: deg === 0 ? [a, b, a] : [a, b, c], src: [0] }));
    if (!pairs) return single;
    const pair: fc.Arbitrary<MP> = fc.tuple(v, v, v, v).map(([a, b, c, d]): PairMP => ({ kind: 'pair', v: [a, b, c, d], src: [0, 1] }));
    return fc.oneof({ arbitrary: pair, weight: 3 }, { arbitrary: single, weight: 1 });
  });
}

/** A quad split along a diagonal as two consecutive singles, or as one pair:
 *  triangle A = (p00, p10, p01), B = (p01, p10, p11), like the workloads. */
export function arbQuad(msaa: Msaa, pairs: boolean): fc.Arbitrary<MP[]> {
  return arbWindow.chain(({ ox, oy }) => {
    const v = arbVertexNear(msaa, ox, oy, 3);
    return fc.tuple(v, v, v, v).map(([p00, p10, p01, p11]): MP[] =>
      pairs
        ? [{ kind: 'pair', v: [p00, p10, p01, p11], src: [0, 1] }]
        : [
            { kind: 'single', v: [p00, p10, p01], src: [0] },
            { kind: 'single', v: [p01, p10, p11], src: [1] },
          ],
    );
  });
}

export interface LimitOptions {
  /** STP integer bits b: the box limit is 2^b pixels per side. */
  readonly b: number;
  /** log2 of the stamp side in 1/256 units. */
  readonly stampBits: number;
  /** true: box exactly at the limit in x; false: one stamp beyond it. */
  readonly fits: boolean;
  /** Also reach the limit in y (a 2^b x 2^b box); otherwise the MP is at most 2 stamps tall. */
  readonly square: boolean;
  readonly pairs: boolean;
}

/** An MP whose stamp-aligned box is exactly 2^(b+8) units wide (fits), or
 *  one stamp wider (does not fit), with random vertex order (so either facing). */
export function arbLimitMP(o: LimitOptions): fc.Arbitrary<MP> {
  const L = 2 ** (o.b + 8);
  const S = 2 ** o.stampBits;
  const wide = o.fits ? L : L + S;
  const tall = o.square ? wide : 2 * S;
  const maxOrigin = Math.floor((COORD_MAX + 1 - wide - S) / 1024);
  if (maxOrigin < 0) throw new InternalError(`arbLimitMP: a ${wide}-unit box does not fit on the screen`);
  return fc
    .record({
      bx: fc.integer({ min: 0, max: maxOrigin }),
      by: fc.integer({ min: 0, max: Math.max(0, Math.floor((COORD_MAX + 1 - tall - S) / 1024)) }),
      lo: fc.integer({ min: 0, max: S - 1 }),
      hi: fc.integer({ min: 0, max: S - 1 }),
      ys: fc.tuple(fc.integer({ min: 0, max: tall - 1 }), fc.integer({ min: 0, max: tall - 1 }), fc.integer({ min: 0, max: tall - 1 }), fc.integer({ min: 0, max: tall - 1 })),
      mid: fc.integer({ min: 0, max: wide - 1 }),
      x3: fc.integer({ min: 0, max: wide - 1 }),
      order: fc.integer({ min: 0, max: 5 }),
      zs: fc.tuple(arbZ, arbZ, arbZ, arbZ),
    })
    .map((r): MP => {
      const ox = r.bx * 1024;
      const oy = r.by * 1024;
      // The min vertex is inside the first stamp, the max inside the last:
      // the box is exactly `wide` units.
      const xs = [ox + r.lo, ox + wide - S + r.hi, ox + r.mid];
      const ys = o.square ? [oy + r.ys[0], oy + r.ys[1], oy + r.ys[2]] : [oy + (r.ys[0] % S), oy + r.ys[1], oy + r.ys[2]];
      if (o.square) {
        ys[0] = oy + (r.ys[0] % S);
        ys[1] = oy + tall - S + (r.ys[1] % S);
      }
      const perm = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
      ][r.order]!;
      const vs = perm.map((i, j) => ({ x: xs[i]!, y: ys[i]!, z: r.zs[j]! }));
      const [a, b, c] = vs as [Vertex, Vertex, Vertex];
      if (!o.pairs) return { kind: 'single', v: [a, b, c], src: [0] };
      return { kind: 'pair', v: [a, b, c, { x: ox + r.x3, y: oy + r.ys[3], z: r.zs[3] }], src: [0, 1] };
    });
}

/** Twelve configs that cover every value of every NoBlur knob (each TVP x
 *  STS x MSAA once, each STP twice): elaborating all 72 per test run would
 *  cost more than the tests themselves. */
export const TEST_CONFIGS: readonly NoblurConfig[] = (() => {
  const stps = noblurSchema.stp.values;
  const out: NoblurConfig[] = [];
  for (const tvp of [false, true]) {
    for (const sts of noblurSchema.sts.values) {
      for (const msaa of noblurSchema.msaa.values) out.push({ tvp, sts, msaa, stp: stps[out.length % stps.length]!, recip: (['unrolled', 'iterative', 'radix4', 'unrolled', 'newton', 'iterative'] as const)[out.length % 6]!, edge: Math.floor(out.length / 2) % 2 === 1 ? 'incremental' : 'multiply' });
    }
  }
  return out;
})();

export const arbTestConfig: fc.Arbitrary<NoblurConfig> = fc.constantFrom(...TEST_CONFIGS);
