// The smaller and the larger of two values of one type (a compare and a
// mux each): range detection, clamps, running minima.
import { mux } from '../ops.js';
import { SInt, UInt } from '../signal.js';

/** The smaller of a and b (a on a tie). */
export function minOf(a: UInt, b: UInt): UInt;
export function minOf(a: SInt, b: SInt): SInt;
export function minOf(a: UInt | SInt, b: UInt | SInt): UInt | SInt {
  return mux(less(b, a), b, a);
}

/** The larger of a and b (a on a tie). */
export function maxOf(a: UInt, b: UInt): UInt;
export function maxOf(a: SInt, b: SInt): SInt;
export function maxOf(a: UInt | SInt, b: UInt | SInt): UInt | SInt {
  return mux(greater(b, a), b, a);
}

function less(x: UInt | SInt, y: UInt | SInt): UInt {
  if (x instanceof UInt && y instanceof UInt) return x.lt(y);
  if (x instanceof SInt && y instanceof SInt) return x.lt(y);
  return x.owner.fail('type mismatch', y.label, `min/max of ${x.label} and ${y.label}: both must be uint or both sint`);
}

function greater(x: UInt | SInt, y: UInt | SInt): UInt {
  if (x instanceof UInt && y instanceof UInt) return x.gt(y);
  if (x instanceof SInt && y instanceof SInt) return x.gt(y);
  return x.owner.fail('type mismatch', y.label, `min/max of ${x.label} and ${y.label}: both must be uint or both sint`);
}
