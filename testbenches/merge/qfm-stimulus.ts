// Quad fragments <-> the QFM module's stream payloads, and a run of the
// module's output in the same form.
import type { Payload } from '../stream.js';
import type { QuadFrag, ShadedQuad } from '../../units/merge-common/quad.js';
import type { MergeMsaa } from '../../units/merge-common/samples.js';

export interface QfmStreamShape {
  readonly msaa: MergeMsaa;
  readonly depthBits: number;
  readonly triBits: number;
}

function packBits(values: readonly number[], bits: number): bigint {
  let v = 0n;
  for (let i = values.length - 1; i >= 0; i--) v = (v << BigInt(bits)) | BigInt(values[i]!);
  return v;
}

export function quadPayload(q: QuadFrag, last: boolean, s: QfmStreamShape): Payload {
  let adj = 0n;
  for (const a of q.adj) adj |= 1n << BigInt(a);
  return {
    qx: BigInt(q.qx),
    qy: BigInt(q.qy),
    back: q.back ? 1n : 0n,
    cov: packBits(q.cov, s.msaa),
    centre: packBits(q.centre.map((c, p) => (c && q.cov[p] !== 0 ? 1 : 0)), 1),
    depth: packBits(q.depth.map((z) => z & ((1 << s.depthBits) - 1)), s.depthBits),
    tri: BigInt(q.tri),
    adj,
    last: last ? 1n : 0n,
  };
}

/** The golden model's output in the module's payload form (depth cut to depthBits). */
export function shadedPayload(o: ShadedQuad, s: QfmStreamShape): Record<string, bigint> {
  let tris = 0n;
  for (const t of o.tris) tris |= 1n << BigInt(t);
  return {
    qx: BigInt(o.qx),
    qy: BigInt(o.qy),
    back: o.back ? 1n : 0n,
    cov: packBits(o.cov, s.msaa),
    depth: packBits(o.depth.map((z) => z & ((1 << s.depthBits) - 1)), s.depthBits),
    src: packBits(o.src, s.triBits),
    tris,
  };
}

export const OUT_FIELDS = ['qx', 'qy', 'back', 'cov', 'depth', 'src', 'tris'] as const;

/** Every grid's fragments as payloads, the last of each grid marked (flush). */
export function qfmPayloads(grids: readonly (readonly QuadFrag[])[], s: QfmStreamShape): Payload[] {
  return grids.flatMap((g) => g.map((q, i) => quadPayload(q, i === g.length - 1, s)));
}
