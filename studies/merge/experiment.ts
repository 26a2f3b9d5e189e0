// The shading-work experiment, from the golden models: for each scene,
// mean triangle area and MSAA rate, the quad fragments the rasterizer
// produces go through NOMERGE, the ideal buffer and the bounded buffer at
// every size, for one unit (QFM flushing per patch, the PMU per draw). One
// row per measurement, as the study's results.jsonl.
import {
  fragmentsByDraw,
  makeGameScene,
  makeScene,
  MERGE_FRAME,
  MERGE_SURFACES,
  rasterizeScene,
  type MergeSurface,
  type RasterizedScene,
  type Scene,
  SCENE_TRIANGLES,
  sceneGrids,
  sceneTriangles,
} from '../../testbenches/workloads/merge/index.js';
import type { FlushPolicy } from '../../units/merge-common/golden-buffer.js';
import { hasPartialPixel, isEmptyQuad, type ShadedQuad } from '../../units/merge-common/quad.js';
import { MERGE_MSAA_MODES, type MergeMsaa } from '../../units/merge-common/samples.js';
import { PMU_IDEAL, runPmu } from '../../units/pmu/golden.js';
import { QFM_IDEAL, runQfm } from '../../units/qfm/golden.js';

export type MergeUnit = 'qfm' | 'pmu';
export type RowUnit = 'nomerge' | MergeUnit | 'qfm-ideal' | 'pmu-ideal';

/** The game-like frame (mixed triangle sizes, several draws): measured once per MSAA rate, at no nominal area. */
export const GAME = 'game';
export type SceneName = MergeSurface | typeof GAME;
export const SCENE_NAMES: readonly SceneName[] = [...MERGE_SURFACES, GAME];

export interface ExperimentParams {
  readonly unit: MergeUnit;
  readonly scenes: readonly SceneName[];
  /** Mean triangle areas of the surfaces, px^2. */
  readonly areas: readonly number[];
  readonly msaa: readonly MergeMsaa[];
  readonly entries: readonly number[];
  /** Triangles asked of the tessellator per surface (the game frame is fixed). */
  readonly triangles: number;
  /** QFM: can_merge is tried against this many of the newest matching entries. */
  readonly recent: number;
  /** What the bounded buffers do at a flush (the ideal always merges). */
  readonly flush: FlushPolicy;
  readonly seed: number;
  readonly width: number;
  readonly height: number;
}

export const DEFAULT_PARAMS: ExperimentParams = {
  unit: 'qfm',
  scenes: SCENE_NAMES,
  areas: [0.5, 1, 2, 5, 10],
  msaa: MERGE_MSAA_MODES,
  entries: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
  triangles: SCENE_TRIANGLES,
  recent: 2,
  flush: 'drain',
  seed: 2010,
  width: MERGE_FRAME.width,
  height: MERGE_FRAME.height,
};

export interface ResultRow {
  readonly unit: RowUnit;
  readonly scene: string;
  /** Requested mean triangle area, px^2 (null: the game frame, which mixes sizes). */
  readonly triArea: number | null;
  /** Mean |area| of the scene's triangles after quantisation, px^2. */
  readonly meanArea: number;
  readonly msaa: MergeMsaa;
  readonly entries: number | null;
  /** QFM's N (null: every match tried, the ideal; or not QFM). */
  readonly recent: number | null;
  readonly flush: FlushPolicy | null;
  readonly seed: number;
  readonly triangles: number;
  readonly grids: number;
  readonly draws: number;
  readonly coveredPixels: number;
  /** Non-empty quad fragments out of the rasterizer (NOMERGE's shaded quads). */
  readonly quadFragments: number;
  /** Empty quad fragments (QFM's bridges; never shaded). */
  readonly emptyQuads: number;
  /** Quad fragments with at least one partially covered pixel (what enters the PMU's buffer). */
  readonly partialQuads: number;
  readonly shadedQuads: number;
  /** 4 x shaded quads / covered pixels: pixel-shader executions per covered pixel. */
  readonly shadedPerPixel: number;
  /** Quads saved against NOMERGE. */
  readonly quadsSaved: number;
  /** Quads saved as a fraction of what the ideal buffer of the same unit saves (null for nomerge / ideal, or when the ideal saves nothing). */
  readonly capturedFraction: number | null;
  /** Shaded quads with a partially covered pixel. */
  readonly partialQuadsShaded: number;
  /** Efficiency, the figure caption's reading: partially covered quads saved / partially covered quads in. */
  readonly efficiencySaved: number | null;
  /** Efficiency, the text's reading: the drop in partially covered quads rendered, (in - shaded) / in. */
  readonly efficiencyPartialDrop: number | null;
  /** Savings: quads saved / all quads NOMERGE shades. */
  readonly savings: number;
}

export interface SceneRun {
  readonly scene: Scene;
  readonly raster: RasterizedScene;
  readonly shaded: Readonly<Record<string, readonly ShadedQuad[]>>;
}

export function meanArea(scene: Scene): number {
  let sum = 0;
  let n = 0;
  for (const { grid, vertices } of sceneGrids(scene)) {
    for (const [a, b, c] of grid.triangles) {
      const p = vertices[a]!;
      const q = vertices[b]!;
      const r = vertices[c]!;
      sum += Math.abs((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)) / 2 / 65536;
      n++;
    }
  }
  return n === 0 ? 0 : sum / n;
}

/** A generated scene by name; `area` is ignored for the game frame. */
export function buildScene(name: SceneName, area: number, p: ExperimentParams): Scene {
  if (name === GAME) return makeGameScene({ seed: p.seed, width: p.width, height: p.height, decimated: p.triangles < SCENE_TRIANGLES });
  return makeScene({ surface: name, area, triangles: p.triangles, seed: p.seed, width: p.width, height: p.height });
}

/**
 * Every row for one scene at one area and MSAA rate. `keep` names the
 * shaded-quad streams to hand back (for heat maps), as 'ideal' or the
 * buffer size.
 */
export function measure(name: SceneName, area: number, msaa: MergeMsaa, p: ExperimentParams, keep: readonly string[] = []): { rows: ResultRow[]; run: SceneRun } {
  return measureScene(buildScene(name, area, p), name, name === GAME ? null : area, msaa, p, keep);
}

/** The same for a given scene (a generated one, or one read from a scene file). */
export function measureScene(scene: Scene, sceneName: string, area: number | null, msaa: MergeMsaa, p: ExperimentParams, keep: readonly string[] = []): { rows: ResultRow[]; run: SceneRun } {
  // The counts do not depend on the depth payload; without it the rasterizer is several times faster.
  const raster = rasterizeScene(scene, msaa, { depth: false });
  const all = raster.grids.flat();
  const live = all.filter((q) => !isEmptyQuad(q));
  const quadFragments = live.length;
  const partialQuads = live.filter((q) => hasPartialPixel(q, msaa)).length;
  const base = {
    scene: sceneName,
    triArea: area,
    meanArea: Number(meanArea(scene).toFixed(4)),
    msaa,
    seed: p.seed,
    triangles: sceneTriangles(scene),
    grids: raster.grids.length,
    draws: scene.draws.length,
    coveredPixels: raster.coveredPixels,
    quadFragments,
    emptyQuads: all.length - quadFragments,
    partialQuads,
  };
  const perPixel = (n: number): number => (raster.coveredPixels === 0 ? 0 : (4 * n) / raster.coveredPixels);
  const row = (unit: RowUnit, entries: number | null, shaded: readonly ShadedQuad[] | null, idealSaved: number | null, cfg: { recent: number | null; flush: FlushPolicy | null }): ResultRow => {
    const n = shaded === null ? quadFragments : shaded.length;
    const partialShaded = shaded === null ? partialQuads : shaded.filter((q) => hasPartialPixel(q, msaa)).length;
    const saved = quadFragments - n;
    return {
      unit,
      ...base,
      entries,
      ...cfg,
      shadedQuads: n,
      shadedPerPixel: perPixel(n),
      quadsSaved: saved,
      capturedFraction: idealSaved === null || idealSaved === 0 ? null : saved / idealSaved,
      partialQuadsShaded: partialShaded,
      efficiencySaved: partialQuads === 0 ? null : saved / partialQuads,
      efficiencyPartialDrop: partialQuads === 0 ? null : (partialQuads - partialShaded) / partialQuads,
      savings: quadFragments === 0 ? 0 : saved / quadFragments,
    };
  };
  const rows: ResultRow[] = [row('nomerge', null, null, null, { recent: null, flush: null })];
  const shaded: Record<string, readonly ShadedQuad[]> = {};
  // QFM flushes after each patch, the PMU after each draw.
  const run =
    p.unit === 'qfm'
      ? (e: number | null) => runQfm(raster.grids, e === null ? { msaa, detail: false, ...QFM_IDEAL } : { msaa, detail: false, entries: e, recent: p.recent, flush: p.flush }).shaded
      : (() => {
          const draws = fragmentsByDraw(raster);
          return (e: number | null) => runPmu(draws, e === null ? { msaa, detail: false, ...PMU_IDEAL } : { msaa, detail: false, entries: e, flush: p.flush }).shaded;
        })();
  const ideal = run(null);
  const idealSaved = quadFragments - ideal.length;
  rows.push(row(`${p.unit}-ideal`, null, ideal, null, { recent: null, flush: 'merge' }));
  if (keep.includes('ideal')) shaded['ideal'] = ideal;
  for (const e of p.entries) {
    const s = run(e);
    rows.push(row(p.unit, e, s, idealSaved, { recent: p.unit === 'qfm' ? p.recent : null, flush: p.flush }));
    if (keep.includes(String(e))) shaded[String(e)] = s;
  }
  return { rows, run: { scene, raster, shaded } };
}

/** The (scene, area) pairs a run measures: every surface at every area, the game frame once. */
export function sceneAreas(p: ExperimentParams): { scene: SceneName; area: number }[] {
  return p.scenes.flatMap((scene): { scene: SceneName; area: number }[] => (scene === GAME ? [{ scene, area: NaN }] : p.areas.map((area) => ({ scene, area }))));
}
