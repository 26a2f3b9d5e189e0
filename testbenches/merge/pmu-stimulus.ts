// Quad fragments <-> the PMU module's stream payloads: the fragments of
// each draw (the PMU's flush unit), the last one marked.
import type { Payload } from '../stream.js';
import type { QuadFrag, ShadedQuad } from '../../units/merge-common/quad.js';
import { quadFragFields, shadedQuadFields, type MergeStreamShape } from './payload-fields.js';
import { EDGE_SLOTS } from '../../units/pmu/edges.js';
import { PMU_STAMP_BITS } from '../../units/pmu/module.js';
import { hasPartialPixel } from '../../units/merge-common/quad.js';
import { ParamError } from '../../hdl/errors.js';

export interface PmuStreamShape extends MergeStreamShape {
  readonly vertexBits: number;
}

export const PMU_OUT_FIELDS = ['qx', 'qy', 'back', 'cov', 'depth', 'prim'] as const;

function packEdges(q: QuadFrag, vb: number): bigint {
  const sw = BigInt(1 + 2 * vb);
  let v = 0n;
  for (let p = 3; p >= 0; p--) {
    const list = q.cov[p] === 0 ? [] : (q.edges[p] ?? []);
    if (list.length > EDGE_SLOTS) throw new ParamError('edges', list.length, `at most ${EDGE_SLOTS}`, { message: `pmu stimulus: draw ${q.draw}, primitive ${q.prim}: pixel ${p} has ${list.length} edges, at most ${EDGE_SLOTS}` });
    for (let k = EDGE_SLOTS - 1; k >= 0; k--) {
      const e = list[k];
      for (const id of e ?? []) if (id >= 2 ** vb) throw new ParamError('vertex id', id, `an id below 2^vertexBits = ${2 ** vb}`, { message: `pmu stimulus: draw ${q.draw}, primitive ${q.prim}: vertex id ${id} does not fit ${vb} bits` });
      const slot = e === undefined ? 0n : (1n << BigInt(2 * vb)) | (BigInt(e[0]) << BigInt(vb)) | BigInt(e[1]);
      v = (v << sw) | slot;
    }
  }
  return v;
}

/** The PMU sees only non-empty quads, draw by draw; the last of each draw is marked (flush). */
export function pmuPayloads(draws: readonly (readonly QuadFrag[])[], s: PmuStreamShape): Payload[] {
  return draws.flatMap((g) => {
    const qs = g.filter((q) => q.cov.some((c) => c !== 0));
    // Only quads with a partial pixel are inserted, each at most once: the stamps must not wrap within a draw.
    const partial = qs.filter((q) => hasPartialPixel(q, s.msaa)).length;
    if (partial > 2 ** PMU_STAMP_BITS) throw new ParamError('draw', qs[0]!.draw, `at most ${2 ** PMU_STAMP_BITS} partially covered quads`, { message: `pmu stimulus: draw ${qs[0]!.draw} has ${partial} partially covered quads; the PMU's ${PMU_STAMP_BITS}-bit insertion stamps count at most ${2 ** PMU_STAMP_BITS} per draw` });
    return qs.map((q, i) => ({ ...quadFragFields(q, s, q.prim), edges: packEdges(q, s.vertexBits), last: i === qs.length - 1 ? 1n : 0n }));
  });
}

/** A golden shaded quad as the module's out stream carries it: one primitive for the whole quad. */
export function pmuShadedPayload(o: ShadedQuad, s: PmuStreamShape): Record<string, bigint> {
  return { ...shadedQuadFields(o, s), prim: BigInt(o.src.find((x) => x >= 0) ?? 0) };
}
