// Signals: typed handles on netlist nodes, with the operators an architect
// writes. Width rules (also in docs/hdl.md):
//   uint + uint -> uint(max+1)      uint.addWrap -> uint(max)
//   uint - uint -> sint(max+1)      uint.subWrap -> uint(max)
//   sint +/- sint -> sint(max+1)    sint.neg -> sint(w+1)
//   a * b -> width(a)+width(b)      uint / uint -> uint(width(a))
//   and/or/xor: equal widths only   comparisons -> uint(1)
//   fixed +/- fixed: same format only, int bits + 1; fixed * fixed: int and frac bits add
// Nothing narrows implicitly: truncation is always a named call.
import type { DisplayFormat, Node, NodeId } from './ir.js';
import { mask } from './ir.js';
import {
  fixedType,
  formatName,
  sameScalarType,
  sint,
  uint,
  type FixedType,
  type ScalarType,
  type SIntType,
  type UIntType,
} from './types.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A node before the builder gives it an id, width, name and source line. */
export type NodeSpec = DistributiveOmit<Node, 'id' | 'width' | 'name' | 'loc' | 'display'>;

/** What a signal needs from the module that owns it. */
export interface Owner {
  readonly moduleName: string;
  addNode(spec: NodeSpec, width: number, display?: DisplayFormat): NodeId;
  /** Name of a node for error messages. */
  describe(id: NodeId): string;
  /** Raise an elaboration error at the caller's source line. */
  fail(kind: string, signal: string | undefined, detail: string): never;
  assign(target: Signal, value: Signal, conditional: boolean): void;
  rename(sig: Signal, name: string): NodeId;
}

/** A constant operand: it must fit the signal it meets. */
export type Literal = number | bigint;
export type UIntLike = UInt | Literal;

export function displayOf(t: ScalarType): DisplayFormat {
  if (t.kind === 'fixed') return { kind: 'fixed', intBits: t.intBits, fracBits: t.fracBits, signed: t.signed };
  return { kind: t.kind };
}

/** Minimal width of an unsigned literal (1 for zero). */
export function uintWidthOf(v: bigint): number {
  return v <= 0n ? 1 : v.toString(2).length;
}
/** Minimal width of a two's-complement literal. */
export function sintWidthOf(v: bigint): number {
  return v >= 0n ? v.toString(2).length + 1 : (-v - 1n).toString(2).length + 1;
}

/** A hardware value of a known type and width inside a module: ports, registers, wires and the results of operators. */
export abstract class Signal {
  constructor(
    readonly owner: Owner,
    readonly id: NodeId,
    readonly type: ScalarType,
  ) {}

  get width(): number {
    return this.type.width;
  }
  /** The signal's name for messages (a generated one when unnamed). */
  get label(): string {
    return this.owner.describe(this.id);
  }

  /** A signal of the same class and type on another node. */
  abstract withNode(id: NodeId): this;

  protected node(spec: NodeSpec, t: ScalarType): NodeId {
    return this.owner.addNode(spec, t.width, displayOf(t));
  }

  /** Fails unless `other` belongs to this signal's module. */
  protected local<S extends Signal>(other: S, op: string): S {
    if (other.owner !== this.owner) {
      this.owner.fail(
        'signal used outside its module',
        other.label,
        `${op}: ${other.label} belongs to module ${other.owner.moduleName}, not ${this.owner.moduleName}; ` +
          'pass it through a port of the instance instead',
      );
    }
    return other;
  }

  protected requireSameType(other: Signal, op: string): void {
    this.local(other, op);
    if (!sameScalarType(this.type, other.type)) {
      this.owner.fail(
        'type mismatch',
        this.label,
        `${op}: ${this.label} is ${formatName(this.type)} but ${other.label} is ${formatName(other.type)}; ` +
          'convert one explicitly (resize, zext, sext, trunc, asUInt, asSInt)',
      );
    }
  }

  /** Unconditional driver of a wire, output port, instance input or register
   *  next value. A second unconditional driver is an elaboration error. */
  drive(value: Signal | Literal): void {
    this.owner.assign(this, this.coerce(value, 'drive'), false);
  }
  /** Assignment that may sit inside when/otherwise; the last one in program order wins. */
  set(value: Signal | Literal): void {
    this.owner.assign(this, this.coerce(value, 'set'), true);
  }
  /** Turn a literal into a constant of this signal's exact type. */
  abstract coerce(value: Signal | Literal, op: string): Signal;

  /** Give this value a name that every backend (waveforms, Verilog) keeps. */
  named(name: string): this {
    return this.withNode(this.owner.rename(this, name));
  }

  bits(hi: number, lo: number): UInt {
    if (!Number.isInteger(hi) || !Number.isInteger(lo) || lo < 0 || hi < lo || hi >= this.width) {
      this.owner.fail('bad slice', this.label, `bits(${hi}, ${lo}) of a ${this.width}-bit signal; need ${this.width - 1} >= hi >= lo >= 0`);
    }
    return new UInt(this.owner, this.node({ op: 'slice', a: this.id, lo }, uint(hi - lo + 1)), uint(hi - lo + 1));
  }
  bit(i: number): UInt {
    return this.bits(i, i);
  }
  msb(): UInt {
    return this.bit(this.width - 1);
  }
  asUInt(): UInt {
    return new UInt(this.owner, this.node({ op: 'wire', a: this.id }, uint(this.width)), uint(this.width));
  }
  asSInt(): SInt {
    return new SInt(this.owner, this.node({ op: 'wire', a: this.id }, sint(this.width)), sint(this.width));
  }
  asFixed(intBits: number, fracBits: number, signed: boolean): Fixed {
    const t = fixedType(intBits, fracBits, signed);
    if (t.width !== this.width) {
      this.owner.fail('width mismatch', this.label, `asFixed(${intBits}, ${fracBits}) needs ${t.width} bits, signal has ${this.width}`);
    }
    return new Fixed(this.owner, this.node({ op: 'wire', a: this.id }, t), t);
  }

  eq(other: Signal | Literal): UInt {
    return this.compare('eq', other);
  }
  ne(other: Signal | Literal): UInt {
    return this.compare('ne', other);
  }
  protected compare(op: 'eq' | 'ne' | 'ltu' | 'leu' | 'lts' | 'les', other: Signal | Literal, swap = false): UInt {
    const b = this.coerce(other, op);
    this.requireSameType(b, op);
    const [x, y] = swap ? [b.id, this.id] : [this.id, b.id];
    return new UInt(this.owner, this.node({ op, a: x, b: y }, uint(1)), uint(1));
  }

  orR(): UInt {
    return new UInt(this.owner, this.node({ op: 'redor', a: this.id }, uint(1)), uint(1));
  }
  andR(): UInt {
    return new UInt(this.owner, this.node({ op: 'redand', a: this.id }, uint(1)), uint(1));
  }
  xorR(): UInt {
    return new UInt(this.owner, this.node({ op: 'redxor', a: this.id }, uint(1)), uint(1));
  }

  protected bitwise(op: 'and' | 'or' | 'xor', other: Signal | Literal): this {
    const b = this.coerce(other, op);
    this.local(b, op);
    if (b.width !== this.width) {
      this.owner.fail('width mismatch', this.label, `${op}: ${this.label} has ${this.width} bits, ${b.label} has ${b.width}; extend or truncate one explicitly`);
    }
    return this.withNode(this.node({ op, a: this.id, b: b.id }, this.type));
  }
  and(other: Signal | Literal): this {
    return this.bitwise('and', other);
  }
  or(other: Signal | Literal): this {
    return this.bitwise('or', other);
  }
  xor(other: Signal | Literal): this {
    return this.bitwise('xor', other);
  }
  not(): this {
    return this.withNode(this.node({ op: 'not', a: this.id }, this.type));
  }

  /** Extend to `width` bits without changing the value (sign-extends signed types). */
  protected extendTo(width: number): NodeId {
    if (width === this.width) return this.id;
    const signed = this.type.kind === 'sint' || (this.type.kind === 'fixed' && this.type.signed);
    return this.owner.addNode({ op: signed ? 'sext' : 'zext', a: this.id }, width, { kind: signed ? 'sint' : 'uint' });
  }

  protected literalConst(v: bigint, t: ScalarType): NodeId {
    return this.owner.addNode({ op: 'const', value: BigInt.asUintN(t.width, v) & mask(t.width) }, t.width, displayOf(t));
  }
}

/** An unsigned integer signal: arithmetic, comparisons, bitwise operations and bit slicing, widths checked at elaboration. */
export class UInt extends Signal {
  declare readonly type: UIntType;
  withNode(id: NodeId): this {
    return new UInt(this.owner, id, this.type) as this;
  }
  coerce(value: Signal | Literal, op: string): UInt {
    if (value instanceof Signal) {
      if (!(value instanceof UInt)) {
        this.owner.fail('type mismatch', this.label, `${op}: ${this.label} is ${formatName(this.type)} but ${value.label} is ${formatName(value.type)}; convert explicitly`);
      }
      return this.local(value, op);
    }
    const v = BigInt(value);
    if (v < 0n || uintWidthOf(v) > this.width) {
      this.owner.fail(
        'literal out of range',
        this.label,
        `${op}: literal ${v} does not fit ${this.label}, ${formatName(this.type)} (0..${mask(this.width)}); use a value in range or widen ${this.label} explicitly (zext)`,
      );
    }
    return new UInt(this.owner, this.literalConst(v, this.type), this.type);
  }
  /** A literal sized to itself, for arithmetic where widths grow anyway. */
  private operand(value: UIntLike, op: string): UInt {
    if (value instanceof Signal) return this.coerce(value, op);
    const v = BigInt(value);
    if (v < 0n) this.owner.fail('literal out of range', this.label, `${op}: ${v} is negative; uint arithmetic takes non-negative literals`);
    const t = uint(uintWidthOf(v));
    return new UInt(this.owner, this.literalConst(v, t), t);
  }

  zext(width: number): UInt {
    if (width < this.width) this.owner.fail('width mismatch', this.label, `zext(${width}) would narrow a ${this.width}-bit signal; use trunc`);
    return new UInt(this.owner, this.extendTo(width), uint(width));
  }
  /** Keep the low `width` bits (explicit narrowing). */
  trunc(width: number): UInt {
    if (width > this.width) this.owner.fail('width mismatch', this.label, `trunc(${width}) would widen a ${this.width}-bit signal; use zext`);
    return width === this.width ? this : this.bits(width - 1, 0);
  }
  /** Value-preserving conversion to signed (one more bit). */
  toSInt(): SInt {
    return new SInt(this.owner, this.extendTo(this.width + 1), sint(this.width + 1));
  }

  private arith(op: 'add' | 'sub', other: UIntLike, width: number): NodeId {
    const b = this.operand(other, op);
    const a = this.extendTo(width);
    const bb = b.extendTo(width);
    return this.owner.addNode({ op, a, b: bb }, width, { kind: 'uint' });
  }
  add(other: UIntLike): UInt {
    const w = Math.max(this.width, this.operand(other, 'add').width) + 1;
    return new UInt(this.owner, this.arith('add', other, w), uint(w));
  }
  /** Wrapping add: a literal must fit this signal (it would widen the result). */
  addWrap(other: UIntLike): UInt {
    const b = this.coerce(other, 'addWrap');
    const w = Math.max(this.width, b.width);
    return new UInt(this.owner, this.arith('add', b, w), uint(w));
  }
  /** Exact difference, as signed. */
  sub(other: UIntLike): SInt {
    const w = Math.max(this.width, this.operand(other, 'sub').width) + 1;
    return new SInt(this.owner, this.arith('sub', other, w), sint(w));
  }
  subWrap(other: UIntLike): UInt {
    const b = this.coerce(other, 'subWrap');
    const w = Math.max(this.width, b.width);
    return new UInt(this.owner, this.arith('sub', b, w), uint(w));
  }
  mul(other: UIntLike): UInt {
    const b = this.operand(other, 'mul');
    const t = uint(this.width + b.width);
    return new UInt(this.owner, this.node({ op: 'mulu', a: this.id, b: b.id }, t), t);
  }
  /** Truncating unsigned divide; divide by zero gives all ones. */
  div(other: UIntLike): UInt {
    const b = this.operand(other, 'div');
    return new UInt(this.owner, this.node({ op: 'divu', a: this.id, b: b.id }, this.type), this.type);
  }
  /** A literal must fit this signal: out of range, the compare is constant
   *  and almost always a mistake (a wrong width or a wrong constant). */
  private magnitude(op: 'ltu' | 'leu', other: UIntLike, swap: boolean): UInt {
    const b = other instanceof Signal ? this.operand(other, op) : this.coerce(other, swap ? (op === 'ltu' ? 'gt' : 'ge') : op === 'ltu' ? 'lt' : 'le');
    const w = Math.max(this.width, b.width);
    const x = this.zext(w);
    const y = b.zext(w);
    const [l, r] = swap ? [y, x] : [x, y];
    return new UInt(this.owner, this.node({ op, a: l.id, b: r.id }, uint(1)), uint(1));
  }
  lt(other: UIntLike): UInt {
    return this.magnitude('ltu', other, false);
  }
  le(other: UIntLike): UInt {
    return this.magnitude('leu', other, false);
  }
  gt(other: UIntLike): UInt {
    return this.magnitude('ltu', other, true);
  }
  ge(other: UIntLike): UInt {
    return this.magnitude('leu', other, true);
  }
  override eq(other: Signal | Literal): UInt {
    return this.equality(other, 'eq');
  }
  override ne(other: Signal | Literal): UInt {
    return this.equality(other, 'ne').not();
  }
  /** Signals of different widths compare zero-extended; a literal must fit. */
  private equality(other: Signal | Literal, op: 'eq' | 'ne'): UInt {
    const b = this.coerce(other, op);
    const w = Math.max(this.width, b.width);
    return this.zext(w).compareSame('eq', b.zext(w));
  }
  private compareSame(op: 'eq', b: UInt): UInt {
    return super.eq(b);
  }
  /** Constant left shift: width grows by n. */
  shl(n: number): UInt {
    if (n === 0) return this;
    const zeros = this.literalConst(0n, uint(n));
    const t = uint(this.width + n);
    return new UInt(this.owner, this.node({ op: 'concat', parts: [this.id, zeros] }, t), t);
  }
  /** Constant right shift: the low n bits are dropped. */
  shr(n: number): UInt {
    if (n === 0) return this;
    if (n >= this.width) return new UInt(this.owner, this.literalConst(0n, uint(1)), uint(1));
    return this.bits(this.width - 1, n);
  }
  shlBy(amount: UInt): UInt {
    this.local(amount, 'shlBy');
    return this.withNode(this.node({ op: 'shl', a: this.id, b: amount.id }, this.type));
  }
  shrBy(amount: UInt): UInt {
    this.local(amount, 'shrBy');
    return this.withNode(this.node({ op: 'shru', a: this.id, b: amount.id }, this.type));
  }
}

/** A two's-complement signed integer signal. */
export class SInt extends Signal {
  declare readonly type: SIntType;
  withNode(id: NodeId): this {
    return new SInt(this.owner, id, this.type) as this;
  }
  coerce(value: Signal | Literal, op: string): SInt {
    if (value instanceof Signal) {
      if (!(value instanceof SInt)) {
        this.owner.fail('type mismatch', this.label, `${op}: ${this.label} is ${formatName(this.type)} but ${value.label} is ${formatName(value.type)}; convert explicitly (toSInt)`);
      }
      return this.local(value, op);
    }
    const v = BigInt(value);
    if (sintWidthOf(v) > this.width) {
      const half = 1n << BigInt(this.width - 1);
      this.owner.fail(
        'literal out of range',
        this.label,
        `${op}: literal ${v} does not fit ${this.label}, ${formatName(this.type)} (${-half}..${half - 1n}); use a value in range or widen ${this.label} explicitly (sext)`,
      );
    }
    return new SInt(this.owner, this.literalConst(v, this.type), this.type);
  }
  private operand(value: SInt | Literal, op: string): SInt {
    if (value instanceof Signal) return this.coerce(value, op);
    const v = BigInt(value);
    const t = sint(sintWidthOf(v));
    return new SInt(this.owner, this.literalConst(v, t), t);
  }
  sext(width: number): SInt {
    if (width < this.width) this.owner.fail('width mismatch', this.label, `sext(${width}) would narrow a ${this.width}-bit signal; use trunc`);
    return new SInt(this.owner, this.extendTo(width), sint(width));
  }
  trunc(width: number): SInt {
    if (width > this.width) this.owner.fail('width mismatch', this.label, `trunc(${width}) would widen a ${this.width}-bit signal; use sext`);
    return width === this.width ? this : this.bits(width - 1, 0).asSInt();
  }
  private arith(op: 'add' | 'sub', other: SInt | Literal, grow: number): SInt {
    // Wrapping forms keep the width, so their literal must fit it.
    const b = grow === 0 && !(other instanceof Signal) ? this.coerce(other, `${op}Wrap`) : this.operand(other, op);
    const w = Math.max(this.width, b.width) + grow;
    const id = this.owner.addNode({ op, a: this.extendTo(w), b: b.extendTo(w) }, w, { kind: 'sint' });
    return new SInt(this.owner, id, sint(w));
  }
  add(other: SInt | Literal): SInt {
    return this.arith('add', other, 1);
  }
  sub(other: SInt | Literal): SInt {
    return this.arith('sub', other, 1);
  }
  addWrap(other: SInt | Literal): SInt {
    return this.arith('add', other, 0);
  }
  subWrap(other: SInt | Literal): SInt {
    return this.arith('sub', other, 0);
  }
  neg(): SInt {
    const w = this.width + 1;
    const zero = this.owner.addNode({ op: 'const', value: 0n }, w, { kind: 'sint' });
    return new SInt(this.owner, this.owner.addNode({ op: 'sub', a: zero, b: this.extendTo(w) }, w, { kind: 'sint' }), sint(w));
  }
  mul(other: SInt | Literal): SInt {
    const b = this.operand(other, 'mul');
    const t = sint(this.width + b.width);
    return new SInt(this.owner, this.node({ op: 'muls', a: this.id, b: b.id }, t), t);
  }
  private magnitude(op: 'lts' | 'les', other: SInt | Literal, swap: boolean): UInt {
    const b = other instanceof Signal ? this.operand(other, op) : this.coerce(other, swap ? (op === 'lts' ? 'gt' : 'ge') : op === 'lts' ? 'lt' : 'le');
    const w = Math.max(this.width, b.width);
    const x = this.sext(w);
    const y = b.sext(w);
    const [l, r] = swap ? [y, x] : [x, y];
    return new UInt(this.owner, this.node({ op, a: l.id, b: r.id }, uint(1)), uint(1));
  }
  lt(other: SInt | Literal): UInt {
    return this.magnitude('lts', other, false);
  }
  le(other: SInt | Literal): UInt {
    return this.magnitude('les', other, false);
  }
  gt(other: SInt | Literal): UInt {
    return this.magnitude('lts', other, true);
  }
  ge(other: SInt | Literal): UInt {
    return this.magnitude('les', other, true);
  }
  isNeg(): UInt {
    return this.msb();
  }
  /** Arithmetic right shift by a constant: the low n bits are dropped. */
  shr(n: number): SInt {
    if (n === 0) return this;
    if (n >= this.width) return this.msb().asSInt();
    return this.bits(this.width - 1, n).asSInt();
  }
  shl(n: number): SInt {
    if (n === 0) return this;
    const zeros = this.literalConst(0n, uint(n));
    const t = sint(this.width + n);
    return new SInt(this.owner, this.node({ op: 'concat', parts: [this.id, zeros] }, t), t);
  }
  shrBy(amount: UInt): SInt {
    this.local(amount, 'shrBy');
    return this.withNode(this.node({ op: 'shrs', a: this.id, b: amount.id }, this.type));
  }
}

/** A fixed-point signal (signed or unsigned, integer and fractional bits); formats never mix implicitly: see `resize`. */
export class Fixed extends Signal {
  declare readonly type: FixedType;
  withNode(id: NodeId): this {
    return new Fixed(this.owner, id, this.type) as this;
  }
  get intBits(): number {
    return this.type.intBits;
  }
  get fracBits(): number {
    return this.type.fracBits;
  }
  get signed(): boolean {
    return this.type.signed;
  }
  /** A literal number becomes a constant of exactly this format; it must be
   *  representable (on the 2^-fracBits grid and in range). */
  coerce(value: Signal | Literal, op: string): Fixed {
    if (value instanceof Signal) {
      if (!(value instanceof Fixed)) {
        this.owner.fail('type mismatch', this.label, `${op}: ${this.label} is ${formatName(this.type)} but ${value.label} is ${formatName(value.type)}; convert explicitly`);
      }
      return this.local(value, op);
    }
    const raw = fixedRaw(value, this.type);
    if (raw === null) {
      this.owner.fail('literal out of range', this.label, `${op}: ${value} is not representable in ${formatName(this.type)}`);
    }
    return new Fixed(this.owner, this.literalConst(raw, this.type), this.type);
  }
  private sameFormat(other: Fixed | Literal, op: string): Fixed {
    const b = this.coerce(other, op);
    this.requireSameType(b, op);
    return b;
  }
  add(other: Fixed | Literal): Fixed {
    const b = this.sameFormat(other, 'add');
    const t = fixedType(this.intBits + 1, this.fracBits, this.signed);
    return new Fixed(this.owner, this.owner.addNode({ op: 'add', a: this.extendTo(t.width), b: b.extendTo(t.width) }, t.width, displayOf(t)), t);
  }
  /** Exact difference; unsigned operands give a signed result. */
  sub(other: Fixed | Literal): Fixed {
    const b = this.sameFormat(other, 'sub');
    const t = fixedType(this.intBits + 1, this.fracBits, true);
    return new Fixed(this.owner, this.owner.addNode({ op: 'sub', a: this.extendTo(t.width), b: b.extendTo(t.width) }, t.width, displayOf(t)), t);
  }
  neg(): Fixed {
    const t = fixedType(this.intBits + 1, this.fracBits, true);
    const zero = this.owner.addNode({ op: 'const', value: 0n }, t.width, displayOf(t));
    return new Fixed(this.owner, this.owner.addNode({ op: 'sub', a: zero, b: this.extendTo(t.width) }, t.width, displayOf(t)), t);
  }
  /** Exact product: integer and fractional bits add. Operands may have
   *  different formats but must agree in signedness. */
  mul(other: Fixed): Fixed {
    this.local(other, 'mul');
    if (!(other instanceof Fixed) || other.signed !== this.signed) {
      this.owner.fail('type mismatch', this.label, `mul: ${this.label} is ${formatName(this.type)} and ${other.label} is ${formatName(other.type)}; both operands must be signed or both unsigned`);
    }
    const t = fixedType(this.intBits + other.intBits, this.fracBits + other.fracBits, this.signed);
    return new Fixed(this.owner, this.node({ op: this.signed ? 'muls' : 'mulu', a: this.id, b: other.id }, t), t);
  }
  private magnitude(less: boolean, orEqual: boolean, other: Fixed | Literal): UInt {
    const op = this.signed ? (orEqual ? 'les' : 'lts') : orEqual ? 'leu' : 'ltu';
    return this.compare(op, other, !less);
  }
  lt(other: Fixed | Literal): UInt {
    return this.magnitude(true, false, other);
  }
  le(other: Fixed | Literal): UInt {
    return this.magnitude(true, true, other);
  }
  gt(other: Fixed | Literal): UInt {
    return this.magnitude(false, false, other);
  }
  ge(other: Fixed | Literal): UInt {
    return this.magnitude(false, true, other);
  }
  /** The raw bits as an integer type of the same signedness. */
  raw(): UInt | SInt {
    return this.signed ? this.asSInt() : this.asUInt();
  }
}

/** Raw two's-complement bits of `value` in format t, or null if not representable. */
export function fixedRaw(value: Literal, t: FixedType): bigint | null {
  let raw: bigint;
  if (typeof value === 'bigint') raw = value << BigInt(t.fracBits);
  else {
    const scaled = value * 2 ** t.fracBits;
    if (!Number.isFinite(scaled) || !Number.isInteger(scaled)) return null;
    raw = BigInt(scaled);
  }
  const lo = t.signed ? -(1n << BigInt(t.width - 1)) : 0n;
  const hi = t.signed ? (1n << BigInt(t.width - 1)) - 1n : mask(t.width);
  if (raw < lo || raw > hi) return null;
  return BigInt.asUintN(t.width, raw);
}
