// What a sweep covers: a value list per micro-architectural axis (all values
// unless narrowed with `--only`), Vt flavours, supplies, and how pipeline
// depths are chosen. Every bad key or value is an error that names it and
// lists what would be valid.
import { StudyError } from '../contract.js';
import { decimalInteger } from '../../hdl/decimal.js';
import type { ArithStyle } from '../../synth-models/cost-table.js';
import { DEFAULT_MIN_FO4_PER_STAGE, VDD_RANGE, type VtFlavour } from '../../synth-models/physical.js';

export { DEFAULT_MIN_FO4_PER_STAGE };
import { NANGATE45 } from '../../synth-models/sources.js';
import type { Axis, ParamValue } from './types.js';

/** A user-facing sweep error (bad directory, conflicting merge, ...): the
 *  CLI prints its message without a stack, like a config error. */
export class SweepError extends StudyError {
  constructor(message: string) {
    super(message);
    this.name = 'SweepError';
  }
}

export class SpecError extends StudyError {
  constructor(message: string) {
    super(`sweep spec: ${message}`);
    this.name = 'SpecError';
  }
}

/**
 * How many register stages each critical path is cut into.
 *  - 'clocks' (default): for each micro-architecture, Vt and Vdd, the fewest
 *    stages that reach each target clock (duplicates dropped). A fixed list
 *    of depths cannot span the same clock range for a 500 ps path and an
 *    8 ns one, nor for low-Vt 1.08 V and high-Vt 0.81 V; targets can. Depths
 *    that would leave less than `minFo4PerStage` FO4 delays of logic per
 *    stage are not offered (ideal retiming cannot cut finer than a few gates).
 *  - 'list': exactly these depths everywhere.
 */
export type StagesSpec =
  | { readonly kind: 'clocks'; readonly ghz: readonly number[]; readonly minFo4PerStage: number }
  | { readonly kind: 'list'; readonly values: readonly number[] };

export type ActivityMode = 'full' | 'toggle';

export interface SweepSpec {
  /** Values per micro-architectural axis, in the domain's axis order. */
  readonly axes: Readonly<Record<string, readonly ParamValue[]>>;
  readonly vt: readonly VtFlavour[];
  readonly vdd: readonly number[];
  readonly stages: StagesSpec;
  /** 'full': every operator busy every cycle (how the study priced its
   *  blocks); 'toggle': activities from the evaluator's simulated toggles. */
  readonly activity: ActivityMode;
  readonly arith: ArithStyle;
}

/** sqrt(2) steps from 0.25 to 2.8 GHz. */
export const DEFAULT_CLOCKS_GHZ: readonly number[] = [0.25, 0.35, 0.5, 0.7, 1, 1.4, 2, 2.8];
/** The fastest clock with DEFAULT_MIN_FO4_PER_STAGE FO4 of logic per stage
 *  at the 45 nm reference corner: a faster target has no pipeline that meets it. */
export const MAX_CLOCK_GHZ = 1000 / (DEFAULT_MIN_FO4_PER_STAGE * NANGATE45.fo4Ps);
/** Deepest explicit pipeline: at the minimum logic per stage this is a
 *  384 FO4 combinational path, longer than any unit's here; deeper
 *  lists only add register bits and clock load to logic that is not there. */
export const MAX_STAGES = 64;
export const DEFAULT_VT: readonly VtFlavour[] = ['low', 'nominal', 'high'];
export const DEFAULT_VDD: readonly number[] = [0.81, 0.9, 0.99, 1.08];

/** Command-line text, all optional. */
export interface SpecInput {
  /** `key=v1|v2,key2=v3`: micro-architectural axes, vt, vdd. */
  only?: string;
  /** 'auto' (default: clock targets) or a depth list `1,2,4,8`. */
  stages?: string;
  /** Clock targets in GHz for stages 'auto', `0.5,1,2`. */
  clocks?: string;
  activity?: string;
  arith?: string;
}

export function axisValues(a: Axis): readonly ParamValue[] {
  return a.kind === 'bool' ? [false, true] : a.values;
}

export function describeAxis(a: Axis): string {
  return a.kind === 'bool' ? 'on | off' : a.values.map(String).join(' | ');
}

export function formatValue(v: ParamValue): string {
  return typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v);
}

function parseAxisValue(a: Axis, text: string): ParamValue {
  const bad = (): never => {
    throw new SpecError(`${a.key}=${text} is not valid; allowed: ${describeAxis(a)}`);
  };
  switch (a.kind) {
    case 'bool':
      if (['on', 'true', '1', 'yes'].includes(text)) return true;
      if (['off', 'false', '0', 'no'].includes(text)) return false;
      return bad();
    case 'enum':
      return a.values.includes(text) ? text : bad();
    case 'int': {
      const n = decimalInteger(text);
      return n !== null && a.values.includes(n) ? n : bad();
    }
  }
}

function parseVt(text: string): VtFlavour {
  if (text === 'low' || text === 'nominal' || text === 'high') return text;
  throw new SpecError(`vt=${text} is not valid; allowed: ${DEFAULT_VT.join(' | ')}`);
}

function parseVdd(text: string): number {
  const v = Number(text);
  if (text.trim() === '' || !(v >= VDD_RANGE.min && v <= VDD_RANGE.max)) {
    throw new SpecError(`vdd=${text} is not valid; allowed: volts in ${VDD_RANGE.min}..${VDD_RANGE.max} (default ${DEFAULT_VDD.join(' | ')})`);
  }
  return v;
}

function numberList(what: string, text: string, ok: (n: number) => boolean, allowed: string, integers = false): number[] {
  const items = text.split(',').map((s) => s.trim());
  return items.map((s) => {
    const n = integers ? decimalInteger(s) : s === '' ? null : Number(s);
    if (n === null || !ok(n)) throw new SpecError(`${what} ${s === '' ? '(empty)' : s} is not valid; allowed: ${allowed}`);
    return n;
  });
}

function dedupe<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

function parseStages(input: SpecInput): StagesSpec {
  const text = input.stages?.trim() ?? 'auto';
  if (text === 'auto') {
    const ghz = input.clocks !== undefined ? numberList('clock', input.clocks, (n) => Number.isFinite(n) && n > 0 && n <= MAX_CLOCK_GHZ, `GHz in (0, ${MAX_CLOCK_GHZ.toFixed(1)}], e.g. 0.5,1,2 (faster leaves less than ${DEFAULT_MIN_FO4_PER_STAGE} FO4 per stage in 45 nm)`) : DEFAULT_CLOCKS_GHZ;
    return { kind: 'clocks', ghz: dedupe(ghz).sort((a, b) => a - b), minFo4PerStage: DEFAULT_MIN_FO4_PER_STAGE };
  }
  if (input.clocks !== undefined) throw new SpecError(`--clocks applies to --stages auto only, not to --stages ${text}`);
  const values = numberList('stages', text, (n) => Number.isInteger(n) && n >= 1 && n <= MAX_STAGES, `'auto' or integers 1..${MAX_STAGES}, e.g. 1,2,4,8`, true);
  return { kind: 'list', values: dedupe(values).sort((a, b) => a - b) };
}

/** Parses `key=v1|v2,...` into raw value texts per key, each key once;
 *  `fail` makes the error for a malformed entry (`flag` names the option).
 *  `gfxrtl price --config` reads its lists of configs with it too. */
export function parseKeyChoices(text: string | undefined, flag: string, fail: (message: string) => Error): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of (text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const eq = entry.indexOf('=');
    if (eq < 1) throw fail(`${flag} entry "${entry}" is not key=value (key=v1|v2 for several values)`);
    const key = entry.slice(0, eq).trim();
    if (out.has(key)) throw fail(`${flag} gives ${key} twice; list several values as ${key}=a|b`);
    out.set(key, entry.slice(eq + 1).split('|').map((s) => s.trim()));
  }
  return out;
}

export function resolveSpec(axes: readonly Axis[], input: SpecInput = {}): SweepSpec {
  const only = parseKeyChoices(input.only, '--only', (m) => new SpecError(m));
  const known = [...axes.map((a) => a.key), 'vt', 'vdd'];
  for (const key of only.keys()) {
    if (!known.includes(key)) throw new SpecError(`unknown key "${key}"; valid keys: ${known.join(', ')}`);
  }
  const values: Record<string, readonly ParamValue[]> = {};
  for (const a of axes) {
    const texts = only.get(a.key);
    const chosen = texts === undefined ? axisValues(a) : texts.map((t) => parseAxisValue(a, t));
    // Keep the axis's own order whatever order the user typed.
    values[a.key] = axisValues(a).filter((v) => chosen.includes(v));
  }
  const vtText = only.get('vt');
  const vt = vtText === undefined ? DEFAULT_VT : DEFAULT_VT.filter((f) => vtText.map(parseVt).includes(f));
  const vddText = only.get('vdd');
  const vdd = vddText === undefined ? DEFAULT_VDD : dedupe(vddText.map(parseVdd)).sort((a, b) => a - b);
  const activity = input.activity ?? 'full';
  if (activity !== 'full' && activity !== 'toggle') throw new SpecError(`activity=${activity} is not valid; allowed: full | toggle`);
  const arith = input.arith ?? 'timed';
  if (arith !== 'timed' && arith !== 'ripple' && arith !== 'fast') throw new SpecError(`arith=${arith} is not valid; allowed: timed | ripple | fast`);
  return { axes: values, vt, vdd, stages: parseStages(input), activity, arith };
}

/** The `--only ...` text that reproduces a spec's narrowing. */
export function onlyText(axes: readonly Axis[], spec: SweepSpec): string {
  const parts: string[] = [];
  for (const a of axes) {
    const vs = spec.axes[a.key] ?? [];
    if (vs.length !== axisValues(a).length) parts.push(`${a.key}=${vs.map(formatValue).join('|')}`);
  }
  if (spec.vt.length !== DEFAULT_VT.length) parts.push(`vt=${spec.vt.join('|')}`);
  if (spec.vdd.join() !== DEFAULT_VDD.join()) parts.push(`vdd=${spec.vdd.join('|')}`);
  return parts.join(',');
}
