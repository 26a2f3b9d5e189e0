// The operator characterisation table (operators.json, written by
// characterise.ts): its format, a reader that refuses anything else, and the
// per-bit / per-cell models fitted to it, which price widths outside the
// synthesised range and are printed so a reader sees what the rows say.
import type { RtlForm, RtlKind } from './forms-rtl.js';
import { RTL_FORMS } from './forms-rtl.js';
import { InternalError } from '../../hdl/errors.js';

export const OPERATOR_TABLE_FORMAT = 'gfxrtl-operator-characterisation/1';

export interface OperatorRow {
  kind: RtlKind;
  form: RtlForm;
  /** Operand width (mul: both operands; the product is twice as wide). */
  width: number;
  /** Yosys generic cells after `synth -flatten`. */
  cells: number;
  /** Those cells priced as NanGate cells (yosys-area.ts): the cross-check's measure. */
  areaUm2: number;
  /** ABC's mapping onto the genlib cells, delay-oriented. */
  mappedAreaUm2: number;
  /** ABC's longest path through the mapped cells (cell delays of sources.ts). */
  delayPs: number;
  /** SHA-256 of what this row's synthesis read (plan.ts, Job.sha256). */
  sha256: string;
}

export interface OperatorTable {
  format: typeof OPERATOR_TABLE_FORMAT;
  tool: string;
  flow: string;
  script: string;
  /** The fitted per-bit / per-cell model of each kind and form, as printed. */
  models?: Record<string, string>;
  rows: OperatorRow[];
}

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** Validates a parsed table; `where` names the file in errors. */
export function readOperatorTable(parsed: unknown, where: string): OperatorTable {
  const bad = (why: string): never => {
    throw new InternalError(`${where}: ${why} (regenerate with: npx tsx synth-models/yosys/characterise.ts)`);
  };
  if (typeof parsed !== 'object' || parsed === null) return bad('not a JSON object');
  const t = parsed as Partial<OperatorTable>;
  if (t.format !== OPERATOR_TABLE_FORMAT) bad(`format is ${JSON.stringify(t.format)}, want ${OPERATOR_TABLE_FORMAT}`);
  for (const k of ['tool', 'flow', 'script'] as const) if (typeof t[k] !== 'string') bad(`'${k}' must be a string`);
  if (!Array.isArray(t.rows) || t.rows.length === 0) return bad("'rows' must be a non-empty array");
  t.rows.forEach((r: Partial<OperatorRow>, i) => {
    const at = `rows[${i}]`;
    if (r.kind === undefined || !(r.kind in RTL_FORMS)) bad(`${at}.kind ${JSON.stringify(r.kind)} is not one of ${Object.keys(RTL_FORMS).join(', ')}`);
    if (r.form === undefined || !RTL_FORMS[r.kind!].includes(r.form)) bad(`${at}.form ${JSON.stringify(r.form)} is not a form of ${r.kind}`);
    if (!(Number.isInteger(r.width) && r.width! >= 2)) bad(`${at}.width must be an integer >= 2`);
    for (const k of ['cells', 'areaUm2', 'mappedAreaUm2', 'delayPs'] as const) if (!isNum(r[k]) || r[k] <= 0) bad(`${at}.${k} must be a positive number`);
    if (typeof r.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(r.sha256)) bad(`${at}.sha256 must be 64 hex digits (the SHA-256 of the job's synthesis inputs)`);
  });
  return t as OperatorTable;
}

/** The rows of one kind and form, by width. */
export function rowsOf(table: OperatorTable, kind: RtlKind, form: RtlForm): OperatorRow[] {
  return table.rows.filter((r) => r.kind === kind && r.form === form).sort((a, b) => a.width - b.width);
}

/** ABC's restructuring leaves a few rows slower than a wider one (Yosys'
 *  $lt at 12 bits, 341 ps, against 328 ps at 16). A narrow operator can
 *  always be built as the wider one with constant-zero top bits, so each
 *  row takes the least area and delay of itself and every wider row. */
export function envelope(rows: readonly OperatorRow[]): OperatorRow[] {
  const out = rows.map((r) => ({ ...r }));
  for (let i = out.length - 2; i >= 0; i--) {
    const r = out[i]!;
    const up = out[i + 1]!;
    r.areaUm2 = Math.min(r.areaUm2, up.areaUm2);
    r.delayPs = Math.min(r.delayPs, up.delayPs);
  }
  return out;
}

/** Least squares over two basis functions, both coefficients kept >= 0
 *  (a negative one is dropped and the other refitted). */
function fit2(xs: readonly number[], ys: readonly number[], f: (x: number) => number, g: (x: number) => number): [number, number] {
  const one = (h: (x: number) => number): number => {
    let num = 0;
    let den = 0;
    xs.forEach((x, i) => {
      num += h(x) * ys[i]!;
      den += h(x) * h(x);
    });
    return den > 0 ? Math.max(0, num / den) : 0;
  };
  let sff = 0;
  let sfg = 0;
  let sgg = 0;
  let sfy = 0;
  let sgy = 0;
  xs.forEach((x, i) => {
    const [a, b, y] = [f(x), g(x), ys[i]!];
    sff += a * a;
    sfg += a * b;
    sgg += b * b;
    sfy += a * y;
    sgy += b * y;
  });
  const det = sff * sgg - sfg * sfg;
  if (Math.abs(det) > 1e-12) {
    const p = (sfy * sgg - sgy * sfg) / det;
    const q = (sgy * sff - sfy * sfg) / det;
    if (p >= 0 && q >= 0) return [p, q];
  }
  const p = one(f);
  const q = one(g);
  const err = (a: number, b: number): number => xs.reduce((s, x, i) => s + (a * f(x) + b * g(x) - ys[i]!) ** 2, 0);
  return err(p, 0) <= err(0, q) ? [p, 0] : [0, q];
}

export interface FittedModel {
  area: (w: number) => number;
  delay: (w: number) => number;
  text: string;
}

const lg = (w: number): number => Math.log2(w);
const serial = (form: RtlForm): boolean => form === 'ripple' || form === 'array';

/** Area: per bit and per bit-level (w log2 w) for adders, comparators, muxes;
 *  per partial-product cell (w^2) and per bit for multipliers. Delay: per bit
 *  for ripple and array forms, per level (log2 w) for the others. */
export function fitModel(kind: RtlKind, rows: readonly OperatorRow[]): FittedModel {
  const ws = rows.map((r) => r.width);
  const quad = kind === 'mul';
  const [af, ag] = quad ? [(w: number) => w * w, (w: number) => w] : [(w: number) => w, (w: number) => w * lg(w)];
  const [a1, a2] = fit2(ws, rows.map((r) => r.areaUm2), af, ag);
  const form = rows[0]?.form ?? 'yosys';
  const dg = serial(form) ? (w: number) => w : lg;
  const [d0, d1] = fit2(ws, rows.map((r) => r.delayPs), () => 1, dg);
  const area = (w: number): number => a1 * af(w) + a2 * ag(w);
  const delay = (w: number): number => d0 + d1 * dg(w);
  const f = (x: number): string => x.toFixed(2);
  const areaText = quad ? `${f(a1)} um^2/cell (w^2) + ${f(a2)} um^2/bit` : `${f(a1)} um^2/bit + ${f(a2)} um^2/(bit*log2 w)`;
  const delayText = `${f(d0)} ps + ${f(d1)} ps/${serial(form) ? 'bit' : 'level (log2 w)'}`;
  return { area, delay, text: `area ${areaText}; delay ${delayText}` };
}
