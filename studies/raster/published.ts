// The published per-component figures every rasterizer study calibrates
// against (raster-units.md: one Blur design at 0.99 V, high-Vt cells, 2 GHz,
// each block fully used). A study adds which of its instances implement
// which component.
import { CALIBRATION_POINT, RASTER_BLUR_COMPONENTS } from '../../synth-models/calibration.js';
import type { CalibrationDef } from '../contract.js';

export const BLUR_PUBLISHED: Pick<CalibrationDef<unknown>, 'source' | 'point' | 'published'> = {
  source: "one Blur rasterizer's components (raster-units.md)",
  point: CALIBRATION_POINT,
  published: RASTER_BLUR_COMPONENTS,
};
