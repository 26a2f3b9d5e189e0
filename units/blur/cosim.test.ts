// The blur units in Verilator (and Icarus), bundled in one test so the
// builds stay few and small: the Blur pipeline at a small config (full blur,
// pairs, SPF 2, two lanes, 1x1 tile stamps, STP 6.8; the study's lane:
// incremental edges, one jitter per tuple) on a workload stream with its
// motion and lens, bubbles and stalling lanes; the multiply edge form with
// the per-tile jitter shift (one lane, 2x2 stamps, STP 4.8); and the three
// positioning units at a non-default config (pairs, SPF 2) on random
// inputs. Every output, every cycle.
import { expect, it } from 'vitest';
import { elaborate } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { blurStimulus } from '../../testbenches/blur/blur-stimulus.js';
import { crossSimulate } from '../../testbenches/cosim/compare.js';
import { describeEda } from '../../testbenches/cosim/describe-eda.js';
import { xorshiftStimulus } from '../../testbenches/cosim/xorshift.js';
import { blurMpsFromMesh, generateWorkload, withBlurParams } from '../../testbenches/workloads/raster/index.js';
import { parseConfig } from '../config.js';
import { SampleInLens } from '../lens/module.js';
import { Radius } from '../lens/radius.js';
import { SampleInTime } from '../sample-time/module.js';
import { blurGeometryOf, blurSchema } from './config.js';
import { Blur } from './pipeline.js';

describeEda('verilator', 'blur units against Verilator', () => {
  it('Blur pipeline (blur, tvp, spf 2, pmt 2, 1x1, 6.8; and multiply edges with the tile jitter at 2x2, 4.8) and the positioning units', async () => {
    const cfg = parseConfig('blur', blurSchema, 'render=blur,tvp=on,spf=2,pmt=2,sts=1x1,stp=6.8');
    const design = elaborate(Blur, cfg);
    const mesh = withBlurParams(generateWorkload({ count: 32 }).mesh, 2010);
    const mps = blurMpsFromMesh(mesh, true).slice(0, 6);
    const report = await crossSimulate(design, blurStimulus(design, blurGeometryOf(cfg), mps, mesh.lens!, 600, 11), createSimulator);
    expect(report.mismatch?.message ?? null).toBeNull();
    expect(report.ours.filter((o) => o['out0_valid'] === 1n || o['out1_valid'] === 1n).length).toBeGreaterThan(5);
    // The multiply edge form with the per-tile jitter shift (tile-phase adders) at 2x2 stamps.
    const inc = parseConfig('blur', blurSchema, 'render=blur,tvp=on,spf=1,pmt=1,sts=2x2,stp=4.8,edge=multiply,jitter=tile');
    const incDesign = elaborate(Blur, inc);
    const incReport = await crossSimulate(incDesign, blurStimulus(incDesign, blurGeometryOf(inc), mps.slice(0, 3), mesh.lens!, 400, 12), createSimulator);
    expect(incReport.mismatch?.message ?? null).toBeNull();
    expect(incReport.ours.filter((o) => o['out0_valid'] === 1n).length).toBeGreaterThan(5);
    // Sample in time in its one-product form (the pipeline above has the study's two-product one).
    const pos = { tvp: true, spf: '2' as const };
    for (const d of [elaborate(SampleInTime, { ...pos, time: 'lerp1' }), elaborate(Radius, pos), elaborate(SampleInLens, pos)]) {
      const r = await crossSimulate(d, xorshiftStimulus(d, 3n, 200, 1), createSimulator);
      expect(r.mismatch?.message ?? null, d.top.name).toBeNull();
    }
  }, 900_000);
});
