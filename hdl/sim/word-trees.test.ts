// The word-trees pass on small netlists: the comparator, priority, count
// and OR trees it rewrites, the near misses it must leave alone, and that
// the compiled result matches the reference simulator either way.
import { describe, expect, it } from 'vitest';
import { flatten } from '../flatten.js';
import type { ModuleIR, NodeId } from '../ir.js';
import { designOf, IrBuilder } from './test-ir.js';
import { randomModule } from './test-random.js';
import { rewriteWordTrees, type WordTreeStats } from './word-trees.js';
import { matchesReference } from './test-match.js';

function statsOf(mod: ModuleIR): WordTreeStats {
  const stats: WordTreeStats = { argExtremes: 0, firstSets: 0, counts: 0, orBits: 0 };
  rewriteWordTrees(flatten(designOf(mod)), stats);
  return stats;
}


type Cmp = 'ltu' | 'leu' | 'lts' | 'les';
interface Sub {
  v: NodeId;
  k: NodeId;
  idx: NodeId;
}

/** hw-lib's extremeOf: leaves joined pairwise, an odd one passed up. */
function pairTree<T>(leaves: T[], join: (a: T, b: T) => T): T {
  let level = leaves;
  while (level.length > 1) {
    const next: T[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? join(level[i]!, level[i + 1]!) : level[i]!);
    level = next;
  }
  return level[0]!;
}

/** An arg tree over `n` keys of `kw` bits sliced from input `keys`, valid
 *  bits from input `valid`; `tweak` may spoil one join (near misses). */
function argModule(n: number, kw: number, cmp: Cmp, min: boolean, tweak?: (m: IrBuilder, a: Sub, b: Sub, j: number) => Partial<{ better: NodeId; kSel: NodeId; idxB: NodeId }>): ModuleIR {
  const m = new IrBuilder('Top');
  const valid = m.input('valid', n);
  const keys = m.input('keys', n * kw);
  const ib = Math.max(1, Math.ceil(Math.log2(n)));
  const leaves: Sub[] = Array.from({ length: n }, (_, p) => ({
    v: m.node({ op: 'slice', a: valid, lo: p }, 1),
    k: m.node({ op: 'slice', a: keys, lo: p * kw }, kw),
    idx: m.const(p, ib),
  }));
  let j = 0;
  const top = pairTree(leaves, (a, b) => {
    const t = tweak?.(m, a, b, j++) ?? {};
    const better = t.better ?? (min ? m.node({ op: cmp, a: b.k, b: a.k }, 1) : m.node({ op: cmp, a: a.k, b: b.k }, 1));
    const takeB = m.node({ op: 'and', a: b.v, b: m.node({ op: 'or', a: m.node({ op: 'not', a: a.v }, 1), b: better }, 1) }, 1);
    return {
      v: m.node({ op: 'or', a: a.v, b: b.v }, 1),
      k: m.node({ op: 'mux', sel: t.kSel ?? takeB, cases: [a.k, b.k] }, kw),
      idx: m.node({ op: 'mux', sel: takeB, cases: [a.idx, t.idxB ?? b.idx] }, ib),
    };
  });
  m.output('idx', top.idx);
  m.output('found', top.v);
  m.output('key', top.k);
  return m.build();
}

describe('arg-min/max trees', () => {
  it.each([
    ['ltu', true],
    ['ltu', false],
    ['leu', true],
    ['leu', false],
    ['lts', true],
    ['les', false],
  ] as const)('%s (min %s) over 4 two-bit keys becomes one packed minimum, exact on every input', (cmp, min) => {
    const mod = argModule(4, 2, cmp, min);
    expect(statsOf(mod).argExtremes).toBe(1);
    matchesReference(mod);
  });

  it('odd leaf counts and the QFM shape (32 entries, 16-bit stamps) stay exact', () => {
    for (const n of [5, 7]) {
      const mod = argModule(n, 2, 'ltu', n === 5);
      expect(statsOf(mod).argExtremes).toBe(1);
      matchesReference(mod, 3000, 3);
    }
    const qfm = argModule(32, 16, 'ltu', false);
    expect(statsOf(qfm).argExtremes).toBe(1);
    matchesReference(qfm, 400, 3);
  });

  it('keys too wide to pack with their tie field are left alone', () => {
    // 28-bit keys and 2 tie bits: 30 bits, the most a packed word holds.
    expect(statsOf(argModule(4, 28, 'ltu', true)).argExtremes).toBe(1);
    const mod = argModule(4, 29, 'ltu', true);
    expect(statsOf(mod).argExtremes).toBe(0);
    matchesReference(mod, 300, 3);
  });

  it('near misses are not one tree: a compare the other way round, a k mux on another select, an idx that is not its position', () => {
    const variants: NonNullable<Parameters<typeof argModule>[4]>[] = [
      (m, a, b, j) => (j === 2 ? { better: m.node({ op: 'ltu', a: a.k, b: b.k }, 1) } : {}),
      (m, a, b, j) => (j === 1 ? { kSel: m.node({ op: 'and', a: a.v, b: b.v }, 1) } : {}),
      (m, _a, b, j) => (j === 0 ? { idxB: m.const(3, 2) } : {}),
    ];
    for (const tweak of variants) {
      const mod = argModule(4, 2, 'ltu', true, tweak);
      // The spoilt join is a leaf of a smaller tree (or none): never the
      // four-leaf tree.
      expect(statsOf(mod).argExtremes).toBe(0);
      matchesReference(mod);
    }
  });
});

/** hw-lib's lowestSet over `n` request bits of input `req` at `pos`. */
function firstSetModule(n: number, pos: (p: number) => number, idxOf: (p: number, m: IrBuilder) => NodeId): ModuleIR {
  const m = new IrBuilder('Top');
  const req = m.input('req', 8);
  const leaves = Array.from({ length: n }, (_, p) => ({ any: m.node({ op: 'slice', a: req, lo: pos(p) }, 1), idx: idxOf(p, m) }));
  const top = pairTree(leaves, (a, b) => ({ any: m.node({ op: 'or', a: a.any, b: b.any }, 1), idx: m.node({ op: 'mux', sel: a.any, cases: [b.idx, a.idx] }, 3) }));
  m.output('idx', top.idx);
  m.output('any', top.any);
  return m.build();
}

describe('first-set trees', () => {
  it('a lowest-set-bit tree becomes ctz, the last leaf what no request gives', () => {
    const mod = firstSetModule(8, (p) => p, (p, m) => m.const(p, 3));
    expect(statsOf(mod).firstSets).toBe(1);
    matchesReference(mod);
  });

  it('spread bit positions with idx equal to the position stay exact; the last leaf may be any node', () => {
    const mod = firstSetModule(4, (p) => 2 * p, (p, m) => (p === 3 ? m.node({ op: 'slice', a: m.input('x', 3), lo: 0 }, 3) : m.const(2 * p, 3)));
    expect(statsOf(mod).firstSets).toBe(1);
    matchesReference(mod);
  });

  it('near misses are left alone: bits out of order, an idx that is not the bit position', () => {
    const swapped = firstSetModule(5, (p) => [1, 0, 2, 3, 4][p]!, (p, m) => m.const([1, 0, 2, 3, 4][p]!, 3));
    const offByOne = firstSetModule(5, (p) => p, (p, m) => m.const(p === 1 ? 2 : p, 3));
    for (const mod of [swapped, offByOne]) {
      expect(statsOf(mod).firstSets).toBe(0);
      matchesReference(mod);
    }
  });
});

describe('bit counts and OR trees of bits', () => {
  /** count = 0 + zext(bit) + ... over `bits` of input `v`, `cw` bits wide. */
  function countModule(bits: number[], cw: number, extra?: (m: IrBuilder) => NodeId): ModuleIR {
    const m = new IrBuilder('Top');
    const v = m.input('v', 8);
    let acc = m.const(0, cw);
    for (const j of bits) acc = m.node({ op: 'add', a: acc, b: m.node({ op: 'zext', a: m.node({ op: 'slice', a: v, lo: j }, 1) }, cw) }, cw);
    if (extra) acc = m.node({ op: 'add', a: acc, b: extra(m) }, cw);
    m.output('n', acc);
    return m.build();
  }

  it('an adder chain over bits is a popcount, wrapping as the adders do', () => {
    for (const [bits, cw] of [
      [[0, 1, 2, 3, 4, 5, 6, 7], 4],
      [[1, 3, 4, 6, 7], 2],
    ] as const) {
      const mod = countModule([...bits], cw);
      expect(statsOf(mod).counts).toBe(1);
      matchesReference(mod);
    }
  });

  it('a bit counted twice, or a term that is no bit, is not a popcount', () => {
    const twice = countModule([0, 1, 2, 2, 3], 3);
    const other = countModule([0, 1, 2, 3], 3, (m) => m.input('x', 3));
    for (const mod of [twice, other]) {
      expect(statsOf(mod).counts).toBe(0);
      matchesReference(mod);
    }
  });

  it('an OR tree of bits of one word is redor(V & M); a bit of another word keeps it an OR tree', () => {
    const build = (foreign: boolean): ModuleIR => {
      const m = new IrBuilder('Top');
      const v = m.input('v', 6);
      const w = m.input('w', 2);
      const bits = [0, 2, 3, 5].map((j) => m.node({ op: 'slice', a: v, lo: j }, 1));
      if (foreign) bits.push(m.node({ op: 'slice', a: w, lo: 1 }, 1));
      m.output('y', pairTree(bits, (a, b) => m.node({ op: 'or', a, b }, 1)));
      return m.build();
    };
    expect(statsOf(build(false)).orBits).toBeGreaterThan(0);
    expect(statsOf(build(true)).orBits).toBe(0);
    matchesReference(build(false));
    matchesReference(build(true));
  });
});

describe('trees whose inner nodes other logic computes anyway', () => {
  /** y = OR of bits 0..3 of v; the inner OR of bits 0, 1 also read by a
   *  node that reaches output z (live) or nothing (dead). */
  function shared(liveReader: boolean): ModuleIR {
    const m = new IrBuilder('Top');
    const v = m.input('v', 4);
    const b = [0, 1, 2, 3].map((j) => m.node({ op: 'slice', a: v, lo: j }, 1));
    const lo = m.node({ op: 'or', a: b[0]!, b: b[1]! }, 1);
    const hi = m.node({ op: 'or', a: b[2]!, b: b[3]! }, 1);
    m.output('y', m.node({ op: 'or', a: lo, b: hi }, 1));
    const other = m.node({ op: 'not', a: lo }, 1);
    if (liveReader) m.output('z', other);
    return m.build();
  }

  it('an OR tree is left alone when logic that reaches an output reads its inner ORs, rewritten when that reader is dead', () => {
    expect(statsOf(shared(true)).orBits).toBe(0);
    expect(statsOf(shared(false)).orBits).toBe(1);
    matchesReference(shared(true));
    matchesReference(shared(false));
  });
});

describe('random circuits with word trees (test-word-trees.ts)', () => {
  it('the generator produces every kind of tree the pass rewrites', () => {
    const total: WordTreeStats = { argExtremes: 0, firstSets: 0, counts: 0, orBits: 0 };
    for (let seed = 0; seed < 20; seed++) {
      const s = statsOf(randomModule(seed, { nodes: 30, wordTrees: 6 }));
      for (const k of Object.keys(total) as (keyof WordTreeStats)[]) total[k] += s[k];
    }
    for (const k of Object.keys(total) as (keyof WordTreeStats)[]) expect(total[k], k).toBeGreaterThan(2);
  });
});
