// Limb path: nodes whose result or an operand is wider than 52 bits, computed
// on 32-bit limbs (passes/layout.ts) with code generated per width: every limb of
// the result is its own int32 expression, unrolled, so a 64-bit add is two
// adds and a carry, and nothing allocates. Multiplication, division and
// shifts by a variable amount call helpers (runtime/state.ts) on scratch limb
// arrays: their loops would bloat every call site if unrolled.
//
// A result narrower than 53 bits (a comparison of wide values, a narrow
// slice of one) is computed as one or two limbs and lowered to its
// representation, so the representations meet only at limb boundaries.
// Canonical form: bits of the top limb above the width are zero; every
// expression below keeps them so (the top limb is masked), which lets
// concatenation OR limbs together and equality compare them raw.
import type { Node, NodeId } from '../../ir.js';
import { isMid, isWide, limbsOf } from '../passes/layout.js';
import { bit, num, type ExprCtx } from './util.js';
import { parity } from './narrow.js';
import { InternalError } from '../../errors.js';

/** 2^-32: scaling by it is exact, and `| 0` of the result is the carry. */
const INV32 = '2.3283064365386963e-10';

/** Mask of the top limb's used bits, or null when all 32 are used. */
function topMask(w: number): number | null {
  const r = w & 31;
  return r === 0 ? null : 2 ** r - 1;
}

/** Limb j of a width-w result with the top limb reduced to canonical form. */
function fit(e: string, w: number, j: number): string {
  const m = topMask(w);
  return j === limbsOf(w) - 1 && m !== null ? `(${e} & ${m})` : e;
}

const U = (l: string): string => (l === '0' ? '0' : `(${l} >>> 0)`);

/** Limb j of operand `id` sign-extended without bound (limbs past the top
 *  are all sign). `sign` caches the sign word's tmp. */
function sxLimb(x: ExprCtx, id: NodeId, j: number, cache: Map<NodeId, string>): string {
  const w = x.width(id);
  const k = limbsOf(w);
  const s = 32 - (w - 32 * (k - 1));
  if (j < k - 1) return x.limb(id, j);
  const top = s === 0 ? x.limb(id, k - 1) : `(${x.limb(id, k - 1)} << ${s} >> ${s})`;
  if (j === k - 1) return top;
  let sign = cache.get(id);
  if (sign === undefined) {
    sign = x.tmp(`(${top} >> 31)`);
    cache.set(id, sign);
  }
  return sign;
}

/** Limbs of the unsigned value of the node's result, any width. */
export function limbsExpr(n: Node, x: ExprCtx): string[] {
  const w = n.width;
  const k = limbsOf(w);
  const L = (id: NodeId, j: number): string => x.limb(id, j);
  const each = (f: (j: number) => string): string[] => Array.from({ length: k }, (_, j) => fit(f(j), w, j));
  const sx = new Map<NodeId, string>();
  switch (n.op) {
    case 'add':
    case 'sub': {
      let carry = '';
      return each((j) => {
        const op = n.op === 'add' ? '+' : '-';
        const s = x.tmp(`${U(L(n.a, j))} ${op} ${U(L(n.b, j))}${carry === '' ? '' : ` ${op} ${carry}`}`);
        // Exact doubles: a sum below 2^33, a difference above -2^33.
        carry = n.op === 'add' ? `((${s} * ${INV32}) | 0)` : bit(`${s} < 0`);
        return `(${s} | 0)`;
      });
    }
    case 'and':
    case 'or':
    case 'xor': {
      const op = n.op === 'and' ? '&' : n.op === 'or' ? '|' : '^';
      return each((j) => `(${L(n.a, j)} ${op} ${L(n.b, j)})`);
    }
    case 'not':
      return each((j) => `(~${L(n.a, j)})`);
    case 'eq':
    case 'ne': {
      const ka = Math.max(limbsOf(x.width(n.a)), limbsOf(x.width(n.b)));
      const diff = Array.from({ length: ka }, (_, j) => `(${L(n.a, j)} ^ ${L(n.b, j)})`).join(' | ');
      return [bit(`(${diff}) ${n.op === 'eq' ? '===' : '!=='} 0`)];
    }
    case 'ltu':
    case 'leu':
    case 'lts':
    case 'les':
      return [bit(compare(n.op, n.a, n.b, x, sx))];
    case 'mulu':
    case 'muls':
      return multiply(n.op, n.a, n.b, w, x, sx);
    case 'divu': {
      const kk = Math.max(k, limbsOf(x.width(n.b)));
      const fill = (arr: string, id: NodeId): string =>
        Array.from({ length: kk }, (_, j) => `${arr}[${j}] = ${L(id, j)};`).join(' ');
      x.pre(`${fill('H_A', n.a)} ${fill('H_B', n.b)} H_divu(${kk});`);
      return each((j) => x.tmp(`H_R[${j}]`));
    }
    case 'shl':
    case 'shru':
    case 'shrs':
      return shift(n.op, n.a, n.b, w, x, sx);
    case 'redand': {
      const wa = x.width(n.a);
      const ka = limbsOf(wa);
      const m = topMask(wa);
      const top = `${L(n.a, ka - 1)} === ${m === null ? -1 : m}`;
      const low = Array.from({ length: ka - 1 }, (_, j) => L(n.a, j)).join(' & ');
      return [bit(ka === 1 ? top : `(${low}) === -1 && ${top}`)];
    }
    case 'redor': {
      const ka = limbsOf(x.width(n.a));
      return [bit(`(${Array.from({ length: ka }, (_, j) => L(n.a, j)).join(' | ')}) !== 0`)];
    }
    case 'redxor': {
      const ka = limbsOf(x.width(n.a));
      const v = x.tmp(Array.from({ length: ka }, (_, j) => L(n.a, j)).join(' ^ '));
      return [parity(v, 32, x)];
    }
    case 'concat': {
      const terms: string[][] = Array.from({ length: k }, () => []);
      let off = w;
      for (const p of n.parts) {
        const wp = x.width(p);
        off -= wp;
        for (let i = 0; 32 * i < wp; i++) {
          const pos = off + 32 * i;
          const at = pos >>> 5;
          const r = pos & 31;
          const l = L(p, i);
          terms[at]!.push(r === 0 ? l : `(${l} << ${r})`);
          // Bits of this limb that cross into the next result limb.
          if (r > 0 && r + Math.min(32, wp - 32 * i) > 32) terms[at + 1]!.push(`(${l} >>> ${32 - r})`);
        }
      }
      return each((j) => (terms[j]!.length === 0 ? '0' : `(${terms[j]!.join(' | ')})`));
    }
    case 'slice':
      return each((j) => bitsAt(x, n.a, n.lo + 32 * j, (i) => L(n.a, i)));
    case 'zext':
      return each((j) => L(n.a, j));
    case 'sext':
      return each((j) => sxLimb(x, n.a, j, sx));
    default:
      throw new InternalError(`limbsExpr: ${n.op} is handled elsewhere`);
  }
}

/** The 32 bits of operand `id` starting at bit `pos`, from its limbs `at`. */
function bitsAt(x: ExprCtx, id: NodeId, pos: number, at: (i: number) => string): string {
  const q = pos >>> 5;
  const r = pos & 31;
  const ka = limbsOf(x.width(id));
  if (r === 0) return at(q);
  const lo = `(${at(q)} >>> ${r})`;
  return q + 1 < ka ? `(${lo} | (${at(q + 1)} << ${32 - r}))` : lo;
}

function compare(op: 'ltu' | 'leu' | 'lts' | 'les', a: NodeId, b: NodeId, x: ExprCtx, sx: Map<NodeId, string>): string {
  const k = Math.max(limbsOf(x.width(a)), limbsOf(x.width(b)));
  const lt = op === 'ltu' || op === 'lts' ? '<' : '<=';
  let cond = `${U(x.limb(a, 0))} ${lt} ${U(x.limb(b, 0))}`;
  for (let j = 1; j < k; j++) {
    const signedTop = j === k - 1 && (op === 'lts' || op === 'les');
    const [ha, hb] = signedTop ? [sxLimb(x, a, j, sx), sxLimb(x, b, j, sx)] : [U(x.limb(a, j)), U(x.limb(b, j))];
    cond = `(${ha} < ${hb} || (${x.limb(a, j)} === ${x.limb(b, j)} && ${cond}))`;
  }
  if (k === 1 && (op === 'lts' || op === 'les')) {
    cond = `${sxLimb(x, a, 0, sx)} ${lt} ${sxLimb(x, b, 0, sx)}`;
  }
  return cond;
}

/** Product mod 2^w (the IR's product width is wa + wb, so nothing is lost). */
function multiply(op: 'mulu' | 'muls', a: NodeId, b: NodeId, w: number, x: ExprCtx, sx: Map<NodeId, string>): string[] {
  const k = limbsOf(w);
  const wa = x.width(a);
  const wb = x.width(b);
  if (k === 2 && wa <= 32 && wb <= 32) return mul32x32(op, a, b, w, x);
  const ext = (id: NodeId, j: number): string => (op === 'muls' ? sxLimb(x, id, j, sx) : x.limb(id, j));
  // Unsigned operands use only their own limbs; signed ones are sign
  // extended to the product's limbs.
  const ka = op === 'muls' ? k : Math.min(k, limbsOf(wa));
  const kb = op === 'muls' ? k : Math.min(k, limbsOf(wb));
  if (k <= UNROLL_MUL_LIMBS) return mulUnrolled(k, ka, kb, (j) => ext(a, j), (j) => ext(b, j), w, x);
  const fill = (arr: string, id: NodeId): string =>
    Array.from({ length: k }, (_, j) => `${arr}[${j}] = ${ext(id, j)};`).join(' ');
  x.pre(`${fill('H_A', a)} ${fill('H_B', b)} H_mul(${k});`);
  return Array.from({ length: k }, (_, j) => fit(x.tmp(`H_R[${j}]`), w, j));
}

/** Products of at most this many limbs are unrolled (at most 10 partial
 *  products for 4 limbs); wider ones call the helper's loop. */
const UNROLL_MUL_LIMBS = 4;

/** Schoolbook product mod 2^(32k), straight-line: each 32x32 partial product
 *  as its low word (Math.imul) and high word (highWord), summed per result
 *  limb with the carry in. A column holds at most 2k + 1 terms below 2^32
 *  each, so its sum is an exact double (< 2^36); `| 0` keeps its low 32 bits
 *  and scaling by 2^-32 the carry. */
function mulUnrolled(k: number, ka: number, kb: number, al: (j: number) => string, bl: (j: number) => string, w: number, x: ExprCtx): string[] {
  const A = Array.from({ length: ka }, (_, i) => x.tmp(al(i)));
  const B = Array.from({ length: kb }, (_, j) => x.tmp(bl(j)));
  const ua = A.map((l) => x.tmp(`(${l} >>> 0)`));
  const ub = B.map((l) => x.tmp(`(${l} >>> 0)`));
  const cols: string[][] = Array.from({ length: k }, () => []);
  for (let i = 0; i < ka; i++) {
    for (let j = 0; j < kb && i + j < k; j++) {
      const low = x.tmp(`(Math.imul(${A[i]}, ${B[j]}) >>> 0)`);
      cols[i + j]!.push(low);
      if (i + j + 1 < k) cols[i + j + 1]!.push(`Math.floor(${highWord(`${ua[i]} * ${ub[j]}`, low)})`);
    }
  }
  let carry = '';
  return cols.map((terms, j) => {
    const all = carry === '' ? terms : [...terms, carry];
    if (all.length === 0) return '0';
    const s = x.tmp(all.join(' + '));
    if (j + 1 < k) carry = `Math.floor(${s} * ${INV32})`;
    return fit(`(${s} | 0)`, w, j);
  });
}

/** floor(P / 2^32) + 1/2 within 2^-21, for an integer product P of two
 *  operands below 2^32 in magnitude, from `product` (their double product,
 *  P rounded: off by at most 2^10) and `low` (P mod 2^32, exact, as an
 *  unsigned number): product - low is floor(P / 2^32) * 2^32 off by at most
 *  2^11 after its own rounding, so scaled by 2^-32 it is within 2^-21 of the
 *  high word, and Math.floor (or ToInt32, for a non-negative value) of it
 *  plus 1/2 is that word exactly. Two multiplies instead of four 16-bit
 *  partial products. */
function highWord(product: string, low: string): string {
  return `((${product} - ${low}) * ${INV32} + 0.5)`;
}

/** Both operands in one limb: the low word by Math.imul, the high word by
 *  highWord from the double product (signed operands: their sign-extended
 *  values, so the high word is the signed product's, mod 2^32). */
function mul32x32(op: 'mulu' | 'muls', a: NodeId, b: NodeId, w: number, x: ExprCtx): string[] {
  const pat = (id: NodeId): string => {
    const wi = x.width(id);
    const l = x.limb(id, 0);
    return op === 'muls' && wi < 32 ? `(${l} << ${32 - wi} >> ${32 - wi})` : l;
  };
  const sa = x.tmp(pat(a));
  const sb = x.tmp(pat(b));
  const lo = x.tmp(`Math.imul(${sa}, ${sb})`);
  // Unsigned: the high word is non-negative, and ToInt32 truncates it.
  const hi =
    op === 'muls'
      ? `(Math.floor(${highWord(`${sa} * ${sb}`, `(${lo} >>> 0)`)}) | 0)`
      : `(${highWord(`(${sa} >>> 0) * (${sb} >>> 0)`, `(${lo} >>> 0)`)} | 0)`;
  return [lo, fit(hi, w, 1)];
}

function shift(op: 'shl' | 'shru' | 'shrs', a: NodeId, b: NodeId, w: number, x: ExprCtx, sx: Map<NodeId, string>): string[] {
  const k = limbsOf(w);
  const src = (j: number): string => (j < 0 ? '0' : op === 'shrs' ? sxLimb(x, a, j, sx) : x.limb(a, j));
  const konst = constAmount(b, x);
  const each = (f: (j: number) => string): string[] => Array.from({ length: k }, (_, j) => fit(f(j), w, j));
  if (konst !== null) {
    // Past the width: shl and shru leave 0, shrs the sign in every bit.
    const s = op === 'shrs' ? Math.min(konst, w - 1) : konst;
    if (s >= w) return each(() => '0');
    const q = s >>> 5;
    const r = s & 31;
    if (op === 'shl') {
      return each((j) => {
        if (j < q) return '0';
        if (r === 0) return src(j - q);
        const hi = `(${src(j - q)} << ${r})`;
        return j - q - 1 >= 0 ? `(${hi} | (${src(j - q - 1)} >>> ${32 - r}))` : hi;
      });
    }
    const wa = x.width(a);
    const ka = limbsOf(wa);
    return each((j) => {
      const i = j + q;
      if (op === 'shru' && i >= ka) return '0';
      if (r === 0) return src(i);
      const next = op === 'shru' && i + 1 >= ka ? '' : ` | (${src(i + 1)} << ${32 - r})`;
      return `((${src(i)} >>> ${r})${next})`;
    });
  }
  const amt = x.tmp(amountNum(b, w, x));
  const source = x.constValue(a);
  if (op === 'shl' && source !== null) return shiftConstant(source, x.width(a), k, amt, w, x);
  if (k <= UNROLL_SHIFT_LIMBS) return shiftUnrolled(op, k, op === 'shrs' ? x.tmp(`Math.min(${amt}, ${w - 1})`) : amt, src, w, x);
  const fill = Array.from({ length: k }, (_, j) => `H_A[${j}] = ${src(j)};`).join(' ');
  x.pre(`${fill} H_${op}(${k}, ${op === 'shrs' ? `Math.min(${amt}, ${w - 1})` : amt});`);
  return each((j) => x.tmp(`H_R[${j}]`));
}

/** A constant shifted left by a variable amount (a one-hot decoder's
 *  `1 << index` into a 512-bit mask): each result limb is the sum of the
 *  constant's nonzero limbs that land on it for the amount's whole-limb
 *  part q, selected by a compare on q with no branch, so the cost is a few
 *  operations per nonzero limb and result limb, with no helper call or
 *  scratch copies at any width. `amt` is at most w; q past the top limb
 *  leaves every limb 0, as a shift by w or more must. */
function shiftConstant(value: bigint, wa: number, k: number, amt: string, w: number, x: ExprCtx): string[] {
  const v = BigInt.asUintN(wa, value);
  const src = Array.from({ length: limbsOf(wa) }, (_, i) => Number(BigInt.asIntN(32, v >> BigInt(32 * i))));
  const q = x.tmp(`${amt} >>> 5`);
  const r = x.tmp(`${amt} & 31`);
  const rc = x.tmp(`31 - ${r}`);
  const terms: string[][] = Array.from({ length: k }, () => []);
  src.forEach((c, i) => {
    if (c === 0) return;
    // Limb i moves to limb i + q (shifted left by r) and spills into i + q + 1.
    const lo = c === 1 ? `(1 << ${r})` : x.tmp(`(${c} << ${r})`);
    const hi = c >>> 1 === 0 ? null : x.tmp(`((${c} >>> 1) >>> ${rc})`);
    for (let j = i; j < k; j++) {
      terms[j]!.push(`(-((${q} === ${j - i}) | 0) & ${lo})`);
      if (hi !== null && j + 1 < k) terms[j + 1]!.push(`(-((${q} === ${j - i}) | 0) & ${hi})`);
    }
  });
  return terms.map((t, j) => fit(t.length === 0 ? '0' : `(${t.join(' | ')})`, w, j));
}

/** Variable shifts of at most this many limbs are unrolled. */
const UNROLL_SHIFT_LIMBS = 4;

/** A variable shift, straight-line: limb j of the result picks, by a compare
 *  tree on the whole-limb part q of the amount, the two source limbs it is
 *  made of, shifted by the bit part r. The part crossing from the
 *  neighbouring limb shifts by 1 and then 31 - r, so r = 0 moves nothing
 *  across (JS masks a shift count of 32 to 0). `amt` is at most w (w - 1
 *  for shrs, whose sources past the top are sign words). */
function shiftUnrolled(op: 'shl' | 'shru' | 'shrs', k: number, amt: string, src: (j: number) => string, w: number, x: ExprCtx): string[] {
  const q = x.tmp(`${amt} >>> 5`);
  const r = x.tmp(`${amt} & 31`);
  const rc = x.tmp(`31 - ${r}`);
  const srcs = new Map<number, string>();
  const S = (i: number): string => {
    let v = srcs.get(i);
    if (v === undefined) {
      const e = src(i);
      v = e === '0' || /^-?\d+$/.test(e) ? e : x.tmp(e);
      srcs.set(i, v);
    }
    return v;
  };
  const limbFor = (j: number, qq: number): string => {
    if (op === 'shl') {
      if (j < qq) return '0';
      const hi = `(${S(j - qq)} << ${r})`;
      return j - qq - 1 >= 0 ? `(${hi} | (${S(j - qq - 1)} >>> 1 >>> ${rc}))` : hi;
    }
    const i = j + qq;
    const lo = S(i) === '0' ? '0' : `(${S(i)} >>> ${r})`;
    // Limbs are int32 (compares and sign extension read them so); a lone
    // `>>> r` with r = 0 would leave a set top bit as an unsigned number.
    const next = S(i + 1) === '0' ? (lo === '0' ? '' : ' | 0') : ` | ((${S(i + 1)} << 1) << ${rc})`;
    return `(${lo}${next})`;
  };
  // q reaches k only for shl and shru by exactly w = 32k: every bit out.
  const last = op === 'shrs' ? Math.min(k - 1, (w - 1) >>> 5) : Math.min(k, w >>> 5);
  const tree = (lo: number, hi: number, j: number): string => {
    if (lo === hi) return lo >= k ? '0' : limbFor(j, lo);
    const mid = (lo + hi + 1) >> 1;
    return `(${q} < ${mid} ? ${tree(lo, mid - 1, j)} : ${tree(mid, hi, j)})`;
  };
  return Array.from({ length: k }, (_, j) => fit(tree(0, last, j), w, j));
}

/** A shift amount as a JS number, saturated at `cap` (amounts at or past the
 *  width all act alike). */
export function amountNum(b: NodeId, cap: number, x: ExprCtx): string {
  const wb = x.width(b);
  if (!isWide(wb)) return `Math.min(${num(x, b)}, ${cap})`;
  const high = Array.from({ length: limbsOf(wb) - 1 }, (_, j) => x.limb(b, j + 1)).join(' | ');
  return `((${high}) !== 0 ? ${cap} : Math.min(${x.limb(b, 0)} >>> 0, ${cap}))`;
}

function constAmount(b: NodeId, x: ExprCtx): number | null {
  const v = x.constValue(b);
  if (v === null) return null;
  return v > 1000000n ? 1000000 : Number(v);
}

/** A result of at most 52 bits from its one or two limbs. */
export function lowerLimbs(limbs: string[], w: number): string {
  if (!isMid(w)) return limbs[0]!;
  return `((${limbs[0]} >>> 0) + ${limbs[1]} * 4294967296)`;
}
