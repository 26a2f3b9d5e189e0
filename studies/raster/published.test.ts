import { expect, it } from 'vitest';
import { BLUR_PUBLISHED, CALIBRATION_POINT, RASTER_BLUR_COMPONENTS } from './published.js';

it('holds the seven published components of raster-units.md at their corner', () => {
  expect(RASTER_BLUR_COMPONENTS).toHaveLength(7);
  expect(RASTER_BLUR_COMPONENTS.reduce((s, c) => s + c.powerMw, 0)).toBe(139);
  expect(RASTER_BLUR_COMPONENTS.find((c) => c.component === 'sample test')).toEqual({ component: 'sample test', powerMw: 18, areaMm2: 0.0015 });
  expect(CALIBRATION_POINT).toEqual({ vt: 'high', vdd: 0.99, clockHz: 2e9 });
  expect(BLUR_PUBLISHED.published).toBe(RASTER_BLUR_COMPONENTS);
});
