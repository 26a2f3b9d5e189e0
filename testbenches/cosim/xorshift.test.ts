import { describe, expect, it } from 'vitest';
import { designOf, TestModule } from '../../hdl/verilog/test-ir.js';
import { FNV_OFFSET, FNV_PRIME, outputChecksum, SEED_IF_ZERO, XorShift64, xorshiftStimulus } from './xorshift.js';

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

  it('folds 64-bit chunks of every output, FNV-1a style', () => {
    const m = (1n << 64n) - 1n;
    let h = FNV_OFFSET;
    for (const word of [5n, 3n, 1n]) h = ((h ^ word) * FNV_PRIME) & m;
    expect(outputChecksum(d, [{ y: 5n, z: (1n << 64n) | 3n }])).toBe(h);
  });
});
