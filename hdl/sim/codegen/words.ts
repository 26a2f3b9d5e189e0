// Mid values (33..52 bits) built from narrow ones, also as two int32 words.
// A mid value is an exact double (codegen/mid.ts), so an arithmetic chain
// that widens narrow values by a bit and narrows them again converts int32
// to double and back at every step: NoBlur's reciprocal, a restoring divider
// of 25 steps, each `(r << 1 | 1) - d` at 33 bits whose borrow bit picks the
// next remainder, spent a third of its cycle in those conversions, all on
// one dependent chain. Here a mid node whose operands are narrow (or have
// words themselves) is also computed as its low word (bits 0..31, int32
// pattern) and high word (bits 32..w-1, zero above), in int32 arithmetic
// with an explicit carry; a narrow slice of it reads the words. The double
// is still generated for every other reader, and V8 drops it as dead code
// when nothing reads it.
//
// Words are made on demand, when a slice asks for them, and kept per
// generated function (its ExprCtx) as expressions over node values only,
// repeated at each reader (V8 numbers the repeats as one value): no local
// of their own, so they are valid wherever the node is, whatever blocks
// the code is in (a local declared in one `if` block would be out of scope
// in the next). Expressions stop growing at MAX_EXPR characters: a longer
// chain falls back to the double. Only producers computed in the same
// function qualify: a chunk function stores to the slot arrays just the
// values other chunks read directly, so an operand of a producer in another
// chunk may have no current slot. Mid operands without words (products,
// quotients, shifts: values that exist only as doubles) make a node's words
// unavailable rather than converted, so this path never costs a conversion.
import type { NodeId } from '../../ir.js';
import { isMid, isNarrow } from '../passes/layout.js';
import { literalLimbs, onesN, sxN, type ExprCtx } from './util.js';
import { throughWires } from '../passes/netlist-walk.js';

/** Bits 0..31 as an int32 pattern, and bits 32..w-1 (zero above). */
export interface Words {
  lo: string;
  hi: string;
}

/** Deepest chain of word-computed producers materialised for one reader:
 *  beyond it the reader falls back to the double (recursion stays shallow
 *  even on a 10,000-node chain). */
const MAX_DEPTH = 64;
/** Longest word expression repeated at its readers. */
const MAX_EXPR = 240;

const made = new WeakMap<ExprCtx, Map<NodeId, Words | null>>();
/** Mid nodes computed (by codegen/mid.ts) in each generated function. */
const local = new WeakMap<ExprCtx, Set<NodeId>>();

/** Notes that mid node `id` is computed in the function of `x`. */
export function noteMidNode(x: ExprCtx, id: NodeId): void {
  let s = local.get(x);
  if (s === undefined) local.set(x, (s = new Set()));
  s.add(id);
}

const mask = (bits: number): number => 2 ** bits - 1;

/** Words of a narrow or mid operand, or null when it has none (a mid value
 *  computed only as a double, or one wider than 52 bits). */
export function wordsOf(x: ExprCtx, id: NodeId, depth = 0): Words | null {
  const r = throughWires(x.net.nodes, id);
  const n = x.net.nodes[r]!;
  if (isNarrow(n.width)) return { lo: x.ref(r), hi: '0' };
  if (!isMid(n.width)) return null;
  if (n.op === 'const') {
    const [lo, hi] = literalLimbs(n.value, n.width);
    return { lo: lo!, hi: hi! };
  }
  let cache = made.get(x);
  if (cache === undefined) made.set(x, (cache = new Map()));
  const known = cache.get(r);
  if (known !== undefined) return known;
  if (depth >= MAX_DEPTH || local.get(x)?.has(r) !== true) return null;
  const w = computeWords(x, r, depth + 1);
  cache.set(r, w);
  return w;
}

function computeWords(x: ExprCtx, id: NodeId, depth: number): Words | null {
  const n = x.net.nodes[id]!;
  const w = n.width;
  const hiMask = mask(w - 32);
  const pair = (lo: string, hi: string): Words | null => (lo.length + hi.length > MAX_EXPR ? null : { lo: `(${lo})`, hi: `(${hi})` });
  switch (n.op) {
    case 'zext':
      return wordsOf(x, n.a, depth);
    case 'sext': {
      const wa = x.width(n.a);
      const a = wordsOf(x, n.a, depth);
      if (a === null) return null;
      if (wa === w) return a;
      if (isNarrow(wa)) {
        const s = sxN(a.lo, wa);
        return pair(s, `(${s} >> 31) & ${hiMask}`);
      }
      const sh = 64 - wa;
      return pair(a.lo, `((${a.hi} << ${sh}) >> ${sh}) & ${hiMask}`);
    }
    case 'add':
    case 'sub': {
      const a = wordsOf(x, n.a, depth);
      const b = a === null ? null : wordsOf(x, n.b, depth);
      if (a === null || b === null) return null;
      if (n.op === 'add') {
        const lo = `((${a.lo} + ${b.lo}) | 0)`;
        // Unsigned wrap-around of the low words is the carry out of bit 31.
        return pair(lo, `(${a.hi} + ${b.hi} + (((${lo} >>> 0) < (${a.lo} >>> 0)) | 0)) & ${hiMask}`);
      }
      const borrow = `(((${a.lo} >>> 0) < (${b.lo} >>> 0)) | 0)`;
      return pair(`(${a.lo} - ${b.lo}) | 0`, `(${a.hi} - ${b.hi} - ${borrow}) & ${hiMask}`);
    }
    case 'and':
    case 'or':
    case 'xor': {
      const op = n.op === 'and' ? '&' : n.op === 'or' ? '|' : '^';
      const a = wordsOf(x, n.a, depth);
      const b = a === null ? null : wordsOf(x, n.b, depth);
      if (a === null || b === null) return null;
      return pair(`${a.lo} ${op} ${b.lo}`, `${a.hi} ${op} ${b.hi}`);
    }
    case 'not': {
      const a = wordsOf(x, n.a, depth);
      return a === null ? null : pair(`~${a.lo}`, `${a.hi} ^ ${hiMask}`);
    }
    case 'concat': {
      // Each part as one or two narrow chunks at its bit offset; parts are
      // canonical (zero above their width), so chunks OR together.
      const chunks: { e: string; bits: number; at: number }[] = [];
      let at = w;
      for (const p of n.parts) {
        const pw = x.width(p);
        at -= pw;
        const pWords = wordsOf(x, p, depth);
        if (pWords === null) return null;
        chunks.push({ e: pWords.lo, bits: Math.min(pw, 32), at });
        if (pw > 32) chunks.push({ e: pWords.hi, bits: pw - 32, at: at + 32 });
      }
      const lo: string[] = [];
      const hi: string[] = [];
      for (const { e, bits, at } of chunks) {
        if (e === '0') continue;
        if (at < 32) lo.push(at === 0 ? e : `(${e} << ${at})`);
        if (at >= 32) hi.push(at === 32 ? e : `(${e} << ${at - 32})`);
        else if (at + bits > 32) hi.push(`(${e} >>> ${32 - at})`);
      }
      const join = (ts: string[]): string => (ts.length === 0 ? '0' : ts.join(' | '));
      return pair(lo.length === 0 ? '0' : `(${join(lo)}) | 0`, join(hi));
    }
    case 'slice': {
      // A mid slice of a mid value: lo < 20, so the result's words come
      // from both words of the operand.
      const a = wordsOf(x, n.a, depth);
      if (a === null) return null;
      if (n.lo === 0) return pair(a.lo, `${a.hi} & ${hiMask}`);
      return pair(`(${a.lo} >>> ${n.lo}) | (${a.hi} << ${32 - n.lo})`, `(${a.hi} >>> ${n.lo}) & ${hiMask}`);
    }
    default:
      return null;
  }
}

/** A narrow slice [lo, lo + k) of a value with words, as its int32 pattern. */
export function narrowSliceOfWords(a: Words, lo: number, k: number): string {
  const fit = (e: string): string => (k === 32 ? `(${e} | 0)` : `(${e} & ${onesN(k)})`);
  if (lo >= 32) return fit(lo === 32 ? a.hi : `(${a.hi} >>> ${lo - 32})`);
  if (lo + k <= 32) return lo === 0 ? fit(a.lo) : fit(`(${a.lo} >>> ${lo})`);
  return fit(`((${a.lo} >>> ${lo}) | (${a.hi} << ${32 - lo}))`);
}
