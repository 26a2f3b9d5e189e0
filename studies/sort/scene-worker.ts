// Worker-thread entry for parallel.ts: runs the scene jobs it is sent, one
// at a time, each with a bench that remembers no tile of an earlier scene
// (the compiled simulators and sorter costs stay), and answers with the
// scene's rows and its bench calls for the replay.
import { serveJobs } from '../../explore/index.js';
import { costCacheOf, runScene, scanSimulator, type SceneJob, type SceneOutput, type StudyOptions } from './experiment.js';
import { SorterBench, type SimCall } from './sorter-sim.js';

export type SceneOptions = Omit<StudyOptions, 'log'>;
/** One scene job and the study's options, as the farm sends it. */
export type SceneWork = { job: SceneJob; options: SceneOptions };

const bench = new SorterBench();
const costOf = costCacheOf();
const scanSim = scanSimulator();
serveJobs('sort study', ({ job, options }: SceneWork): { out: SceneOutput; calls: SimCall[] } => {
  bench.forgetTiles();
  const out = runScene(job, { ...options, log: () => undefined }, bench, scanSim, costOf);
  return { out, calls: [...bench.calls] };
});
