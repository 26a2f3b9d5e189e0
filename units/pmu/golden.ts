// Golden model of the pixel merge unit (Sathe and Akenine-Moller 2015, as
// merge-units.md states it). Plain data-structure code: entries in a Map in
// insertion (FIFO) order; per pixel, a coverage mask, a list of outer edges
// (ordered vertex-id pairs) and the shading choice.
//
// Per incoming quad fragment (non-empty; the PMU never sees empty quads):
//  1. buffered quads at the same position whose coverage meets it leave
//     first, oldest first, so each pixel's fragments reach the shader in
//     submission order;
//  2. a quad with no partially covered pixel goes straight to shading;
//  3. otherwise, pixel by pixel, its fragment merges into the same pixel of
//     the newest of the N newest same-position, same-facing entries whose
//     fragment there shares an edge with it ((a, b) in one list, (b, a) in
//     the other) and whose merged list (union minus shared edges) fits 8
//     edges; merged pixels leave the incoming quad;
//  4. entries merged into and left with no partially covered pixel leave at
//     once, oldest first;
//  5. if every pixel of the incoming quad merged away, it costs no shading
//     (one quad saved); what is left goes to shading if it has no partial
//     pixel, else is inserted, after a FIFO eviction if the buffer is full.
// Pixels of the incoming quad that find no partner stay in it: an entry
// never gains a pixel it did not cover, so the PMU only merges across
// internal edges inside a pixel (merging whole disjoint quads is QFM's way).
// flush() (end of draw) sends everything out oldest first.
import { checkQuadFrag } from '../merge-common/check.js';
import { loneEntry, MergeModel, runGrids, type MergeEntry, type MergeModelConfig } from '../merge-common/golden-buffer.js';
import { NO_CHOICE, combineChoice } from '../merge-common/pixel-choice.js';
import { hasPartialPixel, type Edge, type QuadFrag, type ShadedQuad } from '../merge-common/quad.js';
import { InternalError } from '../../hdl/errors.js';

/** Outer edges a pixel's fragment list holds at most. */
export const PMU_MAX_EDGES = 8;

export type PmuModelConfig = MergeModelConfig;

interface Entry extends MergeEntry {
  edges: Edge[][];
}

export interface PmuStats {
  quadsIn: number;
  /** Quads with at least one partially covered pixel (the ones that enter the buffer). */
  partialQuads: number;
  bypass: number;
  /** Pixel fragments merged into a buffered entry. */
  pixelMerges: number;
  /** Incoming quads whose every pixel merged away: one quad of shading saved each. */
  absorbed: number;
  evictOverlap: number;
  evictResolved: number;
  evictFifo: number;
  shaded: number;
}

function hasReverse(list: readonly Edge[], e: Edge): boolean {
  return list.some(([a, b]) => a === e[1] && b === e[0]);
}

/** Merged edge list of two fragments of one pixel, or null if they share no edge or it overflows. */
export function mergeEdgeLists(a: readonly Edge[], b: readonly Edge[]): Edge[] | null {
  const keepA = a.filter((e) => !hasReverse(b, e));
  if (keepA.length === a.length) return null;
  const merged = [...keepA, ...b.filter((e) => !hasReverse(a, e))];
  return merged.length <= PMU_MAX_EDGES ? merged : null;
}

function position(e: Entry): string {
  return `${e.qx},${e.qy}`;
}

export class PmuModel extends MergeModel<Entry, PmuStats> {
  readonly stats: PmuStats = { quadsIn: 0, partialQuads: 0, bypass: 0, pixelMerges: 0, absorbed: 0, evictOverlap: 0, evictResolved: 0, evictFifo: 0, shaded: 0 };

  /** Entries are keyed by quad position alone: overlap eviction looks at both facings. */
  constructor(cfg: PmuModelConfig) {
    super(cfg, 'pmu', position);
  }

  push(q: QuadFrag): ShadedQuad[] {
    checkQuadFrag(q, this.cfg.msaa, this.maskWidth, 'pmu');
    q.edges.forEach((l, p) => {
      if (l.length > PMU_MAX_EDGES) throw new InternalError(`pmu: grid ${q.grid}, triangle ${q.tri}: pixel ${p} has ${l.length} edges, at most ${PMU_MAX_EDGES}`);
    });
    const out: ShadedQuad[] = [];
    if (q.cov.every((c) => c === 0)) return out;
    this.stats.quadsIn++;
    // Extended in place: an object spread here made the model several times slower.
    const inc: Entry = Object.assign(loneEntry(q, this.cfg.msaa), { edges: q.edges.map((l, p) => (q.cov[p] ? [...l] : [])) });
    const pos = position(inc);
    for (const s of this.buf.stampsOf(pos)) {
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
    // Per-pixel merging: each covered pixel of the incoming quad looks for a
    // partner fragment in the same pixel of one of the N newest entries with
    // the same position and facing (newest first).
    const cands = this.buf.newest(pos, this.recent, (e) => e.back === inc.back);
    const touched = new Set<number>();
    for (let p = 0; p < 4; p++) {
      if (inc.cov[p] === 0) continue;
      for (const s of cands) {
        const e = this.buf.get(s);
        if (e.cov[p] === 0) continue;
        const edges = mergeEdgeLists(e.edges[p]!, inc.edges[p]!);
        if (edges === null) continue;
        this.stats.pixelMerges++;
        e.edges[p] = edges;
        e.choice[p] = combineChoice(e.choice[p]!, inc.choice[p]!);
        for (let k = 0; k < this.cfg.msaa; k++) {
          const j = p * this.cfg.msaa + k;
          e.depth[j] = e.depth[j]! | inc.depth[j]!;
          inc.depth[j] = 0;
        }
        e.cov[p] = e.cov[p]! | inc.cov[p]!;
        e.tri |= inc.tri;
        inc.cov[p] = 0;
        inc.edges[p] = [];
        inc.choice[p] = NO_CHOICE;
        touched.add(s);
        break;
      }
    }
    for (const s of [...touched].sort((a, b) => a - b)) {
      if (!hasPartialPixel(this.buf.get(s), this.cfg.msaa)) {
        this.stats.evictResolved++;
        this.emit(this.buf.remove(s), out);
      }
    }
    if (inc.cov.every((c) => c === 0)) {
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
}

export function runPmu(grids: readonly (readonly QuadFrag[])[], cfg: PmuModelConfig): { shaded: ShadedQuad[]; stats: PmuStats } {
  return runGrids(new PmuModel(cfg), grids);
}
