// The value of a pure operator on constant operands, by the semantics of
// ir.ts (written from that text, not shared with the simulator's code
// generator, so the differential test compares two readings of the spec).
import { indexBits, isBinary, mask, type BinaryOp, type Node, type NodeId } from '../ir.js';

export type ValueOf = (id: NodeId) => bigint | undefined;
export type WidthOf = (id: NodeId) => number;

function signed(v: bigint, w: number): bigint {
  return BigInt.asIntN(w, v);
}

export function evalPure(n: Node, value: ValueOf, width: WidthOf): bigint | undefined {
  if (isBinary(n)) return evalBinary(n, value, width);
  const m = mask(n.width);
  switch (n.op) {
    case 'const':
      return n.value;
    case 'wire':
    case 'zext':
      return value(n.a);
    case 'not': {
      const a = value(n.a);
      return a === undefined ? undefined : ~a & m;
    }
    case 'sext': {
      const a = value(n.a);
      return a === undefined ? undefined : BigInt.asUintN(n.width, signed(a, width(n.a)));
    }
    case 'slice': {
      const a = value(n.a);
      return a === undefined ? undefined : (a >> BigInt(n.lo)) & m;
    }
    case 'redand':
    case 'redor':
    case 'redxor': {
      const a = value(n.a);
      if (a === undefined) return undefined;
      if (n.op === 'redand') return a === mask(width(n.a)) ? 1n : 0n;
      if (n.op === 'redor') return a !== 0n ? 1n : 0n;
      let p = 0n;
      for (let x = a; x !== 0n; x >>= 1n) p ^= x & 1n;
      return p;
    }
    case 'concat': {
      let acc = 0n;
      for (const id of n.parts) {
        const v = value(id);
        if (v === undefined) return undefined;
        acc = (acc << BigInt(width(id))) | v;
      }
      return acc;
    }
    case 'mux': {
      const s = value(n.sel);
      if (s === undefined) return undefined;
      const pick = n.cases[Math.min(Number(s), n.cases.length - 1)];
      return pick === undefined ? undefined : value(pick);
    }
    case 'popcount': {
      const a = value(n.a);
      if (a === undefined) return undefined;
      let c = 0n;
      for (let x = a; x !== 0n; x >>= 1n) c += x & 1n;
      return c;
    }
    case 'prienc': {
      const a = value(n.a);
      if (a === undefined) return undefined;
      const set: number[] = [];
      for (let i = 0; i < width(n.a); i++) if ((a >> BigInt(i)) & 1n) set.push(i);
      return found(set.length > 0, (n.highest ? set[set.length - 1] : set[0]) ?? 0, width(n.a));
    }
    case 'argmin':
    case 'argmax': {
      const v = value(n.valid);
      const keys = n.keys.map(value);
      if (v === undefined || keys.some((k) => k === undefined)) return undefined;
      const kw = width(n.keys[0]!);
      const key = (i: number): bigint => (n.signed ? signed(keys[i]!, kw) : keys[i]!);
      let best = -1;
      for (let i = 0; i < keys.length; i++) {
        if (((v >> BigInt(i)) & 1n) === 0n) continue;
        const better = best < 0 || (n.op === 'argmin' ? key(i) < key(best) : key(i) > key(best)) || (n.latest && key(i) === key(best));
        if (better) best = i;
      }
      return found(best >= 0, Math.max(best, 0), keys.length);
    }
  }
  return undefined;
}

/** A (found, index) pair as library operations pack it: found above the
 *  indexBits(n) index bits. */
function found(any: boolean, index: number, n: number): bigint {
  return ((any ? 1n : 0n) << BigInt(indexBits(n))) | BigInt(index);
}

function evalBinary(n: Extract<Node, { op: BinaryOp }>, value: ValueOf, width: WidthOf): bigint | undefined {
  const a = value(n.a);
  const b = value(n.b);
  if (a === undefined || b === undefined) return undefined;
  const m = mask(n.width);
  const wa = width(n.a);
  const bool = (x: boolean): bigint => (x ? 1n : 0n);
  switch (n.op) {
    case 'add':
      return (a + b) & m;
    case 'sub':
      return (a - b) & m;
    case 'and':
      return a & b;
    case 'or':
      return a | b;
    case 'xor':
      return a ^ b;
    case 'eq':
      return bool(a === b);
    case 'ne':
      return bool(a !== b);
    case 'ltu':
      return bool(a < b);
    case 'leu':
      return bool(a <= b);
    case 'lts':
      return bool(signed(a, wa) < signed(b, wa));
    case 'les':
      return bool(signed(a, wa) <= signed(b, wa));
    case 'mulu':
      return (a * b) & m;
    case 'muls':
      return BigInt.asUintN(n.width, signed(a, wa) * signed(b, width(n.b)));
    case 'divu':
      return b === 0n ? m : a / b;
    case 'shl':
      return b >= BigInt(n.width) ? 0n : (a << b) & m;
    case 'shru':
      return b >= BigInt(n.width) ? 0n : a >> b;
    case 'shrs': {
      const s = signed(a, n.width);
      return BigInt.asUintN(n.width, b >= BigInt(n.width) ? (s < 0n ? -1n : 0n) : s >> b);
    }
  }
}
