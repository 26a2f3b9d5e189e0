// A merge unit's stream stimulus packed straight into the 32-bit words the
// simulator's batch and stream loops take (runBatch's layout: a field of W
// bits is ceil(W / 32) words per record, low word first). Each payload
// field is one encoder writing its bits low first into a BitWriter; the
// same encoders give the BigInt records the per-cycle agents and the
// cross-simulation take (stimulusPayloads), so the two forms cannot
// disagree. Building the records through BigInt cost 4-17 ms a run on the
// QFM main job, 20-100 times the simulation it fed.
//
// A stimulus has one encoder for the whole record (each field into its own
// writer), called once a record: an encoder per field, called field by
// field from one place, made that call site megamorphic (no inlining, a
// call per field and record), and packing took as long as the simulation
// (QFM main job, entries=16: 0.30 ms packing against 0.63 ms in runStream).
import { InternalError } from '../../hdl/errors.js';
import { batchWords } from '../../hdl/sim/index.js';
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

  /** Equal-width values (n <= 32 bits each), value 0 lowest, next above those written. */
  run(values: readonly number[], n: number): void {
    const mask = n === 32 ? -1 : (1 << n) - 1;
    let pos = this.pos;
    for (let i = 0; i < values.length; i++) {
      const x = (values[i]! & mask) >>> 0;
      if (x !== 0) {
        const lo = pos & 31;
        const w = this.base + (pos >>> 5);
        this.put(w, (x << lo) >>> 0);
        if (lo + n > 32) this.put(w + 1, x >>> (32 - lo));
      }
      pos += n;
    }
    this.pos = pos;
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

/** Writes one record's payload fields, each low bit first into its own writer. */
export type RecordEncoder<R, K extends string> = (r: R, w: Readonly<Record<K, BitWriter>>) => void;

/** A stream's records and how each record's payload fields are packed. */
export interface PackedStimulus<R, K extends string = string> {
  readonly rows: readonly R[];
  /** The payload fields `encode` writes. */
  readonly fields: readonly K[];
  readonly encode: RecordEncoder<R, K>;
}

/** One writer per field, in a record built in the fields' order (one shape for every call with the same fields). */
function writersOf<K extends string>(fields: readonly K[], make: (f: K) => BitWriter): { byName: Record<K, BitWriter>; list: BitWriter[] } {
  const byName = {} as Record<K, BitWriter>;
  const list = fields.map((f) => (byName[f] = make(f)));
  return { byName, list };
}

/** Every field of every record as a column of `words(field)` words per record. */
export function packColumns<R, K extends string>(s: PackedStimulus<R, K>, words: (field: K) => number): Record<K, Uint32Array> {
  const n = s.rows.length;
  const per = s.fields.map(words);
  const columns = {} as Record<K, Uint32Array>;
  const { byName, list } = writersOf(s.fields, (f) => new BitWriter((columns[f] = new Uint32Array(Math.max(1, n) * words(f))), false));
  for (let k = 0; k < n; k++) {
    for (let j = 0; j < list.length; j++) list[j]!.at(k, per[j]!);
    s.encode(s.rows[k]!, byName);
  }
  return columns;
}

/** A stream's records packed for its port: each field's column of `words[field]` words per record. */
export interface PackedStream<K extends string = string> {
  readonly count: number;
  readonly words: Readonly<Record<K, number>>;
  readonly columns: Readonly<Record<K, Uint32Array>>;
}

/** The stimulus packed for a port whose fields are `bits(field)` wide, in runBatch's words a record. */
export function packStream<R, K extends string>(s: PackedStimulus<R, K>, bits: (field: K) => number): PackedStream<K> {
  const words = {} as Record<K, number>;
  for (const f of s.fields) words[f] = batchWords(bits(f));
  return { count: s.rows.length, words, columns: packColumns(s, (f) => words[f]) };
}

/** The records as BigInt payloads (the per-cycle agents' form), from the same encoder. */
export function stimulusPayloads<R, K extends string>(s: PackedStimulus<R, K>): Payload[] {
  const { byName, list } = writersOf(s.fields, () => new BitWriter(new Uint32Array(16), true));
  return s.rows.map((r) => {
    for (const w of list) w.at(0, 0);
    s.encode(r, byName);
    return Object.fromEntries(s.fields.map((f) => [f, byName[f].take()]));
  });
}
