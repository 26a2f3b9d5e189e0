// The published per-component figures every rasterizer study calibrates
// against (raster-units.md: one Blur design at 0.99 V, high-Vt cells, 2 GHz,
// each block fully used). A study adds which of its instances implement
// which component.
import type { CalibrationPoint } from '../../synth-models/calibration.js';
import type { CalibrationDef } from '../../explore/index.js';


/** raster-units.md, "Calibration data": one Blur design, 0.99 V, high Vt,
 *  2 GHz, each block fully used. */
export const RASTER_BLUR_COMPONENTS: readonly { component: string; powerMw: number; areaMm2: number }[] = [
  { component: 'sample in time', powerMw: 52, areaMm2: 0.1 },
  { component: 'sample in lens', powerMw: 28, areaMm2: 0.043 },
  { component: 'bbox', powerMw: 14, areaMm2: 0.012 },
  { component: 'back-face cull', powerMw: 10, areaMm2: 0.001 },
  { component: 'iterator', powerMw: 3, areaMm2: 0.002 },
  { component: 'sample test', powerMw: 18, areaMm2: 0.0015 },
  { component: 'interpolation', powerMw: 14, areaMm2: 0.013 },
];

export const CALIBRATION_POINT: CalibrationPoint = { vt: 'high', vdd: 0.99, clockHz: 2e9 };

export const BLUR_PUBLISHED: Pick<CalibrationDef<unknown>, 'source' | 'point' | 'published'> = {
  source: "one Blur rasterizer's components (raster-units.md)",
  point: CALIBRATION_POINT,
  published: RASTER_BLUR_COMPONENTS,
};
