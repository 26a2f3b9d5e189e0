import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS } from './keywords.js';
import { NameTable, sanitizeIdentifier } from './names.js';

describe('sanitizeIdentifier', () => {
  it('keeps legal names and repairs the rest', () => {
    expect(sanitizeIdentifier('span_x')).toBe('span_x');
    expect(sanitizeIdentifier('a b')).toBe('a_b');
    expect(sanitizeIdentifier('u.fifo[3]')).toBe('u_fifo_3_');
    expect(sanitizeIdentifier('1st')).toBe('_1st');
    expect(sanitizeIdentifier('x$y')).toBe('x_y');
    expect(sanitizeIdentifier('')).toBe('_');
  });

  it('steers clear of Verilog and SystemVerilog keywords', () => {
    expect(sanitizeIdentifier('module')).toBe('module_');
    expect(sanitizeIdentifier('logic')).toBe('logic_');
    expect(sanitizeIdentifier('bit')).toBe('bit_');
    expect(sanitizeIdentifier('Module')).toBe('Module');
  });

  it('always gives a legal, unreserved identifier', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const id = sanitizeIdentifier(raw);
        expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
        expect(RESERVED_WORDS.has(id)).toBe(false);
      }),
    );
  });
});

describe('NameTable', () => {
  it('breaks collisions with numeric suffixes, in claim order', () => {
    const t = new NameTable(['clock', 'reset']);
    expect(t.claim('dup')).toBe('dup');
    expect(t.claim('dup')).toBe('dup_1');
    expect(t.claim('dup_1')).toBe('dup_1_1');
    expect(t.claim('clock')).toBe('clock_1');
    expect(t.claim('a b')).toBe('a_b');
    expect(t.claim('a_b')).toBe('a_b_1');
  });

  it('can compare case-insensitively (for file names)', () => {
    const t = new NameTable([], true);
    expect(t.claim('Foo')).toBe('Foo');
    expect(t.claim('foo')).toBe('foo_1');
  });

  it('never hands out the same name twice', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 40 }), (raws) => {
        const t = new NameTable(['clock']);
        const got = raws.map((r) => t.claim(r));
        expect(new Set(got).size).toBe(got.length);
        expect(got).not.toContain('clock');
      }),
    );
  });
});
