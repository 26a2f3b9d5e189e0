import type { ConfigOf, Schema } from '../config.js';

export const macSchema = {
  intBits: { kind: 'int', min: 1, max: 24, default: 4, doc: 'integer bits of the signed operands (sign included)' },
  fracBits: { kind: 'int', min: 0, max: 24, default: 8, doc: 'fractional bits of the operands and the accumulator' },
  accIntBits: { kind: 'int', min: 2, max: 48, default: 12, doc: 'integer bits of the accumulator' },
  round: { kind: 'enum', values: ['truncate', 'halfUp', 'halfEven'], default: 'halfEven', doc: 'rounding of the product to the accumulator format' },
  overflow: { kind: 'enum', values: ['wrap', 'saturate'], default: 'saturate', doc: 'accumulator overflow behaviour' },
} as const satisfies Schema;
export type MacConfig = ConfigOf<typeof macSchema>;
