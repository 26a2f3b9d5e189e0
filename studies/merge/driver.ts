// What the merge units' cost sweep simulates: one seeded scene's quad
// fragments, streamed into the unit back to back (consumer always ready),
// on the micro-architecture's own elaboration, through the simulator's
// stream loop (testbenches/merge/stream-run.ts: runPackedStream), packed
// as words when the workload is built. QFM gets them patch by patch
// (flushing after each), the PMU draw by draw. Work = quad fragments
// with covered samples (what NOMERGE would shade); the shading saved is
// 1 - quads out / work.
import { pmuStimulus } from '../../testbenches/merge/pmu-stimulus.js';
import { qfmStimulus } from '../../testbenches/merge/qfm-stimulus.js';
import { runPackedStream } from '../../testbenches/merge/stream-run.js';
import { packStream, type PackedStream } from '../../testbenches/merge/word-pack.js';
import { qfmPorts, qfmShape } from '../../units/qfm/module.js';
import type { QfmConfig } from '../../units/qfm/config.js';
import { pmuPorts, pmuShape } from '../../units/pmu/module.js';
import type { PmuConfig } from '../../units/pmu/config.js';
import { fragmentsByDraw, makeScene, MERGE_SURFACES, type MergeSurface, rasterizeScene } from '../../testbenches/workloads/merge/index.js';
import { isEmptyQuad, type QuadFrag } from '../../units/merge-common/quad.js';
import type { MergeMsaa } from '../../units/merge-common/samples.js';
import type { Design } from '../../hdl/ir.js';
import type { CompiledSimulator } from '../../hdl/sim/index.js';
import type { Counts, Display, Metric, Objectives, WorkloadDef, WorkUnit } from '../../explore/index.js';

/** Most triangles a merge workload asks of the tessellator: a 1080p frame
 *  of its default 2 px^2 triangles. */
export const MAX_MERGE_TRIANGLES = 1 << 20;

export const QUAD: WorkUnit = { name: 'quad', doc: 'one quad fragment with covered samples in (what NOMERGE shades)' };

/** A rasterized scene: its quad fragments by patch and by draw. */
export interface MergeScene {
  /** Fragments per patch (QFM's flush unit). */
  readonly grids: readonly (readonly QuadFrag[])[];
  /** Fragments per draw (the PMU's flush unit). */
  readonly draws: readonly (readonly QuadFrag[])[];
  readonly msaa: MergeMsaa;
}

/** A scene and the unit's in stream, packed when the workload is built (so a run's time is the simulation's). */
export interface MergeWorkload extends MergeScene {
  readonly stream: PackedStream;
  /** Quad fragments with covered samples: the work. */
  readonly covered: number;
}

/**
 * One scene per surface; each config rasterizes it at its own MSAA, cut
 * into square patches its masks can hold, and `pack` turns it into the
 * unit's in stream for the config's port widths. A small frame and few
 * triangles: the sweep cycle-simulates every configuration on it (the
 * shading-work experiment measures the full-size scenes on the golden
 * models).
 */
export function sceneWorkloads<C extends { msaa: string }>(maskWidth: (c: C) => number, pack: (scene: MergeScene, c: C) => PackedStream): WorkloadDef<C, MergeWorkload>[] {
  return MERGE_SURFACES.map((surface: MergeSurface, i) => ({
    name: i === 0 ? 'default' : surface,
    doc: `a ${surface} tessellated into about N triangles of mean area A px^2 on a 128 x 128 frame, as square patches of at most 512 triangles (or the mask width)`,
    seed: 2010,
    params: {
      triangles: { default: 256, integer: true, min: 2, max: MAX_MERGE_TRIANGLES, doc: 'triangles asked of the tessellator (fewer if the surface would not fit the frame)' },
      area: { default: 2, integer: false, min: 0, above: true, max: 64, doc: 'mean triangle area, px^2' },
    },
    id: (p, seed) => `merge-${surface}-${p['triangles']}tri-${p['area']}px2-patches-s${seed}`,
    describe: (p, seed) => `${surface}, about ${p['triangles']} triangles of mean area ${p['area']} px^2 in square patches, seed ${seed}`,
    build: (p, seed, c) => {
      const msaa = Number(c.msaa) as MergeMsaa;
      const scene = makeScene({ surface, area: p['area']!, triangles: p['triangles']!, maxGridTriangles: Math.min(512, maskWidth(c)), seed, width: 128, height: 128, shrink: true });
      const raster = rasterizeScene(scene, msaa);
      const fragments: MergeScene = { grids: raster.grids, draws: fragmentsByDraw(raster), msaa };
      return { ...fragments, stream: pack(fragments, c), covered: nonEmpty(raster.grids) };
    },
  }));
}

/** The QFM's in stream: every patch's fragments, the last of each marked. */
export function qfmStream(scene: MergeScene, c: QfmConfig): PackedStream {
  const ports = qfmPorts(c).inQuad.fields;
  return packStream(qfmStimulus(scene.grids, qfmShape(c)), (f) => ports[f].width);
}

/** The PMU's in stream: every draw's covered fragments, the last of each marked. */
export function pmuStream(scene: MergeScene, c: PmuConfig): PackedStream {
  const ports = pmuPorts(c).inQuad.fields;
  return packStream(pmuStimulus(scene.draws, pmuShape(c)), (f) => ports[f].width);
}

interface StreamCtx {
  readonly design: Design;
  simulator(): CompiledSimulator;
  readonly workload: MergeWorkload;
}

function nonEmpty(grids: MergeScene['grids']): number {
  let n = 0;
  for (const g of grids) for (const q of g) if (!isEmptyQuad(q)) n++;
  return n;
}

export function streamCounts(run: { cycles: number; stalls: number; received: readonly unknown[] }, work: number, quadsIn: number): Counts {
  return { cycles: run.cycles, work, counters: { quadsIn, quadsOut: run.received.length, stalls: run.stalls, cyclesPerQuad: run.cycles / quadsIn } };
}

/** The workload's packed stream through the unit `top` on the simulator's stream loop, the output records counted only. */
export function runMergeStream(ctx: StreamCtx, top: 'Qfm' | 'Pmu'): Counts {
  const run = runPackedStream(ctx.design, top, ctx.workload.stream, [], ctx.simulator());
  return streamCounts(run, ctx.workload.covered, ctx.workload.stream.count);
}

export const MERGE_METRICS: readonly Metric[] = [
  { key: 'shadingSaved', doc: '1 - quads out / quads in with coverage, from cycle simulation on the workload', display: { label: 'shading saved', unit: 'fraction', scale: 1 }, value: (c) => 1 - (c.counters?.['quadsOut'] ?? c.work) / c.work },
  { key: 'cyclesPerQuad', doc: 'cycles per quad fragment offered (empty ones included for QFM)', display: { label: 'cycles per quad', unit: 'cycles', scale: 1 }, value: (c) => c.counters?.['cyclesPerQuad'] ?? 0 },
  { key: 'quadsPerSec', doc: 'quads in with coverage per second at the priced clock', display: { label: 'throughput', unit: 'Gquad/s', scale: 1e9 }, value: (c, p) => (c.work / c.cycles) * p.clockHz },
];

export const MERGE_OBJECTIVES: Objectives = {
  x: { key: 'areaMm2', better: 'lower', display: { label: 'area', unit: 'mm^2', scale: 1 } },
  y: { key: 'shadingSaved', better: 'higher', display: { label: 'shading saved', unit: 'fraction of quads', scale: 1 } },
};

/** The counters both merge studies print per micro-architecture. */
export const MERGE_COUNTERS: readonly { readonly key: string; readonly display: Display; readonly digits: number }[] = [
  { key: 'quadsIn', display: { label: 'quads in', unit: '', scale: 1 }, digits: 6 },
  { key: 'quadsOut', display: { label: 'quads shaded', unit: '', scale: 1 }, digits: 6 },
  { key: 'cyclesPerQuad', display: { label: 'cycles/quad', unit: '', scale: 1 }, digits: 3 },
];
