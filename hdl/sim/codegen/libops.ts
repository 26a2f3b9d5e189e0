// The library operations as word operations: a popcount is a few shifts and
// masks per 32-bit limb, a priority encoder a count of leading or trailing
// zeros, an arg-min or arg-max one Math.min over packed words. In hardware
// each is a tree of tens of gates, comparators and muxes (hdl/opt/lower.ts),
// and computing that tree node by node is what made units with them slow.
// Every result here is narrow: {valid, index} packed as the IR defines it,
// or a count.
import type { Node, NodeId } from '../../ir.js';
import { indexBits } from '../../ir.js';
import { isNarrow, isWide, limbsOf } from '../passes/layout.js';
import { num, snum, type ExprCtx } from './util.js';

type LibraryNode = Extract<Node, { op: 'popcount' | 'prienc' | 'argmin' | 'argmax' }>;

export function libraryOpValue(n: LibraryNode, x: ExprCtx): string {
  switch (n.op) {
    case 'popcount':
      return popcount(n.a, x);
    case 'prienc':
      return priorityEncode(n.a, n.highest, x);
    case 'argmin':
    case 'argmax':
      return argExtreme(n, x);
  }
}

/** `e` itself when it is a name, a slot or a literal (cheap to read twice), else a local. */
function once(x: ExprCtx, e: string): string {
  return /^(\(?-?\d+\)?|[A-Za-z_$][\w$]*(\[[\w$ +]+\])?)$/.test(e) ? e : x.tmp(e);
}

/** The int32 limbs of operand `id`, each readable twice. */
function limbs(x: ExprCtx, id: NodeId): string[] {
  return Array.from({ length: limbsOf(x.width(id)) }, (_, j) => once(x, x.limb(id, j)));
}

/** Set bits of an int32 (SWAR: pairs, nibbles, then a multiply sums the bytes). */
function pop32(x: ExprCtx, v: string): string {
  const a = x.tmp(`(${v} - ((${v} >>> 1) & 0x55555555)) | 0`);
  const b = x.tmp(`(${a} & 0x33333333) + ((${a} >>> 2) & 0x33333333)`);
  return `(Math.imul((${b} + (${b} >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24)`;
}

function popcount(a: NodeId, x: ExprCtx): string {
  if (x.width(a) === 1) return x.ref(a);
  const counts = limbs(x, a).map((l) => pop32(x, l));
  return counts.length === 1 ? counts[0]! : `(${counts.join(' + ')})`;
}

/** {valid, index}: a zero count from the low end (or the high end). */
function priorityEncode(a: NodeId, highest: boolean, x: ExprCtx): string {
  const wa = x.width(a);
  const valid = 2 ** indexBits(wa);
  const ctz = (l: string, base: number): string => `(${base + 31} - Math.clz32(${l} & -${l}))`;
  const top = (l: string, base: number): string => `(${base + 31} - Math.clz32(${l}))`;
  if (isNarrow(wa)) {
    // No branch: with no bit set the count is -1 and the mask 0.
    const v = once(x, x.ref(a));
    return `(-(${v} !== 0) & (${valid} | ${highest ? top(v, 0) : ctz(v, 0)}))`;
  }
  const ls = limbs(x, a);
  const order = ls.map((l, j) => ({ l, base: 32 * j }));
  if (highest) order.reverse();
  return order.reduceRight((rest, { l, base }) => `(${l} !== 0 ? (${valid} | ${highest ? top(l, base) : ctz(l, base)}) : ${rest})`, '0');
}

/** Packed words stay non-negative int32 up to this many bits (sentinel above). */
const INT_PACK_BITS = 30;
/** Packed doubles stay exact up to 2^52 (the sentinel bit included). */
const DOUBLE_PACK_BITS = 52;

/** Serial of the scan's locals: unique in every generated function. */
let scans = 0;

/** {found, index} over (valid, key) pairs. Keys that fit a packed word
 *  (key ordered so the winner is smallest, then the tie-break, under an
 *  invalid flag) take one balanced tree of Math.min; wider keys are
 *  scanned in order, compared limb by limb. */
function argExtreme(n: ArgNode, x: ExprCtx): string {
  const count = n.keys.length;
  const kw = x.width(n.keys[0]!);
  const tieBits = indexBits(count);
  const found = 2 ** tieBits;
  const vl = limbs(x, n.valid);
  const validBit = (p: number): string => `((${vl[p >> 5]} >>> ${p & 31}) & 1)`;
  const packed = kw + tieBits;
  const words = packed <= INT_PACK_BITS && isNarrow(kw) ? intPacked(n, x, kw, tieBits, vl) : packed <= DOUBLE_PACK_BITS && !isWide(kw) ? doublePacked(n, x, kw, tieBits, validBit) : null;
  // One valid entry or none (a CAM's matches mostly): no key is compared,
  // and the minimum, inline in the other arm, is not computed at all; with
  // two or more valid it is below the sentinel.
  const bits = vl[0]!;
  const fewValid = (more: string): string => `((${bits} & (${bits} - 1)) === 0 ? (${bits} === 0 ? 0 : (${found} | (31 - Math.clz32(${bits})))) : ${more})`;
  if (words === null) {
    const winner = scan(n, x, kw, validBit);
    return count > 32 ? winner : fewValid(winner);
  }
  if (count <= 32) return fewValid(`(${found} | ${words.index(words.min)})`);
  const m = x.tmp(words.min);
  return `(${m} < ${words.sentinel} ? (${found} | ${words.index(m)}) : 0)`;
}

type ArgNode = Extract<Node, { op: 'argmin' | 'argmax' }>;

/** Packed words' minimum (an expression), the sentinel a valid entry's word
 *  is below, and the winner's index from the minimum (read once). */
interface PackedMin {
  min: string;
  sentinel: number;
  index(m: string): string;
}

/** Position p's tie-break: p, or count-1-p so the smallest is the latest. */
const tieOf = (n: ArgNode, p: number): number => (n.latest ? n.keys.length - 1 - p : p);
/** The index a minimum's tie field `t` (an expression) stands for. */
const posOf = (n: ArgNode, t: string): string => (n.latest ? `(${n.keys.length - 1} - ${t})` : t);

function minTree(words: string[]): string {
  let level = words;
  // Balanced, so independent pairs run in parallel.
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? `Math.min(${level[i]}, ${level[i + 1]})` : level[i]!);
    level = next;
  }
  return level[0]!;
}

/** Words (key ^ flip) << tieBits | tie | invalid << (kw + tieBits) as
 *  non-negative int32: flip orders keys so the winner is the smallest
 *  (all ones for a maximum, the sign bit for signed keys). */
function intPacked(n: ArgNode, x: ExprCtx, kw: number, tieBits: number, vl: string[]): PackedMin {
  const shift = kw + tieBits;
  const sent = 2 ** shift;
  const flip = (n.op === 'argmin' ? 0 : 2 ** kw - 1) ^ (n.signed ? 2 ** (kw - 1) : 0);
  const inv = vl.map((l) => x.tmp(`~${l}`));
  const flag = (p: number): string => {
    const b = p & 31;
    const w = inv[p >> 5]!;
    return b <= shift ? `((${w} << ${shift - b}) & ${sent})` : `((${w} >>> ${b - shift}) & ${sent})`;
  };
  const words = n.keys.map((k, p) => {
    const key = flip === 0 ? x.ref(k) : `(${x.ref(k)} ^ ${flip})`;
    return `(${key} << ${tieBits} | ${tieOf(n, p)} | ${flag(p)})`;
  });
  return { min: minTree(words), sentinel: sent, index: (m) => posOf(n, `(${m} & ${2 ** tieBits - 1})`) };
}

/** The same words as exact doubles (keys up to 52 - tieBits bits). */
function doublePacked(n: ArgNode, x: ExprCtx, kw: number, tieBits: number, validBit: (p: number) => string): PackedMin {
  const scale = 2 ** tieBits;
  const sent = 2 ** (kw + tieBits);
  const half = 2 ** (kw - 1);
  const ordered = (k: NodeId): string => {
    if (!n.signed) return n.op === 'argmin' ? num(x, k) : `(${2 ** kw - 1} - ${num(x, k)})`;
    return n.op === 'argmin' ? `(${snum(x, k)} + ${half})` : `(${half - 1} - ${snum(x, k)})`;
  };
  const words = n.keys.map((k, p) => `(${ordered(k)} * ${scale} + ${tieOf(n, p)} + (${validBit(p)} ^ 1) * ${sent})`);
  // The minimum is below 2^52: its low word is exact, and the tie field is in it.
  return { min: minTree(words), sentinel: sent, index: (m) => posOf(n, `((${m} % ${scale}) | 0)`) };
}

/** Entries in order: the best so far is replaced by a valid entry whose
 *  key is better (or as good, for the latest of equal keys). */
function scan(n: ArgNode, x: ExprCtx, kw: number, validBit: (p: number) => string): string {
  const id = scans++;
  const best = `ab${id}`;
  const asNumber = !isWide(kw);
  const k = asNumber ? 1 : limbsOf(kw);
  const held = Array.from({ length: k }, (_, j) => `ak${id}_${j}`);
  const valueOf = (key: NodeId): string[] => (asNumber ? [n.signed ? snum(x, key) : num(x, key)] : limbs(x, key));
  // better(a, b): a before b in the order the operation wants.
  const wantLess = n.op === 'argmin';
  const better = (a: string[], b: string[]): string => (asNumber ? `${a[0]} ${wantLess ? '<' : '>'}${n.latest ? '=' : ''} ${b[0]}` : limbOrder(a, b, wantLess, n.latest, n.signed, kw));
  x.pre(`let ${best} = -1, ${held.map((h) => `${h} = 0`).join(', ')};`);
  n.keys.forEach((key, p) => {
    const v = valueOf(key).map((e) => once(x, e));
    x.pre(`if (${validBit(p)} !== 0 && (${best} < 0 || ${better(v, held)})) { ${best} = ${p}; ${held.map((h, j) => `${h} = ${v[j]};`).join(' ')} }`);
  });
  return `(${best} < 0 ? 0 : (${2 ** indexBits(n.keys.length)} | ${best}))`;
}

/** a < b (a > b when !less; or equal when orEqual) over little-endian
 *  limbs of a kw-bit value, the top limb signed when `signed`. */
function limbOrder(a: string[], b: string[], less: boolean, orEqual: boolean, signed: boolean, kw: number): string {
  const k = a.length;
  const op = less ? '<' : '>';
  const s = 32 * k - kw;
  const word = (l: string, j: number): string => (j === k - 1 && signed ? (s === 0 ? l : `(${l} << ${s} >> ${s})`) : `(${l} >>> 0)`);
  let expr = `${word(a[0]!, 0)} ${op}${orEqual ? '=' : ''} ${word(b[0]!, 0)}`;
  for (let j = 1; j < k; j++) expr = `(${word(a[j]!, j)} ${op} ${word(b[j]!, j)} || (${a[j]} === ${b[j]} && ${expr}))`;
  return expr;
}
