// The strict reader: what JSON.parse lets through is refused, every error
// at its file, line, column and field, and nothing nests deep enough to
// overflow the stack.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonInputError, parseJson, readJsonFile, type Json } from './json-input.js';

const err = (text: string): string => {
  try {
    parseJson(text, 'f.json');
  } catch (e) {
    expect(e).toBeInstanceOf(JsonInputError);
    return (e as Error).message;
  }
  throw new Error('expected a JsonInputError');
};

function safeIntegers(v: Json): boolean {
  if (typeof v === 'number') return !Number.isInteger(v) || Number.isSafeInteger(v) || /e/.test(String(v));
  if (Array.isArray(v)) return v.every(safeIntegers);
  return v === null || typeof v !== 'object' || Object.values(v).every(safeIntegers);
}

const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the strict JSON reader', () => {
  it('reads what JSON.parse reads, the same values', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        fc.pre(!JSON.stringify(v).match(/"(__proto__|constructor|prototype)"\s*:/));
        // Integers beyond 2^53 are refused on purpose (the next test).
        fc.pre(safeIntegers(v as Json));
        const text = JSON.stringify(v, null, 1);
        // -0 prints as 0; JSON.parse is the reference for everything else.
        expect(parseJson(text, 'x.json').value).toEqual(JSON.parse(text) as Json);
      }),
      { seed: 26, numRuns: 300 },
    );
  });

  it('refuses what JSON.parse lets through, at the line, column and field', () => {
    expect(err('[{"enq_valid": "\\q"}]')).toBe('f.json:1:17 ([0].enq_valid): invalid escape \\q; JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX');
    expect(err('{"a\tb": 1}')).toMatch(/^f\.json:1:4: raw control character U\+0009 inside a string/);
    expect(err('{"a": 1,\n "__proto__": {"x": 1}}')).toBe('f.json:2:2 (__proto__): key "__proto__" is not allowed (it names a JavaScript object\'s prototype)');
    expect(err('{"constructor": 1}')).toMatch(/key "constructor" is not allowed/);
    expect(err('{"x": {"a": 1, "a": 2}}')).toBe('f.json:1:16 (x.a): duplicate key "a" (each key may appear once in an object)');
    expect(err('[9007199254740993]')).toMatch(/\(\[0\]\): 9007199254740993 is beyond 2\^53/);
    expect(err('[9007199254740990.9]')).toMatch(/\(\[0\]\): 9007199254740990\.9 has more digits than a JSON number \(a double\) holds \(it reads as 9007199254740991\)/);
    expect(err('[1e400]')).toMatch(/1e400 is too large for a JSON number/);
    expect(err('{"cycles": [1, 2,')).toBe('f.json:1:18 (cycles[2]): unexpected end of file (is it cut short?)');
    expect(err('[1] [2]')).toBe('f.json:1:5: unexpected text after the JSON value');
    expect(err('[01]')).toMatch(/expected ',' or '\]', found '1'/);
    expect(err('[NaN]')).toMatch(/unexpected character 'N'/);
    expect(err('')).toMatch(/^f\.json:1:1: unexpected end of file/);
  });

  it('is iterative: nesting a million deep parses without recursion', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(Array.isArray(parseJson(deep, 'deep.json').value)).toBe(true);
    expect(err('['.repeat(100_000))).toMatch(/unexpected end of file/);
  });

  it('checks fields with their place: unknown keys listed, integers as plain decimals, ranges', () => {
    const doc = parseJson('{\n "reset": 1e3,\n "cycles": [{"en": 2}],\n "colour": 1\n}', 's.json');
    const o = doc.value as Record<string, Json>;
    expect(() => doc.object('', o, { required: ['cycles'], optional: ['reset'] })).toThrow('s.json:4:12 (colour): unknown key "colour"; valid keys: cycles, reset');
    expect(() => doc.int('reset', o['reset']!, 0, 10_000)).toThrow('s.json:2:11 (reset): 1000 is an integer written with a fraction or exponent; write it as the plain decimal 1000');
    expect(() => doc.int('cycles[0].en', 2, 0, 1, 'a bit')).toThrow('s.json:3:20 (cycles[0].en): 2 is not valid; expected a bit in 0..1');
    expect(() => doc.array('cycles', o['cycles']!, { min: 2 })).toThrow('s.json:3:12 (cycles): an array with 1 entries; expected at least 2');
    expect(() => doc.object('', o, { required: ['cycles', 'colour', 'reset', 'x'] })).toThrow('s.json:1:1: missing key "x" (an object needs "cycles", "colour", "reset", "x")');
  });

  it('reads files as UTF-8 (a BOM allowed), refusing UTF-16, invalid bytes and directories', () => {
    const f = (name: string, data: string | Buffer): string => (writeFileSync(join(dir, name), data), join(dir, name));
    expect(readJsonFile(f('bom.json', '\ufeff{"a": "é"}')).value).toEqual({ a: 'é' });
    expect(() => readJsonFile(f('u16.json', Buffer.from('\ufeff[1]', 'utf16le')))).toThrow(/u16\.json: is UTF-16 text; save it as UTF-8/);
    expect(() => readJsonFile(f('latin1.json', Buffer.from([0x5b, 0x22, 0x0a, 0xe9, 0x22, 0x5d])))).toThrow(/latin1\.json:2:1: byte 0xe9 is not valid UTF-8/);
    expect(() => readJsonFile(dir)).toThrow(/is a directory/);
  });
});
