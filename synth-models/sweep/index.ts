// The design-space sweep's public surface. Domains plug in through
// types.ts (SweepDomain, MicroArchEvaluator) and are named by DomainRef so
// worker threads can load them too.
export type { Axis, DomainFactory, MicroArchEvaluation, MicroArchEvaluator, Params, ParamValue, SweepDomain } from './types.js';
export { builtinDomains, domainModuleUrl, loadDomain, type DomainRef } from './domain-ref.js';
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
export { rowFromJson, rowKey, rowsToCsv, rowToJson, type PointRow } from './point.js';
export { readManifest, type Shard, type SweepIdentity, type SweepManifest } from './manifest.js';
export { parseShard } from './shard.js';
export { runSweep, type SweepOptions, type SweepSummary } from './run.js';
export { mergeSweeps, type MergeOptions, type MergeSummary } from './merge.js';
export { createProgress, silentProgress, type Progress, type ProgressOptions } from './progress.js';
export { sweepCommandLine } from './command-line.js';
export { POINTS_CSV, POINTS_JSONL, readPoints } from './store.js';
