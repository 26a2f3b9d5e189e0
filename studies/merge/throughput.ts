// Throughput of a DSL unit, from cycle simulation of the same netlists the
// cost model prices: one scene's quad fragments streamed in as fast as the
// unit takes them (no bubbles, consumer always ready). Cycles per quad
// fragment and the fraction of cycles a fragment waited (stall) sit beside
// the golden model's shaded-quad count for the same stream, and the DSL's
// output count must equal it.
import { fragmentsByDraw, makeScene, type MergeSurface, rasterizeScene } from '../../testbenches/workloads/merge/index.js';
import { runStreamFast } from '../../testbenches/merge/stream-run.js';
import type { MergeMsaa } from '../../units/merge-common/samples.js';
import { runPmu } from '../../units/pmu/golden.js';
import { pmuStimulus } from '../../testbenches/merge/pmu-stimulus.js';
import { runQfm } from '../../units/qfm/golden.js';
import { qfmStimulus } from '../../testbenches/merge/qfm-stimulus.js';
import { findUnit } from '../../units/registry.js';
import { createSimulator } from '../../hdl/sim/index.js';
import type { PackedStimulus } from '../../testbenches/merge/word-pack.js';
import type { QuadRow } from '../../testbenches/merge/payload-fields.js';

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
  readonly scene: MergeSurface;
  readonly area: number;
  readonly msaa: MergeMsaa;
  readonly triangles: number;
  readonly entries: readonly number[];
  /** The PMU simulates slowly (its wide edge lists run on BigInt), so it gets its own, shorter list. */
  readonly pmuEntries: readonly number[];
  readonly seed: number;
}

export const DEFAULT_THROUGHPUT: ThroughputSpec = { scene: 'plane', area: 2, msaa: 4, triangles: 256, entries: [4, 32], pmuEntries: [4], seed: 2010 };

/** The buffer sizes the unit is simulated at. */
export function throughputEntries(t: ThroughputSpec, unit: 'qfm' | 'pmu'): readonly number[] {
  return unit === 'qfm' ? t.entries : t.pmuEntries;
}

export function measureThroughput(t: ThroughputSpec, unit: 'qfm' | 'pmu', log: (l: string) => void = () => undefined): ThroughputRow[] {
  const scene = makeScene({ surface: t.scene, area: t.area, triangles: t.triangles, seed: t.seed, width: 96, height: 96, shrink: true });
  const r = rasterizeScene(scene, t.msaa);
  // One unit at one buffer size: its DSL netlist streamed the payloads, its golden model the same fragments.
  const measure = (entries: number, stimulus: PackedStimulus<QuadRow>, shadedGolden: number): ThroughputRow => {
    const { design } = findUnit(unit).elaborate({ entries: String(entries), msaa: String(t.msaa) });
    // Compiled as the sweep compiles (lazy: a stream run uses neither the full settle nor run(n); cached by the netlist's digest).
    const run = runStreamFast(design, design.top.name, stimulus, [], createSimulator(design, { lazy: true, cache: true }));
    const cyclesPerQuad = run.cycles / stimulus.rows.length;
    log(`throughput ${unit} entries ${entries}: ${cyclesPerQuad.toFixed(2)} cycles/quad`);
    return { unit, scene: t.scene, triArea: t.area, msaa: t.msaa, entries, quadsIn: stimulus.rows.length, cycles: run.cycles, cyclesPerQuad, stallFraction: run.stalls / run.cycles, shadedDsl: run.received.length, shadedGolden };
  };
  if (unit === 'qfm') {
    const qp = qfmStimulus(r.grids, { msaa: t.msaa, depthBits: 24, triBits: 9 });
    return throughputEntries(t, unit).map((e) => measure(e, qp, runQfm(r.grids, { msaa: t.msaa, entries: e }).shaded.length));
  }
  const draws = fragmentsByDraw(r);
  const pp = pmuStimulus(draws, { msaa: t.msaa, depthBits: 24, triBits: 16, vertexBits: 16 });
  return throughputEntries(t, unit).map((e) => measure(e, pp, runPmu(draws, { msaa: t.msaa, entries: e }).shaded.length));
}

export function throughputSection(tp: readonly ThroughputRow[]): string {
  return [
    '## Throughput (cycle simulation of the DSL unit)',
    '',
    'The same netlists, fed one small scene back to back (no input bubbles, consumer always ready). Stall = fraction of cycles in which a fragment was offered and not taken. Shaded (DSL) must equal shaded (golden).',
    '',
    '| unit | scene | area | MSAA | entries | quads in | cycles | cycles/quad | stall | shaded (DSL) | shaded (golden) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...tp.map((t) => `| ${t.unit} | ${t.scene} | ${t.triArea} | ${t.msaa} | ${t.entries} | ${t.quadsIn} | ${t.cycles} | ${t.cyclesPerQuad.toFixed(2)} | ${t.stallFraction.toFixed(3)} | ${t.shadedDsl} | ${t.shadedGolden} |`),
    '',
  ].join('\n');
}
