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
import type { Payload } from '../../testbenches/stream.js';

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
  // One unit at one buffer size: its DSL netlist streamed the payloads, its golden model the same grids.
  const measure = (unit: 'qfm' | 'pmu', entries: number, payloads: readonly Payload[], fields: readonly string[], shadedGolden: number): ThroughputRow => {
    const { design } = findUnit(unit).elaborate({ entries: String(entries), msaa: String(t.msaa) });
    const run = runStream(design, design.top.name, payloads, fields, makeRng(t.seed), 0, 0);
    const cyclesPerQuad = run.cycles / payloads.length;
    log(`throughput ${unit} entries ${entries}: ${cyclesPerQuad.toFixed(2)} cycles/quad`);
    return { unit, scene: t.scene, triArea: t.area, msaa: t.msaa, entries, quadsIn: payloads.length, cycles: run.cycles, cyclesPerQuad, stallFraction: run.stalls / run.cycles, shadedDsl: run.received.length, shadedGolden };
  };
  const qp = qfmPayloads(r.grids, { msaa: t.msaa, depthBits: 24, triBits: 9 });
  const pp = t.pmuEntries.length > 0 ? pmuPayloads(r.grids, { msaa: t.msaa, depthBits: 24, triBits: 9, vertexBits: 11 }) : [];
  return [
    ...t.entries.map((e) => measure('qfm', e, qp, OUT_FIELDS, runQfm(r.grids, { msaa: t.msaa, entries: e }).shaded.length)),
    ...t.pmuEntries.map((e) => measure('pmu', e, pp, PMU_OUT_FIELDS, runPmu(r.grids, { msaa: t.msaa, entries: e }).shaded.length)),
  ];
}
