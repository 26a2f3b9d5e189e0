// One design point as a row: the study, the micro-architecture's columns,
// the physical point, the priced figures and the study's metrics, in the
// units the report states. Rows are flat objects in points.jsonl (one per
// line) and points.csv; in memory the columns sit under `params` and the
// metrics under `metrics`.
import type { VtFlavour } from '../../synth-models/physical.js';
import type { ParamValue, Params } from './types.js';

export interface PointRow {
  /** The study (e.g. noblur). */
  study: string;
  /** Frontier group, e.g. noblur4. */
  mode: string;
  /** The non-mode axes (for NoBlur: tvp, sts, stp). */
  params: Params;
  /** Micro-architecture id (the evaluator's). */
  id: string;
  vt: VtFlavour;
  vdd: number;
  stages: number;
  /** Fastest clock the pipelined critical path allows, Hz. */
  clockHz: number;
  areaMm2: number;
  powerW: number;
  /** With activity 'toggle': the power with every operator fully used,
   *  beside the toggle-based powerW. Absent otherwise. */
  fullPowerW?: number;
  dynamicW: number;
  leakageW: number;
  /** Unpipelined combinational critical path at this point, ps. */
  criticalPathPs: number;
  /** Bits of pipeline registers that retiming inserted. */
  pipelineBits: number;
  /** The study's metrics (NoBlur: mpPerCycle, mpPerSec, perfDensity,
   *  energyPerMpJ, powerDensity), in the study's order. */
  metrics: Record<string, number>;
  /** On its mode's Pareto frontier (final only once the sweep completed). */
  pareto: boolean;
  seed: number;
  workload: string;
  extra: Record<string, number>;
}

/** Which columns and metrics a sweep's rows carry (from its manifest). */
export interface RowLayout {
  readonly columns: readonly string[];
  readonly metrics: readonly string[];
}

const PRICED = ['vt', 'vdd', 'stages', 'clockHz', 'areaMm2', 'powerW', 'fullPowerW', 'dynamicW', 'leakageW', 'criticalPathPs', 'pipelineBits'] as const;
const TAIL = ['pareto', 'seed', 'workload', 'id'] as const;

/** Priced fields a study's objective may name besides its metrics. */
export const PRICED_FIGURES: readonly string[] = ['clockHz', 'areaMm2', 'powerW', 'dynamicW', 'leakageW', 'criticalPathPs', 'pipelineBits'];

export const RESERVED_NAMES: readonly string[] = ['study', 'mode', 'extra', 'metrics', 'params', ...PRICED, ...TAIL];

const NUMERIC = new Set<string>(['vdd', 'stages', 'clockHz', 'areaMm2', 'powerW', 'dynamicW', 'leakageW', 'criticalPathPs', 'pipelineBits', 'seed']);

/** A priced field or a metric of the row, by name. */
export function figure(r: PointRow, key: string): number {
  const m = r.metrics[key];
  if (m !== undefined) return m;
  const v = (r as unknown as Record<string, unknown>)[key];
  return typeof v === 'number' ? v : NaN;
}

export function rowToJson(r: PointRow, layout: RowLayout): Record<string, unknown> {
  const o: Record<string, unknown> = { study: r.study, mode: r.mode };
  for (const c of layout.columns) o[c] = r.params[c];
  for (const f of PRICED) if (r[f] !== undefined) o[f] = r[f];
  for (const k of layout.metrics) o[k] = r.metrics[k];
  for (const f of TAIL) o[f] = r[f];
  o['extra'] = r.extra;
  return o;
}

export class RowFormatError extends Error {}

function isParam(v: unknown): v is ParamValue {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** Validates a parsed JSON line: every field present with the right type. */
export function rowFromJson(o: unknown, layout: RowLayout): PointRow {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new RowFormatError('not a JSON object');
  const get = (k: string): unknown => (o as Record<string, unknown>)[k];
  const fail = (k: string, want: string): never => {
    throw new RowFormatError(`field ${k}: expected ${want}, got ${JSON.stringify(get(k))}`);
  };
  const params: Record<string, ParamValue> = {};
  for (const c of layout.columns) {
    const v = get(c);
    params[c] = isParam(v) ? v : fail(c, 'a string, number or boolean');
  }
  for (const f of NUMERIC) if (typeof get(f) !== 'number') fail(f, 'a number');
  const metrics: Record<string, number> = {};
  for (const k of layout.metrics) {
    const v = get(k);
    metrics[k] = typeof v === 'number' ? v : fail(k, 'a number');
  }
  for (const f of ['study', 'mode', 'workload', 'id']) if (typeof get(f) !== 'string') fail(f, 'a string');
  const vt = get('vt');
  if (vt !== 'low' && vt !== 'nominal' && vt !== 'high') return fail('vt', 'low | nominal | high');
  if (typeof get('pareto') !== 'boolean') fail('pareto', 'a boolean');
  const full = get('fullPowerW');
  if (full !== undefined && typeof full !== 'number') fail('fullPowerW', 'a number');
  const extraRaw = get('extra') ?? {};
  if (typeof extraRaw !== 'object' || extraRaw === null) return fail('extra', 'an object of numbers');
  const extra: Record<string, number> = {};
  for (const [k, v] of Object.entries(extraRaw)) extra[k] = typeof v === 'number' ? v : fail(`extra.${k}`, 'a number');
  const n = (k: string): number => get(k) as number;
  const s = (k: string): string => get(k) as string;
  return {
    study: s('study'), mode: s('mode'), params, id: s('id'), vt, vdd: n('vdd'), stages: n('stages'), clockHz: n('clockHz'), areaMm2: n('areaMm2'),
    powerW: n('powerW'), ...(typeof full === 'number' && { fullPowerW: full }), dynamicW: n('dynamicW'), leakageW: n('leakageW'),
    criticalPathPs: n('criticalPathPs'), pipelineBits: n('pipelineBits'), metrics, pareto: get('pareto') as boolean, seed: n('seed'), workload: s('workload'), extra,
  };
}

export function rowKey(r: Pick<PointRow, 'id' | 'vt' | 'vdd' | 'stages'>): string {
  return `${r.id}|${r.vt}|${r.vdd}|${r.stages}`;
}

/** Same point, same figures: everything but the pareto flag, which depends
 *  on which other points are in the set. */
export function sameFigures(a: PointRow, b: PointRow, layout: RowLayout): boolean {
  const strip = (r: PointRow): string => JSON.stringify({ ...rowToJson(r, layout), pareto: null });
  return strip(a) === strip(b);
}

function csvCell(v: unknown): string {
  const s = v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function rowsToCsv(rows: readonly PointRow[], layout: RowLayout): string {
  const extraKeys = [...new Set(rows.flatMap((r) => Object.keys(r.extra)))].sort();
  const priced = PRICED.filter((f) => rows.some((r) => r[f] !== undefined));
  const header = ['study', 'mode', ...layout.columns, ...priced, ...layout.metrics, ...TAIL, ...extraKeys.map((k) => `extra.${k}`)];
  const lines = [header.map(csvCell).join(',')];
  for (const r of rows) {
    const o = rowToJson(r, layout);
    lines.push([...header.slice(0, header.length - extraKeys.length).map((h) => o[h]), ...extraKeys.map((k) => r.extra[k])].map(csvCell).join(','));
  }
  return lines.join('\n') + '\n';
}
