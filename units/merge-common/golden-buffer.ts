// What the two golden merge models (QFM, PMU) hold in common, and only
// they: a buffer of entries in insertion (FIFO) order indexed by a key, the
// limits both configurations take, a buffered fragment's shared fields, the
// flush policy and what leaves for shading. The DSL modules never import
// this file: a golden model shares no code with the hardware it checks.
import { InternalError, ParamError, UserError } from '../../hdl/errors.js';
import { lonePixelChoice, resolveSources, type PixelChoice } from './pixel-choice.js';
import type { QuadFrag, ShadedQuad } from './quad.js';
import type { MergeMsaa } from './samples.js';

/**
 * What a flush (end of QFM's grid, end of the PMU's draw) does:
 * - 'drain': every entry leaves for shading, oldest first, with no merge
 *   attempt (the published units);
 * - 'merge': every entry, oldest first, first tries to merge as it leaves,
 *   the way a FIFO victim does (QFM: merge-before-evict into the N newest
 *   entries of its key; PMU: its pixels merge into the other entries as an
 *   incoming quad's would). The ideal (unbounded) buffer flushes this way, so
 *   that an entry a bounded buffer would have evicted, and merged, is not
 *   left unmerged by the buffer that never evicts.
 */
export type FlushPolicy = 'drain' | 'merge';
export const FLUSH_POLICIES: readonly FlushPolicy[] = ['drain', 'merge'];

/** A flush policy named by the user (`what` names the option or file); a one-line error otherwise. */
export function parseFlushPolicy(v: string, what: string): FlushPolicy {
  if (!(FLUSH_POLICIES as readonly string[]).includes(v)) throw new UserError(`${what}: flush policy '${v}' is not valid; allowed: ${FLUSH_POLICIES.join(' | ')}`);
  return v as FlushPolicy;
}

export interface MergeModelConfig {
  readonly msaa: MergeMsaa;
  /** Buffer entries, or Infinity for the unbounded (ideal) buffer. */
  readonly entries: number;
  /** What a flush does (default 'drain', the published units). */
  readonly flush?: FlushPolicy;
  /**
   * Shaded quads in full (default): depth, per-pixel sources and source
   * triangles. Off, they carry position, facing and coverage only, and
   * depth is not carried through merges: what shading-work counts need, at
   * a fraction of the cost.
   */
  readonly detail?: boolean;
}

/** The configuration checked, with the flush policy's default. */
export function checkModelConfig(cfg: MergeModelConfig, unit: string): FlushPolicy {
  if (!(cfg.entries === Infinity || (Number.isInteger(cfg.entries) && cfg.entries >= 1 && cfg.entries <= 512))) {
    throw new ParamError('entries', cfg.entries, '1..512 or unbounded', { message: `${unit}: entries ${cfg.entries} must be 1..512 or unbounded` });
  }
  return parseFlushPolicy(cfg.flush ?? 'drain', `${unit} flush`);
}

/** A buffered fragment: what both models keep per entry. */
export interface MergeEntry {
  /** The grid (QFM) or draw (PMU) it belongs to. */
  readonly scope: number;
  readonly qx: number;
  readonly qy: number;
  readonly back: boolean;
  cov: number[];
  depth: number[];
  choice: PixelChoice[];
}

const NONE: number[] = [];
const NO_CHOICES: PixelChoice[] = [];

/** A lone fragment as an entry of scope `scope`, its pixels shaded with triangle `id`'s inputs (depth carried when `detail`;
 *  the per-pixel shading choice when `choices`: QFM needs it only for a shaded quad's sources, the PMU to decide every merge). */
export function loneEntry(q: QuadFrag, msaa: MergeMsaa, scope: number, id: number, detail: boolean, choices: boolean): MergeEntry {
  return {
    scope,
    qx: q.qx,
    qy: q.qy,
    back: q.back,
    cov: [...q.cov],
    depth: detail ? [...q.depth] : NONE,
    choice: choices ? q.cov.map((c, p) => lonePixelChoice(id, c, q.centre[p] ?? false, msaa)) : NO_CHOICES,
  };
}

/** What the shader receives for an entry that leaves, holding the samples of triangles `tris`. */
export function shadedQuad(e: MergeEntry, tris: readonly number[]): ShadedQuad {
  return { scope: e.scope, qx: e.qx, qy: e.qy, back: e.back, cov: [...e.cov], depth: [...e.depth], src: resolveSources(e.choice), tris };
}

export function isEmptyEntry(e: { readonly cov: readonly number[] }): boolean {
  return e.cov.every((c) => c === 0);
}

/** What a buffer indexes its entries by (quadKey). */
export type BufferKey = number | string;

/** Quad (qx, qy), and a facing bit (QFM) or 0 (the PMU, by position alone), as a key: a number for any quad
 *  of a screen up to 2^21 quads across (no text made per fragment), else text; a number never equals a text. */
const LIMIT = 2 ** 21;
export function quadKey(qx: number, qy: number, facing: 0 | 1): BufferKey {
  if (Number.isInteger(qx) && Number.isInteger(qy) && qx >= 0 && qy >= 0 && qx < LIMIT && qy < LIMIT) return (qy * LIMIT + qx) * 2 + facing;
  return `${qx},${qy},${facing}`;
}

/**
 * Entries in insertion order, each under an insertion stamp, with the
 * stamps of each key kept oldest first.
 */
export class KeyedFifo<E> {
  private readonly entries = new Map<number, E>();
  private readonly byKey = new Map<BufferKey, number[]>();
  private stamp = 0;

  constructor(private readonly keyOf: (e: E) => BufferKey) {}

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
  stampsOf(key: BufferKey): number[] {
    return [...(this.byKey.get(key) ?? [])];
  }

  /** Stamps of the n newest entries under key that pass keep, newest first. */
  newest(key: BufferKey, n: number, keep?: (e: E) => boolean): number[] {
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
}

/**
 * A golden merge model's frame: its buffer, limits, flush and the way
 * entries leave for shading (empty quads never do). Each model adds push()
 * and how an entry leaves under the 'merge' flush policy.
 */
export abstract class MergeModel<E extends MergeEntry, S extends { shaded: number }> {
  protected readonly buf: KeyedFifo<E>;
  readonly flushPolicy: FlushPolicy;
  readonly detail: boolean;
  abstract readonly stats: S;

  constructor(
    readonly cfg: MergeModelConfig,
    unit: string,
    keyOf: (e: E) => BufferKey,
  ) {
    this.flushPolicy = checkModelConfig(cfg, unit);
    this.detail = cfg.detail ?? true;
    this.buf = new KeyedFifo(keyOf);
  }

  get size(): number {
    return this.buf.size;
  }

  /** One quad fragment in; the quads it sends to shading, in order. */
  abstract push(q: QuadFrag): ShadedQuad[];

  /** Entry e (already out of the buffer) leaves at a 'merge' flush: it tries to merge first. */
  protected abstract leaveMerging(e: E, out: ShadedQuad[]): void;

  /** The triangles whose samples an entry holds, for its shaded quad. */
  protected abstract trisOf(e: E): number[];

  /** End of grid (QFM) or draw (PMU): everything leaves, oldest first, under the flush policy. */
  flush(): ShadedQuad[] {
    const out: ShadedQuad[] = [];
    for (let s = this.buf.oldest(); s !== undefined; s = this.buf.oldest()) {
      const e = this.buf.remove(s);
      if (this.flushPolicy === 'merge') this.leaveMerging(e, out);
      else this.emit(e, out);
    }
    return out;
  }

  protected emit(e: E, out: ShadedQuad[]): void {
    if (isEmptyEntry(e)) return;
    this.stats.shaded++;
    // Without detail the entry's own coverage is handed on: it has left the buffer and is never touched again.
    out.push(this.detail ? shadedQuad(e, this.trisOf(e)) : { scope: e.scope, qx: e.qx, qy: e.qy, back: e.back, cov: e.cov, depth: NONE, src: NONE, tris: NONE });
  }
}

/** Run a whole scene through a fresh model, flushing after each unit (QFM: grid; PMU: draw). */
export function runFlushUnits<S>(m: { push(q: QuadFrag): ShadedQuad[]; flush(): ShadedQuad[]; readonly stats: S }, units: readonly (readonly QuadFrag[])[]): { shaded: ShadedQuad[]; stats: S } {
  const shaded: ShadedQuad[] = [];
  const add = (qs: readonly ShadedQuad[]): void => {
    for (const q of qs) shaded.push(q);
  };
  for (const u of units) {
    for (const q of u) add(m.push(q));
    add(m.flush());
  }
  return { shaded, stats: m.stats };
}
