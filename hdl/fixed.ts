// Fixed-point format conversion with named rounding and overflow. Widening
// is exact and needs no options; any narrowing that can lose information
// must say how (an elaboration error otherwise), because a silent
// truncation in a 14.8 datapath is exactly the bug a golden model exists
// to catch, and it should not be written in the first place.
import { Fixed, SInt, UInt } from './signal.js';
import { fixedType, formatName, type FixedType } from './types.js';

/** truncate: toward minus infinity (drop bits); halfUp: nearest, ties toward
 *  plus infinity; halfEven: nearest, ties to the even neighbour. */
export type Rounding = 'truncate' | 'halfUp' | 'halfEven';
/** wrap: keep the low bits (two's complement wrap-around); saturate: clamp
 *  to the nearest representable value. */
export type Overflow = 'wrap' | 'saturate';
/** Every rounding `resize` accepts. */
export const ROUNDINGS: readonly Rounding[] = ['truncate', 'halfUp', 'halfEven'];
/** Every overflow handling `resize` accepts. */
export const OVERFLOWS: readonly Overflow[] = ['wrap', 'saturate'];

/** How `resize` narrows: a rounding for dropped fractional bits, an overflow handling for dropped integer bits. */
export interface ResizeOptions {
  round?: Rounding;
  overflow?: Overflow;
}

function range(width: number, signed: boolean): [bigint, bigint] {
  return signed ? [-(1n << BigInt(width - 1)), (1n << BigInt(width - 1)) - 1n] : [0n, (1n << BigInt(width)) - 1n];
}

/** Convert `x` to format `to`. */
export function resize(x: Fixed, to: FixedType, opts: ResizeOptions = {}): Fixed {
  const owner = x.owner;
  const from = x.type;
  // Step 1: fractional bits, as a raw integer of the source signedness.
  let raw: UInt | SInt = x.raw();
  const signed = from.signed;
  const drop = from.fracBits - to.fracBits;
  if (drop < 0) {
    raw = raw.shl(-drop);
  } else if (drop > 0) {
    const round = opts.round;
    if (round === undefined) {
      return owner.fail('rounding not specified', x.label, `narrowing ${formatName(from)} to ${formatName(to)} drops ${drop} fractional bits; pass round: ${'truncate | halfUp | halfEven'}`);
    }
    raw = roundDrop(raw, drop, round);
  }
  // Step 2: integer range, at the target's fractional scale.
  const [lo, hi] = range(raw.width, signed);
  const [tlo, thi] = range(to.width, to.signed);
  let bits: UInt | SInt;
  if (lo >= tlo && hi <= thi) {
    bits = raw instanceof SInt ? raw.sext(to.width) : raw.zext(to.width);
  } else {
    const overflow = opts.overflow;
    if (overflow === undefined) {
      return owner.fail('overflow not specified', x.label, `${formatName(from)} to ${formatName(to)} can overflow (range ${lo}..${hi} raw vs ${tlo}..${thi}); pass overflow: wrap | saturate`);
    }
    bits = overflow === 'wrap' ? wrapTo(raw, to.width) : saturateTo(raw, to);
  }
  return bits.asFixed(to.intBits, to.fracBits, to.signed);
}

/** Drop `n` low bits with rounding; one extra high bit keeps the rounding
 *  increment from overflowing, so the result is exact before step 2. */
function roundDrop(raw: UInt | SInt, n: number, round: Rounding): UInt | SInt {
  if (round === 'truncate') return raw.shr(n);
  const half = 1n << BigInt(n - 1);
  if (raw instanceof SInt) {
    const wide = raw.sext(raw.width + 1);
    const inc = round === 'halfUp' ? wide.addWrap(half) : wide.addWrap(half - 1n).addWrap(wide.bit(n).toSInt().sext(wide.width));
    return inc.shr(n);
  }
  const wide = raw.zext(raw.width + 1);
  const inc = round === 'halfUp' ? wide.addWrap(half) : wide.addWrap(half - 1n).addWrap(raw.bit(n).zext(raw.width + 1));
  return inc.shr(n);
}

function wrapTo(raw: UInt | SInt, width: number): UInt {
  if (raw.width >= width) return raw.bits(width - 1, 0);
  return raw instanceof SInt ? raw.sext(width).asUInt() : raw.zext(width);
}

function saturateTo(raw: UInt | SInt, to: FixedType): UInt {
  const s = raw instanceof SInt ? raw : raw.toSInt();
  const w = Math.max(s.width, to.width) + 1;
  const v = s.sext(w);
  const [tlo, thi] = range(to.width, to.signed);
  const tooHigh = v.gt(thi);
  const tooLow = v.lt(tlo);
  const hiC = v.coerce(thi, 'saturate');
  const loC = v.coerce(tlo, 'saturate');
  const clamped = muxSigned(tooHigh, hiC, muxSigned(tooLow, loC, v));
  return clamped.bits(to.width - 1, 0);
}

function muxSigned(sel: UInt, t: SInt, f: SInt): SInt {
  return f.withNode(f.owner.addNode({ op: 'mux', sel: sel.id, cases: [f.id, t.id] }, f.width, { kind: 'sint' }));
}

/** Convenience: the format of `x` with different int/frac bits. */
export function formatLike(x: Fixed, intBits: number, fracBits: number): FixedType {
  return fixedType(intBits, fracBits, x.signed);
}
