// One design point as a row: the micro-architecture's columns, the physical
// point, and every derived figure, in the units the report states. Rows are
// flat objects in points.jsonl (one per line) and points.csv; in memory the
// micro-architectural columns sit under `params`.
import type { VtFlavour } from '../physical.js';
import type { ParamValue, Params } from './types.js';

export interface PointRow {
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
  dynamicW: number;
  leakageW: number;
  /** Unpipelined combinational critical path at this point, ps. */
  criticalPathPs: number;
  /** Bits of pipeline registers that retiming inserted. */
  pipelineBits: number;
  mpPerCycle: number;
  /** mpPerCycle x clockHz. */
  mpPerSec: number;
  /** mpPerSec / areaMm2: MP/s per mm^2. */
  perfDensity: number;
  /** powerW / mpPerSec: J per MP. */
  energyPerMpJ: number;
  /** powerW / areaMm2: W per mm^2. */
  powerDensity: number;
  /** On its mode's Pareto frontier (final only once the sweep completed). */
  pareto: boolean;
  seed: number;
  workload: string;
  extra: Record<string, number>;
}

/** Fields after the mode and the columns, in file order. */
export const ROW_FIELDS = [
  'vt', 'vdd', 'stages', 'clockHz', 'areaMm2', 'powerW', 'dynamicW', 'leakageW', 'criticalPathPs', 'pipelineBits',
  'mpPerCycle', 'mpPerSec', 'perfDensity', 'energyPerMpJ', 'powerDensity', 'pareto', 'seed', 'workload', 'id',
] as const;

const NUMERIC = new Set<string>(['vdd', 'stages', 'clockHz', 'areaMm2', 'powerW', 'dynamicW', 'leakageW', 'criticalPathPs', 'pipelineBits', 'mpPerCycle', 'mpPerSec', 'perfDensity', 'energyPerMpJ', 'powerDensity', 'seed']);

export const RESERVED_NAMES: readonly string[] = ['mode', 'extra', ...ROW_FIELDS];

export function rowToJson(r: PointRow, columns: readonly string[]): Record<string, unknown> {
  const o: Record<string, unknown> = { mode: r.mode };
  for (const c of columns) o[c] = r.params[c];
  for (const f of ROW_FIELDS) o[f] = r[f];
  o['extra'] = r.extra;
  return o;
}

export class RowFormatError extends Error {}

function isParam(v: unknown): v is ParamValue {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** Validates a parsed JSON line: every field present with the right type. */
export function rowFromJson(o: unknown, columns: readonly string[]): PointRow {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new RowFormatError('not a JSON object');
  const get = (k: string): unknown => (o as Record<string, unknown>)[k];
  const fail = (k: string, want: string): never => {
    throw new RowFormatError(`field ${k}: expected ${want}, got ${JSON.stringify(get(k))}`);
  };
  const params: Record<string, ParamValue> = {};
  for (const c of columns) {
    const v = get(c);
    params[c] = isParam(v) ? v : fail(c, 'a string, number or boolean');
  }
  for (const f of NUMERIC) if (typeof get(f) !== 'number') fail(f, 'a number');
  for (const f of ['mode', 'workload', 'id']) if (typeof get(f) !== 'string') fail(f, 'a string');
  const vt = get('vt');
  if (vt !== 'low' && vt !== 'nominal' && vt !== 'high') return fail('vt', 'low | nominal | high');
  if (typeof get('pareto') !== 'boolean') fail('pareto', 'a boolean');
  const extraRaw = get('extra') ?? {};
  if (typeof extraRaw !== 'object' || extraRaw === null) return fail('extra', 'an object of numbers');
  const extra: Record<string, number> = {};
  for (const [k, v] of Object.entries(extraRaw)) extra[k] = typeof v === 'number' ? v : fail(`extra.${k}`, 'a number');
  const n = (k: string): number => get(k) as number;
  const s = (k: string): string => get(k) as string;
  return {
    mode: s('mode'), params, id: s('id'), vt, vdd: n('vdd'), stages: n('stages'), clockHz: n('clockHz'), areaMm2: n('areaMm2'),
    powerW: n('powerW'), dynamicW: n('dynamicW'), leakageW: n('leakageW'), criticalPathPs: n('criticalPathPs'), pipelineBits: n('pipelineBits'),
    mpPerCycle: n('mpPerCycle'), mpPerSec: n('mpPerSec'), perfDensity: n('perfDensity'), energyPerMpJ: n('energyPerMpJ'),
    powerDensity: n('powerDensity'), pareto: get('pareto') as boolean, seed: n('seed'), workload: s('workload'), extra,
  };
}

export function rowKey(r: Pick<PointRow, 'id' | 'vt' | 'vdd' | 'stages'>): string {
  return `${r.id}|${r.vt}|${r.vdd}|${r.stages}`;
}

/** Same point, same figures: everything but the pareto flag, which depends
 *  on which other points are in the set. */
export function sameFigures(a: PointRow, b: PointRow, columns: readonly string[]): boolean {
  const strip = (r: PointRow): string => JSON.stringify({ ...rowToJson(r, columns), pareto: null });
  return strip(a) === strip(b);
}

function csvCell(v: unknown): string {
  const s = v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function rowsToCsv(rows: readonly PointRow[], columns: readonly string[]): string {
  const extraKeys = [...new Set(rows.flatMap((r) => Object.keys(r.extra)))].sort();
  const header = ['mode', ...columns, ...ROW_FIELDS, ...extraKeys.map((k) => `extra.${k}`)];
  const lines = [header.map(csvCell).join(',')];
  for (const r of rows) {
    const o = rowToJson(r, columns);
    lines.push([...header.slice(0, header.length - extraKeys.length).map((h) => o[h]), ...extraKeys.map((k) => r.extra[k])].map(csvCell).join(','));
  }
  return lines.join('\n') + '\n';
}
