import type { ConfigOf, Schema } from '../config.js';

export const fifoSchema = {
  width: { kind: 'int', min: 1, max: 4096, default: 16, doc: 'payload width in bits' },
  depth: { kind: 'enum', values: ['2', '4', '8', '16', '32', '64', '128', '256'], default: '8', doc: 'entries (a power of two)' },
} as const satisfies Schema;
export type FifoConfig = ConfigOf<typeof fifoSchema>;
