// The tabled pricing (price.ts over the typed-array passes of the timing
// graph, a table per inventory) against the pricing as it was before
// (test-price-reference.ts): every figure of every result, byte for byte
// as JSON prints it (critical path steps, breakdowns and their key order,
// forms, cuts), on random netlists and on designs of every shipped study at
// all the physical points its sweep prices, with each kind of option.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../hdl/index.js';
import { inventory, type Inventory } from '../hdl/inventory/index.js';
import { randomNetlist } from '../testbenches/random-netlist.js';
import { allStudies } from '../studies/registry.js';
import { enumerateMicroArchs, physicalPoints, resolveSpec, studyDomain } from '../explore/sweep/index.js';
import { DEFAULT_KNOBS, type Knobs } from './knobs.js';
import { minStages, price, type PriceOptions, type PriceResult } from './price.js';
import type { DesignPoint } from './physical.js';
import { referenceMinStages, referencePrice } from './test-price-reference.js';

/** Everything a result says, as text: the critical path's getter read, records in their key order. */
const text = (r: PriceResult): string => JSON.stringify({ ...r, criticalPath: r.criticalPath });

function same(inv: Inventory, p: DesignPoint, opts: PriceOptions, what: string): void {
  expect(text(price(inv, p, opts)), what).toBe(text(referencePrice(inv, p, opts)));
}

const KNOBS: Knobs[] = [DEFAULT_KNOBS, Object.freeze({ areaFactor: 1.3, energyFactor: 0.4, delayFactor: 0.6 })];

/** One option set of each kind the sweep, the calibration and the reports use. */
function optionSets(knobs: Knobs, inv: Inventory): [string, PriceOptions][] {
  const byPath = (q: { path: string; width: number }): number => ((q.path.length * 7 + q.width) % 10) / 10;
  return [
    ['timed', { knobs }],
    ['timed, enabled pipeline registers', { knobs, pipelineRegisters: { enable: true } }],
    ['toggle activity per kind', { knobs, activity: { add: 0.3, reg: 0.5, mux: 0.2 } }],
    ['activity per item', { knobs, activity: byPath }],
    ['ripple', { knobs, arith: 'ripple' }],
    ['fast', { knobs, arith: 'fast' }],
    ['a requested clock, detail', { knobs, clockHz: 1.5e9, detail: true }],
    ['a clock too fast', { knobs, clockHz: 9e9 }],
  ].filter(([, o]) => o !== undefined && inv !== null) as [string, PriceOptions][];
}

describe('tabled pricing', () => {
  it('prices random netlists exactly as the untabled pricing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 40 }), fc.constantFrom('low', 'nominal', 'high' as const), fc.constantFrom(0.81, 0.9, 1.08), fc.boolean(), (seed, stages, vt, vdd, storage) => {
        const inv = inventory(elaborate(randomNetlist({ nodes: 120, maxWidth: 40, seed, registers: 6, storage }), undefined));
        const p = { vt, vdd, stages };
        for (const knobs of KNOBS) for (const [name, opts] of optionSets(knobs, inv)) same(inv, p, opts, `seed ${seed}, ${name}, ${JSON.stringify(p)}`);
        for (const ghz of [0.5, 2]) expect(minStages(inv, { vt, vdd }, ghz * 1e9, { knobs: KNOBS[1]! })).toBe(referenceMinStages(inv, { vt, vdd }, ghz * 1e9, { knobs: KNOBS[1]! }));
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  const studies = allStudies().filter((e) => e.study.example !== true);
  it.each(studies.map((e) => [e.study.name, e] as const))('prices %s designs exactly as the untabled pricing, at every point its sweep prices', (_name, { study }) => {
    const main = study.mainJob;
    const domain = studyDomain(study, { ...(main?.params !== undefined && { params: main.params }) });
    const spec = resolveSpec(domain.axes, { ...(main?.only !== undefined && { only: main.only }) });
    const entries = enumerateMicroArchs(domain, spec);
    // The first, the last and two between: the smallest and largest designs of each space.
    const picks = [...new Set([0, Math.floor(entries.length / 3), Math.floor((2 * entries.length) / 3), entries.length - 1])].map((i) => entries[i]!);
    const physical = domain.priceOptions?.physical;
    for (const e of picks) {
      const inv = inventory(domain.evaluator.elaborate(domain.microArch(e.params)));
      for (const knobs of KNOBS) {
        const base: PriceOptions = { ...domain.priceOptions, knobs, arith: spec.arith };
        const points = physicalPoints(inv, { spec, knobs, ...(physical && { physical }) });
        for (const p of points) same(inv, p, base, `${study.name} ${e.id} ${JSON.stringify(p)}`);
        for (const [name, opts] of optionSets(knobs, inv)) for (const p of points.filter((_, i) => i % 9 === 0)) same(inv, p, { ...base, ...opts }, `${study.name} ${e.id} ${name} ${JSON.stringify(p)}`);
      }
    }
  }, 300_000);
});
