import type { ConfigOf, Schema } from '../config.js';

export const scanSchema = {
  pidBits: { kind: 'int', min: 1, max: 32, default: 32, doc: 'primitive-id field of the key' },
  valBits: { kind: 'int', min: 1, max: 24, default: 18, doc: 'bits of the sorted-list index (and of the tile sample position)' },
} as const satisfies Schema;
export type ScanConfig = ConfigOf<typeof scanSchema>;
