// Exact path: any node whose result or an operand is wider than 52 bits (or
// that codegen-mid.ts leaves to it) is computed on BigInts. Narrow and mid
// operands are lifted (`BigInt(x >>> 0)`, `BigInt(x)`), and a narrow or mid
// result (a comparison of wide values, a slice of a wide value, a value
// shifted by a wide amount) is lowered back to its representation, so the
// representations meet only at these conversions.
import type { Node, NodeId } from '../ir.js';
import { isMid, isWide } from './layout.js';
import { num, snum, sxN, uN, type ExprCtx } from './codegen-util.js';

/** Unsigned BigInt view of an operand. */
export function big(x: ExprCtx, id: NodeId): string {
  const w = x.width(id);
  return isWide(w) ? x.ref(id) : isMid(w) ? `BigInt(${x.ref(id)})` : `BigInt(${uN(x.ref(id), w)})`;
}

/** Two's-complement BigInt view of an operand. */
export function sbig(x: ExprCtx, id: NodeId): string {
  const w = x.width(id);
  return isWide(w) ? `BigInt.asIntN(${w}, ${x.ref(id)})` : isMid(w) ? `BigInt(${snum(x, id)})` : `BigInt(${sxN(x.ref(id), w)})`;
}

/** A BigInt in [0, 2^w) converted to the representation of width w. */
export function lower(e: string, w: number): string {
  return isWide(w) ? e : isMid(w) ? `Number(${e})` : `(Number(${e}) | 0)`;
}

export function wideExpr(n: Node, x: ExprCtx): string {
  const w = n.width;
  const M = `${(1n << BigInt(w)) - 1n}n`;
  switch (n.op) {
    case 'add':
    case 'sub':
      return lower(`BigInt.asUintN(${w}, ${big(x, n.a)} ${n.op === 'add' ? '+' : '-'} ${big(x, n.b)})`, w);
    case 'and':
    case 'or':
    case 'xor': {
      const op = n.op === 'and' ? '&' : n.op === 'or' ? '|' : '^';
      return lower(`(${big(x, n.a)} ${op} ${big(x, n.b)})`, w);
    }
    case 'not':
      return lower(`(${big(x, n.a)} ^ ${M})`, w);
    case 'eq':
      return `(${big(x, n.a)} === ${big(x, n.b)} ? 1 : 0)`;
    case 'ne':
      return `(${big(x, n.a)} !== ${big(x, n.b)} ? 1 : 0)`;
    case 'ltu':
      return `(${big(x, n.a)} < ${big(x, n.b)} ? 1 : 0)`;
    case 'leu':
      return `(${big(x, n.a)} <= ${big(x, n.b)} ? 1 : 0)`;
    case 'lts':
      return `(${sbig(x, n.a)} < ${sbig(x, n.b)} ? 1 : 0)`;
    case 'les':
      return `(${sbig(x, n.a)} <= ${sbig(x, n.b)} ? 1 : 0)`;
    case 'mulu':
      // Number operands with a product below 2^53 multiply exactly as doubles.
      if (!isWide(x.width(n.a)) && !isWide(x.width(n.b)) && w <= 53) {
        return lower(`BigInt(${num(x, n.a)} * ${num(x, n.b)})`, w);
      }
      return lower(`(${big(x, n.a)} * ${big(x, n.b)})`, w);
    case 'muls':
      if (!isWide(x.width(n.a)) && !isWide(x.width(n.b)) && w <= 53) {
        return lower(`BigInt.asUintN(${w}, BigInt(${snum(x, n.a)} * ${snum(x, n.b)}))`, w);
      }
      return lower(`BigInt.asUintN(${w}, ${sbig(x, n.a)} * ${sbig(x, n.b)})`, w);
    case 'divu': {
      const b = x.tmp(big(x, n.b));
      return lower(`(${b} === 0n ? ${M} : ${big(x, n.a)} / ${b})`, w);
    }
    case 'shl':
    case 'shru':
    case 'shrs':
      return shift(n.op, n.a, n.b, w, x);
    case 'redand':
      return `(${big(x, n.a)} === ${(1n << BigInt(x.width(n.a))) - 1n}n ? 1 : 0)`;
    case 'redor':
      return `(${big(x, n.a)} !== 0n ? 1 : 0)`;
    case 'redxor':
      return `H_parityBig(${big(x, n.a)})`;
    case 'concat': {
      let shift = w;
      const terms = n.parts.map((p) => {
        shift -= x.width(p);
        return shift === 0 ? big(x, p) : `(${big(x, p)} << ${shift}n)`;
      });
      return lower(terms.length === 1 ? terms[0]! : `(${terms.join(' | ')})`, w);
    }
    case 'slice': {
      const a = big(x, n.a);
      if (n.lo === 0 && w === x.width(n.a)) return lower(a, w);
      const shifted = n.lo === 0 ? a : `(${a} >> ${n.lo}n)`;
      return lower(n.lo + w === x.width(n.a) ? shifted : `BigInt.asUintN(${w}, ${shifted})`, w);
    }
    case 'zext':
      return lower(big(x, n.a), w);
    case 'sext':
      return lower(`BigInt.asUintN(${w}, ${sbig(x, n.a)})`, w);
    default:
      throw new Error(`wideExpr: ${n.op} is handled elsewhere`);
  }
}

/** Amounts >= w give 0 (sign fill for shrs); BigInt shifts have no such
 *  limit, and a huge left shift would throw, so the amount is tested first. */
function shift(op: 'shl' | 'shru' | 'shrs', a: NodeId, b: NodeId, w: number, x: ExprCtx): string {
  let inRange: string;
  let amount: string;
  if (isWide(x.width(b))) {
    amount = x.tmp(x.ref(b));
    inRange = `${amount} < ${w}n`;
  } else {
    const amt = x.tmp(num(x, b));
    inRange = `${amt} < ${w}`;
    amount = `BigInt(${amt})`;
  }
  switch (op) {
    case 'shl':
      return lower(`(${inRange} ? BigInt.asUintN(${w}, ${big(x, a)} << ${amount}) : 0n)`, w);
    case 'shru':
      return lower(`(${inRange} ? ${big(x, a)} >> ${amount} : 0n)`, w);
    case 'shrs':
      return lower(`BigInt.asUintN(${w}, ${sbig(x, a)} >> (${inRange} ? ${amount} : ${w - 1}n))`, w);
  }
}
