import type { ConfigOf, Schema } from '../config.js';

export const qfmSchema = {
  entries: { kind: 'int', min: 1, max: 512, default: 32, doc: 'merge-buffer entries' },
  recent: { kind: 'int', min: 1, max: 4, default: 2, doc: 'can_merge is tried against this many of the newest matching entries (N)' },
  msaa: { kind: 'enum', values: ['1', '4', '8', '16'], default: '4', doc: 'samples per pixel' },
  maskWidth: { kind: 'int', min: 2, max: 512, default: 512, doc: 'bits of tri_mask and adj_mask (triangles per grid)' },
  depthBits: { kind: 'int', min: 1, max: 24, default: 24, doc: 'bits of each sample depth carried through the merge' },
  coordBits: { kind: 'int', min: 1, max: 13, default: 13, doc: 'bits of the quad x and y (13: a 16k-pixel screen)' },
  flush: { kind: 'enum', values: ['drain', 'merge'], default: 'drain', doc: 'at the end of a grid: drain (every entry out, oldest first, no merge attempt; the published unit) or merge (each leaving entry first tries merge-before-evict, as a FIFO victim; the ideal buffer flushes so)' },
} as const satisfies Schema;
export type QfmConfig = ConfigOf<typeof qfmSchema>;
