// The exploration engine's public face. A study (studies/<name>/) imports
// the engine through this file only (studies/layering.test.ts): the study
// contract it implements, and the engine services it may use in its own
// report sections and experiments (plots, tables, durable files, workers).
export * from './contract.js';
export { combinedCosts, combinedTable, ratioTable, type CombinedCost, type CombinedEntry } from './report/combined-rate-cost.js';
export { mdTable, sig } from './report/format.js';
export { loadSweep, type LoadedSweep } from './report/load.js';
export { renderPng, renderSvg } from './report/render.js';
export type { PointRow } from './sweep/point.js';
export { writeDurable } from './sweep/files.js';
export { spawnWorker } from './sweep/spawn.js';
export { priceForClock, type ClockPricing } from './sweep/pricing.js';
export { dominates, paretoFront, paretoMask, type Scorer } from './pareto.js';
export { FarmJobError, farmWorkers, runFarm, serveJobs, type FarmOptions } from './job-farm.js';
export { checkStudy } from './sweep/study-ref.js';
// The engine run end to end (what `gfxrtl study` and `npm start` call).
export { calibrateStudy, checkCalibrateStudy, ownCrossCheckDesigns, type CalibrateStudyOptions, type CalibrateStudyResult, type YosysCrossCheck } from './calibrate.js';
export { checkStudyRun, mainJobStudies, runAllStudies, runStudy, SIMULATION_DIR, writeStudiesIndex, type AllStudiesOptions, type AllStudiesStatus, type StudyEntryRef, type StudyRunOptions, type StudyRunStatus } from './pipeline.js';
