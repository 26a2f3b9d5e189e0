// The report's 'rate-cost' section: per power-density limit, what a
// required rate costs by the study's rule (the least-area design at or under
// the limit) and along the frontier interpolated at exactly the limit. Both
// come from rate-cost.ts through pareto.ts's costAtRate; nothing is
// recomputed here.
import { costAtRate, type RateCost } from '../pareto.js';
import { figure, type PointRow } from '../sweep/point.js';
import type { StudyInfo } from '../sweep/manifest.js';
import type { RateTargets } from '../contract.js';
import { ghz, mdTable, param, sig } from './format.js';
import { rateFigures, shown } from './tables.js';

export const RATE_RULE =
  'Rule: the unit is replicated to reach the rate, so a design of throughput density P and energy E per item needs area rate / P and power rate x E, at power density P x E; ' +
  '"least area" is the design with the least area among those at or under the limit, and "interpolated" is the frontier at exactly the limit, ' +
  'P and E interpolated in log space between the two frontier designs whose power densities bracket it (the densest frontier design when all are within the limit).';

const designHead = (columns: readonly string[]): string[] => [...columns, 'Vt', 'Vdd V', 'stages', 'clock GHz'];
const designCells = (r: PointRow, columns: readonly string[]): string[] => [...columns.map((c) => param(r.params[c])), r.vt, String(r.vdd), String(r.stages), ghz(r.clockHz)];
const label = (r: PointRow, columns: readonly string[]): string => [...columns.map((c) => `${c}=${param(r.params[c])}`), `${r.vt} Vt`, `${r.vdd} V`, `${r.stages} st`].join(' ');

export function rateCostTable(costs: readonly RateCost<PointRow>[], columns: readonly string[], study: StudyInfo): string {
  const head = ['limit W/mm^2', 'least area mm^2', 'power W', ...designHead(columns), ...study.metrics.map((m) => m.display.unit), 'interpolated area mm^2', 'interpolated power W', 'interpolated between'];
  const rows = costs.map((c) => {
    const r = c.point;
    const i = c.interpolated;
    const interp = i === null ? ['—', '—', 'no frontier design within the limit'] : [sig(i.areaMm2), sig(i.powerW), i.between ? `${label(i.between[0], columns)}; ${label(i.between[1], columns)}` : 'densest frontier design'];
    const chosen = r === null ? ['no design within the limit', '—', ...designHead(columns).map(() => '—'), ...study.metrics.map(() => '—')] : [sig(c.areaMm2), sig(c.powerW), ...designCells(r, columns), ...study.metrics.map((m) => shown(figure(r, m.key), m.display))];
    return [sig(c.limit), ...chosen, ...interp];
  });
  return mdTable(head, rows);
}

/** The section for one mode's rows; also returns the costs so the caller
 *  can show more about the chosen designs. */
export function rateCostSection(rows: readonly PointRow[], columns: readonly string[], study: StudyInfo, rate: RateTargets): { markdown: string; costs: RateCost<PointRow>[] } {
  const withRate = { ...study, rateTargets: rate };
  const costs = costAtRate(rows, rate.rate, rate.powerDensityLimits, rateFigures(withRate)!);
  const markdown = [`### Cost of ${sig(rate.rate / 1e9)} G${study.work.name}/s at fixed power density`, '', RATE_RULE, '', rateCostTable(costs, columns, withRate), ''].join('\n');
  return { markdown, costs };
}
