// A Vec: N signals of one type, indexed statically (a TypeScript number,
// free) or dynamically (a uint index: a mux tree to read, a decoder and
// per-element enables to write).
import { ModuleBuilder } from '../module.js';
import { cat, muxN } from '../ops.js';
import { type Fixed, type Literal, type SInt, Signal, UInt } from '../signal.js';
import { formatName, sameScalarType, type ScalarType, type SIntType, type UIntType } from '../types.js';
import { InternalError, ParamError } from '../errors.js';

/** The signal class of a scalar type. */
export type ScalarSig<T extends ScalarType> = T extends UIntType ? UInt : T extends SIntType ? SInt : Fixed;
import { indexBits } from './util.js';

/** N signals of one type, indexed by a TypeScript number (free) or a `uint` (a mux tree to read, per-element enables to write). */
export class Vec<S extends Signal> {
  readonly items: readonly S[];

  constructor(items: readonly S[], readonly name = 'vec') {
    if (items.length === 0) throw new ParamError('items', 0, 'at least one element', { message: `Vec ${name}: needs at least one element` });
    const first = items[0]!;
    for (const s of items) {
      if (s.owner !== first.owner) first.owner.fail('signal used outside its module', s.label, `Vec ${name}: ${s.label} belongs to module ${s.owner.moduleName}`);
      if (!sameScalarType(s.type, first.type)) {
        first.owner.fail('type mismatch', s.label, `Vec ${name} holds ${formatName(first.type)}, ${s.label} is ${formatName(s.type)}`);
      }
    }
    this.items = items;
  }

  /** N registers `name_0`..`name_{N-1}` (options as for m.reg). */
  static regs<T extends ScalarType>(m: ModuleBuilder, name: string, type: T, n: number, opts: { init?: Literal | null; en?: UInt } = {}): Vec<ScalarSig<T>> {
    checkLength(m, name, n);
    return new Vec(Array.from({ length: n }, (_, i) => m.reg(`${name}_${i}`, type, opts) as Signal), name) as unknown as Vec<ScalarSig<T>>;
  }

  /** N wires `name_0`..`name_{N-1}`, driven with drive()/set()/write(). */
  static wires<T extends ScalarType>(m: ModuleBuilder, name: string, type: T, n: number): Vec<ScalarSig<T>> {
    checkLength(m, name, n);
    return new Vec(Array.from({ length: n }, (_, i) => m.wire(`${name}_${i}`, type) as Signal), name) as unknown as Vec<ScalarSig<T>>;
  }

  get length(): number {
    return this.items.length;
  }
  /** Width of a dynamic index: indexBits(length). */
  get indexBits(): number {
    return indexBits(this.items.length);
  }
  private get owner(): Signal['owner'] {
    return this.items[0]!.owner;
  }

  /** Element i (a TypeScript number): no hardware. */
  at(i: number): S {
    if (!Number.isInteger(i) || i < 0 || i >= this.length) {
      this.owner.fail('index out of range', this.name, `Vec ${this.name} has ${this.length} elements; index ${i} is not in 0..${this.length - 1}`);
    }
    return this.items[i]!;
  }

  /** Element `index` (a uint of exactly indexBits bits). An index past the
   *  last element reads the last element (muxN's rule). */
  read(index: UInt): S {
    this.checkIndex(index, 'read');
    return muxN(index, [...this.items]);
  }

  /** Assign element `index` (inside or outside when): set() on that element
   *  when the index matches; an index past the end assigns nothing. */
  write(index: UInt, value: S | Literal): void {
    this.checkIndex(index, 'write');
    const m = this.builder('write');
    this.items.forEach((s, i) => m.when(index.eq(i), () => s.set(value)));
  }

  /** Assign element i (a TypeScript number): set() on it. */
  set(i: number, value: S | Literal): void {
    this.at(i).set(value);
  }

  map<R extends Signal>(f: (s: S, i: number) => R, name = this.name): Vec<R> {
    return new Vec(this.items.map(f), name);
  }

  /** All elements as one vector, element 0 in the least significant bits. */
  asUInt(): UInt {
    return cat(...[...this.items].reverse());
  }

  private checkIndex(index: UInt, op: string): void {
    if (!(index instanceof UInt) || index.owner !== this.owner || index.width !== this.indexBits) {
      const got = index instanceof Signal ? `${formatName(index.type)} ${index.label}` : String(index);
      this.owner.fail('width mismatch', index instanceof Signal ? index.label : this.name, `Vec ${this.name}.${op}: ${this.length} elements need a uint(${this.indexBits}) index of this module, got ${got}`);
    }
  }

  private builder(op: string): ModuleBuilder {
    const o = this.owner;
    if (!(o instanceof ModuleBuilder)) throw new InternalError(`Vec ${this.name}.${op}: its signals do not belong to a module being elaborated`);
    return o;
  }
}

function checkLength(m: ModuleBuilder, name: string, n: number): void {
  if (!Number.isInteger(n) || n < 1) m.fail('bad parameter', name, `Vec ${name}: length ${n} must be an integer >= 1`);
}
