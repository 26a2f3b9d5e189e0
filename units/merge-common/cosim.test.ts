// QFM and the PMU in Verilator, bundled into one test: one small
// configuration of each, driven by a real scene's quad fragments with
// bubbles and a stalling consumer, compared output by output every cycle
// with gfxrtl's simulator.
import { expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { crossSimulate } from '../../testbenches/cosim/compare.js';
import { describeEda } from '../../testbenches/cosim/describe-eda.js';
import { fragmentsByDraw, makeScene, rasterizeScene } from '../../testbenches/workloads/merge/index.js';
import { findUnit } from '../registry.js';
import { pmuPayloads } from '../../testbenches/merge/pmu-stimulus.js';
import { qfmPayloads } from '../../testbenches/merge/qfm-stimulus.js';
import { streamStimulus } from '../../testbenches/merge/stream-stimulus.js';

describeEda('verilator', 'merge units against Verilator', () => {
  it('qfm (8 entries, 64-bit masks, 4x, merge at flush) and pmu (4 entries, 8x, merge at flush) agree with Verilator cycle by cycle', async () => {
    const scene = makeScene({ surface: 'bumpy-sphere', area: 2, triangles: 120, maxGridTriangles: 64, seed: 13, width: 64, height: 64, shrink: true });
    const q = findUnit('qfm').elaborate({ entries: '8', maskWidth: '64', msaa: '4', depthBits: '16', coordBits: '6', flush: 'merge' });
    const qs = streamStimulus(q.design, qfmPayloads(rasterizeScene(scene, 4).grids, { msaa: 4, depthBits: 16, triBits: 6 }), 500, 3);
    const p = findUnit('pmu').elaborate({ entries: '4', msaa: '8', vertexBits: '8', triBits: '7', depthBits: '16', coordBits: '6', flush: 'merge' });
    const ps = streamStimulus(p.design, pmuPayloads(fragmentsByDraw(rasterizeScene(scene, 8)), { msaa: 8, depthBits: 16, triBits: 7, vertexBits: 8 }), 500, 4);
    for (const [name, design, stim] of [['qfm', q.design, qs], ['pmu', p.design, ps]] as const) {
      const report = await crossSimulate(design, stim, createSimulator);
      expect(report.mismatch?.message ?? null, name).toBeNull();
      expect(report.ours.filter((o) => o['out_valid'] === 1n).length, `${name} produced output`).toBeGreaterThan(10);
    }
  }, 900_000);
});
