import type { ConfigOf, Schema } from '../config.js';

export const spidEncoderSchema = {
  pidBits: { kind: 'int', min: 1, max: 32, default: 32, doc: 'primitive-id field width (the key high word)' },
} as const satisfies Schema;
export type SpidEncoderConfig = ConfigOf<typeof spidEncoderSchema>;

/** Shading coordinates are 16 bits per axis; their Morton code fills the 32-bit key low word. */
export const COORD_BITS = 16;
export const MORTON_BITS = 2 * COORD_BITS;
