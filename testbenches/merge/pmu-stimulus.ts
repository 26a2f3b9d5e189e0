// Quad fragments <-> the PMU module's stream payloads: the fragments of
// each draw (the PMU's flush unit), the last one marked. The in stream is
// packed once (pmuStimulus: runBatch's words for the stream loop); the
// BigInt records the per-cycle agents take come from the same encoders.
import type { Payload } from '../stream.js';
import type { QuadFrag, ShadedQuad } from '../../units/merge-common/quad.js';
import { putQuadFrag, QUAD_FRAG_FIELDS, quadRow, shadedQuadFields, type MergeStreamShape, type QuadRow } from './payload-fields.js';
import { stimulusPayloads, type BitWriter, type PackedStimulus } from './word-pack.js';
import { EDGE_SLOTS } from '../../units/pmu/edges.js';
import { PMU_STAMP_BITS } from '../../units/pmu/module.js';
import { hasPartialPixel } from '../../units/merge-common/quad.js';
import { ParamError } from '../../hdl/errors.js';

export interface PmuStreamShape extends MergeStreamShape {
  readonly vertexBits: number;
}

export const PMU_OUT_FIELDS = ['qx', 'qy', 'back', 'cov', 'depth', 'prim'] as const;

/** Every covered pixel's edge list fits the slots, every vertex id vertexBits. */
function checkEdges(q: QuadFrag, vb: number): void {
  for (let p = 3; p >= 0; p--) {
    const list = q.cov[p] === 0 ? [] : (q.edges[p] ?? []);
    if (list.length > EDGE_SLOTS) throw new ParamError('edges', list.length, `at most ${EDGE_SLOTS}`, { message: `pmu stimulus: draw ${q.draw}, primitive ${q.prim}: pixel ${p} has ${list.length} edges, at most ${EDGE_SLOTS}` });
    for (const e of list) for (const id of e) if (id >= 2 ** vb) throw new ParamError('vertex id', id, `an id below 2^vertexBits = ${2 ** vb}`, { message: `pmu stimulus: draw ${q.draw}, primitive ${q.prim}: vertex id ${id} does not fit ${vb} bits` });
  }
}

/** Per pixel (pixel 0 lowest) EDGE_SLOTS slots of 1 + 2 vb bits, slot 0 lowest: the edge's second vertex, its first, a valid bit. */
function putEdges(w: BitWriter, q: QuadFrag, vb: number): void {
  for (let p = 0; p < 4; p++) {
    const list = q.cov[p] === 0 ? [] : (q.edges[p] ?? []);
    for (let k = 0; k < EDGE_SLOTS; k++) {
      const e = list[k];
      if (e === undefined) w.skip(1 + 2 * vb);
      else {
        w.bits(e[1], vb);
        w.bits(e[0], vb);
        w.bits(1, 1);
      }
    }
  }
}

/** The PMU's in stream fields: the shared ones and each covered pixel's edges. */
const PMU_IN_FIELDS = [...QUAD_FRAG_FIELDS, 'edges'] as const;

/** The PMU sees only non-empty quads, draw by draw; the last of each draw is marked (flush). Packed as the PMU's in stream. */
export function pmuStimulus(draws: readonly (readonly QuadFrag[])[], s: PmuStreamShape): PackedStimulus<QuadRow, (typeof PMU_IN_FIELDS)[number]> {
  const rows: QuadRow[] = [];
  for (const g of draws) {
    const qs = g.filter((q) => q.cov.some((c) => c !== 0));
    // Only quads with a partial pixel are inserted, each at most once: the stamps must not wrap within a draw.
    let partial = 0;
    for (const q of qs) if (hasPartialPixel(q, s.msaa)) partial++;
    if (partial > 2 ** PMU_STAMP_BITS) throw new ParamError('draw', qs[0]!.draw, `at most ${2 ** PMU_STAMP_BITS} partially covered quads`, { message: `pmu stimulus: draw ${qs[0]!.draw} has ${partial} partially covered quads; the PMU's ${PMU_STAMP_BITS}-bit insertion stamps count at most ${2 ** PMU_STAMP_BITS} per draw` });
    for (let i = 0; i < qs.length; i++) {
      const q = qs[i]!;
      rows.push(quadRow(q, i === qs.length - 1, q.prim, s));
      checkEdges(q, s.vertexBits);
    }
  }
  return {
    rows,
    fields: PMU_IN_FIELDS,
    encode: (r, w) => {
      putQuadFrag(w, r, s);
      putEdges(w.edges, r.q, s.vertexBits);
    },
  };
}

/** pmuStimulus as BigInt payloads (the per-cycle agents, cross-simulation). */
export function pmuPayloads(draws: readonly (readonly QuadFrag[])[], s: PmuStreamShape): Payload[] {
  return stimulusPayloads(pmuStimulus(draws, s));
}

/** A golden shaded quad as the module's out stream carries it: one primitive for the whole quad. */
export function pmuShadedPayload(o: ShadedQuad, s: PmuStreamShape): Record<string, bigint> {
  return { ...shadedQuadFields(o, s), prim: BigInt(o.src.find((x) => x >= 0) ?? 0) };
}
