// The design-space sweep's public surface. Studies (explore/contract.ts)
// are adapted to a SweepDomain (types.ts) and named by StudyRef so worker
// threads can load them too.
export type { Axis, MicroArchEvaluator, Params, ParamValue, Performance, SweepDomain } from './types.js';
export { checkCounts, checkStudy, MAX_REPLICATES, importStudy, loadDomain, selectWorkload, simulatorOf, studyAxes, studyDomain, type StudyRef } from './study-ref.js';
export {
  axisValues,
  DEFAULT_CLOCKS_GHZ,
  DEFAULT_MIN_FO4_PER_STAGE,
  DEFAULT_VDD,
  DEFAULT_VT,
  describeAxis,
  formatValue,
  resolveSpec,
  SpecError,
  SweepError,
  type ActivityMode,
  type SpecInput,
  type StagesSpec,
  type SweepSpec,
} from './spec.js';
export { enumerateMicroArchs, physicalPoints, pointKey, type MicroArchEntry } from './enumerate.js';
export { figure, rowFromJson, rowKey, rowsToCsv, rowToJson, type PointRow, type RowLayout } from './point.js';
export { layoutOf, readManifest, type Shard, type StudyInfo, type SweepIdentity, type SweepManifest } from './manifest.js';
export { parseShard, shardFromEnv } from './shard.js';
export { runSweep, type SweepOptions, type SweepSummary } from './run.js';
export { EXPLORE_STRATEGIES, parseExplore, type ExploreStrategy } from './bound.js';
export { mergeSweeps, type MergeOptions, type MergeSummary } from './merge.js';
export { createProgress, silentProgress, type Progress, type ProgressOptions } from './progress.js';
export { sweepCommandLine } from './command-line.js';
export { POINTS_CSV, POINTS_JSONL, readPoints } from './store.js';
