// Quad fragments <-> the QFM module's stream payloads, and a run of the
// module's output in the same form.
import type { Payload } from '../stream.js';
import type { QuadFrag, ShadedQuad } from '../../units/merge-common/quad.js';
import { indexMask, quadFragFields, shadedQuadFields, type MergeStreamShape } from './payload-fields.js';

export type QfmStreamShape = MergeStreamShape;

export function quadPayload(q: QuadFrag, last: boolean, s: QfmStreamShape): Payload {
  return { ...quadFragFields(q, s), adj: indexMask(q.adj), last: last ? 1n : 0n };
}

/** The golden model's output in the module's payload form (depth cut to depthBits). */
export function shadedPayload(o: ShadedQuad, s: QfmStreamShape): Record<string, bigint> {
  return { ...shadedQuadFields(o, s), tris: indexMask(o.tris) };
}

export const OUT_FIELDS = ['qx', 'qy', 'back', 'cov', 'depth', 'src', 'tris'] as const;

/** Every grid's fragments as payloads, the last of each grid marked (flush). */
export function qfmPayloads(grids: readonly (readonly QuadFrag[])[], s: QfmStreamShape): Payload[] {
  return grids.flatMap((g) => g.map((q, i) => quadPayload(q, i === g.length - 1, s)));
}
