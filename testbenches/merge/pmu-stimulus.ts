// Quad fragments <-> the PMU module's stream payloads.
import type { Payload } from '../stream.js';
import type { QuadFrag, ShadedQuad } from '../../units/merge-common/quad.js';
import { quadFragFields, shadedQuadFields, type MergeStreamShape } from './payload-fields.js';
import { EDGE_SLOTS } from '../../units/pmu/edges.js';
import { ParamError } from '../../hdl/errors.js';

export interface PmuStreamShape extends MergeStreamShape {
  readonly vertexBits: number;
}

export const PMU_OUT_FIELDS = ['qx', 'qy', 'back', 'cov', 'depth', 'src'] as const;

function packEdges(q: QuadFrag, vb: number): bigint {
  const sw = BigInt(1 + 2 * vb);
  let v = 0n;
  for (let p = 3; p >= 0; p--) {
    const list = q.cov[p] === 0 ? [] : (q.edges[p] ?? []);
    if (list.length > EDGE_SLOTS) throw new ParamError('edges', list.length, 'at most EDGE_SLOTS', { message: `pmu stimulus: grid ${q.grid}, triangle ${q.tri}: pixel ${p} has ${list.length} edges, at most ${EDGE_SLOTS}` });
    for (let k = EDGE_SLOTS - 1; k >= 0; k--) {
      const e = list[k];
      for (const id of e ?? []) if (id >= 2 ** vb) throw new ParamError('vertex id', id, 'an id that fits the vertex bits', { message: `pmu stimulus: grid ${q.grid}, triangle ${q.tri}: vertex id ${id} does not fit ${vb} bits` });
      const slot = e === undefined ? 0n : (1n << BigInt(2 * vb)) | (BigInt(e[0]) << BigInt(vb)) | BigInt(e[1]);
      v = (v << sw) | slot;
    }
  }
  return v;
}

/** The PMU sees only non-empty quads; the last of each grid (draw) is marked. */
export function pmuPayloads(grids: readonly (readonly QuadFrag[])[], s: PmuStreamShape): Payload[] {
  return grids.flatMap((g) => {
    const qs = g.filter((q) => q.cov.some((c) => c !== 0));
    return qs.map((q, i) => ({ ...quadFragFields(q, s), edges: packEdges(q, s.vertexBits), last: i === qs.length - 1 ? 1n : 0n }));
  });
}

export function pmuShadedPayload(o: ShadedQuad, s: PmuStreamShape): Record<string, bigint> {
  return shadedQuadFields(o, s);
}
