// The library operations cost what the hand-written trees they replaced
// cost: the inventory (and so the area) and the critical path of a
// popcount, a priority encoder and an arg-min/max node are those of the
// adder, mux and comparator trees hdl/lib and the merge units built from
// the DSL's operators before (written out here). Their constant cases fold
// away.
import { describe, expect, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import { analyzeTiming, inventory } from '../inventory/index.js';
import type { Design } from '../ir.js';
import { isLibraryOp } from '../ir.js';
import { argMax, argMin, popcountNode, priorityNode } from '../lib/library-ops.js';
import { defineModule, type ModuleBuilder } from '../module.js';
import { countBits, indexBits } from '../lib/util.js';
import { cat, mux } from '../ops.js';
import type { SInt, UInt } from '../signal.js';
import { sint, uint } from '../types.js';

/** What pricing sees: every operator shape and count, and the worst path
 *  with a delay that grows with each operator's width. */
function costOf(d: Design): { ops: string[]; path: number } {
  const inv = inventory(d);
  const timing = analyzeTiming(inv.graph, (s) => 1 + ('width' in s ? s.width / 64 : 0));
  return { ops: inv.total.ops.map((o) => `${o.key} x${o.count}`), path: timing.criticalPath.totalPs };
}

function twoWays(name: string, build: (m: ModuleBuilder, x: UInt, byNode: boolean) => UInt): [Design, Design] {
  const one = (byNode: boolean): Design =>
    elaborate(
      defineModule(`${name}${byNode ? 'Node' : 'Tree'}`, (m, w: number) => {
        const y = build(m, m.input('x', uint(w)), byNode);
        m.output('y', uint(y.width)).drive(y);
        return {};
      }),
      40,
    );
  return [one(true), one(false)];
}

/** hdl/lib's popCount as it was: bits summed pairwise, level by level. */
function handPopCount(x: UInt): UInt {
  let level: UInt[] = Array.from({ length: x.width }, (_, i) => x.bit(i));
  while (level.length > 1) {
    const next: UInt[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(level[i]!.add(level[i + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  const w = countBits(x.width);
  return level[0]!.width >= w ? level[0]!.trunc(w) : level[0]!.zext(w);
}

/** hdl/lib's priorityEncode as it was: halves split at a power of two. */
function handEncoder(m: ModuleBuilder, bits: UInt[], highest: boolean): { any: UInt; index: UInt | null; bits: number } {
  if (bits.length === 1) return { any: bits[0]!, index: null, bits: 0 };
  const half = 2 ** (indexBits(bits.length) - 1);
  const lo = handEncoder(m, bits.slice(0, half), highest);
  const hi = handEncoder(m, bits.slice(half), highest);
  const pickHi = highest ? hi.any : lo.any.not().and(hi.any);
  const w = Math.max(1, lo.bits);
  const idxOf = (e: typeof lo): UInt => (e.index === null ? m.lit(0, uint(w)) : e.index.zext(w));
  const index = lo.bits === 0 ? pickHi : cat(pickHi, mux(pickHi, idxOf(hi), idxOf(lo)));
  return { any: lo.any.or(hi.any), index, bits: lo.bits + 1 };
}

/** The comparator tree the merge units built by hand (hw-lib's extremeOf). */
function handTree(m: ModuleBuilder, valid: UInt, keys: readonly UInt[], max: boolean): UInt {
  let level = keys.map((k, i) => ({ v: valid.bit(i), k, idx: m.lit(i, uint(indexBits(keys.length))) }));
  while (level.length > 1) {
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      const a = level[i]!;
      const b = level[i + 1];
      if (b === undefined) next.push(a);
      else {
        const takeB = b.v.and(a.v.not().or(max ? b.k.gt(a.k) : b.k.lt(a.k)));
        next.push({ v: a.v.or(b.v), k: mux(takeB, b.k, a.k), idx: mux(takeB, b.idx, a.idx) });
      }
    }
    level = next;
  }
  return cat(level[0]!.v, level[0]!.idx);
}

describe('library operations are priced as their trees', () => {
  it('a popcount node costs what the adder tree costs (at a power of two; less at others, by its unread top bit)', () => {
    for (const w of [8, 32, 13]) {
      const [node, tree] = twoWays(`Pop${w}`, (_m, x, byNode) => (byNode ? popcountNode(x.trunc(w)) : handPopCount(x.trunc(w))));
      if (w !== 13) expect(costOf(node)).toEqual(costOf(tree));
      else {
        // 13 bits count to at most 13: the root adder is 4 bits, not 5.
        expect(costOf(tree).ops).toEqual(['add 2 x6', 'add 3 x3', 'add 4 x2', 'add 5 x1']);
        expect(costOf(node).ops).toEqual(['add 2 x6', 'add 3 x3', 'add 4 x3']);
        expect(costOf(node).path).toBeLessThan(costOf(tree).path);
      }
    }
  });

  it('a priority-encoder node costs what the mux tree costs', () => {
    for (const highest of [false, true]) {
      const [node, tree] = twoWays(`Pe${highest}`, (m, x, byNode) => {
        if (byNode) return cat(...Object.values(priorityNode(x, highest)));
        const e = handEncoder(m, Array.from({ length: x.width }, (_, i) => x.bit(i)), highest);
        return cat(e.any, e.index!);
      });
      expect(costOf(node)).toEqual(costOf(tree));
    }
  });

  it('an arg-max node costs what the hand-written comparator tree costs', () => {
    const one = (byNode: boolean): Design =>
      elaborate(
        defineModule(`Ext${byNode}`, (m) => {
          const valid = m.input('valid', uint(5));
          const keys = Array.from({ length: 5 }, (_, i) => m.input(`k${i}`, uint(12)));
          const e = byNode ? argMax(valid, keys) : null;
          const y = e ? cat(e.found, e.index) : handTree(m, valid, keys, true);
          m.output('y', uint(4)).drive(y);
          return {};
        }),
        undefined,
      );
    expect(costOf(one(true))).toEqual(costOf(one(false)));
  });

  it('fold with constant operands, one entry or one valid entry left', () => {
    const d = elaborate(
      defineModule('Folds', (m) => {
        const keys: SInt[] = Array.from({ length: 3 }, (_, i) => m.input(`k${i}`, sint(6)));
        const x = m.input('x', uint(9));
        const outs = {
          pop: popcountNode(m.lit(0b1011, uint(7))),
          pe: cat(...Object.values(priorityNode(m.lit(0b0100, uint(4)), true))),
          one: cat(...Object.values(argMin(m.lit(0b010, uint(3)), keys))),
          none: cat(...Object.values(argMax(m.lit(0, uint(3)), keys))),
          single: cat(...Object.values(argMax(x.bits(0, 0), [keys[0]!]))),
          bit: popcountNode(x.bit(3)),
        };
        for (const [k, s] of Object.entries(outs)) m.output(k, uint(s.width)).drive(s);
        return {};
      }),
      undefined,
    );
    expect(d.top.nodes.filter(isLibraryOp).map((n) => n.op)).toEqual([]);
    const value = (port: string): bigint | undefined => {
      let n = d.top.nodes[d.top.ports.find((p) => p.name === port)!.node]!;
      while (n.op === 'wire') n = d.top.nodes[n.a]!;
      return n.op === 'const' ? n.value : undefined;
    };
    expect([value('pop'), value('pe'), value('one'), value('none')]).toEqual([3n, 0b110n, 0b101n, 0n]);
  });
});
