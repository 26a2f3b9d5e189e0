// The studies' fast stream loop (sim.runStream) against the per-cycle loop
// of the stream agents it replaced: same cycles, stalls and output records,
// both units, both flush policies, random scenes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulator, type CompiledSimulator } from '../../hdl/sim/index.js';
import type { Design } from '../../hdl/ir.js';
import { defaultSeed } from '../property.js';
import { makeRng } from '../rng.js';
import { fragmentsByDraw, makeScene, MERGE_SURFACES, rasterizeScene } from '../workloads/merge/index.js';
import type { MergeMsaa } from '../../units/merge-common/samples.js';
import { designCache } from './design-cache.js';
import { PMU_OUT_FIELDS, pmuPayloads, pmuStimulus } from './pmu-stimulus.js';
import { OUT_FIELDS, qfmPayloads, qfmStimulus } from './qfm-stimulus.js';
import { runStream, runStreamFast } from './stream-run.js';

/** One compiled simulator per design: both loops run on it (each resets it). */
function simCache(): (d: Design) => CompiledSimulator {
  const sims = new Map<Design, CompiledSimulator>();
  return (d) => {
    let s = sims.get(d);
    if (s === undefined) sims.set(d, (s = createSimulator(d)));
    return s;
  };
}

describe('merge units on the fast stream loop', () => {
  const sims = simCache();

  it('QFM: the same cycles, stalls and output records as the per-cycle loop', () => {
    const seed = defaultSeed();
    const design = designCache('qfm');
    fc.assert(
      fc.property(
        fc.record({
          surface: fc.constantFrom(...MERGE_SURFACES),
          area: fc.constantFrom(0.5, 2, 8),
          unit: fc.constantFrom<{ entries: number; flush: 'drain' | 'merge'; msaa: MergeMsaa }>({ entries: 2, flush: 'drain', msaa: 4 }, { entries: 8, flush: 'merge', msaa: 16 }),
          seed: fc.integer({ min: 0, max: 1 << 20 }),
        }),
        (x) => {
          const d = design({ entries: String(x.unit.entries), msaa: String(x.unit.msaa), maskWidth: '32', depthBits: '12', coordBits: '6', flush: x.unit.flush });
          const r = rasterizeScene(makeScene({ surface: x.surface, area: x.area, triangles: 80, maxGridTriangles: 32, seed: x.seed, width: 48, height: 48, shrink: true }), x.unit.msaa);
          const shape = { msaa: x.unit.msaa, depthBits: 12, triBits: 5 };
          const p = qfmPayloads(r.grids, shape);
          const slow = runStream(d, 'Qfm', p, OUT_FIELDS, makeRng(x.seed), 0, 0, sims(d));
          const fast = runStreamFast(d, 'Qfm', qfmStimulus(r.grids, shape), OUT_FIELDS, sims(d));
          expect(fast, `qfm ${JSON.stringify(x)} [seed ${seed}]`).toEqual(slow);
          expect(slow.cycles).toBeGreaterThan(p.length);
        },
      ),
      { numRuns: 8, seed },
    );
  });

  it('PMU: the same cycles, stalls and output records as the per-cycle loop', { timeout: 120_000 }, () => {
    const seed = defaultSeed();
    const design = designCache('pmu');
    fc.assert(
      fc.property(
        fc.record({
          surface: fc.constantFrom(...MERGE_SURFACES),
          area: fc.constantFrom(1, 4),
          flush: fc.constantFrom('drain' as const, 'merge' as const),
          seed: fc.integer({ min: 0, max: 1 << 20 }),
        }),
        (x) => {
          const d = design({ entries: '4', msaa: '4', vertexBits: '8', triBits: '8', depthBits: '12', coordBits: '6', flush: x.flush });
          const r = rasterizeScene(makeScene({ surface: x.surface, area: x.area, triangles: 60, seed: x.seed, width: 48, height: 48, shrink: true }), 4);
          const shape = { msaa: 4, depthBits: 12, triBits: 8, vertexBits: 8 } as const;
          const p = pmuPayloads(fragmentsByDraw(r), shape);
          const packed = pmuStimulus(fragmentsByDraw(r), shape);
          const slow = runStream(d, 'Pmu', p, PMU_OUT_FIELDS, makeRng(x.seed), 0, 0, sims(d));
          const fast = runStreamFast(d, 'Pmu', packed, PMU_OUT_FIELDS, sims(d));
          expect(fast, `pmu ${JSON.stringify(x)} [seed ${seed}]`).toEqual(slow);
          // Counted only: the same number of records.
          expect(runStreamFast(d, 'Pmu', packed, [], sims(d)).received).toHaveLength(slow.received.length);
        },
      ),
      { numRuns: 6, seed },
    );
  });

  it('counts a back-to-back stream that stalls', () => {
    // Fragments arrive faster than a unit places them, so some wait: the tally is exercised, not zero by construction.
    const d = designCache('qfm')({ entries: '2', msaa: '4', maskWidth: '32', depthBits: '12', coordBits: '6' });
    const r = rasterizeScene(makeScene({ surface: 'plane', area: 1, triangles: 80, maxGridTriangles: 32, seed: 5, width: 48, height: 48, shrink: true }), 4);
    const shape = { msaa: 4, depthBits: 12, triBits: 5 } as const;
    const p = qfmPayloads(r.grids, shape);
    const fast = runStreamFast(d, 'Qfm', qfmStimulus(r.grids, shape), [], sims(d));
    expect(fast.stalls).toBeGreaterThan(0);
    expect(fast).toMatchObject({ cycles: runStream(d, 'Qfm', p, [], makeRng(5), 0, 0, sims(d)).cycles });
  });
});
