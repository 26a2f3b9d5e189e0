// Golden model of the pixel merge unit (Sathe and Akenine-Moller 2015, as
// merge-units.md states it). Plain data-structure code: entries in a Map in
// insertion (FIFO) order; per entry one primitive (whose shading inputs all
// its pixels use) and per pixel a coverage mask, a list of outer edges
// (ordered vertex-id pairs of the draw) and the centre bit / nearest-sample
// rank that decide which fragment of a merged pixel keeps the shading.
//
// Per incoming quad fragment (non-empty; the PMU never sees empty quads):
//  1. buffered quads at the same position whose coverage meets it leave
//     first, oldest first, so each pixel's fragments reach the shader in
//     submission order;
//  2. a quad with no partially covered pixel goes straight to shading;
//  3. otherwise it looks through every buffered entry with the same position
//     and facing, newest first (no limit on how many): each of its covered
//     pixels merges with the entry's fragment in that pixel when their
//     coverage is disjoint and they share an edge ((a, b) in one list, (b, a) in the other) and their
//     merged list (both lists without their shared edges) fits 8 edges. Of
//     the two fragments, the one covering the pixel centre (else the one
//     with the covered sample nearest it; a tie keeps the buffered one)
//     survives: it takes the other's samples and the merged edge list, and
//     the other loses the pixel. An entry is never shaded from two
//     primitives;
//  4. entries that lost or gained pixels leave at once, oldest first, when
//     no partially covered pixel is left: shaded if any pixel is covered,
//     else dropped (one quad saved);
//  5. what is left of the incoming quad: nothing (one quad saved), straight
//     to shading if it has no partially covered pixel, else buffered, after
//     a FIFO eviction if the buffer is full.
// flush() (end of draw) sends everything out oldest first; under the
// 'merge' flush policy each leaving entry's pixels first merge into the
// remaining entries as an incoming quad's would (steps 3 and 4).
import { checkQuadCoverage } from '../merge-common/check.js';
import { isEmptyEntry, loneEntry, MergeModel, quadKey, runFlushUnits, type BufferKey, type MergeEntry, type MergeModelConfig } from '../merge-common/golden-buffer.js';
import { laterKeepsShading, NO_CHOICE } from '../merge-common/pixel-choice.js';
import { hasPartialPixel, type Edge, type QuadFrag, type ShadedQuad } from '../merge-common/quad.js';
import { ParamError } from '../../hdl/errors.js';

/** Outer edges a pixel's fragment list holds at most. */
export const PMU_MAX_EDGES = 8;

export type PmuModelConfig = MergeModelConfig;

interface Entry extends MergeEntry {
  /** The primitive whose shading inputs the entry's pixels use. */
  readonly prim: number;
  /** Per pixel; a list is never changed in place (a merge makes a new one), so a fragment's own lists are shared, not copied. */
  edges: (readonly Edge[])[];
  /** Per pixel: the primitives whose samples it holds (with detail only: they name a shaded quad's triangles). */
  srcs: number[][];
}

export interface PmuStats {
  quadsIn: number;
  /** Quads with at least one partially covered pixel (the ones that enter the buffer). */
  partialQuads: number;
  bypass: number;
  /** Pixel fragments merged (one per pair of fragments joined in a pixel). */
  pixelMerges: number;
  /** Incoming quads whose every pixel merged away: one quad of shading saved each. */
  absorbed: number;
  /** Buffered entries whose every pixel was taken by a later quad's surviving fragments: one quad saved each. */
  emptied: number;
  /** Entries leaving at a 'merge' flush whose every pixel merged away: one quad saved each. */
  absorbedAtFlush: number;
  evictOverlap: number;
  evictResolved: number;
  evictFifo: number;
  shaded: number;
}

/** The ideal PMU the bounded ones are measured against: unbounded, merging at flush. */
export const PMU_IDEAL = { entries: Infinity, flush: 'merge' } as const satisfies Partial<PmuModelConfig>;

function hasReverse(list: readonly Edge[], e: Edge): boolean {
  return list.some(([a, b]) => a === e[1] && b === e[0]);
}

/** Merged edge list of two fragments of one pixel (a's kept edges first), or null if they share no edge or it overflows. */
export function mergeEdgeLists(a: readonly Edge[], b: readonly Edge[]): Edge[] | null {
  const keepA = a.filter((e) => !hasReverse(b, e));
  if (keepA.length === a.length) return null;
  const merged = [...keepA, ...b.filter((e) => !hasReverse(a, e))];
  return merged.length <= PMU_MAX_EDGES ? merged : null;
}

const NO_EDGES: readonly Edge[] = [];

/** The PMU's name of a fragment in errors (made only for one). */
function pmuAt(q: QuadFrag): string {
  return `pmu: draw ${q.draw}, primitive ${q.prim}, quad (${q.qx}, ${q.qy})`;
}

function position(e: Entry): BufferKey {
  return quadKey(e.qx, e.qy, 0);
}

/** Pixel p of `from` joins pixel p of `to`, which keeps its shading choice and takes the merged edge list. */
function movePixel(from: Entry, to: Entry, p: number, edges: readonly Edge[], msaa: number): void {
  to.cov[p] = to.cov[p]! | from.cov[p]!;
  // Depth is carried only with detail (an entry without it has none).
  for (let k = 0; k < msaa && to.depth.length > 0; k++) {
    const j = p * msaa + k;
    to.depth[j] = to.depth[j]! | from.depth[j]!;
    from.depth[j] = 0;
  }
  to.edges[p] = edges;
  if (to.srcs.length > 0) {
    to.srcs[p] = to.srcs[p]!.concat(from.srcs[p]!);
    from.srcs[p] = [];
  }
  from.cov[p] = 0;
  from.edges[p] = NO_EDGES;
  from.choice[p] = NO_CHOICE;
}

export class PmuModel extends MergeModel<Entry, PmuStats> {
  readonly stats: PmuStats = { quadsIn: 0, partialQuads: 0, bypass: 0, pixelMerges: 0, absorbed: 0, emptied: 0, absorbedAtFlush: 0, evictOverlap: 0, evictResolved: 0, evictFifo: 0, shaded: 0 };

  /** Entries are keyed by quad position alone: overlap eviction looks at both facings. */
  constructor(cfg: PmuModelConfig) {
    super(cfg, 'pmu', position);
  }

  push(q: QuadFrag): ShadedQuad[] {
    checkQuadCoverage(q, this.cfg.msaa, pmuAt);
    q.edges.forEach((l, p) => {
      if (l.length > PMU_MAX_EDGES) throw new ParamError('edges', l.length, `at most ${PMU_MAX_EDGES}`, { message: `${pmuAt(q)}: pixel ${p} has ${l.length} edges, at most ${PMU_MAX_EDGES}` });
    });
    const out: ShadedQuad[] = [];
    if (q.cov.every((c) => c === 0)) return out;
    this.stats.quadsIn++;
    // Extended in place: an object spread here made the model several times slower.
    const inc: Entry = Object.assign(loneEntry(q, this.cfg.msaa, q.draw, q.prim, this.detail, true), {
      prim: q.prim,
      edges: q.edges.map((l, p) => (q.cov[p] ? l : NO_EDGES)),
      srcs: this.detail ? q.cov.map((c) => (c ? [q.prim] : [])) : [],
    });
    for (const s of this.buf.stampsOf(position(inc))) {
      const e = this.buf.get(s);
      if (e.cov.some((c, p) => (c & inc.cov[p]!) !== 0)) {
        this.stats.evictOverlap++;
        this.emit(this.buf.remove(s), out);
      }
    }
    if (!hasPartialPixel(inc, this.cfg.msaa)) {
      this.stats.bypass++;
      this.emit(inc, out);
      return out;
    }
    this.stats.partialQuads++;
    this.mergePixels(inc, out);
    if (isEmptyEntry(inc)) {
      this.stats.absorbed++;
      return out;
    }
    if (!hasPartialPixel(inc, this.cfg.msaa)) {
      this.stats.bypass++;
      this.emit(inc, out);
      return out;
    }
    const oldest = this.buf.size >= this.cfg.entries ? this.buf.oldest() : undefined;
    if (oldest !== undefined) {
      this.stats.evictFifo++;
      this.emit(this.buf.remove(oldest), out);
    }
    this.buf.insert(inc);
    return out;
  }

  /**
   * Steps 3 and 4: `inc` (not in the buffer) meets every same-position,
   * same-facing entry, newest first, pixel by pixel; then the entries it
   * changed that have no partial pixel left leave, oldest first.
   */
  private mergePixels(inc: Entry, out: ShadedQuad[]): void {
    const msaa = this.cfg.msaa;
    const touched: number[] = [];
    for (const s of this.buf.newest(position(inc), Infinity, (e) => e.back === inc.back)) {
      const e = this.buf.get(s);
      let hit = false;
      for (let p = 0; p < 4; p++) {
        if (inc.cov[p] === 0 || e.cov[p] === 0 || (inc.cov[p]! & e.cov[p]!) !== 0) continue;
        const edges = mergeEdgeLists(e.edges[p]!, inc.edges[p]!);
        if (edges === null) continue;
        this.stats.pixelMerges++;
        if (laterKeepsShading(e.choice[p]!, inc.choice[p]!)) movePixel(e, inc, p, edges, msaa);
        else movePixel(inc, e, p, edges, msaa);
        hit = true;
      }
      if (hit) touched.push(s);
    }
    for (const s of touched.sort((a, b) => a - b)) {
      const e = this.buf.get(s);
      if (isEmptyEntry(e)) {
        this.stats.emptied++;
        this.buf.remove(s);
      } else if (!hasPartialPixel(e, msaa)) {
        this.stats.evictResolved++;
        this.emit(this.buf.remove(s), out);
      }
    }
  }

  protected leaveMerging(e: Entry, out: ShadedQuad[]): void {
    this.mergePixels(e, out);
    if (isEmptyEntry(e)) this.stats.absorbedAtFlush++;
    else this.emit(e, out);
  }

  protected trisOf(e: Entry): number[] {
    return [...new Set(e.srcs.flat())].sort((a, b) => a - b);
  }
}

/** Run a whole scene's draws (each a list of quad fragments) through a fresh model; flush after each draw. */
export function runPmu(draws: readonly (readonly QuadFrag[])[], cfg: PmuModelConfig): { shaded: ShadedQuad[]; stats: PmuStats } {
  return runFlushUnits(new PmuModel(cfg), draws);
}
