// The reciprocal unit and the per-lane depth interpolator against the golden
// depth formula (units/raster-common/depth.ts): n and L for every D width an
// STP datapath can have (powers of two and their neighbours included), and
// z bit for bit for covered-sample edge values (d_i >= 0, sum D < 2^(2b+16)),
// flat triangles and extreme depths included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitSim } from '../../testbenches/raster/unit-sim.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { bitLength, depthReciprocal, interpolateDepth } from '../raster-common/depth.js';
import { DEPTH_MAX } from '../raster-common/formats.js';
import { DepthLane } from './lane.js';
import { RECIPROCAL_ARCHS } from '../../hdl/lib/reciprocal.js';
import { Reciprocal } from './reciprocal.js';
import { RECIP_ROWS, ReciprocalIter } from './reciprocal-iter.js';

const arbB = fc.constantFrom(4, 6, 8, 10, 12, 14);

/** D in [1, 2^w): uniform in bit length, with 2^k - 1, 2^k, 2^k + 1 favoured. */
function arbD(w: number): fc.Arbitrary<bigint> {
  const any = fc.integer({ min: 1, max: w }).chain((len) => fc.bigInt({ min: 1n << BigInt(len - 1), max: (1n << BigInt(len)) - 1n }));
  const edge = fc.tuple(fc.integer({ min: 0, max: w - 1 }), fc.constantFrom(-1n, 0n, 1n)).map(([k, d]) => {
    const v = (1n << BigInt(k)) + d;
    return v < 1n ? 1n : v >= 1n << BigInt(w) ? (1n << BigInt(w)) - 1n : v;
  });
  return fc.oneof(any, edge);
}

describe('depth interpolation', () => {
  it('reciprocal: n = ceil(2^(L+24) / D) and L = bitLength(D), every architecture', () => {
    const arb = arbB.chain((b) => fc.record({ b: fc.constant(b), d: arbD(2 * b + 16), arch: fc.constantFrom(...RECIPROCAL_ARCHS) }));
    checkWithWaves('reciprocal-vs-golden', arb, ({ b, d, arch }, ctx) => {
      const sim = unitSim(Reciprocal, { dBits: 2 * b + 16, arch });
      ctx.attach(sim);
      sim.ports.d.write(d);
      const want = depthReciprocal(d);
      expect(sim.ports.n.read(), `${arch} n for D = ${d}`).toBe(want.n);
      expect(Number(sim.ports.len.read())).toBe(bitLength(d));
    }, { numRuns: 800 });
  });

  it('iterative reciprocal: the same n and L, one row a cycle, done after RECIP_ROWS cycles, back to back', () => {
    const arb = arbB.chain((b) => fc.record({ b: fc.constant(b), ds: fc.array(arbD(2 * b + 16), { minLength: 1, maxLength: 3 }) }));
    checkWithWaves('reciprocal-iter-vs-golden', arb, ({ b, ds }, ctx) => {
      const sim = unitSim(ReciprocalIter, { dBits: 2 * b + 16 });
      ctx.attach(sim);
      sim.reset();
      const io = sim.ports;
      for (const d of ds) {
        io.start.write(1);
        io.d.write(d);
        sim.step(1);
        io.start.write(0);
        io.d.write(0);
        let cycles = 0;
        while (io.done.read() === 0n) {
          sim.step(1);
          cycles++;
          if (cycles > 100) throw new Error('reciprocal never done');
        }
        expect(cycles).toBe(RECIP_ROWS);
        const want = depthReciprocal(d);
        expect(io.n.read(), `n for D = ${d}`).toBe(want.n);
        expect(Number(io.len.read())).toBe(bitLength(d));
      }
    }, { numRuns: 200 });
  });

  it('lane: z = floor(N n / 2^R), clamped, bit-exact with interpolateDepth', () => {
    const arbZ = fc.oneof(fc.integer({ min: 0, max: DEPTH_MAX }), fc.constantFrom(0, 1, DEPTH_MAX - 1, DEPTH_MAX));
    const arb = arbB.chain((b) =>
      fc.record({
        b: fc.constant(b),
        D: arbD(2 * b + 16),
        cut: fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
        z: fc.tuple(arbZ, arbZ, arbZ),
        flat: fc.boolean(),
      }),
    );
    checkWithWaves('depth-lane-vs-golden', arb, ({ b, D, cut, z, flat }, ctx) => {
      // Split D into three non-negative edge values, as a covered sample has.
      const [c0, c1] = cut[0] <= cut[1] ? cut : [cut[1], cut[0]];
      const a = BigInt(Math.floor(Number(D) * c0));
      const s = BigInt(Math.floor(Number(D) * c1));
      const d = [a, (s < a ? a : s) - a, D - (s < a ? a : s)] as const;
      const zs = flat ? ([z[0], z[0], z[0]] as const) : z;
      const sim = unitSim(DepthLane, { dBits: 2 * b + 16 });
      ctx.attach(sim);
      const { n } = depthReciprocal(D);
      const io = sim.ports;
      [io.d0, io.d1, io.d2].forEach((port, i) => port.write(d[i]!));
      [io.z0, io.z1, io.z2].forEach((port, i) => port.write(zs[i]!));
      io.n.write(n);
      io.len.write(bitLength(D));
      const want = interpolateDepth([Number(d[0]), Number(d[1]), Number(d[2])], zs);
      expect(Number(io.z.read()), `d = ${d.join(', ')}, z = ${zs.join(', ')}`).toBe(want);
      if (flat) expect(want).toBe(zs[0]);
    }, { numRuns: 500 });
  });
});
