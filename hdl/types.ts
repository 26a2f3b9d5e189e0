// Hardware types: what a port, wire or register holds. A type is a plain
// descriptor; the signal classes (signal.ts) give it operators.
import { ParamError } from './errors.js';

/** The type of an unsigned integer of `width` bits. */
export interface UIntType { readonly kind: 'uint'; readonly width: number }
/** The type of a two's-complement signed integer of `width` bits. */
export interface SIntType { readonly kind: 'sint'; readonly width: number }
/** Fixed point: `intBits` integer bits (including the sign bit when signed)
 *  and `fracBits` fractional bits; the raw value is value * 2^fracBits. */
export interface FixedType {
  readonly kind: 'fixed';
  readonly intBits: number;
  readonly fracBits: number;
  readonly signed: boolean;
  readonly width: number;
}
/** A named group of port types (`bundle({ x, y })`); ports are named field by field. */
export interface BundleType<F extends Record<string, HwType> = Record<string, HwType>> {
  readonly kind: 'bundle';
  readonly fields: F;
}
/** A valid/ready stream: `valid` and `payload` flow with the data, `ready`
 *  flows back. A transfer happens in a cycle where valid && ready. */
export interface StreamType<P extends HwType = HwType> {
  readonly kind: 'stream';
  readonly payload: P;
}

/** `length` elements of one type: ports `v0_x, v0_y, v1_x, ...` for
 *  vec(2, bundle({ x, y })) named v; a module body sees an array. */
export interface VecType<E extends HwType = HwType> {
  readonly kind: 'vec';
  readonly length: number;
  readonly element: E;
}

/** A type with a single value: unsigned, signed or fixed point. */
export type ScalarType = UIntType | SIntType | FixedType;
/** Any port, wire or register type: scalars, bundles, streams and vecs. */
export type HwType = ScalarType | BundleType | StreamType | VecType;

/** The widest signal the HDL allows, in bits. */
export const MAX_WIDTH = 4096;

function checkWidth(width: number, what: string): void {
  if (!Number.isInteger(width) || width < 1 || width > MAX_WIDTH) {
    throw new ParamError('width', width, `an integer in 1..${MAX_WIDTH}`, { message: `${what}: width ${width} is not an integer in 1..${MAX_WIDTH}` });
  }
}

/** An unsigned integer type of `width` bits (1 to MAX_WIDTH). */
export function uint(width: number): UIntType {
  checkWidth(width, 'uint');
  return { kind: 'uint', width };
}
/** A signed integer type of `width` bits, the sign bit included. */
export function sint(width: number): SIntType {
  checkWidth(width, 'sint');
  return { kind: 'sint', width };
}
/** A 1-bit unsigned type. */
export const bool: UIntType = { kind: 'uint', width: 1 };

/** Unsigned fixed point, e.g. ufixed(14, 8) for the 14.8 vertex format. */
export function ufixed(intBits: number, fracBits: number): FixedType {
  return fixedType(intBits, fracBits, false);
}
/** Signed fixed point; intBits includes the sign bit. */
export function sfixed(intBits: number, fracBits: number): FixedType {
  return fixedType(intBits, fracBits, true);
}
/** A fixed-point type with `intBits` integer bits (the sign bit counted when signed) and `fracBits` fractional bits. */
export function fixedType(intBits: number, fracBits: number, signed: boolean): FixedType {
  if (!Number.isInteger(intBits) || !Number.isInteger(fracBits) || intBits < 0 || fracBits < 0) {
    throw new ParamError('intBits, fracBits', `${intBits}, ${fracBits}`, 'non-negative integers', { message: `fixed: intBits ${intBits} and fracBits ${fracBits} must be non-negative integers` });
  }
  if (signed && intBits < 1) throw new ParamError('intBits', intBits, 'at least 1 (it counts the sign bit)', { message: 'sfixed: intBits counts the sign bit, so it must be at least 1' });
  checkWidth(intBits + fracBits, 'fixed');
  return { kind: 'fixed', intBits, fracBits, signed, width: intBits + fracBits };
}

/** A bundle of named port types. */
export function bundle<F extends Record<string, HwType>>(fields: F): BundleType<F> {
  return { kind: 'bundle', fields };
}
/** A vector of `length` ports of one type: ports v0_..., v1_..., and an array of signals in the module. */
export function vec<E extends HwType>(length: number, element: E): VecType<E> {
  if (!Number.isInteger(length) || length < 1) throw new ParamError('length', length, 'a positive integer', { message: `vec: length ${length} must be a positive integer` });
  return { kind: 'vec', length, element };
}
/** A valid/ready stream carrying `payload`. */
export function stream<P extends HwType>(payload: P): StreamType<P> {
  return { kind: 'stream', payload };
}

/** A scalar type as text: `u8`, `s12`, `ufix4.8`, `sfix4.8`. */
export function formatName(t: ScalarType): string {
  switch (t.kind) {
    case 'uint':
      return `uint(${t.width})`;
    case 'sint':
      return `sint(${t.width})`;
    case 'fixed':
      return `${t.signed ? 's' : 'u'}fixed ${t.intBits}.${t.fracBits}`;
  }
}

/** Whether two scalar types are the same kind, width and format. */
export function sameScalarType(a: ScalarType, b: ScalarType): boolean {
  if (a.kind !== b.kind || a.width !== b.width) return false;
  if (a.kind === 'fixed' && b.kind === 'fixed') return a.intBits === b.intBits && a.signed === b.signed;
  return true;
}
