// The payload fields both merge units (QFM, PMU) share on their input and
// output streams: quad position, facing, per-pixel coverage and centre
// bits, per-sample depth cut to depthBits, the triangle (QFM: its index in
// the grid; PMU: its primitive id in the draw). Each unit's stimulus adds
// its own fields (QFM adj, per-pixel sources and tris; PMU edges and the
// quad's one primitive).
import type { QuadFrag, ShadedQuad } from '../../units/merge-common/quad.js';
import type { MergeMsaa } from '../../units/merge-common/samples.js';
import { ParamError } from '../../hdl/errors.js';

export interface MergeStreamShape {
  readonly msaa: MergeMsaa;
  readonly depthBits: number;
  readonly triBits: number;
}

/** Equal-width fields packed into one vector, field 0 in the low bits. */
export function packBits(values: readonly number[], bits: number): bigint {
  let v = 0n;
  for (let i = values.length - 1; i >= 0; i--) v = (v << BigInt(bits)) | BigInt(values[i]!);
  return v;
}

/** A set of small indices (triangles) as a bit mask. */
export function indexMask(ids: readonly number[]): bigint {
  let m = 0n;
  for (const i of ids) m |= 1n << BigInt(i);
  return m;
}

function packDepth(depth: readonly number[], s: MergeStreamShape): bigint {
  return packBits(depth.map((z) => z & ((1 << s.depthBits) - 1)), s.depthBits);
}

/** A quad fragment's fields on the in stream (the centre bit only where the pixel is covered), its triangle given as `tri`. */
export function quadFragFields(q: QuadFrag, s: MergeStreamShape, tri: number): Record<'qx' | 'qy' | 'back' | 'cov' | 'centre' | 'depth' | 'tri', bigint> {
  if (tri >= 2 ** s.triBits) throw new ParamError('triangle', tri, `an id below 2^triBits = ${2 ** s.triBits}`, { message: `merge stimulus: grid ${q.grid} / draw ${q.draw}: triangle ${tri} does not fit triBits=${s.triBits}` });
  return {
    qx: BigInt(q.qx),
    qy: BigInt(q.qy),
    back: q.back ? 1n : 0n,
    cov: packBits(q.cov, s.msaa),
    centre: packBits(q.centre.map((c, p) => (c && q.cov[p] !== 0 ? 1 : 0)), 1),
    depth: packDepth(q.depth, s),
    tri: BigInt(tri),
  };
}

/** A golden model's shaded quad as the out stream carries it: position, facing, coverage, depth. */
export function shadedQuadFields(o: ShadedQuad, s: MergeStreamShape): Record<'qx' | 'qy' | 'back' | 'cov' | 'depth', bigint> {
  return {
    qx: BigInt(o.qx),
    qy: BigInt(o.qy),
    back: o.back ? 1n : 0n,
    cov: packBits(o.cov, s.msaa),
    depth: packDepth(o.depth, s),
  };
}
