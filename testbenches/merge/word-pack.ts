// A merge unit's stream stimulus packed straight into the 32-bit words the
// simulator's batch and stream loops take (runBatch's layout: a field of W
// bits is ceil(W / 32) words per record, low word first). Each payload
// field is one encoder writing its bits low first into a BitWriter; the
// same encoders give the BigInt records the per-cycle agents and the
// cross-simulation take (stimulusPayloads), so the two forms cannot
// disagree. Building the records through BigInt cost 4-17 ms a run on the
// QFM main job, 20-100 times the simulation it fed.
import { InternalError } from '../../hdl/errors.js';
import type { Payload } from '../stream.js';

/** Writes a field's bits, low first, into a record's words. */
export class BitWriter {
  private words: Uint32Array;
  private base = 0;
  private end = 0;
  private pos = 0;

  /** `grow`: a scratch record that widens as bits are written (the BigInt form); else a column's record of fixed words. */
  constructor(
    words: Uint32Array,
    private readonly grow: boolean,
  ) {
    this.words = words;
  }

  /** Start writing record `index` of `words` words each (the column's record, zero before). */
  at(index: number, words: number): this {
    this.base = index * words;
    this.end = this.base + words;
    this.pos = 0;
    return this;
  }

  /** The low `n` bits of `v` (n <= 32), next above those written. */
  bits(v: number, n: number): void {
    const lo = this.pos & 31;
    const w = this.base + (this.pos >>> 5);
    this.pos += n;
    const x = n === 32 ? v >>> 0 : (v & ((1 << n) - 1)) >>> 0;
    if (x === 0) return;
    this.put(w, (x << lo) >>> 0);
    if (lo + n > 32) this.put(w + 1, x >>> (32 - lo));
  }

  /** `n` zero bits (any n). */
  skip(n: number): void {
    this.pos += n;
  }

  /** Bit `i` of the field set (a bit mask's member). */
  set(i: number): void {
    this.put(this.base + (i >>> 5), (1 << (i & 31)) >>> 0);
  }

  private put(w: number, v: number): void {
    if (v === 0) return;
    if (w >= this.end) {
      if (!this.grow) throw new InternalError(`word-pack: a field wider than its port's ${(this.end - this.base) * 32} bits`);
      this.widen(w + 1);
    }
    this.words[w] = this.words[w]! | v;
  }

  private widen(to: number): void {
    if (to > this.words.length) {
      const a = new Uint32Array(Math.max(to, 2 * this.words.length));
      a.set(this.words);
      this.words = a;
    }
    this.end = to;
  }

  /** The scratch record as one bigint, then cleared for the next. */
  take(): bigint {
    let v = 0n;
    for (let j = this.end - 1; j >= this.base; j--) {
      v = (v << 32n) | BigInt(this.words[j]!);
      this.words[j] = 0;
    }
    this.end = this.base;
    this.pos = 0;
    return v;
  }
}

const scratch = new BitWriter(new Uint32Array(16), true);

/** What an encoder writes, as one bigint (field 0 in the low bits). */
export function bigintOf(encode: (w: BitWriter) => void): bigint {
  scratch.at(0, 0);
  encode(scratch);
  return scratch.take();
}

/** One payload field: its bits for a record, low first. */
export type FieldEncoder<R> = (r: R, w: BitWriter) => void;

/** A stream's records and how each payload field is packed from one. */
export interface PackedStimulus<R> {
  readonly rows: readonly R[];
  readonly fields: Readonly<Record<string, FieldEncoder<R>>>;
}

/** One field of every record as a column of `words` words per record. */
export function packColumn<R>(s: PackedStimulus<R>, key: string, words: number): Uint32Array {
  const col = new Uint32Array(Math.max(1, s.rows.length) * words);
  const encode = s.fields[key];
  if (encode === undefined) return col;
  const w = new BitWriter(col, false);
  s.rows.forEach((r, k) => encode(r, w.at(k, words)));
  return col;
}

/** The records as BigInt payloads (the per-cycle agents' form), from the same encoders. */
export function stimulusPayloads<R>(s: PackedStimulus<R>): Payload[] {
  const fields = Object.entries(s.fields);
  return s.rows.map((r) => Object.fromEntries(fields.map(([k, encode]) => [k, bigintOf((w) => encode(r, w))])));
}
