// A word of N equal fields, as records keep per-pixel or per-slot values
// (four pixels' coverage, eight edge slots): split into its fields and
// packed back, field 0 in the low bits. Wiring only: no gates.
import { ParamError } from '../errors.js';
import { cat } from '../ops.js';
import type { UInt } from '../signal.js';
import { requireCount, requireUInt } from './util.js';

/** The `n` equal fields of `word`, field 0 from the low bits. */
export function splitFields(word: UInt, n: number): UInt[] {
  requireUInt(word, 'splitFields');
  requireCount(word.owner, n, 1, 'splitFields count', word.label, word.width);
  if (word.width % n !== 0) word.owner.fail('bad parameter', word.label, `splitFields: ${word.width} bits do not split into ${n} equal fields`);
  const w = word.width / n;
  return Array.from({ length: n }, (_, i) => word.bits(i * w + w - 1, i * w));
}

/** One word of `parts`, parts[0] in the low bits (splitFields undone). */
export function packFields(parts: readonly UInt[]): UInt {
  if (parts.length === 0) throw new ParamError('parts', parts, 'at least one field', 'packFields');
  return parts.length === 1 ? parts[0]! : cat(...[...parts].reverse());
}
