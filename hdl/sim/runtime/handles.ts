// Number handles: a signal resolved once, read and written as a JS number,
// for testbench loops that drive and sample every cycle. A handle call is
// inlined into the testbench's loop by V8, so what it costs is the
// instructions of its body: every test here is a comparison of small
// integers (no boolean fields, whose tests V8 compiles as a generic
// truthiness check), and one class per storage class keeps a loop over the
// handles of a narrow design monomorphic. Fields are `declare`d, so that
// the constructor's assignment is their first definition: a class field
// first defined as undefined is stored untyped, and every read of it then
// pays a type check.
import { ParamError } from '../../errors.js';

/** How much of the slot arrays is current: nothing, what settlePorts
 *  computes, everything. Small integers, so a handle's test is one compare. */
export const NONE = 0;
export const PORTS = 1;
export const ALL = 2;

/** What a handle needs of its simulator: the settle level, and a way to
 *  raise it. */
export interface SettleOwner {
  settled: number;
  settleTo(level: number): void;
  /** Throws the simulator's poke error for this path (not pokeable). */
  poke(path: string, value: number): void;
}

export interface SignalHandle {
  readonly path: string;
  readonly width: number;
  read(): number;
  write(v: number): void;
}

/** Where the handle's value lives and what a write must satisfy. */
export interface HandleSlot {
  path: string;
  width: number;
  slot: number;
  pokeable: boolean;
  /** PORTS when settlePorts makes the slot current, else ALL. */
  need: number;
}

/** Signals of at most 32 bits: int32 patterns in N. */
export class NarrowHandle implements SignalHandle {
  declare readonly path: string;
  declare readonly width: number;
  private declare readonly slot: number;
  /** The slot for writes; -1 when the signal cannot be poked. */
  private declare readonly wslot: number;
  /** The width's bits, as an int32 pattern (-1 at 32 bits). */
  private declare readonly mask: number;
  private declare readonly need: number;
  private declare readonly sim: SettleOwner;
  private declare readonly N: Int32Array;
  constructor(sim: SettleOwner, N: Int32Array, s: HandleSlot) {
    this.sim = sim;
    this.N = N;
    this.path = s.path;
    this.width = s.width;
    this.slot = s.slot;
    this.wslot = s.pokeable ? s.slot : -1;
    // `| 0`: a small integer field, not a double one.
    this.mask = s.width === 32 ? -1 : (2 ** s.width - 1) | 0;
    this.need = s.need;
  }
  read(): number {
    const sim = this.sim;
    if (sim.settled < this.need) sim.settleTo(this.need);
    return this.N[this.slot]! >>> 0;
  }
  write(v: number): void {
    // An integer in [0, 2^width) is exactly what survives masking and
    // reading back unsigned unchanged (fractions, negatives, NaN, larger
    // numbers and non-numbers do not).
    if (((v & this.mask) >>> 0) !== v || this.wslot < 0) this.refuse(v);
    this.N[this.wslot] = v;
    this.sim.settled = 0; // NONE, as a literal: a module constant is a load and a hole check
  }
  private refuse(v: number): never {
    if (this.wslot < 0) this.sim.poke(this.path, v); // throws the usual message
    throw new ParamError('value', v, 'an unsigned integer of the handle\'s width', { message: `handle ${this.path}: ${v} is not an unsigned ${this.width}-bit integer` });
  }
}

/** Signals of 33 to 52 bits: exact doubles in D. */
export class MidHandle implements SignalHandle {
  declare readonly path: string;
  declare readonly width: number;
  private declare readonly slot: number;
  private declare readonly wslot: number;
  private declare readonly max: number;
  private declare readonly need: number;
  private declare readonly sim: SettleOwner;
  private declare readonly D: Float64Array;
  constructor(sim: SettleOwner, D: Float64Array, s: HandleSlot) {
    this.sim = sim;
    this.D = D;
    this.path = s.path;
    this.width = s.width;
    this.slot = s.slot;
    this.wslot = s.pokeable ? s.slot : -1;
    this.max = 2 ** s.width - 1;
    this.need = s.need;
  }
  read(): number {
    const sim = this.sim;
    if (sim.settled < this.need) sim.settleTo(this.need);
    return this.D[this.slot]!;
  }
  write(v: number): void {
    if (!(Number.isInteger(v) && v >= 0 && v <= this.max) || this.wslot < 0) this.refuse(v);
    this.D[this.wslot] = v;
    this.sim.settled = 0; // NONE
  }
  private refuse(v: number): never {
    if (this.wslot < 0) this.sim.poke(this.path, v);
    throw new ParamError('value', v, 'an unsigned integer of the handle\'s width', { message: `handle ${this.path}: ${v} is not an unsigned ${this.width}-bit integer` });
  }
}
