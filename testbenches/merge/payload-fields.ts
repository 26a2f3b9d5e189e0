// The payload fields both merge units (QFM, PMU) share on their input and
// output streams: quad position, facing, per-pixel coverage and centre
// bits, per-sample depth cut to depthBits, the triangle (QFM: its index in
// the grid; PMU: its primitive id in the draw). Each unit's stimulus adds
// its own fields (QFM adj, per-pixel sources and tris; PMU edges and the
// quad's one primitive).
import type { QuadFrag, ShadedQuad } from '../../units/merge-common/quad.js';
import type { MergeMsaa } from '../../units/merge-common/samples.js';
import { ParamError } from '../../hdl/errors.js';
import { bigintOf, type BitWriter } from './word-pack.js';

export interface MergeStreamShape {
  readonly msaa: MergeMsaa;
  readonly depthBits: number;
  readonly triBits: number;
}

/** Equal-width values written low first, value 0 in the low bits. */
export function putBits(w: BitWriter, values: readonly number[], bits: number): void {
  w.run(values, bits);
}

/** A set of small indices (triangles) as a bit mask. */
export function putMask(w: BitWriter, ids: readonly number[]): void {
  for (const i of ids) w.set(i);
}

/** Equal-width fields packed into one vector, field 0 in the low bits. */
export function packBits(values: readonly number[], bits: number): bigint {
  return bigintOf((w) => putBits(w, values, bits));
}

/** A set of small indices (triangles) as a bit mask. */
export function indexMask(ids: readonly number[]): bigint {
  return bigintOf((w) => putMask(w, ids));
}

function putDepth(w: BitWriter, depth: readonly number[], s: MergeStreamShape): void {
  putBits(w, depth, s.depthBits);
}

/** A record of a merge unit's in stream: a quad fragment, whether it ends its grid or draw (flush), and its triangle (QFM: index in the grid; PMU: primitive id). */
export interface QuadRow {
  readonly q: QuadFrag;
  readonly last: boolean;
  readonly tri: number;
}

/** A row's triangle, checked against triBits. */
export function quadRow(q: QuadFrag, last: boolean, tri: number, s: MergeStreamShape): QuadRow {
  if (tri >= 2 ** s.triBits) throw new ParamError('triangle', tri, `an id below 2^triBits = ${2 ** s.triBits}`, { message: `merge stimulus: grid ${q.grid} / draw ${q.draw}: triangle ${tri} does not fit triBits=${s.triBits}` });
  return { q, last, tri };
}

/** The in stream fields both units share, and each unit's flush mark (`last`). */
export const QUAD_FRAG_FIELDS = ['qx', 'qy', 'back', 'cov', 'centre', 'depth', 'tri', 'last'] as const;
export type QuadFragField = (typeof QUAD_FRAG_FIELDS)[number];

/** A row's shared in stream fields (the centre bit only where the pixel is covered; depth cut to depthBits) and its flush mark. */
export function putQuadFrag(w: Readonly<Record<QuadFragField, BitWriter>>, r: QuadRow, s: MergeStreamShape): void {
  const q = r.q;
  w.qx.bits(q.qx, 32);
  w.qy.bits(q.qy, 32);
  w.back.bits(q.back ? 1 : 0, 1);
  putBits(w.cov, q.cov, s.msaa);
  let centre = 0;
  for (let p = 0; p < q.centre.length; p++) if (q.centre[p] && q.cov[p] !== 0) centre |= 1 << p;
  w.centre.bits(centre, q.centre.length);
  putDepth(w.depth, q.depth, s);
  w.tri.bits(r.tri, 32);
  w.last.bits(r.last ? 1 : 0, 1);
}

/** A golden model's shaded quad as the out stream carries it: position, facing, coverage, depth. */
export function shadedQuadFields(o: ShadedQuad, s: MergeStreamShape): Record<'qx' | 'qy' | 'back' | 'cov' | 'depth', bigint> {
  return {
    qx: BigInt(o.qx),
    qy: BigInt(o.qy),
    back: o.back ? 1n : 0n,
    cov: packBits(o.cov, s.msaa),
    depth: bigintOf((w) => putDepth(w, o.depth, s)),
  };
}
