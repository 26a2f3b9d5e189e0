// Fast path: nodes whose result and operands are all <= 32 bits, as int32
// arithmetic on canonical bit patterns (see passes/layout.ts). Every expression here
// must yield a canonical value for the node's width: JS numbers are doubles,
// so results are masked (`& ones`) or truncated (`| 0`) back to int32, and
// products go through Math.imul, which is exact in the low 32 bits.
// Comparisons, shift range checks and divide-by-zero are written without
// branches (`bool | 0` and masks built from it): they test data, and with
// real data a ternary is a mispredicted branch costing more than the node.
import type { Node } from '../../ir.js';
import { bit, onesN, sxN, uN, wrapN, maxOf, type ExprCtx } from './util.js';
import { InternalError } from '../../errors.js';

export function narrowExpr(n: Node, x: ExprCtx): string {
  const w = n.width;
  switch (n.op) {
    case 'add':
      return wrapN(`${x.ref(n.a)} + ${x.ref(n.b)}`, w);
    case 'sub':
      return wrapN(`${x.ref(n.a)} - ${x.ref(n.b)}`, w);
    case 'and':
      return `(${x.ref(n.a)} & ${x.ref(n.b)})`;
    case 'or':
      return `(${x.ref(n.a)} | ${x.ref(n.b)})`;
    case 'xor':
      return `(${x.ref(n.a)} ^ ${x.ref(n.b)})`;
    case 'not':
      return w === 32 ? `(~${x.ref(n.a)})` : `(${x.ref(n.a)} ^ ${onesN(w)})`;
    case 'eq':
      return bit(`${x.ref(n.a)} === ${x.ref(n.b)}`);
    case 'ne':
      return bit(`${x.ref(n.a)} !== ${x.ref(n.b)}`);
    case 'ltu':
    case 'leu': {
      const wa = x.width(n.a);
      const op = n.op === 'ltu' ? '<' : '<=';
      return bit(`${uN(x.ref(n.a), wa)} ${op} ${uN(x.ref(n.b), wa)}`);
    }
    case 'lts':
    case 'les': {
      const wa = x.width(n.a);
      const op = n.op === 'lts' ? '<' : '<=';
      return bit(`${sxN(x.ref(n.a), wa)} ${op} ${sxN(x.ref(n.b), wa)}`);
    }
    case 'mulu':
      // The product fits in w <= 32 bits, so imul's low word is all of it.
      return `Math.imul(${x.ref(n.a)}, ${x.ref(n.b)})`;
    case 'muls':
      return wrapN(`Math.imul(${sxN(x.ref(n.a), x.width(n.a))}, ${sxN(x.ref(n.b), x.width(n.b))})`, w);
    case 'divu': {
      // Doubles divide 32-bit integers exactly enough that truncation gives
      // the integer quotient; x/0 truncates to 0, then all ones are or-ed in.
      const b = x.ref(n.b);
      const q = `((${uN(x.ref(n.a), w)} / ${uN(b, x.width(n.b))}) | -${bit(`${b} === 0`)})`;
      return w === 32 ? q : `(${q} & ${onesN(w)})`;
    }
    case 'shl':
    case 'shru': {
      const a = x.ref(n.a);
      const b = x.ref(n.b);
      const wb = x.width(n.b);
      const shifted =
        n.op === 'shl'
          ? w === 32
            ? `(${a} << ${b})`
            : `((${a} << ${b}) & ${onesN(w)})`
          : w === 32
            ? `((${a} >>> ${b}) | 0)`
            : `(${a} >> ${b})`;
      return maxOf(wb) < w ? shifted : `(${shifted} & -${bit(`${uN(b, wb)} < ${w}`)})`;
    }
    case 'shrs': {
      // Shifting the sign-extended value by min(b, 31) gives sign fill for
      // every amount >= w; or-ing all ones into b makes JS shift by 31.
      const b = x.ref(n.b);
      const wb = x.width(n.b);
      const amt = maxOf(wb) <= 31 ? b : `(${b} | -${bit(`${uN(b, wb)} > 31`)})`;
      return w === 32 ? `(${x.ref(n.a)} >> ${amt})` : `((${sxN(x.ref(n.a), w)} >> ${amt}) & ${onesN(w)})`;
    }
    case 'redand':
      return bit(`${x.ref(n.a)} === ${onesN(x.width(n.a))}`);
    case 'redor':
      return bit(`${x.ref(n.a)} !== 0`);
    case 'redxor':
      return parity(x.ref(n.a), x.width(n.a), x);
    case 'concat': {
      let shift = w;
      const terms = n.parts.map((p) => {
        shift -= x.width(p);
        return shift === 0 ? x.ref(p) : `(${x.ref(p)} << ${shift})`;
      });
      return terms.length === 1 ? terms[0]! : `(${terms.join(' | ')})`;
    }
    case 'slice': {
      const a = x.ref(n.a);
      const wa = x.width(n.a);
      if (n.lo === 0 && w === wa) return a;
      if (n.lo + w === wa) return `(${a} >>> ${n.lo})`;
      return `((${a} >>> ${n.lo}) & ${onesN(w)})`;
    }
    case 'zext':
      return x.ref(n.a);
    case 'sext': {
      const wa = x.width(n.a);
      if (wa === w) return x.ref(n.a);
      const s = sxN(x.ref(n.a), wa);
      return w === 32 ? s : `(${s} & ${onesN(w)})`;
    }
    default:
      throw new InternalError(`narrowExpr: ${n.op} is not a narrow operator`);
  }
}

/** Most cases of a mux built from masks: each case costs a compare and
 *  three ALU operations, while a compare tree costs log2(cases) branches. */
const MASK_MUX_MAX = 8;

/** A mux of narrow values without a branch, or null when it has too many
 *  cases: case j when `sel` (a narrow value of selWidth bits) is j, the
 *  last case for any index past it. A mux steered by data (a valid bit, a
 *  comparison of operands) is a coin toss for the branch predictor, and a
 *  mispredicted branch costs more than the masks; the cases are operand
 *  references, cheap to name more than once. `hoist`, where given, names
 *  the two-case mask once for the muxes of one select (a stage's enable). */
export function narrowMux(sel: string, selWidth: number, cases: string[], hoist?: (e: string) => string): string | null {
  const last = cases.length - 1;
  if (last === 1) {
    const s = selWidth === 1 ? sel : `((${sel} !== 0) | 0)`;
    // A hoisted mask is an int32 (| 0): -0 in a local, which every later
    // deoptimisation point would have to keep exact, made V8 recompile.
    const mask = hoist === undefined ? `-${s}` : hoist(`(-${s} | 0)`);
    return `(${cases[0]} ^ ((${cases[0]} ^ ${cases[1]}) & ${mask}))`;
  }
  if (last + 1 > MASK_MUX_MAX) return null;
  const terms = cases.map((c, j) => `(${c} & -((${j === last ? `${uN(sel, selWidth)} >= ${last}` : `${sel} === ${j}`}) | 0))`);
  return `(${terms.join(' | ')})`;
}

/** Statement writing `value` to entry `addr` of an int32 store when `en`
 *  (a narrow value of enWidth bits) is set, as a read-modify-write through
 *  a mask rather than a branch: a write enable is data (a push of a FIFO,
 *  a valid bit), as unpredictable as a mux select. `size`: the entry count
 *  when addr may be past it (the branch that skips those writes is taken
 *  only by bad addresses, so it predicts well); else null. */
export function narrowMaskedStore(target: string, addr: string, size: number | null, en: string, enWidth: number, value: string): string {
  const m = enWidth === 1 ? `-${en}` : `-((${en} !== 0) | 0)`;
  const write = `const o = ${target}[i]; ${target}[i] = o ^ ((o ^ ${value}) & ${m});`;
  return `{ const i = ${addr}; ${size === null ? write : `if (i < ${size}) { ${write} }`} }`;
}

/** Parity by folding halves down to 4 bits, then a 16-entry lookup in a constant. */
export function parity(a: string, w: number, x: ExprCtx): string {
  let v = a;
  for (const half of [16, 8, 4]) {
    if (w > half) v = x.tmp(`${v} ^ (${v} >>> ${half})`);
  }
  return `((0x6996 >>> (${v} & 15)) & 1)`;
}
