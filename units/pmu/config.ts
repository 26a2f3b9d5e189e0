import type { ConfigOf, Schema } from '../config.js';

export const pmuSchema = {
  entries: { kind: 'int', min: 1, max: 512, default: 32, doc: 'merge-buffer entries (quads)' },
  msaa: { kind: 'enum', values: ['1', '4', '8', '16'], default: '4', doc: 'samples per pixel' },
  vertexBits: { kind: 'int', min: 1, max: 16, default: 16, doc: "bits of a vertex id of the draw (an edge is two of them; 16: 65536 vertices per draw)" },
  triBits: { kind: 'int', min: 1, max: 16, default: 16, doc: "bits of the primitive id (in the draw) whose shading inputs an entry's pixels use" },
  depthBits: { kind: 'int', min: 1, max: 24, default: 24, doc: 'bits of each sample depth carried through the merge' },
  coordBits: { kind: 'int', min: 1, max: 13, default: 13, doc: 'bits of the quad x and y' },
  flush: { kind: 'enum', values: ['drain', 'merge'], default: 'drain', doc: "at the end of a draw: drain (every entry out, oldest first, no merge attempt; the published unit) or merge (each leaving entry's pixels first merge into the other entries, as an incoming quad's would)" },
} as const satisfies Schema;
export type PmuConfig = ConfigOf<typeof pmuSchema>;
