// What every rasterizer study measures and compares, in one place so NoBlur,
// Blur and Hybrid cannot drift apart: one throughput definition (an MP is
// one triangle; a TVP pair is two MPs), the per-point figures derived from
// it (mpPerCycle, mpPerSec, perfDensity, energyPerMpJ, powerDensity), the
// two Pareto axes, and the published rate target.
import type { Metric, Objectives, RateTargets, WorkUnit } from '../../explore/index.js';
import { densityEnergyObjectives, throughputMetrics } from '../throughput.js';

export const MP: WorkUnit = { name: 'MP', doc: 'one MP is one triangle; a TVP pair counts as two MPs' };

export const RASTER_METRICS: readonly Metric[] = throughputMetrics('mp', MP);

/** Performance density (higher) against energy per MP (lower). */
export const RASTER_OBJECTIVES: Objectives = densityEnergyObjectives('mp', MP);

/** raster-units.md: what 3 GMP/s costs when the power density is capped. */
export const RASTER_RATE_TARGETS: RateTargets = {
  metric: 'mpPerSec',
  rate: 3e9,
  powerDensityLimits: [0.7, 1.0, 1.5],
  doc: 'a throughput target met by replicating the unit: area = rate / performance density, power = rate x energy per MP',
};
