// Word handles: a signal of any width resolved once, read and written as its
// 32-bit words (little-endian, as runBatch lays out a cycle), from and into
// typed arrays or plain number arrays. The fast path for testbenches that
// drive and sample ports wider than 52 bits every cycle: poke and peek of
// such ports build and take apart a BigInt per call, which costs more than
// the simulated cycle of a 512-bit design. A wide value's words are its
// limbs in W (passes/layout.ts), so a write is a copy with the top word checked,
// and a read a copy. As in runtime/handles.ts: fields are `declare`d and every test
// on the hot path compares small integers.
import type { SettleOwner } from './handles.js';
import { ParamError } from '../../errors.js';

/** The words of one signal. `words` is ceil(width / 32) (one word up to 32
 *  bits); bits of the top word above the width are zero on read and must be
 *  zero on write. */
export interface WordHandle {
  readonly path: string;
  readonly width: number;
  readonly words: number;
  /** Stores the signal's words into `into[at]` .. `into[at + words - 1]`
   *  (settling combinational logic first, as peek does). */
  read(into: Uint32Array | Int32Array | number[], at?: number): void;
  /** Drives the signal from `from[at]` .. `from[at + words - 1]`: each an
   *  integer in -2^31 .. 2^32 - 1 (an int32 or uint32 pattern), the top
   *  one within the width. Anything else throws, naming the signal. */
  write(from: ArrayLike<number>, at?: number): void;
}

/** Where the words live and what a write must satisfy. */
export interface WordSlot {
  path: string;
  width: number;
  /** Limb 0's index in the store (W), or the value's slot (N, D). */
  slot: number;
  pokeable: boolean;
  /** PORTS when settlePorts makes the slot current, else ALL (runtime/handles.ts). */
  need: number;
}

/** A word as an int32 pattern, or NaN when it is not an integer in
 *  -2^31 .. 2^32 - 1 (the two ways a testbench may spell 32 bits). */
function wordBits(v: number): number {
  return (v | 0) === v || (v >>> 0) === v ? v | 0 : NaN;
}

abstract class WordsBase implements WordHandle {
  declare readonly path: string;
  declare readonly width: number;
  declare readonly words: number;
  protected declare readonly need: number;
  protected declare readonly sim: SettleOwner;
  /** The top word's bits as an int32 pattern (-1: all 32). */
  protected declare readonly topMask: number;
  protected declare readonly pokeable: number;
  constructor(sim: SettleOwner, s: WordSlot) {
    this.sim = sim;
    this.path = s.path;
    this.width = s.width;
    this.words = (s.width + 31) >>> 5;
    this.need = s.need;
    const r = s.width & 31;
    this.topMask = r === 0 ? -1 : ((1 << r) - 1) | 0;
    this.pokeable = s.pokeable ? 1 : 0;
  }
  abstract read(into: Uint32Array | Int32Array | number[], at?: number): void;
  abstract write(from: ArrayLike<number>, at?: number): void;

  /** Throws the reason `from[at..]` cannot be written. */
  protected refuse(from: ArrayLike<number>, at: number): never {
    if (this.pokeable === 0) this.sim.poke(this.path, 0); // throws the usual message
    if (!Number.isInteger(at) || at < 0 || at + this.words > from.length) {
      throw new ParamError('index', at, 'an index with room for the words', { message: `word handle ${this.path}: ${this.words} words from index ${at} do not fit an array of ${from.length}` });
    }
    for (let j = 0; j < this.words; j++) {
      const v = from[at + j]!;
      if (Number.isNaN(wordBits(v))) throw new ParamError('word', v, 'a 32-bit integer', { message: `word handle ${this.path}: word ${j} (${v}) is not a 32-bit integer` });
    }
    throw new ParamError('top word', from[at + this.words - 1], 'bits within the signal\'s width', { message: `word handle ${this.path}: top word ${from[at + this.words - 1]} has bits above the signal's ${this.width} bits` });
  }
}

/** Signals wider than 52 bits: limbs in W. */
export class LimbWords extends WordsBase {
  private declare readonly W: Int32Array;
  private declare readonly slot: number;
  constructor(sim: SettleOwner, W: Int32Array, s: WordSlot) {
    super(sim, s);
    this.W = W;
    this.slot = s.slot;
  }
  read(into: Uint32Array | Int32Array | number[], at = 0): void {
    const sim = this.sim;
    if (sim.settled < this.need) sim.settleTo(this.need);
    const W = this.W;
    const k = this.words;
    const s = this.slot;
    // A typed array's store keeps the low 32 bits, so an int32 limb lands
    // in a Uint32Array as its unsigned word; a plain array needs `>>> 0`.
    if (into instanceof Uint32Array || into instanceof Int32Array) {
      for (let j = 0; j < k; j++) into[at + j] = W[s + j]!;
    } else for (let j = 0; j < k; j++) into[at + j] = W[s + j]! >>> 0;
  }
  write(from: ArrayLike<number>, at = 0): void {
    const k = this.words;
    const W = this.W;
    const s = this.slot;
    // Checked before anything is stored: a refused write changes nothing.
    if (this.pokeable === 0 || !((at | 0) === at && at >= 0 && at + k <= from.length)) this.refuse(from, at);
    if (!(from instanceof Uint32Array || from instanceof Int32Array)) {
      for (let j = 0; j < k; j++) if (Number.isNaN(wordBits(from[at + j]!))) this.refuse(from, at);
    }
    const top = from[at + k - 1]! | 0;
    if ((top & ~this.topMask) !== 0) this.refuse(from, at);
    for (let j = 0; j < k - 1; j++) W[s + j] = from[at + j]!;
    W[s + k - 1] = top;
    this.sim.settled = 0; // NONE (runtime/handles.ts)
  }
}

/** Signals of at most 32 bits (N) and 33 to 52 bits (D) through the same
 *  interface, so a testbench can treat every port alike. */
export class NumberWords extends WordsBase {
  private declare readonly N: Int32Array | null;
  private declare readonly D: Float64Array | null;
  private declare readonly slot: number;
  constructor(sim: SettleOwner, N: Int32Array | null, D: Float64Array | null, s: WordSlot) {
    super(sim, s);
    this.N = N;
    this.D = D;
    this.slot = s.slot;
  }
  read(into: Uint32Array | Int32Array | number[], at = 0): void {
    const sim = this.sim;
    if (sim.settled < this.need) sim.settleTo(this.need);
    if (this.N !== null) {
      const v = this.N[this.slot]!;
      into[at] = into instanceof Int32Array ? v : v >>> 0;
      return;
    }
    const v = this.D![this.slot]!;
    const lo = v % 4294967296;
    const hi = (v - lo) / 4294967296;
    into[at] = into instanceof Int32Array ? lo | 0 : lo;
    into[at + 1] = hi;
  }
  write(from: ArrayLike<number>, at = 0): void {
    const k = this.words;
    if (this.pokeable === 0 || !((at | 0) === at && at >= 0 && at + k <= from.length)) this.refuse(from, at);
    const lo = wordBits(from[at]!);
    const top = k === 1 ? lo : wordBits(from[at + 1]!);
    if (Number.isNaN(lo) || Number.isNaN(top) || (top & ~this.topMask) !== 0) this.refuse(from, at);
    if (this.N !== null) this.N[this.slot] = lo;
    else this.D![this.slot] = (lo >>> 0) + top * 4294967296;
    this.sim.settled = 0; // NONE
  }
}
