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
// flush() (end of grid) sends everything out oldest first. Empty quads are
// dropped whenever they leave: they are never shaded.
import { checkQuadFrag, maskBits, triMask } from '../merge-common/check.js';
import { combineChoice, lonePixelChoice, resolveSources, type PixelChoice } from '../merge-common/pixel-choice.js';
import { isFullQuad, type QuadFrag, type ShadedQuad } from '../merge-common/quad.js';
import type { MergeMsaa } from '../merge-common/samples.js';

export interface QfmModelConfig {
  readonly msaa: MergeMsaa;
  /** Buffer entries, or Infinity for the unbounded upper bound. */
  readonly entries: number;
  /** How many of the newest matching entries can_merge is tried against. */
  readonly recent?: number;
  readonly maskWidth?: number;
}

interface Entry {
  readonly grid: number;
  readonly qx: number;
  readonly qy: number;
  readonly back: boolean;
  cov: number[];
  depth: number[];
  tri: bigint;
  adj: bigint;
  choice: PixelChoice[];
}

export interface QfmStats {
  quadsIn: number;
  merges: number;
  evictFull: number;
  evictFifo: number;
  mergeBeforeEvict: number;
  bypassFull: number;
  shaded: number;
}

export class QfmModel {
  private readonly entries = new Map<number, Entry>();
  private readonly byKey = new Map<string, number[]>();
  private stamp = 0;
  readonly recent: number;
  readonly maskWidth: number;
  readonly stats: QfmStats = { quadsIn: 0, merges: 0, evictFull: 0, evictFifo: 0, mergeBeforeEvict: 0, bypassFull: 0, shaded: 0 };

  constructor(readonly cfg: QfmModelConfig) {
    this.recent = cfg.recent ?? 2;
    this.maskWidth = cfg.maskWidth ?? 512;
    if (!(cfg.entries === Infinity || (Number.isInteger(cfg.entries) && cfg.entries >= 1 && cfg.entries <= 512))) {
      throw new Error(`qfm: entries ${cfg.entries} must be 1..512 or unbounded`);
    }
    if (!(Number.isInteger(this.recent) && this.recent >= 1)) throw new Error(`qfm: recent ${this.recent} must be a positive integer`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** One quad fragment in; the quads it sends to shading, in order. */
  push(q: QuadFrag): ShadedQuad[] {
    checkQuadFrag(q, this.cfg.msaa, this.maskWidth, 'qfm');
    this.stats.quadsIn++;
    const out: ShadedQuad[] = [];
    const inc: Entry = {
      grid: q.grid,
      qx: q.qx,
      qy: q.qy,
      back: q.back,
      cov: [...q.cov],
      depth: [...q.depth],
      tri: triMask([q.tri]),
      adj: triMask(q.adj),
      choice: q.cov.map((c, p) => lonePixelChoice(q.tri, c, q.centre[p] ?? false, this.cfg.msaa)),
    };
    const target = this.findMergeTarget(inc);
    if (target !== null) {
      this.stats.merges++;
      this.mergeInto(target, inc, out);
      return out;
    }
    if (isFullQuad(inc, this.cfg.msaa)) {
      this.stats.bypassFull++;
      this.emit(inc, out);
      return out;
    }
    if (this.entries.size >= this.cfg.entries) this.evictOldest(out);
    this.insert(inc);
    return out;
  }

  /** End of grid: everything leaves, oldest first. */
  flush(): ShadedQuad[] {
    const out: ShadedQuad[] = [];
    for (const e of this.entries.values()) this.emit(e, out);
    this.entries.clear();
    this.byKey.clear();
    return out;
  }

  private key(e: Entry): string {
    return `${e.qx},${e.qy},${e.back ? 1 : 0}`;
  }

  private insert(e: Entry): void {
    const s = this.stamp++;
    this.entries.set(s, e);
    const k = this.key(e);
    const list = this.byKey.get(k);
    if (list) list.push(s);
    else this.byKey.set(k, [s]);
  }

  private remove(s: number): Entry {
    const e = this.entries.get(s)!;
    this.entries.delete(s);
    const k = this.key(e);
    const list = this.byKey.get(k)!;
    list.splice(list.indexOf(s), 1);
    if (list.length === 0) this.byKey.delete(k);
    return e;
  }

  private canMerge(a: Entry, b: Entry): boolean {
    for (let p = 0; p < 4; p++) if ((a.cov[p]! & b.cov[p]!) !== 0) return false;
    return (a.tri & b.adj) !== 0n;
  }

  /** Stamp of the newest of the N newest same-key entries that can_merge accepts. */
  private findMergeTarget(e: Entry): number | null {
    const list = this.byKey.get(this.key(e));
    if (!list) return null;
    for (let i = list.length - 1; i >= Math.max(0, list.length - this.recent); i--) {
      const s = list[i]!;
      if (this.canMerge(this.entries.get(s)!, e)) return s;
    }
    return null;
  }

  /** Merge `later` into the buffered entry at stamp s (which arrived first). */
  private mergeInto(s: number, later: Entry, out: ShadedQuad[]): void {
    const e = this.entries.get(s)!;
    for (let p = 0; p < 4; p++) e.choice[p] = combineChoice(e.choice[p]!, later.choice[p]!);
    e.depth = e.depth.map((z, i) => ((e.cov[Math.floor(i / this.cfg.msaa)]! >>> (i % this.cfg.msaa)) & 1 ? z : later.depth[i]!));
    e.cov = e.cov.map((c, p) => c | later.cov[p]!);
    e.tri |= later.tri;
    e.adj |= later.adj;
    if (isFullQuad(e, this.cfg.msaa)) {
      this.stats.evictFull++;
      this.emit(this.remove(s), out);
    }
  }

  private evictOldest(out: ShadedQuad[]): void {
    const first = this.entries.keys().next();
    if (first.done) return;
    const old = this.remove(first.value);
    this.stats.evictFifo++;
    // Merge-before-evict: the leaving entry is the earlier one of the pair.
    const list = this.byKey.get(this.key(old));
    if (list) {
      for (let i = list.length - 1; i >= Math.max(0, list.length - this.recent); i--) {
        const s = list[i]!;
        const x = this.entries.get(s)!;
        if (!this.canMerge(old, x)) continue;
        this.stats.mergeBeforeEvict++;
        for (let p = 0; p < 4; p++) x.choice[p] = combineChoice(old.choice[p]!, x.choice[p]!);
        x.depth = x.depth.map((z, j) => ((old.cov[Math.floor(j / this.cfg.msaa)]! >>> (j % this.cfg.msaa)) & 1 ? old.depth[j]! : z));
        x.cov = x.cov.map((c, p) => c | old.cov[p]!);
        x.tri |= old.tri;
        x.adj |= old.adj;
        if (isFullQuad(x, this.cfg.msaa)) {
          this.stats.evictFull++;
          this.emit(this.remove(s), out);
        }
        return;
      }
    }
    this.emit(old, out);
  }

  private emit(e: Entry, out: ShadedQuad[]): void {
    if (e.cov.every((c) => c === 0)) return;
    this.stats.shaded++;
    out.push({ grid: e.grid, qx: e.qx, qy: e.qy, back: e.back, cov: [...e.cov], depth: [...e.depth], src: resolveSources(e.choice), tris: maskBits(e.tri) });
  }
}

/** Run a whole scene's grids through a fresh model; flush after each grid. */
export function runQfm(grids: readonly (readonly QuadFrag[])[], cfg: QfmModelConfig): { shaded: ShadedQuad[]; stats: QfmStats } {
  const m = new QfmModel(cfg);
  const shaded: ShadedQuad[] = [];
  for (const g of grids) {
    for (const q of g) shaded.push(...m.push(q));
    shaded.push(...m.flush());
  }
  return { shaded, stats: m.stats };
}
