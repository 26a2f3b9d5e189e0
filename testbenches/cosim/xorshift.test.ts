import { describe, expect, it } from 'vitest';
import { designOf, TestModule } from '../../hdl/verilog/test-ir.js';
import { FOLD_OFFSET_A, FOLD_OFFSET_B, FOLD_PRIME_A, FOLD_PRIME_B, outputChecksum, SEED_IF_ZERO, XorShift64, xorshiftStimulus } from './xorshift.js';

describe('XorShift64', () => {
  it("is Marsaglia's xorshift64 (13, 7, 17)", () => {
    const r = new XorShift64(1n);
    // Reference values for seed 1.
    expect(r.next()).toBe(1082269761n);
    expect(r.next()).toBe(1152992998833853505n);
  });

  it('replaces a zero seed, which would stay zero forever', () => {
    expect(new XorShift64(0n).next()).toBe(new XorShift64(SEED_IF_ZERO).next());
  });

  it('fills wide values low word first and masks to width', () => {
    const a = new XorShift64(9n);
    const b = new XorShift64(9n);
    const w0 = b.next();
    const w1 = b.next();
    expect(a.bits(70)).toBe(w0 | ((w1 & 63n) << 64n));
  });
});

describe('xorshiftStimulus and outputChecksum', () => {
  const t = new TestModule('T');
  t.output('y', t.input('a', 3));
  t.output('z', t.input('b', 65));
  const d = designOf(t.ir);

  it('draws inputs in port order each cycle', () => {
    const s = xorshiftStimulus(d, 1n, 2, 3);
    const r = new XorShift64(1n);
    const expected = [0, 1].map(() => ({ a: r.bits(3), b: r.bits(65) }));
    expect(s).toEqual({ resetCycles: 3, cycles: expected });
  });

  it('folds every output in 32-bit words, low first, into two FNV-1a lanes', () => {
    const m = (1n << 32n) - 1n;
    let a = BigInt(FOLD_OFFSET_A);
    let b = BigInt(FOLD_OFFSET_B);
    // y = 5 (one word), z = 2^64 + 3 (three words: 3, 0, 1).
    for (const word of [5n, 3n, 0n, 1n]) {
      a = ((a ^ word) * BigInt(FOLD_PRIME_A)) & m;
      b = ((b ^ word) * BigInt(FOLD_PRIME_B)) & m;
    }
    expect(outputChecksum(d, [{ y: 5n, z: (1n << 64n) | 3n }])).toBe((b << 32n) | a);
  });

  it('tells apart runs that differ in one word, wherever it is', () => {
    const base = Array.from({ length: 40 }, (_, i) => ({ y: BigInt(i % 8), z: BigInt(i) << 33n }));
    const sums = new Set([outputChecksum(d, base)]);
    for (let i = 0; i < base.length; i++) {
      sums.add(outputChecksum(d, base.map((c, j) => (j === i ? { ...c, z: c.z ^ (1n << 64n) } : c))));
      sums.add(outputChecksum(d, base.map((c, j) => (j === i ? { ...c, y: c.y ^ 1n } : c))));
    }
    expect(sums.size).toBe(1 + 2 * base.length);
  });
});
