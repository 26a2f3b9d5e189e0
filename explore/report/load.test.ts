import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson, type Json } from '../../hdl/json-input.js';
import { canonicalJson } from './load.js';

const SEED = 2024;

/** The strict parser's value of `line`, or 'refused'. */
function strict(line: string): Json | 'refused' {
  try {
    return parseJson(line, 'points.jsonl').value;
  } catch {
    return 'refused';
  }
}

/** canonicalJson either declines or gives exactly the strict parser's value; it never takes what the strict parser refuses. */
function agrees(line: string): void {
  const fast = canonicalJson(line);
  if (fast === undefined) return;
  const s = strict(line);
  expect(s, `seed ${SEED}: ${line}`).not.toBe('refused');
  expect(fast, `seed ${SEED}: ${line}`).toStrictEqual(s);
}

describe('canonicalJson (seed 2024)', () => {
  it('takes what JSON.stringify writes, with the strict parser\'s value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const line = JSON.stringify(v);
        agrees(line);
        // Declined only for a key reaching a prototype or a 16-digit integer.
        fc.pre(!/__proto__|constructor|prototype|\d{16}/.test(line));
        expect(canonicalJson(line), `seed ${SEED}: ${line}`).toBeDefined();
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('declines or agrees on any text', () => {
    fc.assert(fc.property(fc.oneof(fc.json(), fc.string(), fc.jsonValue().map((v) => JSON.stringify(v, null, 1))), agrees), { seed: SEED, numRuns: 500 });
  });

  it('declines what the strict parser refuses or reads otherwise', () => {
    const lines = [
      '{"a":1,"a":2}',
      '{"__proto__":{"x":1}}',
      '{"constructor":1}',
      '{"n":9007199254740992}',
      '{"n":9007199254740993}',
      '{"n":12345678901234567890}',
      '{"n":1e400}',
      '{"n":-0}',
      '{"n":1.0}',
      '{"n":1.5e0}',
      '{"s":"\\u00e9"}',
      '\ufeff{"a":1}',
      '{"a":1} ',
      '{"a":[1,2,]}',
    ];
    for (const line of lines) {
      expect(canonicalJson(line), line).toBeUndefined();
      agrees(line);
    }
    // Written as JSON.stringify writes them: taken.
    for (const line of ['{"n":900719925474099}', '{"n":1e+21}', '{"n":0.1234567890123456789}', '{"s":"a\\"b\\\\c\\n"}']) {
      expect(canonicalJson(JSON.stringify(JSON.parse(line))), line).toBeDefined();
      agrees(JSON.stringify(JSON.parse(line)));
    }
  });

});
