// The merged-compares pass on small netlists: what it merges, what it must
// leave alone, and that the compiled result matches the reference simulator.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flatten } from '../../flatten.js';
import type { ModuleIR, NodeId } from '../../ir.js';
import { mergeCompares } from './merged-compares.js';
import { decodedModule } from '../testing/decoded.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { matchesReference } from '../testing/match.js';

const mergedIn = (mod: ModuleIR): number => mergeCompares(flatten(designOf(mod))).merged;

/** Often equal nibbles, so the compares come out true as well as false. */
function nibbles(r: () => number, width: number): bigint {
  let v = 0n;
  for (let k = 0; k < width; k += 4) v |= BigInt(r() < 0.5 ? 5 : Math.floor(r() * 16)) << BigInt(k);
  return BigInt.asUintN(width, v);
}

/** (a.from == b.to) & (a.to == b.from) & a.v, fields of `fw` bits; `toAt`
 *  moves a.to and b.from off their places next to the other field. */
function edgeMatch(fw: number, opts: { toAt?: number; constant?: boolean } = {}): ModuleIR {
  const m = new IrBuilder('Top');
  const a = m.input('a', 2 * fw + 2);
  const b = m.input('b', 2 * fw + 1);
  const sl = (x: NodeId, lo: number, w: number): NodeId => m.node({ op: 'slice', a: x, lo }, w);
  const e1 = m.node({ op: 'eq', a: sl(a, fw, fw), b: sl(b, 0, fw) }, 1);
  const e2 = m.node({ op: 'eq', a: sl(a, opts.toAt ?? 0, fw), b: opts.constant ? m.const(5, fw) : sl(b, fw + (opts.toAt ?? 0), fw) }, 1);
  const v = sl(a, 2 * fw + 1, 1);
  m.output('y', m.node({ op: 'and', a: m.node({ op: 'and', a: v, b: e1 }, 1), b: e2 }, 1));
  return m.build();
}

describe('merged compares', () => {
  it('(a.from == b.to) & (a.to == b.from) becomes one compare, exact', () => {
    expect(mergedIn(edgeMatch(4))).toBe(1);
    matchesReference(edgeMatch(4), 400, 1, nibbles);
  });

  it('fields that are not adjacent, compares against constants and joins wider than 32 bits are left alone', () => {
    expect(mergedIn(edgeMatch(4, { toAt: 1 }))).toBe(0);
    expect(mergedIn(edgeMatch(4, { constant: true }))).toBe(0);
    expect(mergedIn(edgeMatch(17))).toBe(0);
    matchesReference(edgeMatch(4, { toAt: 1 }), 200, 1, nibbles);
    matchesReference(edgeMatch(17), 200, 1, nibbles);
  });

  it('a compare also read outside the AND tree keeps its value', () => {
    const m = new IrBuilder('Top');
    const a = m.input('a', 8);
    const b = m.input('b', 8);
    const e1 = m.node({ op: 'eq', a: m.node({ op: 'slice', a, lo: 4 }, 4), b: m.node({ op: 'slice', a: b, lo: 0 }, 4) }, 1);
    const e2 = m.node({ op: 'eq', a: m.node({ op: 'slice', a, lo: 0 }, 4), b: m.node({ op: 'slice', a: b, lo: 4 }, 4) }, 1);
    m.output('y', m.node({ op: 'and', a: e1, b: e2 }, 1));
    m.output('e1', e1);
    const mod = m.build();
    expect(mergedIn(mod)).toBe(1);
    matchesReference(mod, 300, 1, nibbles);
  });

  it('random record-compare matrices match the reference in every code shape', () => {
    let merged = 0;
    for (let seed = 0; seed < 10; seed++) merged += mergedIn(decodedModule(seed, { gathers: 0, scatters: 0, compares: 2 }));
    expect(merged).toBeGreaterThan(10);
    fc.assert(
      fc.property(fc.nat(), (seed) => matchesReference(decodedModule(seed, { gathers: 1, scatters: 1, compares: 2 }), 30, seed, nibbles)),
      { numRuns: 20 },
    );
  });
});
