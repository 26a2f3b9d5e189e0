// Local rewrites of one pure node whose operands are already simplified:
// constant folding, identities (x & ones, 0 + x, x - x), constant selects,
// compares the operand bounds decide, and narrowing a compare to the width
// its operands really have (`zext(x) == 9` on a 3-bit x is just false;
// `zext(x) < zext(y)` compares x and y). Each rule returns an existing node
// or a cheaper one; the driver (optimise.ts) hashes what comes back.
import { mask, type Node, type NodeId } from '../ir.js';
import type { NodeSpec } from '../signal.js';
import { evalPure } from './eval.js';
import { decideCompare, type Ranges } from './range.js';

export interface Kit {
  node(id: NodeId): Node;
  /** The constant value of a node, if it is one. */
  constOf(id: NodeId): bigint | undefined;
  /** A (simplified, hashed) node for `spec`. */
  make(spec: NodeSpec, width: number): NodeId;
  constant(value: bigint, width: number): NodeId;
  ranges: Ranges;
}

/** Operators with no state and no side effects: safe to fold, share, drop. */
export const PURE_OPS: ReadonlySet<string> = new Set([
  'const', 'wire', 'add', 'sub', 'and', 'or', 'xor', 'not', 'eq', 'ne', 'ltu', 'lts', 'leu', 'les',
  'mulu', 'muls', 'divu', 'shl', 'shru', 'shrs', 'redand', 'redor', 'redxor', 'mux', 'concat', 'slice', 'zext', 'sext',
  'popcount', 'prienc', 'argmin', 'argmax',
]);

export const COMMUTATIVE: ReadonlySet<string> = new Set(['add', 'and', 'or', 'xor', 'eq', 'ne', 'mulu', 'muls']);

/** A replacement node id, or the node itself (operands possibly reordered). */
export function simplify(n: Node, k: Kit): NodeId | Node {
  const w = (id: NodeId): number => k.node(id).width;
  const folded = n.op === 'const' ? undefined : evalPure(n, k.constOf, w);
  if (folded !== undefined) return k.constant(folded, n.width);
  const ones = mask(n.width);
  const zero = (): NodeId => k.constant(0n, n.width);
  switch (n.op) {
    case 'wire':
      return n.a;
    case 'not': {
      const a = k.node(n.a);
      return a.op === 'not' ? a.a : n;
    }
    case 'add':
    case 'sub':
    case 'and':
    case 'or':
    case 'xor': {
      let { a, b } = n;
      // A constant operand goes to b, where the rules look for it; otherwise
      // the written order stays (keyOf hashes commutative operators by the
      // sorted pair, so b & a still shares a & b).
      if (COMMUTATIVE.has(n.op) && k.constOf(a) !== undefined) [a, b] = [b, a];
      const cb = k.constOf(b);
      const complements = isNot(k, a, b) || isNot(k, b, a);
      switch (n.op) {
        case 'add':
          if (cb === 0n) return a;
          break;
        case 'sub':
          if (cb === 0n) return a;
          if (a === b) return zero();
          break;
        case 'and':
          if (cb === 0n || complements) return zero();
          if (cb === ones || a === b) return a;
          break;
        case 'or':
          if (cb === 0n || a === b) return a;
          if (cb === ones || complements) return k.constant(ones, n.width);
          break;
        case 'xor':
          if (cb === 0n) return a;
          if (cb === ones) return k.make({ op: 'not', a }, n.width);
          if (a === b) return zero();
          break;
      }
      return { ...n, a, b };
    }
    case 'eq':
    case 'ne':
    case 'ltu':
    case 'leu':
    case 'lts':
    case 'les':
      return simplifyCompare(n, k);
    case 'mulu':
    case 'muls': {
      let { a, b } = n;
      if (k.constOf(a) !== undefined) [a, b] = [b, a];
      const cb = k.constOf(b);
      if (cb === undefined) return n;
      const v = n.op === 'muls' ? BigInt.asIntN(w(b), cb) : cb;
      if (v === 0n) return zero();
      const shift = powerOfTwo(v);
      if (shift === null) return n;
      const shifted = shift === 0 ? a : k.make({ op: 'concat', parts: [a, k.constant(0n, shift)] }, w(a) + shift);
      return extend(k, n.op === 'muls' ? 'sext' : 'zext', shifted, n.width);
    }
    case 'divu': {
      const cb = k.constOf(n.b);
      if (cb === undefined) return n;
      if (cb === 0n) return k.constant(ones, n.width);
      const shift = powerOfTwo(cb);
      if (shift === null) return n;
      if (shift >= n.width) return zero();
      return shiftRight(k, 'zext', n.a, shift, n.width);
    }
    case 'shl':
    case 'shru':
    case 'shrs': {
      const cb = k.constOf(n.b);
      if (cb === undefined) return n;
      if (cb === 0n) return n.a;
      const s = cb >= BigInt(n.width) ? n.width : Number(cb);
      if (n.op === 'shl') return s >= n.width ? zero() : k.make({ op: 'concat', parts: [slice(k, n.a, 0, n.width - s), k.constant(0n, s)] }, n.width);
      if (s >= n.width) return n.op === 'shru' ? zero() : extend(k, 'sext', slice(k, n.a, n.width - 1, 1), n.width);
      return shiftRight(k, n.op === 'shru' ? 'zext' : 'sext', n.a, s, n.width);
    }
    case 'redand':
    case 'redor':
    case 'redxor': {
      const a = k.node(n.a);
      if (a.width === 1) return n.a;
      if (a.op === 'zext') return n.op === 'redand' ? zero() : k.make({ op: n.op, a: a.a }, 1);
      return n;
    }
    case 'mux':
      return simplifyMux(n, k);
    case 'concat': {
      // Neighbouring constants become one, so equal concatenations hash alike.
      const parts: NodeId[] = [];
      for (const p of n.parts) {
        const prev = parts[parts.length - 1];
        const cp = k.constOf(p);
        const cprev = prev === undefined ? undefined : k.constOf(prev);
        if (prev !== undefined && cp !== undefined && cprev !== undefined) {
          parts[parts.length - 1] = k.constant((cprev << BigInt(w(p))) | cp, w(prev) + w(p));
        } else parts.push(p);
      }
      if (parts.length === 1) return parts[0]!;
      return { ...n, parts };
    }
    case 'slice':
      return simplifySlice(n, k);
    case 'zext':
    case 'sext': {
      const a = k.node(n.a);
      if (a.width === n.width) return n.a;
      if (a.op === n.op) return k.make({ op: n.op, a: a.a }, n.width);
      if (n.op === 'sext' && a.op === 'zext' && k.node(a.a).width < a.width) return k.make({ op: 'zext', a: a.a }, n.width);
      return n;
    }
    case 'popcount':
      // One bit counts itself.
      return k.node(n.a).width === 1 ? n.a : n;
    case 'argmin':
    case 'argmax': {
      // One entry, or valid bits known to leave at most one: no key is compared.
      if (n.keys.length === 1) return k.make({ op: 'concat', parts: [n.valid, k.constant(0n, 1)] }, n.width);
      const v = k.constOf(n.valid);
      if (v === undefined || (v & (v - 1n)) !== 0n) return n;
      return k.constant(v === 0n ? 0n : (1n << BigInt(n.width - 1)) | BigInt(v.toString(2).length - 1), n.width);
    }
    default:
      return n;
  }
}

function isNot(k: Kit, x: NodeId, y: NodeId): boolean {
  const n = k.node(x);
  return n.op === 'not' && n.a === y;
}

function powerOfTwo(v: bigint): number | null {
  if (v <= 0n || (v & (v - 1n)) !== 0n) return null;
  return v.toString(2).length - 1;
}

function slice(k: Kit, a: NodeId, lo: number, width: number): NodeId {
  return k.make({ op: 'slice', a, lo }, width);
}

function extend(k: Kit, op: 'zext' | 'sext', a: NodeId, width: number): NodeId {
  return k.node(a).width === width ? a : k.make({ op, a }, width);
}

/** a >> s (0 < s < width), filled by `fill`. */
function shiftRight(k: Kit, fill: 'zext' | 'sext', a: NodeId, s: number, width: number): NodeId {
  return extend(k, fill, slice(k, a, s, width - s), width);
}

type CompareNode = Extract<Node, { op: 'eq' | 'ne' | 'ltu' | 'leu' | 'lts' | 'les' }>;

function simplifyCompare(n: CompareNode, k: Kit): NodeId | Node {
  let { a, b } = n;
  if (COMMUTATIVE.has(n.op) && k.constOf(a) !== undefined) [a, b] = [b, a];
  const bool = (x: boolean): NodeId => k.constant(x ? 1n : 0n, 1);
  if (a === b) return bool(n.op === 'eq' || n.op === 'leu' || n.op === 'les');
  const signedOp = n.op === 'lts' || n.op === 'les';
  const kind = n.op === 'eq' || n.op === 'ne' ? n.op : n.op === 'ltu' || n.op === 'lts' ? 'lt' : 'le';
  const ra = signedOp ? k.ranges.signed(a) : k.ranges.unsigned(a);
  const rb = signedOp ? k.ranges.signed(b) : k.ranges.unsigned(b);
  const decided = decideCompare(kind, ra, rb);
  if (decided !== null) return bool(decided);
  if (kind === 'eq' || kind === 'ne') {
    // `x == 0` on one bit is `!x`; `x != 0` is x itself.
    if (k.node(a).width === 1 && k.constOf(b) !== undefined) {
      const same = (k.constOf(b) === 1n) === (kind === 'eq');
      return same ? a : k.make({ op: 'not', a }, 1);
    }
  }
  const narrowed = narrow(k, a, b, signedOp ? 'sext' : 'zext');
  if (narrowed) return k.make({ op: n.op, a: narrowed[0], b: narrowed[1] }, 1);
  return { ...n, a, b };
}

/** The same compare on fewer bits, when both operands are extensions (or
 *  constants) of something narrower. */
function narrow(k: Kit, a: NodeId, b: NodeId, ext: 'zext' | 'sext'): [NodeId, NodeId] | null {
  const width = k.node(a).width;
  const source = (id: NodeId): { id: NodeId; bits: number } | { value: bigint; bits: number } | null => {
    const n = k.node(id);
    if (n.op === ext && k.node(n.a).width < n.width) return { id: n.a, bits: k.node(n.a).width };
    const c = k.constOf(id);
    if (c === undefined) return null;
    if (ext === 'zext') return { value: c, bits: Math.max(1, c.toString(2).length) };
    const s = BigInt.asIntN(width, c);
    return { value: s, bits: s >= 0n ? s.toString(2).length + 1 : (-s - 1n).toString(2).length + 1 };
  };
  const sa = source(a);
  const sb = source(b);
  if (!sa || !sb || ('value' in sa && 'value' in sb)) return null;
  const bits = Math.max(sa.bits, sb.bits);
  if (bits >= width) return null;
  const at = (s: { id: NodeId } | { value: bigint }): NodeId => ('id' in s ? extend(k, ext, s.id, bits) : k.constant(BigInt.asUintN(bits, s.value), bits));
  return [at(sa), at(sb)];
}

type MuxNode = Extract<Node, { op: 'mux' }>;

function simplifyMux(n: MuxNode, k: Kit): NodeId | Node {
  const sel = k.constOf(n.sel);
  if (sel !== undefined) return n.cases[Math.min(Number(sel), n.cases.length - 1)]!;
  // Cases the select cannot reach, and a tail that repeats the last case
  // (past the end selects the last case anyway), are dropped.
  const reach = k.ranges.unsigned(n.sel)[1];
  let cases = reach < BigInt(n.cases.length - 1) ? n.cases.slice(0, Number(reach) + 1) : [...n.cases];
  while (cases.length > 1 && cases[cases.length - 1] === cases[cases.length - 2]) cases.pop();
  if (cases.length === 1) return cases[0]!;
  let selId = n.sel;
  const s = k.node(selId);
  if (cases.length === 2 && s.op === 'not' && s.width === 1) {
    selId = s.a;
    cases = [cases[1]!, cases[0]!];
  }
  if (cases.length === 2 && n.width === 1 && k.node(selId).width === 1) {
    const [c0, c1] = [k.constOf(cases[0]!), k.constOf(cases[1]!)];
    if (c0 === 0n && c1 === 1n) return selId;
    if (c0 === 1n && c1 === 0n) return k.make({ op: 'not', a: selId }, 1);
    // sel ? x : 0 is an AND, sel ? 1 : x an OR: a gate, not a mux.
    if (c0 === 0n) return k.make({ op: 'and', a: selId, b: cases[1]! }, 1);
    if (c1 === 1n) return k.make({ op: 'or', a: selId, b: cases[0]! }, 1);
  }
  return { ...n, sel: selId, cases };
}

type SliceNode = Extract<Node, { op: 'slice' }>;

function simplifySlice(n: SliceNode, k: Kit): NodeId | Node {
  const a = k.node(n.a);
  const hi = n.lo + n.width;
  if (n.lo === 0 && n.width === a.width) return n.a;
  switch (a.op) {
    case 'slice':
      return slice(k, a.a, a.lo + n.lo, n.width);
    case 'zext':
    case 'sext': {
      const inner = k.node(a.a).width;
      if (hi <= inner) return slice(k, a.a, n.lo, n.width);
      if (a.op === 'zext' && n.lo >= inner) return k.constant(0n, n.width);
      return n;
    }
    case 'concat': {
      // Parts are most significant first; walk them from the bottom.
      let off = 0;
      for (let i = a.parts.length - 1; i >= 0; i--) {
        const p = a.parts[i]!;
        const pw = k.node(p).width;
        if (n.lo >= off && hi <= off + pw) return slice(k, p, n.lo - off, n.width);
        off += pw;
      }
      return n;
    }
    default:
      return n;
  }
}
