// Bounds on the values a node can take, from its structure alone: enough to
// see that `head <= 7` on a 3-bit head, or `zext(x) < 9` on a 3-bit x, is
// always true. Deliberately shallow (a few operators, bounded depth): it
// only has to catch what the DSL's widening and literals produce.
import { indexBits, mask, type Node, type NodeId } from '../ir.js';

export type Range = readonly [lo: bigint, hi: bigint];

const MAX_DEPTH = 24;

export class Ranges {
  private readonly unsignedMemo = new Map<NodeId, Range>();
  private readonly signedMemo = new Map<NodeId, Range>();

  constructor(private readonly node: (id: NodeId) => Node) {}

  /** Bounds of the node's bits read as an unsigned number. */
  unsigned(id: NodeId, depth = 0): Range {
    const hit = this.unsignedMemo.get(id);
    if (hit) return hit;
    const n = this.node(id);
    const full: Range = [0n, mask(n.width)];
    if (depth > MAX_DEPTH) return full;
    const r = this.unsignedOf(n, depth + 1) ?? full;
    this.unsignedMemo.set(id, r);
    return r;
  }

  private unsignedOf(n: Node, d: number): Range | null {
    switch (n.op) {
      case 'const':
        return [n.value, n.value];
      case 'wire':
      case 'zext':
        return this.unsigned(n.a, d);
      case 'and':
        return [0n, min(this.unsigned(n.a, d)[1], this.unsigned(n.b, d)[1])];
      case 'shru':
        return [0n, this.unsigned(n.a, d)[1]];
      // Library operations: a count is at most the bits counted; an index
      // is below the entries it picks from, under its found bit.
      case 'popcount':
        return [0n, BigInt(this.node(n.a).width)];
      case 'prienc':
        return [0n, (1n << BigInt(indexBits(this.node(n.a).width))) | BigInt(this.node(n.a).width - 1)];
      case 'argmin':
      case 'argmax':
        return [0n, (1n << BigInt(indexBits(n.keys.length))) | BigInt(n.keys.length - 1)];
      case 'mux':
        return n.cases.map((c) => this.unsigned(c, d)).reduce(union);
      case 'concat': {
        // Parts are most significant first, so the bounds concatenate.
        let lo = 0n;
        let hi = 0n;
        for (const p of n.parts) {
          const [l, h] = this.unsigned(p, d);
          const w = BigInt(this.node(p).width);
          lo = (lo << w) | l;
          hi = (hi << w) | h;
        }
        return [lo, hi];
      }
      default:
        return null;
    }
  }

  /** Bounds of the node's bits read as a two's-complement number. */
  signed(id: NodeId, depth = 0): Range {
    const hit = this.signedMemo.get(id);
    if (hit) return hit;
    const n = this.node(id);
    const half = 1n << BigInt(n.width - 1);
    const full: Range = [-half, half - 1n];
    if (depth > MAX_DEPTH) return full;
    const r = this.signedOf(n, depth + 1) ?? full;
    this.signedMemo.set(id, r);
    return r;
  }

  private signedOf(n: Node, d: number): Range | null {
    switch (n.op) {
      case 'const':
        return [BigInt.asIntN(n.width, n.value), BigInt.asIntN(n.width, n.value)];
      case 'wire':
      case 'sext':
        return this.signed(n.a, d);
      case 'zext':
        return this.node(n.a).width < n.width ? this.unsigned(n.a, d) : this.signed(n.a, d);
      case 'mux':
        return n.cases.map((c) => this.signed(c, d)).reduce(union);
      default:
        return null;
    }
  }
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function union(x: Range, y: Range): Range {
  return [x[0] < y[0] ? x[0] : y[0], x[1] > y[1] ? x[1] : y[1]];
}

/** The comparison's constant result when the operand bounds decide it. */
export function decideCompare(op: 'eq' | 'ne' | 'lt' | 'le', a: Range, b: Range): boolean | null {
  switch (op) {
    case 'eq':
    case 'ne': {
      const disjoint = a[1] < b[0] || b[1] < a[0];
      const same = a[0] === a[1] && b[0] === b[1] && a[0] === b[0];
      if (disjoint || same) return (op === 'eq') === same;
      return null;
    }
    case 'lt':
      return a[1] < b[0] ? true : a[0] >= b[1] ? false : null;
    case 'le':
      return a[1] <= b[0] ? true : a[0] > b[1] ? false : null;
  }
}
