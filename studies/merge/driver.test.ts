// The merge studies' workloads pack the unit's in stream when they are
// built, for the port widths the config gives: the packed stream must be
// what the elaborated design's own ports take (the same run as packing for
// them at run time), and a stream packed for other widths must be refused
// by name, never run.
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { defaults } from '../../units/config.js';
import { qfmStimulus } from '../../testbenches/merge/qfm-stimulus.js';
import { pmuStimulus } from '../../testbenches/merge/pmu-stimulus.js';
import { runPackedStream, runStreamFast } from '../../testbenches/merge/stream-run.js';
import { packStream } from '../../testbenches/merge/word-pack.js';
import { qfmSchema } from '../../units/qfm/config.js';
import { pmuSchema } from '../../units/pmu/config.js';
import { qfmPorts, qfmShape } from '../../units/qfm/module.js';
import { runMergeStream, type MergeWorkload } from './driver.js';
import { study as qfm } from './qfm.js';
import { study as pmu } from './pmu.js';

const SEED = 2010;

describe('merge workloads: the in stream packed at build time', () => {
  it('QFM: the same run as the stream packed for the elaborated ports, at two mask widths', () => {
    for (const maskWidth of [64, 512]) {
      const c = { ...defaults(qfmSchema), entries: 4, maskWidth };
      const design = qfm.unit.elaborate(c);
      const sim = createSimulator(design);
      const wl = qfm.workloads[0]!.build({ triangles: 256, area: 2 }, SEED, c) as MergeWorkload;
      const counts = runMergeStream({ design, simulator: () => sim, workload: wl }, 'Qfm');
      const atRun = runStreamFast(design, 'Qfm', qfmStimulus(wl.grids, qfmShape(c)), [], sim);
      expect(counts.cycles, `maskWidth=${maskWidth} [seed ${SEED}]`).toBe(atRun.cycles);
      expect(counts.counters).toMatchObject({ quadsIn: wl.stream.count, quadsOut: atRun.received.length, stalls: atRun.stalls });
      expect(counts.work).toBeGreaterThan(0);
    }
  });

  it('PMU: the same run as the stream packed for the elaborated ports', () => {
    const c = { ...defaults(pmuSchema), entries: 4 };
    const design = pmu.unit.elaborate(c);
    const sim = createSimulator(design);
    const wl = pmu.workloads[0]!.build({ triangles: 256, area: 2 }, SEED, c) as MergeWorkload;
    const counts = runMergeStream({ design, simulator: () => sim, workload: wl }, 'Pmu');
    const atRun = runStreamFast(design, 'Pmu', pmuStimulus(wl.draws, { msaa: wl.msaa, depthBits: c.depthBits, triBits: c.triBits, vertexBits: c.vertexBits }), [], sim);
    expect(counts.cycles, `[seed ${SEED}]`).toBe(atRun.cycles);
    expect(counts.counters).toMatchObject({ quadsIn: wl.stream.count, quadsOut: atRun.received.length });
  });

  it('refuses a stream packed for another width, naming the field', () => {
    const c = { ...defaults(qfmSchema), entries: 4, maskWidth: 64 };
    const design = qfm.unit.elaborate(c);
    const wl = qfm.workloads[0]!.build({ triangles: 64, area: 2 }, SEED, c) as MergeWorkload;
    // Depths packed 32 bits wider than the port: one word a record more.
    const wide = packStream(qfmStimulus(wl.grids, qfmShape(c)), (f) => qfmPorts(c).inQuad.fields[f].width + (f === 'depth' ? 32 : 0));
    expect(() => runPackedStream(design, 'Qfm', wide, [])).toThrow(/Qfm\.in field depth is 384 bits \(12 words a record\); the stimulus was packed in 13/);
  });
});
