// Mid path: nodes whose result and operands are all at most 52 bits and not
// all narrow, computed on exact JS numbers. Mid values (33..52 bits, see
// passes/layout.ts) are non-negative integer doubles below 2^52; narrow operands are
// read as numbers through uN/sxN, and a narrow result (a comparison, a
// reduction, a narrow slice of a mid value) is stored back as its int32
// pattern. Exactness, for operands below 2^52:
//  - a + b < 2^53 and |a - b| < 2^52, and products of width <= 52, are exact
//    doubles, reduced mod 2^w by one conditional add or subtract of 2^w
//    (sums of unreduced forms: codegen/unreduced.ts, which tracks ranges);
//  - multiplying or dividing by 2^k only changes the exponent, so shifts and
//    slices are exact, and Math.floor of them truncates exactly;
//  - t - Math.floor(t / 2^w) * 2^w is t mod 2^w exactly (every step is a
//    power-of-two scaling or a subtraction whose result is representable);
//  - bitwise operators split values into hi = floor(x / 2^32) (< 2^20) and
//    the low word, which JS's ToInt32 takes exactly (mod 2^32);
//  - a / b rounds to nearest, and for integers a < 2^52 the true quotient is
//    at least a relative 1/a > 2^-52 below the next integer, more than half
//    an ulp, so Math.floor(a / b) is the integer quotient.
import type { Node, NodeId } from '../../ir.js';
import { isMid } from '../passes/layout.js';
import { parity } from './narrow.js';
import { bit, num, onesN, snum, wrapN, type ExprCtx } from './util.js';
import { narrowSliceOfWords, noteMidNode, wordsOf } from './words.js';
import { combine, MAX_INLINE, nonzero, noteUnreduced, reduce, signedProductRange, unreducedOf, type Unreduced } from './unreduced.js';
import { InternalError } from '../../errors.js';

/** A mid or narrow operand's canonical value as an unreduced form. */
function canonical(x: ExprCtx, id: NodeId): Unreduced {
  return { e: num(x, id), min: 0, max: 2 ** x.width(id) - 1 };
}

/** Records `u` for node `id`'s readers (as an expression, when short
 *  enough to repeat), and returns it in a local for the node's own
 *  reduction, which names it more than once. */
function kept(x: ExprCtx, id: NodeId, u: Unreduced): Unreduced {
  if (u.e.length <= MAX_INLINE) noteUnreduced(x, id, { ...u, e: `(${u.e})` });
  return { ...u, e: x.tmp(u.e) };
}

const TWO32 = 4294967296;

/** A number in [0, 2^w) in the representation of width w (narrow or mid). */
function out(e: string, w: number): string {
  return isMid(w) ? e : `((${e}) | 0)`;
}

/** An exact integer double reduced mod 2^w, in the representation of width w. */
function modOut(e: string, w: number, x: ExprCtx): string {
  if (!isMid(w)) return wrapN(e, w);
  const t = x.tmp(e);
  return `(${t} - Math.floor(${t} / ${2 ** w}) * ${2 ** w})`;
}

/** An exact integer in (-2^w, 2^w) made non-negative mod 2^w. */
function posOut(e: string, w: number, x: ExprCtx): string {
  if (!isMid(w)) return wrapN(e, w);
  const t = x.tmp(e);
  return `(${t} + ${2 ** w} * +(${t} < 0))`;
}

const hi = (e: string): string => `Math.floor(${e} / ${TWO32})`;

export function midExpr(n: Node, x: ExprCtx): string {
  if (isMid(n.width)) noteMidNode(x, n.id);
  const w = n.width;
  const P = 2 ** w;
  switch (n.op) {
    case 'add':
    case 'sub': {
      // Operands' unreduced forms when this function has them (a chain of
      // sums reduces once, where it is read), else their values.
      const form = (id: NodeId): Unreduced => unreducedOf(x, id) ?? canonical(x, id);
      const u = combine(n.op, form(n.a), form(n.b)) ?? combine(n.op, canonical(x, n.a), canonical(x, n.b))!;
      return reduce(kept(x, n.id, u), w);
    }
    case 'and':
    case 'or':
    case 'xor': {
      const op = n.op === 'and' ? '&' : n.op === 'or' ? '|' : '^';
      const a = x.ref(n.a);
      const b = x.ref(n.b);
      return `((${hi(a)} ${op} ${hi(b)}) * ${TWO32} + ((${a} ${op} ${b}) >>> 0))`;
    }
    case 'not':
      return `(${P - 1} - ${x.ref(n.a)})`;
    case 'eq':
      return bit(`${x.ref(n.a)} === ${x.ref(n.b)}`);
    case 'ne':
      return bit(`${x.ref(n.a)} !== ${x.ref(n.b)}`);
    case 'ltu':
      return bit(`${num(x, n.a)} < ${num(x, n.b)}`);
    case 'leu':
      return bit(`${num(x, n.a)} <= ${num(x, n.b)}`);
    case 'lts':
      return bit(`${snum(x, n.a)} < ${snum(x, n.b)}`);
    case 'les':
      return bit(`${snum(x, n.a)} <= ${snum(x, n.b)}`);
    case 'mulu':
      // Product width = w <= 52: exact.
      return out(`${num(x, n.a)} * ${num(x, n.b)}`, w);
    case 'muls': {
      // |product| <= 2^(w-2): exact, and in (-2^w, 2^w).
      const u = { e: `(${snum(x, n.a)} * ${snum(x, n.b)} + 0)`, ...signedProductRange(x.width(n.a), x.width(n.b)) };
      return isMid(w) ? reduce(kept(x, n.id, u), w) : wrapN(u.e, w);
    }
    case 'divu': {
      const b = x.tmp(num(x, n.b));
      return out(`(${b} === 0 ? ${P - 1} : Math.floor(${num(x, n.a)} / ${b}))`, w);
    }
    case 'shl':
    case 'shru':
    case 'shrs': {
      // Amounts past the width scale by 2^w (2^(w-1) for shrs): all bits
      // shift out (or to sign fill), as the operator requires.
      const b = num(x, n.b);
      if (n.op === 'shl') return modOut(`${num(x, n.a)} * H_pow2[Math.min(${b}, ${w})]`, w, x);
      if (n.op === 'shru') return out(`Math.floor(${num(x, n.a)} / H_pow2[Math.min(${b}, ${w})])`, w);
      return posOut(`Math.floor(${snum(x, n.a)} / H_pow2[Math.min(${b}, ${w - 1})])`, w, x);
    }
    case 'redand':
      return bit(`${x.ref(n.a)} === ${2 ** x.width(n.a) - 1}`);
    case 'redor': {
      const u = unreducedOf(x, n.a);
      return (u === undefined ? null : nonzero(u, x.width(n.a))) ?? bit(`${x.ref(n.a)} !== 0`);
    }
    case 'redxor': {
      const a = x.ref(n.a);
      return parity(`(${hi(a)} ^ ${a})`, 32, x);
    }
    case 'concat': {
      let shift = w;
      const terms = n.parts.map((p: NodeId) => {
        shift -= x.width(p);
        return shift === 0 ? num(x, p) : `${num(x, p)} * ${2 ** shift}`;
      });
      return terms.length === 1 ? terms[0]! : `(${terms.join(' + ')})`;
    }
    case 'slice': {
      const a = x.ref(n.a);
      const wa = x.width(n.a);
      const u = unreducedOf(x, n.a);
      if (n.lo === 0 && w === wa) {
        if (u !== undefined) noteUnreduced(x, n.id, u);
        return a;
      }
      // A narrow result needs no Math.floor: ToInt32 (`| 0`, `&`) truncates
      // the non-negative quotient, which is the floor.
      if (!isMid(w)) {
        const words = wordsOf(x, n.a);
        if (words !== null) return narrowSliceOfWords(words, n.lo, w);
        // |t| <= 2^53 and lo + w <= wa: ToInt32 of floor(t / 2^lo) holds
        // bits lo.. of t mod 2^wa, negative t included.
        if (u !== undefined) {
          const q = n.lo === 0 ? u.e : `Math.floor(${u.e} / ${2 ** n.lo})`;
          return w === 32 ? `(${q} | 0)` : `(${q} & ${onesN(w)})`;
        }
        const q = n.lo === 0 ? a : `(${a} / ${2 ** n.lo})`;
        return n.lo + w === wa || w === 32 ? `(${q} | 0)` : `(${q} & ${onesN(w)})`;
      }
      // The low bits of a value are congruent to its unreduced form mod 2^w.
      if (n.lo === 0 && u !== undefined) {
        noteUnreduced(x, n.id, u);
        return reduce({ ...u, e: x.tmp(u.e) }, w);
      }
      const s = n.lo === 0 ? a : `Math.floor(${a} / ${2 ** n.lo})`;
      if (n.lo + w === wa) return s;
      return modOut(s, w, x);
    }
    case 'zext':
      return num(x, n.a);
    case 'sext':
      if (x.width(n.a) === w) return x.ref(n.a);
      return posOut(snum(x, n.a), w, x);
    default:
      throw new InternalError(`midExpr: ${n.op} is not a mid operator`);
  }
}
