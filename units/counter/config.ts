import type { ConfigOf, Schema } from '../config.js';

export const counterSchema = {
  width: { kind: 'int', min: 1, max: 4096, default: 8, doc: 'counter width in bits' },
  step: { kind: 'int', min: 1, max: 255, default: 1, doc: 'increment per enabled cycle' },
} as const satisfies Schema;
export type CounterConfig = ConfigOf<typeof counterSchema>;
