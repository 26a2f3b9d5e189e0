// Worker-thread entry for parallel.ts: runs the scene jobs it is sent, one
// at a time, each with a bench that remembers no tile of an earlier scene
// (the compiled simulators and sorter costs stay), and answers with the
// scene's rows and its bench calls for the replay.
import { parentPort } from 'node:worker_threads';
import { costCacheOf, runScene, scanSimulator, type SceneJob, type SceneOutput, type StudyOptions } from './experiment.js';
import { SorterBench, type SimCall } from './sorter-sim.js';
import { InternalError } from '../../hdl/errors.js';

export type SceneOptions = Omit<StudyOptions, 'log'>;
export type ToSceneWorker = { index: number; job: SceneJob; options: SceneOptions };
export type FromSceneWorker = { index: number; out: SceneOutput; calls: SimCall[]; ms: number } | { index: number; error: string };

const port = parentPort;
if (port === null) throw new InternalError('studies/sort/scene-worker.ts must run in a worker thread');
const bench = new SorterBench();
const costOf = costCacheOf();
const scanSim = scanSimulator();
port.on('message', (m: ToSceneWorker) => {
  const t0 = Date.now();
  try {
    bench.forgetTiles();
    const out = runScene(m.job, { ...m.options, log: () => undefined }, bench, scanSim, costOf);
    port.postMessage({ index: m.index, out, calls: [...bench.calls], ms: Date.now() - t0 } satisfies FromSceneWorker);
  } catch (e) {
    port.postMessage({ index: m.index, error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies FromSceneWorker);
  }
});
