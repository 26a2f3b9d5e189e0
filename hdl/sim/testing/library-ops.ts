// Test support: the library operations (popcount, priority encode,
// arg-min/arg-max) over a circuit's nodes, for the differential tests
// (random-circuit.test.ts against RefSim, the Verilator fuzz): operands are
// sliced, extended or mixed from the circuit's nodes at every width class,
// with few distinct keys so ties happen.
import { countBits, indexBits, type NodeId } from '../../ir.js';
import type { IrBuilder } from './ir.js';

export type Rand = () => number;

/** Adds `count` random library operations over `sources` and returns them. */
export function addLibraryOps(m: IrBuilder, r: Rand, sources: readonly NodeId[], count: number): NodeId[] {
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const pickOf = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const fit = (id: NodeId, w: number): NodeId => {
    const wa = m.width(id);
    if (wa === w) return id;
    if (wa > w) return m.node({ op: 'slice', a: id, lo: int(0, wa - w) }, w);
    return m.node({ op: r() < 0.5 ? 'zext' : 'sext', a: id }, w);
  };
  const word = (w: number): NodeId => {
    const a = fit(pickOf(sources), w);
    return r() < 0.4 ? m.node({ op: 'and', a, b: fit(pickOf(sources), w) }, w) : a;
  };
  const width = (): number => pickOf([1, 2, 5, 8, 31, 32, 33, 40, 52, 53, 64, 70, 100]);
  const out: NodeId[] = [];
  for (let i = 0; i < count; i++) {
    const kind = int(0, 2);
    if (kind === 0) {
      const a = word(width());
      out.push(m.node({ op: 'popcount', a }, countBits(m.width(a))));
    } else if (kind === 1) {
      const a = word(width());
      out.push(m.node({ op: 'prienc', a, highest: r() < 0.5 }, 1 + indexBits(m.width(a))));
    } else {
      const n = pickOf([1, 2, 3, 5, 8, 33]);
      const kw = r() < 0.4 ? int(1, 3) : width();
      const keys = Array.from({ length: n }, () => word(kw));
      const valid = word(n);
      out.push(m.node({ op: r() < 0.5 ? 'argmin' : 'argmax', valid, keys, signed: r() < 0.5, latest: r() < 0.5 }, 1 + indexBits(n)));
    }
  }
  return out;
}
