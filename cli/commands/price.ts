// `gfxrtl price <unit> --config ... [--vt --vdd] [--clock GHz | --stages n]`:
// one unit at one physical point, so pricing a new unit needs no code. It
// prints area, power, clock and critical path, the loop that bounds the
// clock, the form each adder/comparator/multiplier took, the knobs used and
// where the area and power go. With --clock and no --stages the depth is the
// fewest stages that meet the clock; with --stages alone the clock is the
// fastest that depth allows.
import type { Command } from 'commander';
import { inventory } from '../../hdl/inventory/index.js';
import { ARITH_STYLES, type ArithStyle } from '../../synth-models/cost-table.js';
import { KnobsFileError, readKnobsFile } from '../../synth-models/knobs-file.js';
import { DEFAULT_KNOBS, type Knobs } from '../../synth-models/knobs.js';
import { VDD_RANGE, type VtFlavour } from '../../synth-models/physical.js';
import { minStages, price, type PriceResult } from '../../synth-models/price.js';
import { priceMarkdown } from '../../synth-models/render.js';
import { usefulStages } from '../../synth-models/stage-limit.js';
import { ConfigError } from '../../units/config.js';
import { findUnit } from '../../units/registry.js';

export interface PriceCommandOptions {
  config: string;
  vt: string;
  vdd: string;
  clock?: string;
  stages?: string;
  knobs?: string;
  arith: string;
}

function number(flag: string, text: string, ok: (n: number) => boolean, valid: string): number {
  const n = Number(text);
  if (text.trim() === '' || !ok(n)) throw new ConfigError(`price: ${flag} ${text} is not valid; ${valid}`);
  return n;
}

function knobsFrom(file: string | undefined): { knobs: Knobs; source: string } {
  if (file === undefined) return { knobs: DEFAULT_KNOBS, source: 'defaults (uncalibrated)' };
  try {
    return { knobs: readKnobsFile(file), source: file };
  } catch (e) {
    if (e instanceof KnobsFileError) throw new ConfigError(`price: --knobs ${e.message}`);
    throw e;
  }
}

export function headline(r: PriceResult, knobs: Knobs, source: string): string {
  const forms = r.forms.map((f) => `${f.key} ${f.form} x${f.count}`).join(', ') || 'none with a choice';
  return [
    `area ${(r.areaMm2 * 1e6).toFixed(1)} um^2 (${r.areaMm2.toPrecision(4)} mm^2)`,
    `power ${(r.powerW * 1e3).toFixed(3)} mW (dynamic ${(r.dynamicW * 1e3).toFixed(3)} mW, leakage ${(r.leakageW * 1e3).toFixed(4)} mW)`,
    `clock ${(r.clockHz / 1e9).toFixed(3)} GHz at ${r.point.stages} stage(s) (fastest ${(r.maxClockHz / 1e9).toFixed(3)} GHz${r.timingMet ? '' : ': clock NOT met'})`,
    `critical path ${r.criticalPathPs.toFixed(0)} ps unpipelined, ${(r.criticalPathPs / r.point.stages).toFixed(0)} ps per stage; ` +
      (r.loopAt === null ? 'no loop through state' : `longest path on a loop ${r.loopPs.toFixed(0)} ps (at ${r.loopAt}; no depth cuts it)`),
    `pipeline registers added: ${r.pipeline.totalBits} bits`,
    `operator forms: ${forms}`,
    `knobs: area x${knobs.areaFactor.toFixed(3)}, energy x${knobs.energyFactor.toFixed(3)}, delay x${knobs.delayFactor.toFixed(3)} (${source})`,
  ].join('\n');
}

export function priceCommand(unitName: string, opts: PriceCommandOptions): void {
  const { design, configText } = findUnit(unitName).elaborate(opts.config);
  const vt = opts.vt as VtFlavour;
  if (!['low', 'nominal', 'high'].includes(vt)) throw new ConfigError(`price: --vt ${opts.vt} is not valid; allowed: low | nominal | high`);
  const vdd = number('--vdd', opts.vdd, (n) => n >= VDD_RANGE.min && n <= VDD_RANGE.max, `allowed: ${VDD_RANGE.min} to ${VDD_RANGE.max} V`);
  if (!(ARITH_STYLES as readonly string[]).includes(opts.arith)) throw new ConfigError(`price: --arith ${opts.arith} is not valid; allowed: ${ARITH_STYLES.join(' | ')}`);
  const arith = opts.arith as ArithStyle;
  const clockHz = opts.clock === undefined ? undefined : number('--clock', opts.clock, (n) => Number.isFinite(n) && n > 0, 'give GHz > 0') * 1e9;
  const { knobs, source } = knobsFrom(opts.knobs);
  const inv = inventory(design);
  let stages: number;
  if (opts.stages !== undefined) {
    const limit = usefulStages(inv, { vt, vdd }, knobs, arith);
    const n = Number(opts.stages);
    if (opts.stages.trim() === '' || !Number.isInteger(n) || n < 1 || n > limit.max) {
      throw new ConfigError(`price: --stages ${opts.stages} for ${unitName} [${configText}] at ${vt} Vt, ${vdd} V: valid 1..${limit.max}; ${limit.why}`);
    }
    stages = n;
  } else if (clockHz !== undefined) {
    const k = minStages(inv, { vt, vdd }, clockHz, { knobs, arith });
    if (k === null) console.log(`note: no depth reaches ${(clockHz / 1e9).toFixed(3)} GHz at ${vt} Vt, ${vdd} V (register overhead or a loop); priced at 1 stage`);
    stages = k ?? 1;
  } else stages = 1;
  const r = price(inv, { vt, vdd, stages }, { knobs, arith, ...(clockHz !== undefined && { clockHz }) });
  console.log(`# ${unitName} [${configText}] at ${vt} Vt, ${vdd} V\n`);
  console.log(headline(r, knobs, source));
  console.log('');
  console.log(priceMarkdown(r));
}

export function addPriceCommand(program: Command): void {
  program
    .command('price <unit>')
    .description('price a unit at one physical point: area, power, clock, critical path, operator forms, knobs')
    .option('--config <k=v,...>', 'unit configuration', '')
    .option('--vt <flavour>', 'threshold flavour: low | nominal | high', 'nominal')
    .option('--vdd <volts>', `supply, ${VDD_RANGE.min}-${VDD_RANGE.max} V`, '1.1')
    .option('--clock <GHz>', 'requested clock; without --stages, the fewest stages that meet it')
    .option('--stages <n>', 'pipeline depth; without --clock, the fastest clock it allows')
    .option('--knobs <file>', 'calibrated knobs (calibration.json from gfxrtl calibrate)')
    .option('--arith <style>', `operator forms: ${ARITH_STYLES.join(' | ')}`, 'timed')
    .action(priceCommand);
}
