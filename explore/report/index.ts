// Sweep reports: index.md with plots (Vega-Lite -> SVG/PNG) and tables, and
// the model checks (calibration, Yosys cross-check) they include.
export { writeReport, type ReportFiles, type ReportOptions } from './write.js';
export { loadSweep, type LoadedSweep } from './load.js';
export { EXPERIMENTS_DIR, experimentSections, runExperiments } from './experiments.js';
export {
  buildCalibration,
  buildCrossCheck,
  calibrationSamples,
  unpublishedSamples,
  CALIBRATION_JSON,
  CROSSCHECK_CALIBRATION_JSON,
  modelCellAreaUm2,
  readCalibration,
  readCrossCheck,
  YOSYS_JSON,
  type CalibrationFile,
  type CrossCheckFile,
} from './checks.js';
export { renderPng, renderSvg } from './render.js';
