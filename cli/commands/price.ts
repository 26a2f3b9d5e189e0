// `gfxrtl price <unit> --config ... [--vt --vdd] [--clock GHz | --stages n]`:
// one unit at one physical point, so pricing a new unit needs no code. It
// prints area, power, clock and critical path, the loop that bounds the
// clock, the form each adder/comparator/multiplier took, the knobs used and
// where the area and power go. With --clock and no --stages the depth is the
// fewest stages that meet the clock; with --stages alone the clock is the
// fastest that depth allows, and power is at that clock: both are printed
// with the result. Several configs in one call (`entries=4|16|64,width=16|24`,
// at most MAX_PRICE_CONFIGS) print one table row each; --json prints
// everything as one JSON object. The knobs default to the newest
// calibration under report/ (what `gfxrtl study` writes), named in the output.
import { inventory } from '../../hdl/inventory/index.js';
import { parseKeyChoices } from '../../explore/sweep/spec.js';
import { ARITH_STYLES, type ArithStyle } from '../../synth-models/cost-table.js';
import { KnobsFileError, readKnobsFile } from '../../synth-models/knobs-file.js';
import { DEFAULT_KNOBS, type Knobs } from '../../synth-models/knobs.js';
import { VDD_RANGE, type VtFlavour } from '../../synth-models/physical.js';
import { minStages, price, type PriceResult } from '../../synth-models/price.js';
import { priceMarkdown } from '../../synth-models/render.js';
import { usefulStages } from '../../synth-models/stage-limit.js';
import { ConfigError } from '../../units/config.js';
import { decimalInteger } from '../../hdl/decimal.js';
import { findUnit, type UnitInfo } from '../../units/registry.js';
import { latestCalibration } from '../latest-calibration.js';
import { CALIBRATION_ROOT, MAX_PRICE_CONFIGS } from '../price-limits.js';

export { MAX_PRICE_CONFIGS };

export interface PriceCommandOptions {
  config: string;
  vt: string;
  vdd: string;
  clock?: string;
  stages?: string;
  knobs?: string;
  arith: string;
  json?: boolean;
}

function number(flag: string, text: string, ok: (n: number) => boolean, valid: string): number {
  const n = Number(text);
  if (text.trim() === '' || !ok(n)) throw new ConfigError(`price: ${flag} ${text} is not valid; ${valid}`);
  return n;
}

/** The knobs and where they come from, in words that say whether they were chosen. */
function knobsFrom(file: string | undefined): { knobs: Knobs; source: string; file: string | null } {
  if (file === 'defaults') return { knobs: DEFAULT_KNOBS, source: 'defaults (uncalibrated, as --knobs defaults asked)', file: null };
  if (file === undefined) {
    const latest = latestCalibration(CALIBRATION_ROOT);
    if (latest !== null) return { knobs: latest.knobs, source: `${latest.file} (the newest calibration under ${CALIBRATION_ROOT}/, used by default; --knobs FILE or --knobs defaults to choose)`, file: latest.file };
    return { knobs: DEFAULT_KNOBS, source: `defaults (uncalibrated: no calibration.json under ${CALIBRATION_ROOT}/; gfxrtl calibrate --out ${CALIBRATION_ROOT} fits them)`, file: null };
  }
  try {
    return { knobs: readKnobsFile(file), source: file, file };
  } catch (e) {
    if (e instanceof KnobsFileError) throw new ConfigError(`price: --knobs ${e.message}`);
    throw e;
  }
}

/** `k=v1|v2,...` -> every combination as `k=v,...` texts, in the order given (the last key varies fastest). */
export function expandConfigs(text: string): string[] {
  const choices = parseKeyChoices(text, '--config', (m) => new ConfigError(`price: ${m}`));
  let combos: string[][] = [[]];
  for (const [k, vs] of choices) combos = combos.flatMap((c) => vs.map((v) => [...c, `${k}=${v}`]));
  if (combos.length > MAX_PRICE_CONFIGS) {
    const sizes = [...choices].map(([k, vs]) => `${k} ${vs.length}`).join(' x ');
    throw new ConfigError(`price: --config expands to ${combos.length} configs (${sizes}); at most ${MAX_PRICE_CONFIGS} per call (use gfxrtl sweep for more)`);
  }
  return combos.map((c) => c.join(','));
}

/** How the clock a result is priced at was chosen. */
function clockWhy(r: PriceResult, requested: boolean): string {
  return requested ? 'as requested with --clock' : `the fastest ${r.point.stages} stage(s) allow; power is at this clock (--clock GHz prices at another)`;
}

export function headline(r: PriceResult, knobs: Knobs, source: string, requestedClock: boolean): string {
  const forms = r.forms.map((f) => `${f.key} ${f.form} x${f.count}`).join(', ') || 'none with a choice';
  return [
    `area ${(r.areaMm2 * 1e6).toFixed(1)} um^2 (${r.areaMm2.toPrecision(4)} mm^2)`,
    `power ${(r.powerW * 1e3).toFixed(3)} mW (dynamic ${(r.dynamicW * 1e3).toFixed(3)} mW, leakage ${(r.leakageW * 1e3).toFixed(4)} mW)`,
    `clock ${(r.clockHz / 1e9).toFixed(3)} GHz at ${r.point.stages} stage(s), ${clockWhy(r, requestedClock)} (fastest ${(r.maxClockHz / 1e9).toFixed(3)} GHz${r.timingMet ? '' : ': clock NOT met'})`,
    `critical path ${r.criticalPathPs.toFixed(0)} ps unpipelined, ${(r.criticalPathPs / r.point.stages).toFixed(0)} ps per stage; ` +
      (r.loopAt === null ? 'no loop through state' : `longest path on a loop ${r.loopPs.toFixed(0)} ps (at ${r.loopAt}; no depth cuts it)`),
    `pipeline registers added: ${r.pipeline.totalBits} bits`,
    `operator forms: ${forms}`,
    `knobs: area x${knobs.areaFactor.toFixed(3)}, energy x${knobs.energyFactor.toFixed(3)}, delay x${knobs.delayFactor.toFixed(3)} from ${source}`,
  ].join('\n');
}

/** One config priced: the result and how its depth was chosen. */
interface Priced {
  configText: string;
  config: Record<string, unknown>;
  r: PriceResult;
  /** Why the depth is not what was asked, when it is not (no depth reaches --clock). */
  note: string | null;
}

interface Point {
  vt: VtFlavour;
  vdd: number;
  arith: ArithStyle;
  clockHz: number | undefined;
  stages: string | undefined;
  knobs: Knobs;
}

function priceOne(unit: UnitInfo, configText: string, p: Point): Priced {
  const { design, config, configText: full } = unit.elaborate(configText);
  const { vt, vdd, knobs, arith, clockHz } = p;
  const inv = inventory(design);
  let stages: number;
  let note: string | null = null;
  if (p.stages !== undefined) {
    const limit = usefulStages(inv, { vt, vdd }, knobs, arith);
    const n = decimalInteger(p.stages) ?? NaN;
    if (!(n >= 1 && n <= limit.max)) {
      throw new ConfigError(`price: --stages ${p.stages} for ${unit.name} [${full}] at ${vt} Vt, ${vdd} V: valid 1..${limit.max}; ${limit.why}`);
    }
    stages = n;
  } else if (clockHz !== undefined) {
    const k = minStages(inv, { vt, vdd }, clockHz, { knobs, arith });
    if (k === null) note = `no depth reaches ${(clockHz / 1e9).toFixed(3)} GHz at ${vt} Vt, ${vdd} V (register overhead or a loop); priced at 1 stage`;
    stages = k ?? 1;
  } else stages = 1;
  const r = price(inv, { vt, vdd, stages }, { knobs, arith, ...(clockHz !== undefined && { clockHz }) });
  return { configText: full, config, r, note };
}

/** The JSON `price --json` prints for one config. */
function pricedJson(x: Priced, requestedClock: boolean): Record<string, unknown> {
  const r = x.r;
  return {
    config: x.config,
    configText: x.configText,
    stages: r.point.stages,
    clockHz: r.clockHz,
    clockFrom: requestedClock ? 'requested' : 'fastest at this depth',
    maxClockHz: r.maxClockHz,
    timingMet: r.timingMet,
    areaMm2: r.areaMm2,
    powerW: r.powerW,
    dynamicW: r.dynamicW,
    leakageW: r.leakageW,
    criticalPathPs: r.criticalPathPs,
    loopPs: r.loopPs,
    loopAt: r.loopAt,
    pipelineBits: r.pipeline.totalBits,
    forms: r.forms,
    byInstance: r.breakdown.byModule,
    byOperator: r.breakdown.byKind,
    ...(x.note !== null && { note: x.note }),
  };
}

function table(all: readonly Priced[], requestedClock: boolean): string {
  const lines = ['| config | area um^2 | power mW | clock GHz | stages | fastest GHz | critical path ps | pipeline bits |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const { configText, r } of all) {
    const met = requestedClock && !r.timingMet ? ' (NOT met)' : '';
    lines.push(`| ${configText} | ${(r.areaMm2 * 1e6).toFixed(1)} | ${(r.powerW * 1e3).toFixed(3)} | ${(r.clockHz / 1e9).toFixed(3)}${met} | ${r.point.stages} | ${(r.maxClockHz / 1e9).toFixed(3)} | ${r.criticalPathPs.toFixed(0)} | ${r.pipeline.totalBits} |`);
  }
  return lines.join('\n');
}

export function priceCommand(unitName: string, opts: PriceCommandOptions): void {
  const unit = findUnit(unitName);
  const vt = opts.vt as VtFlavour;
  if (!['low', 'nominal', 'high'].includes(vt)) throw new ConfigError(`price: --vt ${opts.vt} is not valid; allowed: low | nominal | high`);
  const vdd = number('--vdd', opts.vdd, (n) => n >= VDD_RANGE.min && n <= VDD_RANGE.max, `allowed: ${VDD_RANGE.min} to ${VDD_RANGE.max} V`);
  if (!(ARITH_STYLES as readonly string[]).includes(opts.arith)) throw new ConfigError(`price: --arith ${opts.arith} is not valid; allowed: ${ARITH_STYLES.join(' | ')}`);
  const arith = opts.arith as ArithStyle;
  const clockHz = opts.clock === undefined ? undefined : number('--clock', opts.clock, (n) => Number.isFinite(n) && n > 0, 'give GHz > 0') * 1e9;
  const configs = expandConfigs(opts.config);
  const { knobs, source, file } = knobsFrom(opts.knobs);
  const point: Point = { vt, vdd, arith, clockHz, stages: opts.stages, knobs };
  const all = configs.map((c) => priceOne(unit, c, point));
  const requested = clockHz !== undefined;
  if (opts.json === true) {
    const out = { unit: unit.name, vt, vdd, arith, requestedClockHz: clockHz ?? null, knobs: { ...knobs, source, file }, results: all.map((x) => pricedJson(x, requested)) };
    console.log(JSON.stringify(out, null, 1));
    return;
  }
  for (const x of all) if (x.note !== null) console.log(`note: ${x.configText}: ${x.note}`);
  if (all.length === 1) {
    const { r, configText } = all[0]!;
    console.log(`# ${unit.name} [${configText}] at ${vt} Vt, ${vdd} V\n`);
    console.log(headline(r, knobs, source, requested));
    console.log('');
    console.log(priceMarkdown(r));
    return;
  }
  const clockText = requested ? `at ${(clockHz / 1e9).toFixed(3)} GHz as requested with --clock (each at the fewest stages that meet it)` : `each at the fastest clock its depth allows, power at that clock (--clock GHz prices at another)`;
  console.log(`# ${unit.name}: ${all.length} configs at ${vt} Vt, ${vdd} V\n`);
  console.log(`clock: ${clockText}`);
  console.log(`knobs: area x${knobs.areaFactor.toFixed(3)}, energy x${knobs.energyFactor.toFixed(3)}, delay x${knobs.delayFactor.toFixed(3)} from ${source}\n`);
  console.log(table(all, requested));
  console.log('\n(one config alone, or --json, shows where the area and power go)');
}
