import type { ConfigOf, Schema } from '../config.js';

export const pmuSchema = {
  entries: { kind: 'int', min: 1, max: 512, default: 32, doc: 'merge-buffer entries (quads)' },
  recent: { kind: 'int', min: 1, max: 4, default: 2, doc: 'an incoming pixel tries the fragments of this many of the newest same-quad entries (N)' },
  msaa: { kind: 'enum', values: ['1', '4', '8', '16'], default: '4', doc: 'samples per pixel' },
  vertexBits: { kind: 'int', min: 1, max: 16, default: 11, doc: 'bits of a grid-local vertex id (an edge is two of them)' },
  triBits: { kind: 'int', min: 1, max: 16, default: 9, doc: 'bits of the source-triangle id whose shading inputs a pixel uses' },
  depthBits: { kind: 'int', min: 1, max: 24, default: 24, doc: 'bits of each sample depth carried through the merge' },
  coordBits: { kind: 'int', min: 1, max: 13, default: 13, doc: 'bits of the quad x and y' },
} as const satisfies Schema;
export type PmuConfig = ConfigOf<typeof pmuSchema>;
