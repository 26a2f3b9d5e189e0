import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DisplayFormat } from '../hdl/ir.js';
import { fixedToDecimal, formatValue, parseLabel, type Radix } from './labels.js';

const fixed = (intBits: number, fracBits: number, signed: boolean): DisplayFormat => ({
  kind: 'fixed',
  intBits,
  fracBits,
  signed,
});

describe('formatValue', () => {
  it('shows fixed-point values as value / 2^fracBits with sign', () => {
    expect(formatValue(0xf80n, 12, fixed(4, 8, true))).toBe('-0.5');
    expect(formatValue(0xf80n, 12, fixed(4, 8, false))).toBe('15.5');
    expect(formatValue(12n * 256n + 128n, 22, fixed(14, 8, true))).toBe('12.5');
    expect(formatValue(1n, 12, fixed(4, 8, true))).toBe('0.00390625');
    expect(formatValue(0x800n, 12, fixed(4, 8, true))).toBe('-8');
    expect(formatValue(5n, 3, fixed(3, 0, true))).toBe('-3');
  });

  it('uses hex by default, signed decimal for sint, and obeys a forced radix', () => {
    expect(formatValue(0xabn, 8, undefined)).toBe('0xab');
    expect(formatValue(0xabn, 8, { kind: 'uint' })).toBe('0xab');
    expect(formatValue(0xffn, 8, { kind: 'sint' })).toBe('-1');
    expect(formatValue(0xffn, 8, { kind: 'sint' }, { radix: 'hex' })).toBe('0xff');
    expect(formatValue(0xffn, 8, undefined, { radix: 'dec' })).toBe('255');
    expect(formatValue(0xf80n, 12, fixed(4, 8, true), { radix: 'dec' })).toBe('-128');
    expect(formatValue(0xf80n, 12, fixed(4, 8, true), { radix: 'hex' })).toBe('0xf80');
  });

  it('rounds fixed-point labels only when asked', () => {
    expect(formatValue(1n, 12, fixed(4, 8, true), { fracDigits: 3 })).toBe('0.004');
    expect(fixedToDecimal(-1n, 8, 2)).toBe('0'); // -0.0039 rounds to 0, not "-0"
    expect(fixedToDecimal(-3n, 2, 0)).toBe('-1'); // -0.75 -> -1
    expect(fixedToDecimal(2n, 2, 0)).toBe('1'); // 0.5 rounds half away from zero
  });
});

describe('parseLabel', () => {
  const arbCase = fc.integer({ min: 1, max: 200 }).chain((width) =>
    fc.record({
      width: fc.constant(width),
      bits: fc.bigInt({ min: 0n, max: (1n << BigInt(width)) - 1n }),
      display: fc.oneof(
        fc.constant<DisplayFormat | undefined>(undefined),
        fc.constant<DisplayFormat>({ kind: 'sint' }),
        fc.integer({ min: 0, max: width }).chain((f) => fc.boolean().map((s) => fixed(width - f, f, s))),
      ),
      radix: fc.constantFrom<Radix>('auto', 'hex', 'dec'),
    }),
  );

  it('inverts formatValue for every width, display and radix', () => {
    fc.assert(
      fc.property(arbCase, ({ width, bits, display, radix }) => {
        const label = formatValue(bits, width, display, { radix });
        expect(parseLabel(label, width, display, radix)).toBe(bits);
      }),
    );
  });

  it('rejects labels out of range or not on the fixed-point grid', () => {
    expect(() => parseLabel('256', 8, undefined, 'dec')).toThrow('not a udec value of 8 bits');
    expect(() => parseLabel('-129', 8, { kind: 'sint' })).toThrow('not a sdec value');
    expect(() => parseLabel('0.1', 12, fixed(4, 8, true))).toThrow('not a multiple of 2^-8');
    expect(() => parseLabel('ab', 8, undefined)).toThrow('not a hex value');
  });
});
