// Golden model of the quad-fragment merge buffer (Fatahalian et al. 2010, as
// merge-units.md states it). Written as plain data-structure code: a Map of
// entries in insertion order (FIFO order) and an index from (quad position,
// facing) to the entries with that key, newest last. Nothing here is shaped
// like the DSL module (no CAM, no slots, no stamps compared in a tree).
//
// Per incoming quad fragment:
//  1. look up the entries with the same position and facing;
//  2. try can_merge against the N newest of them, newest first: disjoint
//     coverage and tri_mask of one meets adj_mask of the other;
//  3. merge into the first that passes (coverage OR, depth by coverage, masks
//     OR, per-pixel shading choice); a now fully covered entry leaves at once;
//  4. else a fully covered fragment goes straight to shading (nothing can
//     merge with it but empty quads); any other is inserted, after a FIFO
//     eviction if the buffer is full. The evicted entry first tries to merge
//     into the N newest entries of its own key.
// flush() (end of grid) sends everything out oldest first; under the
// 'merge' flush policy each entry first tries merge-before-evict, as a FIFO
// victim does (the ideal buffer flushes so). Empty quads are dropped
// whenever they leave: they are never shaded.
import { checkQuadFrag, maskBits, triMask } from '../merge-common/check.js';
import { loneEntry, MergeModel, quadKey, runFlushUnits, type BufferKey, type MergeEntry, type MergeModelConfig } from '../merge-common/golden-buffer.js';
import { combineChoice } from '../merge-common/pixel-choice.js';
import { isFullQuad, type QuadFrag, type ShadedQuad } from '../merge-common/quad.js';
import { ParamError } from '../../hdl/errors.js';

export interface QfmModelConfig extends MergeModelConfig {
  /** How many of the newest matching entries a fragment tries to merge with (N; default 2, Infinity: all). */
  readonly recent?: number;
  /** Bits of tri_mask and adj_mask (default 512). */
  readonly maskWidth?: number;
}

interface Entry extends MergeEntry {
  /** The triangles merged into the entry, and their neighbours, as masks. */
  tri: bigint;
  adj: bigint;
}

export interface QfmStats {
  quadsIn: number;
  merges: number;
  evictFull: number;
  evictFifo: number;
  mergeBeforeEvict: number;
  /** Entries that merged into another as they left at a 'merge' flush. */
  mergeAtFlush: number;
  bypassFull: number;
  shaded: number;
}

/**
 * The ideal buffer the bounded ones are measured against: unbounded, every
 * matching entry tried (no N limit), and merging at flush. With N = 2 kept,
 * or without merging at flush, bounded buffers beat it now and then (their
 * evictions give entries a second chance); the property test checks that
 * none beats this one.
 */
export const QFM_IDEAL = { entries: Infinity, recent: Infinity, flush: 'merge' } as const satisfies Partial<QfmModelConfig>;

/** adj_mask of a triangle: a fragment's adjacency list is its grid's, shared by all of the triangle's fragments, so it is built once. */
const adjMasks = new WeakMap<readonly number[], bigint>();
function adjMask(adj: readonly number[]): bigint {
  let m = adjMasks.get(adj);
  if (m === undefined) adjMasks.set(adj, (m = triMask(adj)));
  return m;
}

/** tri_mask of one triangle, made once per index (a bigint per fragment was much of the model's garbage). */
const triBits: bigint[] = [];
function triBit(tri: number): bigint {
  return (triBits[tri] ??= 1n << BigInt(tri));
}

/** Entries are keyed by quad position and facing. */
function key(e: Entry): BufferKey {
  return quadKey(e.qx, e.qy, e.back ? 1 : 0);
}

export class QfmModel extends MergeModel<Entry, QfmStats> {
  readonly stats: QfmStats = { quadsIn: 0, merges: 0, evictFull: 0, evictFifo: 0, mergeBeforeEvict: 0, mergeAtFlush: 0, bypassFull: 0, shaded: 0 };
  readonly recent: number;
  readonly maskWidth: number;

  constructor(cfg: QfmModelConfig) {
    super(cfg, 'qfm', key);
    this.recent = cfg.recent ?? 2;
    this.maskWidth = cfg.maskWidth ?? 512;
    if (!(this.recent === Infinity || (Number.isInteger(this.recent) && this.recent >= 1))) throw new ParamError('recent', this.recent, 'a positive integer or unbounded', { message: `qfm: recent ${this.recent} must be a positive integer or unbounded` });
  }

  push(q: QuadFrag): ShadedQuad[] {
    checkQuadFrag(q, this.cfg.msaa, this.maskWidth);
    this.stats.quadsIn++;
    const out: ShadedQuad[] = [];
    // Extended in place: an object spread here made the model several times slower.
    // The shading choice only names a shaded quad's sources: kept with detail.
    const inc: Entry = Object.assign(loneEntry(q, this.cfg.msaa, q.grid, q.tri, this.detail, this.detail), { tri: triBit(q.tri), adj: adjMask(q.adj) });
    const target = this.mergeTarget(inc, false);
    if (target !== undefined) {
      this.stats.merges++;
      this.mergeAt(target, this.buf.get(target), inc, out);
      return out;
    }
    if (isFullQuad(inc, this.cfg.msaa)) {
      this.stats.bypassFull++;
      this.emit(inc, out);
      return out;
    }
    if (this.buf.size >= this.cfg.entries) this.evictOldest(out);
    this.buf.insert(inc);
    return out;
  }

  /** can_merge with `a` the earlier fragment of the pair. */
  private canMerge(a: Entry, b: Entry): boolean {
    for (let p = 0; p < 4; p++) if ((a.cov[p]! & b.cov[p]!) !== 0) return false;
    return (a.tri & b.adj) !== 0n;
  }

  /**
   * Stamp of the newest of the N newest same-key entries that can_merge
   * accepts; `eFirst` when e arrived before them (an evicted entry).
   */
  private mergeTarget(e: Entry, eFirst: boolean): number | undefined {
    return this.buf.newest(key(e), this.recent).find((s) => {
      const x = this.buf.get(s);
      return eFirst ? this.canMerge(e, x) : this.canMerge(x, e);
    });
  }

  /**
   * Merge two fragments into the buffered entry at stamp s (one of them);
   * `first` arrived first, so it keeps its depth and wins centre ties. An
   * entry left fully covered leaves at once.
   */
  private mergeAt(s: number, first: Entry, later: Entry, out: ShadedQuad[]): void {
    const x = this.buf.get(s);
    const msaa = this.cfg.msaa;
    if (this.detail) x.choice = first.choice.map((c, p) => combineChoice(c, later.choice[p]!));
    if (this.detail) x.depth = first.depth.map((z, i) => ((first.cov[Math.floor(i / msaa)]! >>> (i % msaa)) & 1 ? z : later.depth[i]!));
    x.cov = first.cov.map((c, p) => c | later.cov[p]!);
    x.tri = first.tri | later.tri;
    x.adj = first.adj | later.adj;
    if (isFullQuad(x, msaa)) {
      this.stats.evictFull++;
      this.emit(this.buf.remove(s), out);
    }
  }

  private evictOldest(out: ShadedQuad[]): void {
    const first = this.buf.oldest();
    if (first === undefined) return;
    this.stats.evictFifo++;
    if (this.mergeBeforeLeaving(this.buf.remove(first), out)) this.stats.mergeBeforeEvict++;
  }

  /** Merge-before-evict: the leaving entry (out of the buffer) tries the N newest of its key, as the earlier of the pair; else it is shaded. */
  private mergeBeforeLeaving(old: Entry, out: ShadedQuad[]): boolean {
    const target = this.mergeTarget(old, true);
    if (target === undefined) {
      this.emit(old, out);
      return false;
    }
    this.mergeAt(target, old, this.buf.get(target), out);
    return true;
  }

  protected leaveMerging(e: Entry, out: ShadedQuad[]): void {
    if (this.mergeBeforeLeaving(e, out)) this.stats.mergeAtFlush++;
  }

  protected trisOf(e: Entry): number[] {
    return maskBits(e.tri);
  }
}

/** Run a whole scene's grids through a fresh model; flush after each grid. */
export function runQfm(grids: readonly (readonly QuadFrag[])[], cfg: QfmModelConfig): { shaded: ShadedQuad[]; stats: QfmStats } {
  return runFlushUnits(new QfmModel(cfg), grids);
}
