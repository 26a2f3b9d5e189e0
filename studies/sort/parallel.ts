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
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../explore/index.js';
import { sceneName } from '../../testbenches/workloads/tiles/index.js';
import { assembleStudy, costCacheOf, runStudy, sceneJobs, type SceneOutput, type StudyOptions, type StudyResult } from './experiment.js';
import type { FromSceneWorker, SceneOptions, ToSceneWorker } from './scene-worker.js';
import type { SimCall } from './sorter-sim.js';
import { InternalError } from '../../hdl/errors.js';

export interface ParallelResult extends StudyResult {
  /** Tiles the workers simulated that the one-thread run takes from its memo (the price of running scenes apart). */
  resimulated: number;
}

/** `workers` 'auto': one per core. One worker or one scene: runStudy here. */
export async function runStudyParallel(o: StudyOptions, workers: number | 'auto' = 'auto'): Promise<ParallelResult> {
  const jobs = sceneJobs(o);
  const n = Math.min(workers === 'auto' ? availableParallelism() : workers, jobs.length);
  if (n <= 1) return { ...runStudy(o), resimulated: 0 };
  const { log, ...options } = o;
  const done = await runScenes(jobs.length, n, (index) => ({ index, job: jobs[index]!, options: options satisfies SceneOptions }), (index, ms) => {
    const j = jobs[index]!;
    log(`${sceneName({ surface: j.surface, area: j.area, seed: o.seed })} ${j.spp} spp: ${(ms / 1000).toFixed(1)} s on a worker`);
  });
  const replayed = replay(done);
  return { ...assembleStudy(o, done.map((d) => d.out), costCacheOf(), replayed.sim), resimulated: replayed.resimulated };
}

type SceneDone = { out: SceneOutput; calls: SimCall[] };

/** Scenes to `n` workers, heaviest first (the lane sweep and the frame figures dwarf the rest); results by index. */
async function runScenes(count: number, n: number, message: (index: number) => ToSceneWorker, onDone: (index: number, ms: number) => void): Promise<SceneDone[]> {
  const order = Array.from({ length: count }, (_, i) => i);
  const weight = (i: number): number => {
    const m = message(i);
    const scene = sceneName({ surface: m.job.surface, area: m.job.area, seed: m.options.seed });
    const full = m.job.spp === m.options.sweepSpp;
    return (full && m.options.laneSweepScenes.includes(scene) ? 2 : 0) + (full && m.options.frameAreas.includes(m.job.area) && m.options.frameSurfaces.includes(m.job.surface) ? 1 : 0);
  };
  order.sort((a, b) => weight(b) - weight(a) || a - b);
  const results: SceneDone[] = new Array(count);
  const threads: Worker[] = Array.from({ length: n }, () => spawnWorker(new URL('./scene-worker', import.meta.url), null));
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let finished = 0;
      const feed = (w: Worker): void => {
        const i = order[next++];
        if (i !== undefined) w.postMessage(message(i));
      };
      for (const w of threads) {
        w.on('message', (m: FromSceneWorker) => {
          if ('error' in m) return reject(new Error(`sort study, scene job ${m.index}: ${m.error}`));
          results[m.index] = { out: m.out, calls: m.calls };
          onDone(m.index, m.ms);
          if (++finished === count) resolve();
          else feed(w);
        });
        w.on('error', reject);
        w.on('exit', (code) => code !== 0 && reject(new Error(`sort study worker exited with code ${code}`)));
        feed(w);
      }
    });
  } finally {
    await Promise.all(threads.map((w) => w.terminate()));
  }
  return results;
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
