// Throughput of the DSL units, from cycle simulation of the same netlists
// the cost model prices: one scene's quad fragments streamed in as fast as
// the unit takes them (no bubbles, consumer always ready). Cycles per quad
// fragment and the fraction of cycles a fragment waited (stall) sit beside
// the golden model's shaded-quad count for the same stream, and the DSL's
// output count must equal it.
import { makeRng } from '../../testbenches/rng.js';
import { makeScene, type MergeSceneName, rasterizeScene } from '../../testbenches/workloads/merge/index.js';
import { runStream } from '../../testbenches/merge/stream-run.js';
import type { MergeMsaa } from '../../units/merge-common/samples.js';
import { runPmu } from '../../units/pmu/golden.js';
import { PMU_OUT_FIELDS, pmuPayloads } from '../../testbenches/merge/pmu-stimulus.js';
import { runQfm } from '../../units/qfm/golden.js';
import { OUT_FIELDS, qfmPayloads } from '../../testbenches/merge/qfm-stimulus.js';
import { findUnit } from '../../units/registry.js';

export interface ThroughputRow {
  readonly unit: 'qfm' | 'pmu';
  readonly scene: string;
  readonly triArea: number;
  readonly msaa: number;
  readonly entries: number;
  readonly quadsIn: number;
  readonly cycles: number;
  readonly cyclesPerQuad: number;
  readonly stallFraction: number;
  readonly shadedDsl: number;
  readonly shadedGolden: number;
}

export interface ThroughputSpec {
  readonly scene: MergeSceneName;
  readonly area: number;
  readonly msaa: MergeMsaa;
  readonly triangles: number;
  readonly entries: readonly number[];
  /** The PMU simulates slowly (its wide edge lists run on BigInt), so it gets its own, shorter list. */
  readonly pmuEntries: readonly number[];
  readonly seed: number;
}

export const DEFAULT_THROUGHPUT: ThroughputSpec = { scene: 'plane', area: 2, msaa: 4, triangles: 256, entries: [4, 32], pmuEntries: [4], seed: 2010 };

export function measureThroughput(t: ThroughputSpec, log: (l: string) => void = () => undefined): ThroughputRow[] {
  const scene = makeScene({ surface: t.scene, area: t.area, triangles: t.triangles, seed: t.seed, width: 96, height: 96 });
  const r = rasterizeScene(scene, t.msaa);
  const rows: ThroughputRow[] = [];
  for (const e of t.entries) {
    const q = findUnit('qfm').elaborate({ entries: String(e), msaa: String(t.msaa) });
    const qp = qfmPayloads(r.grids, { msaa: t.msaa, depthBits: 24, triBits: 9 });
    const qr = runStream(q.design, 'Qfm', qp, OUT_FIELDS, makeRng(t.seed), 0, 0);
    const qg = runQfm(r.grids, { msaa: t.msaa, entries: e });
    rows.push({ unit: 'qfm', scene: t.scene, triArea: t.area, msaa: t.msaa, entries: e, quadsIn: qp.length, cycles: qr.cycles, cyclesPerQuad: qr.cycles / qp.length, stallFraction: qr.stalls / qr.cycles, shadedDsl: qr.received.length, shadedGolden: qg.shaded.length });
    log(`throughput qfm entries ${e}: ${(qr.cycles / qp.length).toFixed(2)} cycles/quad`);
  }
  for (const e of t.pmuEntries) {
    const p = findUnit('pmu').elaborate({ entries: String(e), msaa: String(t.msaa) });
    const pp = pmuPayloads(r.grids, { msaa: t.msaa, depthBits: 24, triBits: 9, vertexBits: 11 });
    const pr = runStream(p.design, 'Pmu', pp, PMU_OUT_FIELDS, makeRng(t.seed), 0, 0);
    const pg = runPmu(r.grids, { msaa: t.msaa, entries: e });
    rows.push({ unit: 'pmu', scene: t.scene, triArea: t.area, msaa: t.msaa, entries: e, quadsIn: pp.length, cycles: pr.cycles, cyclesPerQuad: pr.cycles / pp.length, stallFraction: pr.stalls / pr.cycles, shadedDsl: pr.received.length, shadedGolden: pg.shaded.length });
    log(`throughput pmu entries ${e}: ${(pr.cycles / pp.length).toFixed(2)} cycles/quad`);
  }
  return rows;
}
