// The 45 nm cost model's public surface: the table, the physical point, the
// pricing of an inventory, and the calibration of its global knobs.
export { costTable, ENERGY_DENSITY, LEAKAGE_DENSITY, REFERENCE, REGISTER_OVERHEAD_PS, type ArithStyle, type CostTable, type OpCost } from './cost-table.js';
export {
  checkPoint,
  clockPeriodPs,
  DEFAULT_PHYSICAL,
  FREEPDK45_HIGH_VT_PENALTY,
  physicalScale,
  registerOverheadPs,
  stagesForPeriod,
  VDD_RANGE,
  type DesignPoint,
  type PhysicalParams,
  type PhysicalScale,
  type VtFlavour,
} from './physical.js';
export { activityFromToggles, PIPELINE_PATH, type Activity, type ActivityFn, type ActivityQuery } from './activity.js';
export { DEFAULT_KNOBS, type Knobs } from './knobs.js';
export { minStages, price, type CostRow, type PriceOptions, type PriceResult } from './price.js';
export {
  calibrate,
  calibrationMarkdown,
  type CalibrationOptions,
  type CalibrationPoint,
  type CalibrationResult,
  type CalibrationSample,
  type ComponentResidual,
} from './calibration.js';
export { priceMarkdown } from './render.js';
