// The golden model against the brute-force reference (another route to the
// same definitions), on random triangles and pairs built to hit the ties the
// fill rule exists for: vertices on sample positions, edges through samples,
// horizontal and vertical edges, shared edges, degenerate and back-facing
// triangles. Seeds come from GFXRTL_SEED (or the fixed default) and fast-check
// prints the seed and path of any counterexample.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedFromEnv } from '../../testbenches/rng.js';
import { COORD_MAX, DEPTH_MAX, MSAA_MODES, type Msaa, SUBPIXEL } from '../raster-common/formats.js';
import { interpolateDepth } from '../raster-common/depth.js';
import { edgeValues } from '../raster-common/edge.js';
import type { MP, SampleHit, TriVerts, Vertex } from '../raster-common/mp.js';
import { SAMPLE_OFFSETS } from '../raster-common/samples.js';
import { exactDepth, refCoverage, refCovers, samplesInWindow, shoelace2, windowAround } from './brute-force-reference.js';
import { rasterizeMP, rasterizeTriangle } from './golden.js';

const SEED = seedFromEnv(0x60_1de2);
const RUNS = 300;

const key = (h: { px: number; py: number; s: number }): string => `${h.px},${h.py},${h.s}`;

/** A window of 6 x 6 pixels somewhere on the screen, so ties are frequent but positions vary. */
const arbOrigin = fc.record({ ox: fc.integer({ min: 0, max: 16000 }), oy: fc.integer({ min: 0, max: 16000 }) });
const arbMsaa = fc.constantFrom<Msaa>(...MSAA_MODES);
const arbZ = fc.integer({ min: 0, max: 2 ** 24 - 1 });

/**
 * A vertex, in 1/256 units relative to the window origin, chosen three ways:
 * exactly on a sample position, on a coarse 1/8-pixel lattice (many
 * horizontal/vertical edges and edges through samples), or anywhere.
 */
function arbVertex(msaa: Msaa): fc.Arbitrary<{ x: number; y: number; z: number }> {
  const onSample = fc
    .record({ px: fc.integer({ min: 0, max: 5 }), py: fc.integer({ min: 0, max: 5 }), s: fc.nat(msaa - 1), z: arbZ })
    .map(({ px, py, s, z }) => {
      const o = SAMPLE_OFFSETS[msaa][s]!;
      return { x: px * SUBPIXEL + o.dx, y: py * SUBPIXEL + o.dy, z };
    });
  const lattice = fc.record({ x: fc.integer({ min: 0, max: 48 }).map((k) => k * 32), y: fc.integer({ min: 0, max: 48 }).map((k) => k * 32), z: arbZ });
  const anywhere = fc.record({ x: fc.integer({ min: 0, max: 6 * SUBPIXEL }), y: fc.integer({ min: 0, max: 6 * SUBPIXEL }), z: arbZ });
  return fc.oneof(onSample, lattice, anywhere);
}

function place(o: { ox: number; oy: number }, v: { x: number; y: number; z: number }): Vertex {
  return { x: o.ox * SUBPIXEL + v.x, y: o.oy * SUBPIXEL + v.y, z: v.z };
}

/** `f` of each vertex, the tuple's length kept in its type. */
const eachOf3 = <T, U>([a, b, c]: readonly [T, T, T], f: (v: T) => U): readonly [U, U, U] => [f(a), f(b), f(c)];
const eachOf4 = <T, U>([a, b, c, d]: readonly [T, T, T, T], f: (v: T) => U): readonly [U, U, U, U] => [f(a), f(b), f(c), f(d)];

const arbTriangle = fc.tuple(arbMsaa, arbOrigin).chain(([msaa, o]) =>
  fc.tuple(fc.constant(msaa), fc.tuple(arbVertex(msaa), arbVertex(msaa), arbVertex(msaa)).map((vs): TriVerts => eachOf3(vs, (v) => place(o, v)))),
);

/** Golden coverage must equal the reference's, sample for sample, and depth must satisfy the documented bound. */
function checkAgainstReference(t: TriVerts, msaa: Msaa, hits: readonly SampleHit[]): void {
  const expected = refCoverage(t, msaa).map(key).sort();
  expect(hits.map(key).sort()).toEqual(expected);
  for (const h of hits) {
    expect(h.sx).toBe(h.px * SUBPIXEL + SAMPLE_OFFSETS[msaa][h.s]!.dx);
    expect(h.sy).toBe(h.py * SUBPIXEL + SAMPLE_OFFSETS[msaa][h.s]!.dy);
    // |z - z*| < 1, i.e. den * (z - 1) < num < den * (z + 1); exact when z* is an integer.
    const { num, den } = exactDepth(t, h.sx, h.sy);
    const z = BigInt(h.z);
    if (!(den * (z - 1n) < num && num < den * (z + 1n)) || (num % den === 0n && num / den !== z)) {
      throw new Error(`depth ${h.z} at (${h.sx}, ${h.sy}) not within 1 LSB of z* = ${num}/${den}`);
    }
  }
}

describe('golden single-triangle rasterization', () => {
  it('matches the perturbation-rule reference on random triangles (ties included)', () => {
    fc.assert(
      fc.property(arbTriangle, ([msaa, t]) => {
        checkAgainstReference(t, msaa, rasterizeTriangle(t, msaa));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('covers nothing for back-facing triangles, and their reversal covers what the reference says', () => {
    fc.assert(
      fc.property(arbTriangle, ([msaa, t]) => {
        const reversed: TriVerts = [t[0], t[2], t[1]];
        const area = shoelace2(t);
        const back = area < 0n ? t : reversed;
        const front = area < 0n ? reversed : t;
        expect(rasterizeTriangle(back, msaa)).toEqual([]);
        checkAgainstReference(front, msaa, rasterizeTriangle(front, msaa));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('covers nothing for degenerate triangles (collinear or repeated vertices), even samples on their line', () => {
    const arbDegenerate = fc
      .tuple(arbMsaa, arbOrigin, fc.integer({ min: 0, max: 1536 }), fc.integer({ min: 0, max: 1536 }), fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), fc.integer({ min: -2, max: 3 }), arbZ)
      .map(([msaa, o, x, y, dx, dy, k, z]) => {
        // Three points on one lattice line through (x, y) with direction (32 dx, 32 dy).
        const at = (m: number): Vertex => place(o, { x: x + 32 * dx * m, y: y + 32 * dy * m, z });
        return [msaa, [at(0), at(1), at(k)] as TriVerts] as const;
      });
    fc.assert(
      fc.property(arbDegenerate, ([msaa, t]) => {
        expect(shoelace2(t)).toBe(0n);
        expect(rasterizeTriangle(t, msaa)).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('is invariant under whole-pixel translation (the sample pattern repeats per pixel)', () => {
    fc.assert(
      fc.property(arbTriangle, fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), ([msaa, t], dx, dy) => {
        const moved: TriVerts = eachOf3(t, (v) => ({ ...v, x: v.x + dx * SUBPIXEL, y: v.y + dy * SUBPIXEL }));
        fc.pre(moved.every((v) => v.x >= 0 && v.y >= 0));
        const shifted = rasterizeTriangle(t, msaa).map((h) => ({ ...h, px: h.px + dx, py: h.py + dy, sx: h.sx + dx * SUBPIXEL, sy: h.sy + dy * SUBPIXEL }));
        expect(rasterizeTriangle(moved, msaa)).toEqual(shifted);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('applies the top-left rule to hand-worked 1x cases', () => {
    const z = 1000;
    const v = (x: number, y: number): Vertex => ({ x, y, z });
    // Upper-left half of a 2x2-pixel square; the diagonal x + y = 512 passes through the centre
    // (384, 128) of pixel (1, 0) and the centre (128, 384) of pixel (0, 1).
    const upper: TriVerts = [v(0, 0), v(512, 0), v(0, 512)];
    const lower: TriVerts = [v(0, 512), v(512, 0), v(512, 512)];
    const cells = (hits: SampleHit[]): string[] => hits.map((h) => `${h.px},${h.py}`);
    // The diagonal goes down-left in `upper` (dy > 0: right edge, excluded) and up-right
    // in `lower` (dy < 0: left edge, included).
    expect(cells(rasterizeTriangle(upper, 1))).toEqual(['0,0']);
    expect(cells(rasterizeTriangle(lower, 1))).toEqual(['1,0', '0,1', '1,1']);
    // A pixel-aligned square split the other way: centres on the top edge y = 128 are
    // included, on the bottom edge y = 384 excluded; left edge x = 128 included, right x = 384 excluded.
    const a: TriVerts = [v(128, 128), v(384, 128), v(128, 384)];
    const b: TriVerts = [v(128, 384), v(384, 128), v(384, 384)];
    expect(cells(rasterizeTriangle(a, 1))).toEqual(['0,0']);
    expect(cells(rasterizeTriangle(b, 1))).toEqual([]);
    // Depth at a sample exactly on a vertex is that vertex's depth or one LSB below.
    const tz: TriVerts = [{ x: 128, y: 128, z: 5_000_000 }, { x: 900, y: 128, z: 123 }, { x: 128, y: 900, z: 16_000_000 }];
    const [hit] = rasterizeTriangle(tz, 1);
    expect(hit?.px).toBe(0);
    expect([4_999_999, 5_000_000]).toContain(hit?.z);
  });
});

describe('golden model at larger sizes and at the 14.8 extremes', () => {
  it('matches the reference on triangles up to 40 pixels across', () => {
    const bigVertex = fc.record({ x: fc.integer({ min: 0, max: 40 * SUBPIXEL }), y: fc.integer({ min: 0, max: 40 * SUBPIXEL }), z: arbZ });
    const arbBig = fc.tuple(arbMsaa, arbOrigin, fc.tuple(bigVertex, bigVertex, bigVertex));
    fc.assert(
      fc.property(arbBig, ([msaa, o, vs]) => {
        const t: TriVerts = eachOf3(vs, (v) => place(o, v));
        checkAgainstReference(t, msaa === 16 ? 4 : msaa, rasterizeTriangle(t, msaa === 16 ? 4 : msaa));
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('computes exact edge values and in-bound depths for screen-sized triangles', () => {
    const arbCoord = fc.integer({ min: 0, max: COORD_MAX });
    const arbV = fc.record({ x: arbCoord, y: arbCoord, z: arbZ });
    fc.assert(
      fc.property(fc.tuple(arbV, arbV, arbV), fc.tuple(arbCoord, arbCoord), ([a, b, c], [sx, sy]) => {
        const t: TriVerts = shoelace2([a, b, c]) >= 0n ? [a, b, c] : [a, c, b];
        const d = edgeValues(t, { x: sx, y: sy });
        const big = (p: Vertex, q: Vertex): bigint => BigInt(q.x - p.x) * BigInt(sy - p.y) - BigInt(q.y - p.y) * BigInt(sx - p.x);
        expect(d.map(BigInt)).toEqual([big(t[1], t[2]), big(t[2], t[0]), big(t[0], t[1])]);
        fc.pre(d.every((e) => e >= 0) && shoelace2(t) > 0n);
        const { num, den } = exactDepth(t, sx, sy);
        const z = BigInt(interpolateDepth(d, [t[0].z, t[1].z, t[2].z]));
        expect(den * (z - 1n) < num && num < den * (z + 1n)).toBe(true);
      }),
      { seed: SEED, numRuns: 1000 },
    );
    // The largest triangle: D = (2^22 - 1)^2, just under 2^44.
    const corner: TriVerts = [{ x: 0, y: 0, z: 0 }, { x: COORD_MAX, y: 0, z: DEPTH_MAX }, { x: 0, y: COORD_MAX, z: DEPTH_MAX }];
    const d = edgeValues(corner, { x: 1, y: 1 });
    expect(d[0] + d[1] + d[2]).toBe(COORD_MAX * COORD_MAX);
    expect(interpolateDepth(d, [0, DEPTH_MAX, DEPTH_MAX])).toBeLessThanOrEqual(8);
  });
});

describe('golden pair rasterization', () => {
  const arbPair = fc.tuple(arbMsaa, arbOrigin).chain(([msaa, o]) =>
    fc.tuple(
      fc.constant(msaa),
      fc.tuple(arbVertex(msaa), arbVertex(msaa), arbVertex(msaa), arbVertex(msaa)).map((vs): readonly [Vertex, Vertex, Vertex, Vertex] => eachOf4(vs, (v) => place(o, v))),
    ),
  );

  it('is the union of its two triangles rasterized alone, labelled 0 and 1, with no sample claimed twice', () => {
    fc.assert(
      fc.property(arbPair, ([msaa, v]) => {
        const mp: MP = { kind: 'pair', v, src: [0, 1] };
        const t0: TriVerts = [v[0], v[1], v[2]];
        const t1: TriVerts = [v[2], v[1], v[3]];
        const hits = rasterizeMP(mp, msaa);
        checkAgainstReference(t0, msaa, hits.filter((h) => h.tri === 0));
        checkAgainstReference(t1, msaa, hits.filter((h) => h.tri === 1));
        expect(new Set(hits.map(key)).size).toBe(hits.length);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('gives each sample on the shared edge to exactly one triangle when both face front', () => {
    // Four vertices on sample positions/lattice; keep pairs with both triangles front-facing.
    fc.assert(
      fc.property(arbPair, ([msaa, v]) => {
        const t0: TriVerts = [v[0], v[1], v[2]];
        const t1: TriVerts = [v[2], v[1], v[3]];
        fc.pre(shoelace2(t0) > 0n && shoelace2(t1) > 0n);
        const hits = rasterizeMP({ kind: 'pair', v, src: [0, 1] }, msaa);
        const claimed = new Map(hits.map((h) => [key(h), h.tri]));
        const [x0, y0, x1, y1] = windowAround(v);
        for (const p of samplesInWindow(msaa, x0, y0, x1, y1)) {
          // On the open segment v1-v2: collinear, and strictly between the endpoints.
          const cross = BigInt(v[2].x - v[1].x) * BigInt(p.sy - v[1].y) - BigInt(v[2].y - v[1].y) * BigInt(p.sx - v[1].x);
          const dot1 = (p.sx - v[1].x) * (v[2].x - v[1].x) + (p.sy - v[1].y) * (v[2].y - v[1].y);
          const dot2 = (p.sx - v[2].x) * (v[1].x - v[2].x) + (p.sy - v[2].y) * (v[1].y - v[2].y);
          if (cross === 0n && dot1 > 0 && dot2 > 0) expect(claimed.has(key(p)), `sample ${key(p)} on the shared edge`).toBe(true);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('covers the same samples whichever diagonal splits a convex quad', () => {
    // Convex quad a, b, c, d clockwise on screen: split along b-d or a-c.
    const arbQuad = fc.tuple(arbMsaa, arbOrigin).chain(([msaa, o]) =>
      fc.tuple(fc.constant(msaa), fc.tuple(arbVertex(msaa), arbVertex(msaa), arbVertex(msaa), arbVertex(msaa)).map((vs) => vs.map((v) => place(o, v)))),
    );
    fc.assert(
      fc.property(arbQuad, ([msaa, q]) => {
        const [a, b, c, d] = q as [Vertex, Vertex, Vertex, Vertex];
        const tris: TriVerts[] = [[a, b, c], [b, c, d], [c, d, a], [d, a, b]];
        fc.pre(tris.every((t) => shoelace2(t) > 0n)); // strictly convex, clockwise
        const viaBD = rasterizeMP({ kind: 'pair', v: [a, b, d, c], src: [0, 1] }, msaa); // (a,b,d) + (d,b,c)
        const viaAC = rasterizeMP({ kind: 'pair', v: [b, c, a, d], src: [0, 1] }, msaa); // (b,c,a) + (a,c,d)
        expect(viaBD.map(key)).toEqual(viaAC.map(key));
        // And both equal the reference's strict containment of the perturbed sample in the quad.
        const [x0, y0, x1, y1] = windowAround(q);
        const inQuad = samplesInWindow(msaa, x0, y0, x1, y1).filter((p) => refCovers([a, b, c], p.sx, p.sy) || refCovers([c, d, a], p.sx, p.sy));
        expect(viaBD.map(key)).toEqual(inQuad.map(key));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
