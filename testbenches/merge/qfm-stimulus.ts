// Quad fragments <-> the QFM module's stream payloads, and a run of the
// module's output in the same form. The in stream is packed once
// (qfmStimulus: runBatch's words for the stream loop); the BigInt records
// the per-cycle agents take come from the same encoders.
import type { Payload } from '../stream.js';
import { isFullQuad, type QuadFrag, type ShadedQuad } from '../../units/merge-common/quad.js';
import { QFM_STAMP_BITS } from '../../units/qfm/module.js';
import { indexMask, packBits, putMask, putQuadFrag, QUAD_FRAG_FIELDS, quadRow, shadedQuadFields, type MergeStreamShape, type QuadRow } from './payload-fields.js';
import { stimulusPayloads, type PackedStimulus } from './word-pack.js';
import { ParamError } from '../../hdl/errors.js';

export type QfmStreamShape = MergeStreamShape;

/** The golden model's output in the module's payload form (depth cut to depthBits). */
export function shadedPayload(o: ShadedQuad, s: QfmStreamShape): Record<string, bigint> {
  return { ...shadedQuadFields(o, s), src: packBits(o.src, s.triBits), tris: indexMask(o.tris) };
}

export const OUT_FIELDS = ['qx', 'qy', 'back', 'cov', 'depth', 'src', 'tris'] as const;

/** The QFM's in stream fields: the shared ones and the fragment's adjacent triangles. */
const QFM_IN_FIELDS = [...QUAD_FRAG_FIELDS, 'adj'] as const;

/** Every grid's fragments, the last of each grid marked (flush), packed as the QFM's in stream. */
export function qfmStimulus(grids: readonly (readonly QuadFrag[])[], s: QfmStreamShape): PackedStimulus<QuadRow, (typeof QFM_IN_FIELDS)[number]> {
  const rows: QuadRow[] = [];
  for (const g of grids) {
    // Only fragments not fully covered are inserted, each at most once: the stamps must not wrap within a grid.
    let insertable = 0;
    for (const q of g) if (!isFullQuad(q, s.msaa)) insertable++;
    if (insertable > 2 ** QFM_STAMP_BITS) throw new ParamError('grid', g[0]!.grid, `at most ${2 ** QFM_STAMP_BITS} insertable fragments`, { message: `qfm stimulus: grid ${g[0]!.grid} has ${insertable} fragments not fully covered; QFM's ${QFM_STAMP_BITS}-bit insertion stamps count at most ${2 ** QFM_STAMP_BITS} per grid` });
    for (let i = 0; i < g.length; i++) rows.push(quadRow(g[i]!, i === g.length - 1, g[i]!.tri, s));
  }
  return {
    rows,
    fields: QFM_IN_FIELDS,
    encode: (r, w) => {
      putQuadFrag(w, r, s);
      putMask(w.adj, r.q.adj);
    },
  };
}

/** qfmStimulus as BigInt payloads (the per-cycle agents, cross-simulation). */
export function qfmPayloads(grids: readonly (readonly QuadFrag[])[], s: QfmStreamShape): Payload[] {
  return stimulusPayloads(qfmStimulus(grids, s));
}
