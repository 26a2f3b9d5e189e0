// The decoded-select pass on small netlists: what it rewrites, what it must
// leave alone, and that the compiled result still matches the reference
// simulator on every index value.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flatten } from '../../flatten.js';
import type { ModuleIR, NodeId } from '../../ir.js';
import { rewriteDecodedSelects, type DecodedSelectStats } from './decoded-select.js';
import { decodedModule } from '../testing/decoded.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { matchesReference } from '../testing/match.js';

function statsOf(mod: ModuleIR): DecodedSelectStats {
  const stats: DecodedSelectStats = { gathers: 0, scatters: 0, scatterTrees: 0 };
  rewriteDecodedSelects(flatten(designOf(mod)), stats);
  return stats;
}


/** OR of mux(sel_i, [0, d_i]) as a left-leaning chain. */
function orOfTerms(m: IrBuilder, sels: NodeId[], ds: NodeId[], w: number): NodeId {
  const zero = m.const(0, w);
  const terms = sels.map((s, i) => m.node({ op: 'mux', sel: s, cases: [zero, ds[i]!] }, w));
  return terms.slice(1).reduce((a, t) => m.node({ op: 'or', a, b: t }, w), terms[0]!);
}

const eqK = (m: IrBuilder, idx: NodeId, k: number): NodeId => m.node({ op: 'eq', a: idx, b: m.const(k, m.w(idx)) }, 1);

describe('gathers: one index against distinct constants', () => {
  it('an eq-decoded 4-entry select becomes an indexed read and stays exact (idx past the last entry reads 0)', () => {
    const m = new IrBuilder('Top');
    const idx = m.input('idx', 3);
    const d = m.input('d', 8);
    const ds = [0, 1, 2, 3].map((k) => m.node({ op: 'xor', a: d, b: m.const(17 * k + 1, 8) }, 8));
    m.output('y', orOfTerms(m, [0, 1, 2, 3].map((k) => eqK(m, idx, k)), ds, 8));
    const mod = m.build();
    expect(statsOf(mod).gathers).toBe(1);
    matchesReference(mod);
  });

  it('bits of 1 << idx (the oneHot helper) are decoders; bits of 2 << idx are not', () => {
    const build = (one: number): ModuleIR => {
      const m = new IrBuilder('Top');
      const idx = m.input('idx', 3);
      const d = m.input('d', 4);
      const hot = m.node({ op: 'shl', a: m.const(one, 6), b: idx }, 6);
      const sels = [0, 1, 2, 3, 4, 5].map((k) => m.node({ op: 'slice', a: hot, lo: k }, 1));
      const ds = [0, 1, 2, 3, 4, 5].map((k) => m.node({ op: 'add', a: d, b: m.const(k, 4) }, 4));
      m.output('y', orOfTerms(m, sels, ds, 4));
      return m.build();
    };
    expect(statsOf(build(1)).gathers).toBe(1);
    expect(statsOf(build(2)).gathers).toBe(0);
    matchesReference(build(1));
    matchesReference(build(2));
  });

  it('near misses are left alone: a repeated constant, two index nodes, an enable, mux(sel, [d, 0])', () => {
    const variants: ((m: IrBuilder, idx: NodeId, idx2: NodeId, d: NodeId) => NodeId)[] = [
      (m, idx, _i2, d) => orOfTerms(m, [eqK(m, idx, 1), eqK(m, idx, 1)], [d, m.node({ op: 'not', a: d }, 4)], 4),
      (m, idx, i2, d) => orOfTerms(m, [eqK(m, idx, 1), eqK(m, i2, 2)], [d, m.node({ op: 'not', a: d }, 4)], 4),
      (m, idx, i2, d) => orOfTerms(m, [eqK(m, idx, 1), m.node({ op: 'and', a: eqK(m, idx, 2), b: m.node({ op: 'slice', a: i2, lo: 0 }, 1) }, 1)], [d, d], 4),
      (m, idx, _i2, d) => {
        const zero = m.const(0, 4);
        const t0 = m.node({ op: 'mux', sel: eqK(m, idx, 0), cases: [d, zero] }, 4);
        const t1 = m.node({ op: 'mux', sel: eqK(m, idx, 1), cases: [d, zero] }, 4);
        return m.node({ op: 'or', a: t0, b: t1 }, 4);
      },
    ];
    for (const v of variants) {
      const m = new IrBuilder('Top');
      const idx = m.input('idx', 2);
      const idx2 = m.input('idx2', 2);
      const d = m.input('d', 4);
      m.output('y', v(m, idx, idx2, d));
      const mod = m.build();
      const s = statsOf(mod);
      expect(s.gathers + s.scatters).toBe(0);
      matchesReference(mod);
    }
  });
});

describe('scatters: slot trees over shared (index, enable, data) triples', () => {
  /** slot k = OR_i (en_i & pos_i == k ? d_i : 0): the compaction shape. */
  function compaction(slots: number, dropTriple: number | null, posWidth = 2): ModuleIR {
    const m = new IrBuilder('Top');
    const pos = [0, 1, 2].map((i) => m.input(`p${i}`, posWidth));
    const en = [0, 1, 2].map((i) => m.input(`e${i}`, 1));
    const d = m.input('d', 3);
    const ds = [0, 1, 2].map((i) => m.node({ op: 'xor', a: d, b: m.const(i + 1, 3) }, 3));
    for (let k = 0; k < slots; k++) {
      const use = [0, 1, 2].filter((i) => !(k === slots - 1 && i === dropTriple));
      const sels = use.map((i) => m.node({ op: 'and', a: en[i]!, b: eqK(m, pos[i]!, k) }, 1));
      m.output(`s${k}`, orOfTerms(m, sels, use.map((i) => ds[i]!), 3));
    }
    return m.build();
  }

  it('the compaction network becomes one scatter, exact for every index, enable and data value', () => {
    const mod = compaction(4, null);
    expect(statsOf(mod)).toEqual({ gathers: 0, scatters: 1, scatterTrees: 4 });
    matchesReference(mod, 3000);
  });

  it('a triple one slot lacks is not scattered (it would land in that slot), and the rest still is', () => {
    const mod = compaction(4, 1);
    expect(statsOf(mod)).toEqual({ gathers: 0, scatters: 1, scatterTrees: 4 });
    // p1 == 3 must not reach s3.
    matchesReference(mod, 4000);
  });

  it('indices wider than the 64-entry table are left alone', () => {
    const mod = compaction(3, null, 7);
    expect(statsOf(mod).scatters).toBe(0);
    matchesReference(mod, 2000);
  });
});

describe('random decoded circuits', () => {
  it('the generator produces gathers, scatters and near misses', () => {
    let gathers = 0;
    let scatters = 0;
    for (let seed = 0; seed < 10; seed++) {
      const s = statsOf(decodedModule(seed));
      gathers += s.gathers;
      scatters += s.scatters;
    }
    expect(gathers).toBeGreaterThan(5);
    expect(scatters).toBeGreaterThan(5);
  });

  it('match the reference on random inputs, in every code shape', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => matchesReference(decodedModule(seed), 40)),
      { numRuns: 25 },
    );
  });
});
