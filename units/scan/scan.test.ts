import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { goldenSort } from '../radix-sort/golden.js';
import { runScan } from './drive.js';
import { goldenScan } from './golden.js';
import { Scan } from './module.js';

const arbList = fc.integer({ min: 1, max: 5 }).chain((prims) =>
  fc.array(fc.record({ pid: fc.integer({ min: 0, max: prims - 1 }).map((p) => p * 977), xy: fc.integer({ min: 0, max: 63 }).map((v) => (v * 3) >>> 0), val: fc.nat(1000) }), { minLength: 1, maxLength: 120 }),
);

describe('Scan (DSL) against a plain count of distinct quads', () => {
  it('counts primitives, quads and shader executions and emits each quad with its samples', () => {
    checkWithWaves('scan-vs-distinct-count', fc.tuple(arbList, arbList), ([a, b], ctx) => {
      const sim = createSimulator(elaborate(Scan, { pidBits: 32, valBits: 10 }));
      ctx.attach(sim);
      sim.reset();
      for (const list of [a, b]) {
        const sorted = goldenSort(list);
        const want = goldenScan(sorted);
        const got = runScan(sim, sorted);
        expect(got.prims).toBe(want.prims);
        expect(got.quadCount).toBe(want.quads.length);
        expect(got.shaderExecs).toBe(want.shaderExecs);
        const gotLists = got.quads.map((q) => `${q.pid}/${q.quad}:${Array.from({ length: q.count }, (_, i) => q.first + i).join(',')}`);
        const wantLists = want.quads.map((q) => `${q.pid}/${q.quad}:${q.samples.join(',')}`);
        expect(gotLists).toEqual(wantLists);
      }
    }, { numRuns: 60 });
  });
});
