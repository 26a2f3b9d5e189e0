// Mid results before their reduction mod 2^w. A sum, a difference or a
// signed product is first an exact integer double congruent to the node's
// value mod 2^w; reducing it costs a compare and an add, or a floor and two
// multiplies, and often nothing needs the reduced form: a narrow slice takes
// its bits by ToInt32 of floor(t / 2^lo), an `!== 0` test needs only the
// range, and a sum of such values is itself congruent to the sum of their
// reductions. NoBlur's edge functions are w0 * w1 - w2 * w3 of 17-bit
// signed deltas at 34 bits, truncated to 33, subtracted, then read as sign
// bit, low word and zero test: with the congruent forms kept, none of the
// five reductions on that path is computed (V8 drops them as dead code).
//
// Each form carries the interval of its value, so that every step stays an
// exact double (|t| <= 2^53) and each reduction picks its cheapest exact form.
// Kept per generated function (ExprCtx), for nodes computed in it, as an
// expression over node values only, repeated at each reader (V8 numbers the
// repeats as one value): no local of its own, so it is valid wherever the
// node is, whatever blocks the code is in. Past MAX_INLINE characters a
// form is not kept, and its readers use the reduced value.
import type { NodeId } from '../../ir.js';
import type { ExprCtx } from './util.js';
import { throughWires } from '../passes/netlist-walk.js';

/** An exact integer double `e` congruent to a node's value mod 2^width,
 *  with min <= e <= max. */
export interface Unreduced {
  e: string;
  min: number;
  max: number;
}

/** Largest magnitude for which sums and differences stay exact doubles. */
const EXACT = 2 ** 53;
/** Longest form expression repeated at its readers. */
export const MAX_INLINE = 160;

const forms = new WeakMap<ExprCtx, Map<NodeId, Unreduced>>();

export function noteUnreduced(x: ExprCtx, id: NodeId, u: Unreduced): void {
  let m = forms.get(x);
  if (m === undefined) forms.set(x, (m = new Map()));
  m.set(id, u);
}

/** The unreduced form behind operand `id` (wires followed), when this
 *  function computed one. */
export function unreducedOf(x: ExprCtx, id: NodeId): Unreduced | undefined {
  return forms.get(x)?.get(throughWires(x.net.nodes, id));
}

/** Sum or difference of two forms, or null when it could be inexact. */
export function combine(op: 'add' | 'sub', a: Unreduced, b: Unreduced): Unreduced | null {
  const min = op === 'add' ? a.min + b.min : a.min - b.max;
  const max = op === 'add' ? a.max + b.max : a.max - b.min;
  if (Math.max(-min, max) > EXACT) return null;
  return { e: `${a.e} ${op === 'add' ? '+' : '-'} ${b.e}`, min, max };
}

/** `u` reduced mod 2^w into [0, 2^w), by the cheapest exact form its range allows. */
export function reduce(u: Unreduced, w: number): string {
  const P = 2 ** w;
  const t = u.e;
  if (u.min >= 0 && u.max < P) return t;
  if (u.min >= -P && u.max < P) return `(${t} + ${P} * +(${t} < 0))`;
  if (u.min >= 0 && u.max < 2 * P) return `(${t} - ${P} * +(${t} >= ${P}))`;
  return `(${t} - Math.floor(${t} / ${P}) * ${P})`;
}

/** The reduced value is nonzero (as 0/1), when the range makes that a test
 *  of `u` itself (no multiple of 2^w but 0 in range); else null. */
export function nonzero(u: Unreduced, w: number): string | null {
  const P = 2 ** w;
  return u.min > -P && u.max < P ? `((${u.e} !== 0) | 0)` : null;
}

/** Range of the product of two signed operands of widths wa and wb. */
export function signedProductRange(wa: number, wb: number): { min: number; max: number } {
  const lo = (w: number): number => -(2 ** (w - 1));
  const hi = (w: number): number => 2 ** (w - 1) - 1;
  const corners = [lo(wa) * lo(wb), lo(wa) * hi(wb), hi(wa) * lo(wb), hi(wa) * hi(wb)];
  return { min: Math.min(...corners), max: Math.max(...corners) };
}
