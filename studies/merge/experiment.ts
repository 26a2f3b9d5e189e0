// The shading-work experiment, from the golden models: for each scene,
// mean triangle area and MSAA rate, the quad fragments the rasterizer
// produces go through NOMERGE, QFM and the PMU (each at every buffer size,
// and unbounded). One row per measurement, as the study's results.jsonl.
import { makeScene, MERGE_SCENES, type MergeSceneName, rasterizeScene, type RasterizedScene, type Scene } from '../../testbenches/workloads/merge/index.js';
import type { ShadedQuad } from '../../units/merge-common/quad.js';
import { MERGE_MSAA_MODES, type MergeMsaa } from '../../units/merge-common/samples.js';
import { runPmu } from '../../units/pmu/golden.js';
import { runQfm } from '../../units/qfm/golden.js';

export const UNITS = ['nomerge', 'qfm', 'qfm-unbounded', 'pmu', 'pmu-unbounded'] as const;
export type MergeUnitName = (typeof UNITS)[number];

export interface ExperimentParams {
  readonly scenes: readonly MergeSceneName[];
  readonly areas: readonly number[];
  readonly msaa: readonly MergeMsaa[];
  readonly entries: readonly number[];
  /** Triangles asked of the tessellator per scene (cut into grids of <= 512). */
  readonly triangles: number;
  /** can_merge is tried against this many of the newest matching entries. */
  readonly recent: number;
  readonly seed: number;
  readonly width: number;
  readonly height: number;
}

export const DEFAULT_PARAMS: ExperimentParams = {
  scenes: MERGE_SCENES,
  areas: [0.5, 1, 2, 5, 10],
  msaa: MERGE_MSAA_MODES,
  entries: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
  triangles: 2048,
  recent: 2,
  seed: 2010,
  width: 256,
  height: 256,
};

/** A larger run: more triangles per scene on a bigger target, more areas. */
export const LARGE_PARAMS: ExperimentParams = {
  ...DEFAULT_PARAMS,
  areas: [0.5, 0.75, 1, 1.5, 2, 3, 5, 7, 10],
  triangles: 8192,
  width: 512,
  height: 512,
};

export interface ResultRow {
  readonly unit: MergeUnitName;
  readonly scene: string;
  readonly triArea: number;
  /** Mean |area| of the scene's triangles after quantisation, px^2. */
  readonly meanArea: number;
  readonly msaa: MergeMsaa;
  readonly entries: number | null;
  readonly recent: number | null;
  readonly seed: number;
  readonly triangles: number;
  readonly grids: number;
  readonly coveredPixels: number;
  /** Non-empty quad fragments out of the rasterizer (NOMERGE's shaded quads). */
  readonly quadFragments: number;
  /** Empty quad fragments (QFM's bridges; never shaded). */
  readonly emptyQuads: number;
  readonly shadedQuads: number;
  /** 4 x shaded quads / covered pixels: pixel-shader executions per covered pixel. */
  readonly shadedPerPixel: number;
  /** Quads saved against NOMERGE. */
  readonly quadsSaved: number;
  /** Quads saved as a fraction of what the unbounded buffer of the same unit saves (null for nomerge / unbounded). */
  readonly capturedFraction: number | null;
  readonly partialQuads?: number;
  readonly partialQuadsSaved?: number;
  readonly efficiency?: number;
  readonly savings?: number;
}

export interface SceneRun {
  readonly scene: Scene;
  readonly raster: RasterizedScene;
  readonly shaded: Readonly<Record<string, readonly ShadedQuad[]>>;
}

export function meanArea(scene: Scene): number {
  let sum = 0;
  let n = 0;
  for (const g of scene.grids) {
    for (const [a, b, c] of g.triangles) {
      const p = g.vertices[a]!;
      const q = g.vertices[b]!;
      const r = g.vertices[c]!;
      sum += Math.abs((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)) / 2 / 65536;
      n++;
    }
  }
  return n === 0 ? 0 : sum / n;
}

/**
 * Every row for one scene at one area and MSAA rate. `keep` names the
 * shaded-quad streams to hand back (for heat maps), as unit or unit@entries.
 */
export function measure(sceneName: MergeSceneName, area: number, msaa: MergeMsaa, p: ExperimentParams, keep: readonly string[] = []): { rows: ResultRow[]; run: SceneRun } {
  const scene = makeScene({ surface: sceneName, area, triangles: p.triangles, seed: p.seed, width: p.width, height: p.height });
  return measureScene(scene, sceneName, area, msaa, p, keep);
}

/** The same for a given scene (a generated one, or one read from a scene file). */
export function measureScene(scene: Scene, sceneName: string, area: number, msaa: MergeMsaa, p: ExperimentParams, keep: readonly string[] = []): { rows: ResultRow[]; run: SceneRun } {
  const raster = rasterizeScene(scene, msaa);
  const all = raster.grids.flat();
  const quadFragments = all.filter((q) => q.cov.some((c) => c !== 0)).length;
  const base = {
    scene: sceneName,
    triArea: area,
    meanArea: Number(meanArea(scene).toFixed(4)),
    msaa,
    seed: p.seed,
    triangles: scene.grids.reduce((s, g) => s + g.triangles.length, 0),
    grids: scene.grids.length,
    coveredPixels: raster.coveredPixels,
    quadFragments,
    emptyQuads: all.length - quadFragments,
  };
  const rows: ResultRow[] = [];
  const shaded: Record<string, readonly ShadedQuad[]> = {};
  const perPixel = (n: number): number => (raster.coveredPixels === 0 ? 0 : (4 * n) / raster.coveredPixels);
  const row = (unit: MergeUnitName, entries: number | null, n: number, captured: number | null, extra: Partial<ResultRow> = {}): ResultRow => ({
    unit,
    ...base,
    entries,
    recent: unit === 'nomerge' ? null : p.recent,
    shadedQuads: n,
    shadedPerPixel: perPixel(n),
    quadsSaved: quadFragments - n,
    capturedFraction: captured,
    ...extra,
  });
  rows.push(row('nomerge', null, quadFragments, null));
  if (keep.includes('nomerge')) shaded.nomerge = [];

  const qfmInf = runQfm(raster.grids, { msaa, entries: Infinity, recent: p.recent });
  const qfmInfSaved = quadFragments - qfmInf.shaded.length;
  rows.push(row('qfm-unbounded', null, qfmInf.shaded.length, null));
  if (keep.includes('qfm-unbounded')) shaded['qfm-unbounded'] = qfmInf.shaded;
  const pmuInf = runPmu(raster.grids, { msaa, entries: Infinity, recent: p.recent });
  const pmuInfSaved = quadFragments - pmuInf.shaded.length;
  const pmuExtra = (n: number, partial: number): Partial<ResultRow> => ({
    partialQuads: partial,
    partialQuadsSaved: quadFragments - n,
    efficiency: partial === 0 ? 0 : (quadFragments - n) / partial,
    savings: quadFragments === 0 ? 0 : (quadFragments - n) / quadFragments,
  });
  rows.push(row('pmu-unbounded', null, pmuInf.shaded.length, null, pmuExtra(pmuInf.shaded.length, pmuInf.stats.partialQuads)));
  if (keep.includes('pmu-unbounded')) shaded['pmu-unbounded'] = pmuInf.shaded;

  for (const e of p.entries) {
    const q = runQfm(raster.grids, { msaa, entries: e, recent: p.recent });
    const n = q.shaded.length;
    rows.push(row('qfm', e, n, qfmInfSaved === 0 ? null : (quadFragments - n) / qfmInfSaved));
    if (keep.includes(`qfm@${e}`)) shaded[`qfm@${e}`] = q.shaded;
    const m = runPmu(raster.grids, { msaa, entries: e, recent: p.recent });
    const k = m.shaded.length;
    rows.push(row('pmu', e, k, pmuInfSaved === 0 ? null : (quadFragments - k) / pmuInfSaved, pmuExtra(k, m.stats.partialQuads)));
    if (keep.includes(`pmu@${e}`)) shaded[`pmu@${e}`] = m.shaded;
  }
  return { rows, run: { scene, raster, shaded } };
}
