// The QFM merge datapath, in the DSL: a buffered quad fragment as packed
// fields, the lone fragment's per-pixel shading choice, can_merge, the merge
// itself (coverage OR, depth selected per sample by coverage, masks OR,
// per-pixel shading choice) and the helper-pixel fill at the output.
import { cat, mux, uint, type ModuleBuilder, type UInt } from '../../hdl/index.js';
import { SUBPIXEL } from '../raster-common/formats.js';
import { packFields, splitFields } from '../../hdl/index.js';
import { sampleOffsets, type MergeMsaa } from '../merge-common/samples.js';

export interface QuadShape {
  readonly msaa: MergeMsaa;
  readonly depthBits: number;
  readonly maskWidth: number;
  readonly triBits: number;
  readonly rankBits: number;
}

/** What one entry stores besides its key. Per-pixel fields are packed, pixel 0 low. */
export interface QuadRec {
  readonly cov: UInt; // 4 x msaa
  readonly depth: UInt; // 4 x msaa x depthBits
  readonly tri: UInt; // maskWidth
  readonly adj: UInt; // maskWidth
  readonly src: UInt; // 4 x triBits
  readonly centre: UInt; // 4
  readonly rank: UInt; // 4 x rankBits
}

export function recWidths(s: QuadShape): Record<keyof QuadRec, number> {
  return { cov: 4 * s.msaa, depth: 4 * s.msaa * s.depthBits, tri: s.maskWidth, adj: s.maskWidth, src: 4 * s.triBits, centre: 4, rank: 4 * s.rankBits };
}

/** Samples in order of distance from the pixel centre (ties: lower index first). */
function samplesNearestFirst(msaa: MergeMsaa): number[] {
  const c = SUBPIXEL / 2;
  const d = sampleOffsets(msaa).map((o) => (o.dx - c) * (o.dx - c) + (o.dy - c) * (o.dy - c));
  return d.map((_, s) => s).sort((a, b) => d[a]! - d[b]! || a - b);
}

/** Per pixel: the position, in nearest-first order, of its nearest covered sample. */
export function nearestRank(m: ModuleBuilder, cov: UInt, s: QuadShape): UInt {
  const order = samplesNearestFirst(s.msaa);
  return packFields(
    splitFields(cov, 4).map((pc) => {
      let r = m.lit(0, uint(s.rankBits));
      for (let k = order.length - 1; k >= 0; k--) r = mux(pc.bit(order[k]!), m.lit(k, uint(s.rankBits)), r);
      return r;
    }),
  );
}

function pixelHas(cov: UInt): UInt[] {
  return splitFields(cov, 4).map((c) => c.orR());
}

/** can_merge: disjoint coverage and a triangle of one adjacent to a triangle of the other. */
export function canMerge(a: QuadRec, b: QuadRec): UInt {
  return a.cov.and(b.cov).orR().not().and(a.tri.and(b.adj).orR());
}

/** A pixel's shading choice (or a quad's, packed pixel 0 low): source triangle, centre bit, nearest-sample rank. */
export interface ChoiceBits {
  readonly src: UInt;
  readonly centre: UInt;
  readonly rank: UInt;
}

/** A quad's packed choice fields, split per pixel. */
export function pixelChoices(r: ChoiceBits): ChoiceBits[] {
  const src = splitFields(r.src, 4);
  const centre = splitFields(r.centre, 4);
  const rank = splitFields(r.rank, 4);
  return [0, 1, 2, 3].map((p) => ({ src: src[p]!, centre: centre[p]!, rank: rank[p]! }));
}

export function packChoices(px: readonly ChoiceBits[]): ChoiceBits {
  return { src: packFields(px.map((c) => c.src)), centre: packFields(px.map((c) => c.centre)), rank: packFields(px.map((c) => c.rank)) };
}

export function muxChoice(sel: UInt, a: ChoiceBits, b: ChoiceBits): ChoiceBits {
  return { src: mux(sel, a.src, b.src), centre: mux(sel, a.centre, b.centre), rank: mux(sel, a.rank, b.rank) };
}

/**
 * Both fragments cover the pixel: the later one's choice replaces the
 * earlier's if it covers the centre or a nearer sample, and the earlier one
 * does not cover the centre (it wins a tie there).
 */
export function laterTakesShading(first: ChoiceBits, later: ChoiceBits): UInt {
  return first.centre.not().and(later.centre.or(later.rank.lt(first.rank)));
}

/** A lone fragment's choice: its own triangle in every pixel, its centre bits and nearest covered samples. */
export function loneChoice(m: ModuleBuilder, tri: UInt, centre: UInt, cov: UInt, s: QuadShape): ChoiceBits {
  return { src: cat(tri, tri, tri, tri), centre, rank: nearestRank(m, cov, s) };
}

/** Ports a merge unit's output quad drives: key fields, coverage, depth and resolved sources. */
type QuadOut = Record<'qx' | 'qy' | 'back' | 'cov' | 'depth' | 'src', { drive(v: UInt): void }>;

/** Drive the output quad from a {qx, qy, back} key and the entry it leaves as. */
export function driveQuadOut(out: QuadOut, key: UInt, rec: { readonly cov: UInt; readonly depth: UInt; readonly src: UInt }, coordBits: number): void {
  out.qx.drive(key.bits(2 * coordBits, coordBits + 1));
  out.qy.drive(key.bits(coordBits, 1));
  out.back.drive(key.bit(0));
  out.cov.drive(rec.cov);
  out.depth.drive(rec.depth);
  out.src.drive(resolvedSources(rec));
}

/** Merge b into a; a arrived first (it wins a tie on the pixel centre). */
export function mergeRecs(a: QuadRec, b: QuadRec, s: QuadShape): QuadRec {
  const aHas = pixelHas(a.cov);
  const bHas = pixelHas(b.cov);
  const aC = pixelChoices(a);
  const bC = pixelChoices(b);
  const aZ = splitFields(a.depth, 4 * s.msaa);
  const bZ = splitFields(b.depth, 4 * s.msaa);
  return {
    cov: a.cov.or(b.cov),
    depth: packFields(aZ.map((z, j) => mux(a.cov.bit(j), z, bZ[j]!))),
    tri: a.tri.or(b.tri),
    adj: a.adj.or(b.adj),
    ...packChoices([0, 1, 2, 3].map((p) => muxChoice(aHas[p]!.not().or(bHas[p]!.and(laterTakesShading(aC[p]!, bC[p]!))), bC[p]!, aC[p]!))),
  };
}

/** Per-pixel sources with helper pixels copying a covered neighbour: horizontal, vertical, diagonal. */
export function resolvedSources(r: { readonly cov: UInt; readonly src: UInt }): UInt {
  const has = pixelHas(r.cov);
  const src = splitFields(r.src, 4);
  return packFields(
    [0, 1, 2, 3].map((p) => mux(has[p]!, src[p]!, mux(has[p ^ 1]!, src[p ^ 1]!, mux(has[p ^ 2]!, src[p ^ 2]!, src[p ^ 3]!)))),
  );
}

export function muxRec(sel: UInt, a: QuadRec, b: QuadRec): QuadRec {
  return {
    cov: mux(sel, a.cov, b.cov),
    depth: mux(sel, a.depth, b.depth),
    tri: mux(sel, a.tri, b.tri),
    adj: mux(sel, a.adj, b.adj),
    ...muxChoice(sel, a, b),
  };
}
