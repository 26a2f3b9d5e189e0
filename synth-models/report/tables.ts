// Markdown tables of a sweep: each mode's frontier, the constrained
// frontiers side by side, the cost of a required rate under power-density
// limits, and the two model checks (calibration, Yosys).
import { CROSS_CHECK_BAND, withinBand } from '../crosscheck-band.js';
import { costAtLimit } from '../rate-cost.js';
import { costAtRate, type ConstrainedFrontier, type RateCost } from '../pareto.js';
import type { PointRow } from '../sweep/point.js';
import type { CalibrationFile, CrossCheckFile } from './checks.js';
import { ghz, giga, mdTable, mw, param, pj, sig } from './format.js';

function designCells(r: PointRow, columns: readonly string[]): string[] {
  return [...columns.map((c) => param(r.params[c])), r.vt, String(r.vdd), String(r.stages), ghz(r.clockHz)];
}

const DESIGN_HEAD = (columns: readonly string[]): string[] => [...columns, 'Vt', 'Vdd V', 'stages', 'clock GHz'];

/** The frontier from lowest to highest performance density. */
export function frontierTable(frontier: readonly PointRow[], columns: readonly string[], op: string): string {
  const head = [...DESIGN_HEAD(columns), 'area mm^2', 'power mW', `G${op}/s`, `G${op}/s/mm^2`, `pJ/${op}`, 'W/mm^2'];
  const rows = frontier.map((r) => [...designCells(r, columns), sig(r.areaMm2), mw(r.powerW), giga(r.mpPerSec), giga(r.perfDensity), pj(r.energyPerMpJ), sig(r.powerDensity)]);
  return mdTable(head, rows);
}

/** The study's rule (least area at or under the limit) and, beside it, the
 *  frontier interpolated at exactly the limit (rate-cost.ts); `rows` is the
 *  mode's whole cloud, needed for the interpolation. */
export function rateCostTable(costs: readonly RateCost<PointRow>[], columns: readonly string[], op: string, rate: number, rows: readonly PointRow[] = []): string {
  const head = ['limit W/mm^2', `area mm^2 for ${giga(rate)} G${op}/s`, 'power W', 'area mm^2 interpolated at the limit', ...DESIGN_HEAD(columns), `G${op}/s/mm^2`, `pJ/${op}`, 'W/mm^2'];
  const out = costs.map((c) => {
    const r = c.point;
    const interp = rows.length === 0 ? null : costAtLimit(rows.filter((x) => x.mode === c.mode), rate, c.limit).interpolated;
    const ia = interp === null ? '—' : sig(interp.areaMm2);
    if (r === null) return [sig(c.limit), 'no design within the limit', '—', ia, ...head.slice(4).map(() => '—')];
    return [sig(c.limit), sig(c.areaMm2), sig(c.powerW), ia, ...designCells(r, columns), giga(r.perfDensity), pj(r.energyPerMpJ), sig(r.powerDensity)];
  });
  return mdTable(head, out);
}

/** One row per constraint (axis = value): its frontier's reach and what
 *  the rate costs when only designs with that value are allowed. */
export function constrainedTable(groups: readonly ConstrainedFrontier<PointRow>[], overall: readonly PointRow[], op: string, rate: number, limits: readonly number[]): string {
  const head = ['only', 'points', 'frontier points', 'on overall frontier', `best G${op}/s/mm^2`, `lowest pJ/${op}`, ...limits.map((l) => `mm^2 @ ${sig(l)} W/mm^2`)];
  const rows = groups.map((g) => {
    const onOverall = overall.filter((r) => r.params[g.axis] === g.value).length;
    const best = Math.max(...g.frontier.map((r) => r.perfDensity));
    const low = Math.min(...g.frontier.map((r) => r.energyPerMpJ));
    const costs = costAtRate(g.frontier, rate, limits);
    return [`${g.axis} = ${param(g.value)}`, String(g.count), String(g.frontier.length), String(onOverall), giga(best), pj(low), ...costs.map((c) => (c.point ? sig(c.areaMm2) : '—'))];
  });
  return mdTable(head, rows);
}

export function calibrationTable(c: CalibrationFile): string {
  const head = ['component', 'instance', 'stages', 'area mm^2 published', 'area mm^2 ours', 'area ratio', 'power mW published', 'power mW ours', 'power ratio'];
  const rows = c.components.map((r) => {
    if (!r.modelled) return [r.component, 'not modelled (not in this design)', '—', sig(r.publishedAreaMm2), '—', '—', sig(r.publishedPowerMw), '—', '—'];
    const st = r.timingMet === false ? `${r.stages} (misses clock)` : String(r.stages);
    return [
      r.component, r.instance ?? '—', st,
      sig(r.publishedAreaMm2), sig(r.modelAreaMm2!), sig(r.modelAreaMm2! / r.publishedAreaMm2),
      sig(r.publishedPowerMw), sig(r.modelPowerMw!), sig(r.modelPowerMw! / r.publishedPowerMw),
    ];
  });
  return mdTable(head, rows);
}

export function crossCheckTable(y: CrossCheckFile): string {
  const head = ['unit', 'Yosys cells', 'Yosys NanGate area um^2', 'cost model area um^2', 'model / Yosys', `within ${CROSS_CHECK_BAND[0]}-${CROSS_CHECK_BAND[1]}`, 'unmapped cells'];
  const rows = y.units.map((u) => {
    const un = Object.entries(u.unmapped).map(([t, n]) => `${t} x${n}`).join(', ');
    return [u.unit, String(u.yosysCells), sig(u.yosysAreaUm2, 4), sig(u.modelAreaUm2, 4), sig(u.ratio), withinBand(u.ratio) ? 'yes' : 'NO', un || 'none'];
  });
  return mdTable(head, rows);
}
