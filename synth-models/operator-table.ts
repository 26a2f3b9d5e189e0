// Area and delay of one operator form at any width, from our own Yosys + ABC
// characterisation on NanGate 45 nm cells (yosys/operators.json, written by
// yosys/characterise.ts; sources.ts cites it). Between synthesised widths:
// power-law interpolation between the neighbouring rows (exact at every
// row); outside them: the nearest row scaled by the model fitted to all rows
// of that form (per bit and per bit-level for adders and comparators, per
// partial-product cell for multipliers), so width 3 or 96 follows the trend
// the syntheses show rather than a straight line from one end.
import { readFileSync } from 'node:fs';
import { powerLaw } from './interpolate.js';
import type { RtlForm, RtlKind } from './yosys/forms-rtl.js';
import { envelope, fitModel, readOperatorTable, rowsOf, type FittedModel, type OperatorRow, type OperatorTable } from './yosys/table-format.js';
import { InternalError, ParamError } from '../hdl/errors.js';

export { envelope };

const FILE = new URL('./yosys/operators.json', import.meta.url);

let table: OperatorTable | null = null;
export function operatorTable(): OperatorTable {
  if (table === null) {
    let text: string;
    try {
      text = readFileSync(FILE, 'utf8');
    } catch (e) {
      throw new InternalError(`operator table ${FILE.pathname} cannot be read (${(e as Error).message}); regenerate with: npx tsx synth-models/yosys/characterise.ts`);
    }
    table = readOperatorTable(JSON.parse(text), FILE.pathname);
  }
  return table;
}

interface Series {
  rows: OperatorRow[];
  model: FittedModel;
}

const series = new Map<string, Series>();
function seriesOf(kind: RtlKind, form: RtlForm): Series {
  const key = `${kind}/${form}`;
  let s = series.get(key);
  if (s === undefined) {
    const rows = envelope(rowsOf(operatorTable(), kind, form));
    if (rows.length === 0) throw new InternalError(`operator table: no rows for ${kind} ${form} (regenerate with: npx tsx synth-models/yosys/characterise.ts)`);
    series.set(key, (s = { rows, model: fitModel(kind, rows) }));
  }
  return s;
}

/** Below the narrowest row: area per bit (per cell for multipliers) as
 *  there, delay by the fitted model but never below per-bit scaling, so
 *  both stay monotone down to 1 bit. Above the widest: the fitted model. */
function at(s: Series, w: number, pick: (r: OperatorRow) => number, model: (w: number) => number, floorExp: number, modelBelow: boolean): number {
  const first = s.rows[0]!;
  const last = s.rows[s.rows.length - 1]!;
  if (w < first.width) {
    const r = modelBelow ? model(w) / model(first.width) : 0;
    return pick(first) * Math.max((w / first.width) ** floorExp, Number.isFinite(r) ? r : 0);
  }
  if (w > last.width) {
    const r = model(w) / model(last.width);
    return pick(last) * (Number.isFinite(r) && r >= 1 ? r : w / last.width);
  }
  return powerLaw(s.rows.map((r) => ({ x: r.width, y: pick(r) })), w, 1);
}

export interface Characterised {
  areaUm2: number;
  delayPs: number;
}

/** The form's area and delay at operand width `w` (may be fractional: the
 *  geometric-mean width of an a x b multiplier). */
export function characterised(kind: RtlKind, form: RtlForm, w: number): Characterised {
  if (!(w > 0)) throw new ParamError('width', w, 'a positive width', { message: `operator table: width must be positive, got ${w} for ${kind} ${form}` });
  const s = seriesOf(kind, form);
    const perCell = kind === 'mul' ? 2 : 1;
  return { areaUm2: at(s, w, (r) => r.areaUm2, s.model.area, perCell, false), delayPs: at(s, w, (r) => r.delayPs, s.model.delay, 1, true) };
}

/** One line per kind and form: the fitted model, for reports and the script. */
export function fittedModels(): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of operatorTable().rows) {
    const key = `${r.kind}/${r.form}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(`${r.kind} ${r.form}: ${seriesOf(r.kind, r.form).model.text}`);
  }
  return out;
}
