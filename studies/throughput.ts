// Throughput figures every study with a work unit shares: work per cycle
// (from simulation), per second (at the priced clock), per second per mm^2,
// energy per work item and power density. The keys carry the work unit's
// short name (mpPerCycle for MPs), which is how points.jsonl names them.
import type { Counts, Metric, Objectives, PricedPoint, WorkUnit } from '../explore/index.js';

/** The throughput metrics of a study whose driver counts work items: per cycle, per second, per second per mm^2,
 *  energy per item and power density; keys start with `prefix` (`samplePerCycle`, ...). */
export function throughputMetrics(prefix: string, work: WorkUnit): readonly Metric[] {
  const w = work.name;
  const cap = prefix.charAt(0).toUpperCase() + prefix.slice(1);
  const perCycle = (c: Counts): number => c.work / c.cycles;
  const perSec = (c: Counts, p: PricedPoint): number => perCycle(c) * p.clockHz;
  return [
    { key: `${prefix}PerCycle`, doc: `${w}s completed per clock cycle on the workload, from cycle simulation (${work.doc})`, display: { label: `${w}/cycle`, unit: `${w}/cycle`, scale: 1 }, value: (c) => perCycle(c) },
    { key: `${prefix}PerSec`, doc: `${w}/cycle x clock`, display: { label: 'throughput', unit: `G${w}/s`, scale: 1e9 }, value: perSec },
    { key: 'perfDensity', doc: `${w}/s per mm^2`, display: { label: 'performance density', unit: `G${w}/s/mm^2`, scale: 1e9 }, value: (c, p) => perSec(c, p) / p.areaMm2 },
    { key: `energyPer${cap}J`, doc: `power / (${w}/s), J per ${w}`, display: { label: `energy per ${w}`, unit: `pJ/${w}`, scale: 1e-12 }, value: (c, p) => p.powerW / perSec(c, p) },
    { key: 'powerDensity', doc: 'power per mm^2', display: { label: 'power density', unit: 'W/mm^2', scale: 1 }, value: (_c, p) => p.powerW / p.areaMm2 },
  ];
}

/** Performance density (higher is better) against energy per work item
 *  (lower is better): the rasterizer study's axes, usable by any unit
 *  whose cost is throughput per area and energy per item. */
export function densityEnergyObjectives(prefix: string, work: WorkUnit): Objectives {
  const cap = prefix.charAt(0).toUpperCase() + prefix.slice(1);
  return {
    x: { key: 'perfDensity', better: 'higher', display: { label: 'performance density', unit: `G${work.name}/s per mm^2`, scale: 1e9 } },
    y: { key: `energyPer${cap}J`, better: 'lower', display: { label: `energy per ${work.name}`, unit: 'pJ', scale: 1e-12 } },
  };
}
