// What the two golden merge models (QFM, PMU) hold in common, and only
// they: a buffer of entries in insertion (FIFO) order indexed by a key, the
// limits both configurations take, a buffered fragment's shared fields and
// what leaves for shading. The DSL modules never import this file: a golden
// model shares no code with the hardware it checks.
import { maskBits, triMask } from './check.js';
import { lonePixelChoice, resolveSources, type PixelChoice } from './pixel-choice.js';
import type { QuadFrag, ShadedQuad } from './quad.js';
import type { MergeMsaa } from './samples.js';
import { InternalError, ParamError } from '../../hdl/errors.js';

export interface MergeModelConfig {
  readonly msaa: MergeMsaa;
  /** Buffer entries, or Infinity for the unbounded upper bound. */
  readonly entries: number;
  /** How many of the newest matching entries a fragment tries to merge with. */
  readonly recent?: number;
  readonly maskWidth?: number;
}

/** recent and maskWidth with their defaults, after checking the configuration. */
export function mergeModelLimits(cfg: MergeModelConfig, unit: string): { recent: number; maskWidth: number } {
  const recent = cfg.recent ?? 2;
  const maskWidth = cfg.maskWidth ?? 512;
  if (!(cfg.entries === Infinity || (Number.isInteger(cfg.entries) && cfg.entries >= 1 && cfg.entries <= 512))) {
    throw new ParamError('entries', cfg.entries, '1..512 or unbounded', { message: `${unit}: entries ${cfg.entries} must be 1..512 or unbounded` });
  }
  if (!(Number.isInteger(recent) && recent >= 1)) throw new ParamError('recent', recent, 'a positive integer', { message: `${unit}: recent ${recent} must be a positive integer` });
  return { recent, maskWidth };
}

/** A buffered fragment: what both models keep per entry. */
export interface MergeEntry {
  readonly grid: number;
  readonly qx: number;
  readonly qy: number;
  readonly back: boolean;
  cov: number[];
  depth: number[];
  choice: PixelChoice[];
  /** The triangles merged into the entry, as a mask. */
  tri: bigint;
}

/** A lone fragment as an entry, before any merge. */
export function loneEntry(q: QuadFrag, msaa: MergeMsaa): MergeEntry {
  return {
    grid: q.grid,
    qx: q.qx,
    qy: q.qy,
    back: q.back,
    cov: [...q.cov],
    depth: [...q.depth],
    choice: q.cov.map((c, p) => lonePixelChoice(q.tri, c, q.centre[p] ?? false, msaa)),
    tri: triMask([q.tri]),
  };
}

/** What the shader receives for an entry that leaves. */
export function shadedQuad(e: MergeEntry): ShadedQuad {
  return { grid: e.grid, qx: e.qx, qy: e.qy, back: e.back, cov: [...e.cov], depth: [...e.depth], src: resolveSources(e.choice), tris: maskBits(e.tri) };
}

/**
 * Entries in insertion order, each under an insertion stamp, with the
 * stamps of each key kept oldest first.
 */
export class KeyedFifo<E> {
  private readonly entries = new Map<number, E>();
  private readonly byKey = new Map<string, number[]>();
  private stamp = 0;

  constructor(private readonly keyOf: (e: E) => string) {}

  get size(): number {
    return this.entries.size;
  }

  get(s: number): E {
    const e = this.entries.get(s);
    if (e === undefined) throw new InternalError(`merge buffer: no entry with stamp ${s}`);
    return e;
  }

  insert(e: E): number {
    const s = this.stamp++;
    this.entries.set(s, e);
    const k = this.keyOf(e);
    const list = this.byKey.get(k);
    if (list) list.push(s);
    else this.byKey.set(k, [s]);
    return s;
  }

  remove(s: number): E {
    const e = this.get(s);
    this.entries.delete(s);
    const k = this.keyOf(e);
    const list = this.byKey.get(k) ?? [];
    list.splice(list.indexOf(s), 1);
    if (list.length === 0) this.byKey.delete(k);
    return e;
  }

  /** Stamps of the entries under key, oldest first (a copy). */
  stampsOf(key: string): number[] {
    return [...(this.byKey.get(key) ?? [])];
  }

  /** Stamps of the n newest entries under key that pass keep, newest first. */
  newest(key: string, n: number, keep?: (e: E) => boolean): number[] {
    const list = this.byKey.get(key) ?? [];
    const out: number[] = [];
    for (let i = list.length - 1; i >= 0 && out.length < n; i--) {
      const s = list[i]!;
      if (keep === undefined || keep(this.get(s))) out.push(s);
    }
    return out;
  }

  oldest(): number | undefined {
    const first = this.entries.keys().next();
    return first.done ? undefined : first.value;
  }

  /** Every entry, oldest first, leaving the buffer empty. */
  drain(): E[] {
    const all = [...this.entries.values()];
    this.entries.clear();
    this.byKey.clear();
    return all;
  }
}

/**
 * A golden merge model's frame: its buffer, limits and the way entries
 * leave for shading (empty quads never do). Each model adds push().
 */
export abstract class MergeModel<E extends MergeEntry, S extends { shaded: number }> {
  protected readonly buf: KeyedFifo<E>;
  readonly recent: number;
  readonly maskWidth: number;
  abstract readonly stats: S;

  constructor(
    readonly cfg: MergeModelConfig,
    unit: string,
    keyOf: (e: E) => string,
  ) {
    ({ recent: this.recent, maskWidth: this.maskWidth } = mergeModelLimits(cfg, unit));
    this.buf = new KeyedFifo(keyOf);
  }

  get size(): number {
    return this.buf.size;
  }

  /** One quad fragment in; the quads it sends to shading, in order. */
  abstract push(q: QuadFrag): ShadedQuad[];

  /** End of grid (draw): everything leaves, oldest first. */
  flush(): ShadedQuad[] {
    const out: ShadedQuad[] = [];
    for (const e of this.buf.drain()) this.emit(e, out);
    return out;
  }

  protected emit(e: E, out: ShadedQuad[]): void {
    if (e.cov.every((c) => c === 0)) return;
    this.stats.shaded++;
    out.push(shadedQuad(e));
  }
}

/** Run a whole scene's grids through a fresh model; flush after each grid. */
export function runGrids<S>(m: { push(q: QuadFrag): ShadedQuad[]; flush(): ShadedQuad[]; readonly stats: S }, grids: readonly (readonly QuadFrag[])[]): { shaded: ShadedQuad[]; stats: S } {
  const shaded: ShadedQuad[] = [];
  for (const g of grids) {
    for (const q of g) shaded.push(...m.push(q));
    shaded.push(...m.flush());
  }
  return { shaded, stats: m.stats };
}
