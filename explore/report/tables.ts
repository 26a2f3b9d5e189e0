// Markdown tables of a sweep: each mode's frontier, the constrained
// frontiers side by side, the driver's counts per micro-architecture, and the two model
// checks (calibration, Yosys). Columns come from the study's metrics and
// objectives as the manifest records them.
import { CROSS_CHECK_BAND, withinBand } from '../../synth-models/crosscheck-band.js';
import { costAtRate, type ConstrainedFrontier, type RateFigures } from '../pareto.js';
import { figure, type PointRow } from '../sweep/point.js';
import type { StudyInfo } from '../sweep/manifest.js';
import type { CalibrationFile, CrossCheckFile } from './checks.js';
import { ghz, mdTable, mw, param, sig } from './format.js';
import type { Display } from '../contract.js';

export const shown = (v: number, d: Display, digits = 3): string => sig(v / d.scale, digits);

function designCells(r: PointRow, columns: readonly string[]): string[] {
  return [...columns.map((c) => param(r.params[c])), r.vt, String(r.vdd), String(r.stages), ghz(r.clockHz)];
}

const DESIGN_HEAD = (columns: readonly string[]): string[] => [...columns, 'Vt', 'Vdd V', 'stages', 'clock GHz'];

/** Power columns: the priced power, and with toggle activity the fully-used figure beside it. */
function powerHead(rows: readonly PointRow[]): string[] {
  return rows.some((r) => r.fullPowerW !== undefined) ? ['power mW (toggles)', 'power mW (fully used)'] : ['power mW'];
}
function powerCells(r: PointRow, toggles: boolean): string[] {
  return toggles ? [mw(r.powerW), r.fullPowerW === undefined ? '—' : mw(r.fullPowerW)] : [mw(r.powerW)];
}

/** The frontier from the worst to the best x objective. */
export function frontierTable(frontier: readonly PointRow[], columns: readonly string[], study: StudyInfo): string {
  const toggles = frontier.some((r) => r.fullPowerW !== undefined);
  const head = [...DESIGN_HEAD(columns), 'area mm^2', ...powerHead(frontier), ...study.metrics.map((m) => m.display.unit)];
  const rows = frontier.map((r) => [...designCells(r, columns), sig(r.areaMm2), ...powerCells(r, toggles), ...study.metrics.map((m) => shown(figure(r, m.key), m.display))]);
  return mdTable(head, rows);
}

export function rateFigures(study: StudyInfo): RateFigures<PointRow> | null {
  const t = study.rateTargets;
  if (t === null) return null;
  return { perSec: (r) => figure(r, t.metric), areaMm2: (r) => r.areaMm2, powerW: (r) => r.powerW };
}

/** One row per constraint (axis = value): its frontier's reach and, with a
 *  rate target, what the rate costs when only designs with that value are allowed. */
export function constrainedTable(groups: readonly ConstrainedFrontier<PointRow>[], overall: readonly PointRow[], study: StudyInfo): string {
  const { x, y } = study.objectives;
  const best = (o: typeof x, rs: readonly PointRow[]): number => {
    const vs = rs.map((r) => figure(r, o.key));
    return o.better === 'higher' ? Math.max(...vs) : Math.min(...vs);
  };
  const t = study.rateTargets;
  const f = rateFigures(study);
  const limits = t?.powerDensityLimits ?? [];
  const head = ['only', 'points', 'frontier points', 'on overall frontier', `${x.better === 'higher' ? 'best' : 'lowest'} ${x.display.unit}`, `${y.better === 'higher' ? 'best' : 'lowest'} ${y.display.unit}`, ...limits.map((l) => `mm^2 @ ${sig(l)} W/mm^2`)];
  const rows = groups.map((g) => {
    const onOverall = overall.filter((r) => r.params[g.axis] === g.value).length;
    const costs = t && f ? costAtRate(g.frontier, t.rate, limits, f) : [];
    return [`${g.axis} = ${param(g.value)}`, String(g.count), String(g.frontier.length), String(onOverall), shown(best(x, g.frontier), x.display), shown(best(y, g.frontier), y.display), ...costs.map((c) => (c.point ? sig(c.areaMm2) : '—'))];
  });
  return mdTable(head, rows);
}

/** Per micro-architecture: the driver's counts on the workload. */
export function microArchTable(rows: readonly PointRow[], columns: readonly string[], modeAxes: readonly string[], study: StudyInfo, microArchs: readonly { id: string; params: Readonly<Record<string, unknown>> }[]): string {
  const perCycle = study.metrics[0];
  const first = new Map<string, PointRow>();
  for (const r of rows) if (!first.has(r.id)) first.set(r.id, r);
  const keys = [...columns, ...modeAxes];
  const head = [...keys, 'cycles', ...(perCycle ? [perCycle.display.unit] : []), ...study.counterDisplay.map((c) => c.display.label)];
  const out = microArchs.flatMap((m) => {
    const r = first.get(m.id);
    if (r === undefined) return [];
    return [[
      ...keys.map((k) => param(m.params[k] as Parameters<typeof param>[0])),
      String(r.extra['cycles'] ?? '—'),
      ...(perCycle ? [sig(figure(r, perCycle.key), 4)] : []),
      ...study.counterDisplay.map((c) => {
        const v = r.extra[c.key];
        return v === undefined ? '—' : sig(v / c.display.scale, c.digits ?? 3);
      }),
    ]];
  });
  return mdTable(head, out);
}

const slackCell = (met: boolean | null, slackPs: number | null): string => (slackPs === null ? '—' : `${slackPs >= 0 ? '+' : ''}${slackPs.toFixed(0)}${met === false ? ' (misses clock)' : ''}`);

/** Each published component beside ours, then the blocks in no published
 *  row, priced but not compared (area and power only in our columns). */
export function calibrationTable(c: CalibrationFile): string {
  const head = ['component', 'instance', 'stages', 'slack ps', 'area mm^2 published', 'area mm^2 ours', 'area ratio', 'power mW published', 'power mW ours', 'power ratio'];
  const rows = c.components.map((r) => {
    if (!r.modelled) return [r.component, 'not modelled (not in this design)', '—', '—', sig(r.publishedAreaMm2), '—', '—', sig(r.publishedPowerMw), '—', '—'];
    return [
      r.component, r.instance ?? '—', String(r.stages), slackCell(r.timingMet, r.slackPs),
      sig(r.publishedAreaMm2), sig(r.modelAreaMm2!), sig(r.modelAreaMm2! / r.publishedAreaMm2),
      sig(r.publishedPowerMw), sig(r.modelPowerMw!), sig(r.modelPowerMw! / r.publishedPowerMw),
    ];
  });
  const extra = (c.unpublished ?? []).map((u) => [
    `${u.block}: not in the published breakdown`, u.instance, String(u.stages), slackCell(u.timingMet, u.slackPs),
    '—', sig(u.modelAreaMm2), '—', '—', sig(u.modelPowerMw), '—',
  ]);
  return mdTable(head, [...rows, ...extra]);
}

/** One line: how many units fall inside the band, and which do not. */
export function crossCheckSummary(y: CrossCheckFile): string {
  const out = y.units.filter((u) => !withinBand(u.ratio));
  const [lo, hi] = CROSS_CHECK_BAND;
  const ratios = y.units.map((u) => u.ratio);
  const range = ratios.length > 0 ? ` (ratios ${sig(Math.min(...ratios))}-${sig(Math.max(...ratios))})` : '';
  return out.length === 0
    ? `Yosys cross-check: all ${y.units.length} units within ${lo}-${hi}${range}.`
    : `Yosys cross-check: ${y.units.length - out.length} of ${y.units.length} units within ${lo}-${hi}${range}; outside: ${out.map((u) => `${u.unit} ${sig(u.ratio)}`).join(', ')}.`;
}

export function crossCheckTable(y: CrossCheckFile): string {
  const head = ['unit', 'Yosys cells', 'Yosys NanGate area um^2', 'cost model area um^2', 'model / Yosys', `within ${CROSS_CHECK_BAND[0]}-${CROSS_CHECK_BAND[1]}`, 'unmapped cells'];
  const rows = y.units.map((u) => {
    const un = Object.entries(u.unmapped).map(([t, n]) => `${t} x${n}`).join(', ');
    return [u.unit, String(u.yosysCells), sig(u.yosysAreaUm2, 4), sig(u.modelAreaUm2, 4), sig(u.ratio), withinBand(u.ratio) ? 'yes' : 'NO', un || 'none'];
  });
  return mdTable(head, rows) + '\n\n' + crossCheckSummary(y);
}
