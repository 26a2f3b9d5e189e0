// The sort study's scenes on worker threads, with the one-thread result.
// Scenes are independent but for one thing: the bench's memo (sorter-sim.ts)
// lets a tile reuse the cycles of an earlier tile with the same
// configuration, pairs and passes, possibly of an earlier scene, and the
// report says which rows were simulated and how many tiles. So each worker
// runs a scene with a memo of that scene alone (it simulates whatever the
// one-thread run would, and perhaps a tile the one-thread run took from an
// earlier scene), records every bench call, and the main thread replays
// the calls in the study's order with one memo: which call the one-thread
// run simulates, which row's cycles were simulated, how many tiles. A
// replayed reuse whose cycles differ from what the worker got is an error
// (the sorter would have a data-dependent stall the memo does not allow
// for), so rows, frames and counts are those of runStudy or the run fails.
import { farmWorkers, runFarm } from '../../explore/index.js';
import { sceneName } from '../../testbenches/workloads/tiles/index.js';
import { assembleStudy, costCacheOf, runStudy, sceneJobs, type SceneOutput, type StudyOptions, type StudyResult } from './experiment.js';
import type { SceneOptions, SceneWork } from './scene-worker.js';
import type { SimCall } from './sorter-sim.js';
import { InternalError } from '../../hdl/errors.js';

export interface ParallelResult extends StudyResult {
  /** Tiles the workers simulated that the one-thread run takes from its memo (the price of running scenes apart). */
  resimulated: number;
}

/** `workers` 'auto': one per core. One worker or one scene: runStudy here. */
export async function runStudyParallel(o: StudyOptions, workers: number | 'auto' = 'auto'): Promise<ParallelResult> {
  const jobs = sceneJobs(o);
  const n = farmWorkers(workers, jobs.length);
  if (n <= 1) return { ...runStudy(o), resimulated: 0 };
  const { log, ...options } = o;
  const done = await runScenes(jobs.map((job) => ({ job, options: options satisfies SceneOptions })), n, (index, ms) => {
    const j = jobs[index]!;
    log(`${sceneName({ surface: j.surface, area: j.area, seed: o.seed })} ${j.spp} spp: ${(ms / 1000).toFixed(1)} s on a worker`);
  });
  const replayed = replay(done);
  return { ...assembleStudy(o, done.map((d) => d.out), costCacheOf(), replayed.sim), resimulated: replayed.resimulated };
}

type SceneDone = { out: SceneOutput; calls: SimCall[] };

/** Scenes to the engine's job farm, heaviest first (the lane sweep and the frame figures dwarf the rest); results by index. */
function runScenes(jobs: readonly SceneWork[], n: number, onDone: (index: number, ms: number) => void): Promise<SceneDone[]> {
  const weight = ({ job, options }: SceneWork): number => {
    const scene = sceneName({ surface: job.surface, area: job.area, seed: options.seed });
    const full = job.spp === options.sweepSpp;
    return (full && options.laneSweepScenes.includes(scene) ? 2 : 0) + (full && options.frameAreas.includes(job.area) && options.frameSurfaces.includes(job.surface) ? 1 : 0);
  };
  return runFarm<SceneWork, SceneDone>(new URL('./scene-worker', import.meta.url), jobs, { name: 'sort study', workers: n, weight, onDone });
}

/** The one-thread memo over every scene's calls in the study's order: which rows were simulated, and the counts. */
function replay(done: readonly SceneDone[]): { sim: StudyResult['sim']; resimulated: number } {
  const memo = new Map<string, { cycles: number; tile: string }>();
  const sim = { tilesSimulated: 0, cycles: 0, ms: 0 };
  let workerSims = 0;
  done.forEach(({ out, calls }, job) => {
    const simulatedTile: boolean[] = [];
    const counted: boolean[] = [];
    for (const c of calls) {
      if (c.simulated) workerSims++;
      const tile = `${job}/${c.tile}`;
      const hit = memo.get(c.key);
      if (hit !== undefined && !c.keepSorted) {
        if (hit.cycles !== c.cycles) throw new InternalError(`sort study: tile ${tile} took ${c.cycles} cycles and an earlier tile with the same configuration, pairs and passes (${c.key}) ${hit.cycles}; the memo's premise (no data-dependent stall) does not hold`);
        simulatedTile.push(hit.tile === tile);
        counted.push(false);
        continue;
      }
      if (!c.simulated) throw new InternalError(`sort study: tile ${tile} (${c.key}) was taken from a scene's memo that the study's order has not filled`);
      if (hit === undefined) memo.set(c.key, { cycles: c.cycles, tile });
      simulatedTile.push(true);
      counted.push(true);
      sim.tilesSimulated++;
      sim.cycles += c.cycles;
      sim.ms += c.ms;
    }
    out.rows.forEach((r, i) => (r.cyclesSimulated = simulatedTile[out.rowCalls[i]!]!));
    out.frames.forEach((f, i) => {
      const [from, to] = out.frameCalls[i]!;
      f.tilesSimulated = counted.slice(from, to).filter(Boolean).length;
    });
  });
  return { sim, resimulated: workerSims - sim.tilesSimulated };
}
