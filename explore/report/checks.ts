// The two checks of the cost model the report shows next to the sweep, as
// files a sweep directory can hold: calibration.json (our estimate of each
// published component next to the published figure) and yosys.json (per
// unit, Yosys-synthesised NanGate cell area next to the cost model's area).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readJsonFile } from '../../hdl/json-input.js';
import { join } from 'node:path';
import type { Design } from '../../hdl/ir.js';
import { inventory } from '../../hdl/inventory/index.js';
import type { YosysCellCounts } from '../../hdl/verilog/yosys.js';
import type { CalibrationBlock, CalibrationDef } from '../contract.js';
import { calibrate, priceAtCorner, type CalibrationSample } from '../../synth-models/calibration.js';
import type { LoopStatus } from '../calibration-loop.js';
import { COST_TABLE_VERSION } from '../../synth-models/cost-table.js';
import { componentInventory } from '../../hdl/inventory/subdesign.js';
import type { Knobs } from '../../synth-models/knobs.js';
import { price } from '../../synth-models/price.js';
import { NANGATE45 } from '../../synth-models/sources.js';
import { yosysCellArea } from '../../synth-models/yosys-area.js';
import { cachedYosysCellCounts } from '../../synth-models/yosys-cache.js';
import { StudyError } from '../contract.js';

export const CALIBRATION_JSON = 'calibration.json';
export const YOSYS_JSON = 'yosys.json';
/** A cross-check fit (CalibrationDef.role 'cross-check'): shown, never priced with. */
export const CROSSCHECK_CALIBRATION_JSON = 'calibration-crosscheck.json';

export interface CalibrationComponentRow {
  component: string;
  /** Instance path the inventory came from; null when not modelled. */
  instance: string | null;
  modelled: boolean;
  stages: number | null;
  timingMet: boolean | null;
  /** Clock period at that depth and the published period less it (ps). */
  periodPs: number | null;
  slackPs: number | null;
  publishedPowerMw: number;
  publishedAreaMm2: number;
  modelPowerMw: number | null;
  modelAreaMm2: number | null;
}

/** A block in no published row: priced with the fitted knobs, never fitted. */
export interface UnpublishedRow {
  block: string;
  instance: string;
  stages: number;
  timingMet: boolean;
  periodPs: number;
  slackPs: number;
  modelPowerMw: number;
  modelAreaMm2: number;
}

export const CALIBRATION_FORMAT = 'gfxrtl-calibration/3';

export interface CalibrationFile {
  format: typeof CALIBRATION_FORMAT;
  /** The cost table the knobs were fitted against (knobs-file.ts checks it). */
  costTableVersion: number;
  study: string;
  /** Where the published figures come from. */
  source: string;
  point: { vt: string; vdd: number; clockHz: number };
  knobs: Knobs;
  rmsLogPower: number;
  rmsLogArea: number;
  components: CalibrationComponentRow[];
  /** Blocks of the design in no published row ("not in the published breakdown"). */
  unpublished: UnpublishedRow[];
  /** Every modelled component and every unpublished block closes timing at the published corner. */
  timingMet: boolean;
  /** 'global': these knobs price every study; 'cross-check': a second fit, shown, never used to price. */
  role?: 'global' | 'cross-check';
  /** Micro-architecture id of the design fitted on, when chosen by the pick loop. */
  calibratedOn?: string;
  /** The calibrate -> price -> pick iterations (CalibrationDef.pick). */
  loop?: LoopRecord;
}

export interface LoopIterationRecord {
  index: number;
  /** Micro-architecture id the knobs were fitted on. */
  calibratedOn: string;
  knobs: Knobs;
  rmsLogArea: number;
  rmsLogPower: number;
  /** What the sweep priced with these knobs picks; null when nothing meets the limit. */
  pick: { id: string; point: string; areaMm2: number; powerW: number } | null;
}

export interface LoopRecord {
  status: LoopStatus;
  message: string;
  /** The sweep directory whose simulations were priced. */
  sweep: string;
  /** Micro-architectures of the mode priced, and those left out (not simulated yet). */
  priced: number;
  missing: number;
  mode: string;
  limit: number;
  rate: number;
  iterations: LoopIterationRecord[];
}

export type PublishedSet = Pick<CalibrationDef<unknown>, 'source' | 'point' | 'published' | 'role'>;

/** What one block's inventory is made of, for the table. */
function blockInventory(design: Design, name: string, b: CalibrationBlock): { instance: string; inventory: CalibrationSample['inventory'] } | null {
  const paths = b.instances(design);
  const owned = b.owned?.(design) ?? [];
  // A design without the component (Blur in motion mode has no lens) leaves
  // it "not modelled"; a block in no row may be registers or a ROM cone
  // alone, with no instance of its own.
  if (paths.length === 0 && b.block === undefined) return null;
  // The stage registers that hold what the block produces (and, for the
  // iterator, the valid bits its stall drives) are its own, in the top
  // module (`registers`) or inside other instances (`owned`: Blur's lane).
  const instance = b.registers === undefined && owned.length === 0 ? paths.join(' + ') : `${[...paths, ''].join(' + ')}the registers and logic it owns`;
  const inventory = componentInventory(design, name, paths, b.registers, owned);
  return inventory.instances.length === 0 ? null : { instance, inventory };
}

/** A study's calibration components as samples: each component's instances
 *  of the reference design, priced together, beside its published figures. */
export function calibrationSamples(def: CalibrationDef<unknown>, design: Design): (CalibrationSample & { instance: string })[] {
  return def.components.flatMap((c) => {
    const pub = def.published.find((p) => p.component === c.component);
    if (pub === undefined) throw new StudyError(`calibration: "${c.component}" is not a published component (${def.published.map((p) => p.component).join(', ')})`);
    const b = blockInventory(design, c.component, c);
    return b === null ? [] : [{ component: c.component, ...b, powerMw: pub.powerMw, areaMm2: pub.areaMm2 }];
  });
}

export interface UnpublishedSample {
  block: string;
  instance: string;
  inventory: CalibrationSample['inventory'];
}

/** The blocks of the design in no published row (CalibrationDef.unpublished). */
export function unpublishedSamples(def: CalibrationDef<unknown>, design: Design): UnpublishedSample[] {
  return (def.unpublished ?? []).flatMap((u) => {
    const name = u.block ?? 'unnamed block';
    const b = blockInventory(design, name, u);
    return b === null ? [] : [{ block: name, ...b }];
  });
}

/** Fits the global knobs to the components the study has and lists the
 *  published ones it lacks (NoBlur: sample in time, sample in lens); the
 *  blocks in no published row are priced with the fitted knobs beside them. */
export function buildCalibration(study: string, set: PublishedSet, samples: readonly (CalibrationSample & { instance: string })[], unpublished: readonly UnpublishedSample[] = []): CalibrationFile {
  const known = new Set(set.published.map((c) => c.component));
  for (const s of samples) {
    if (!known.has(s.component)) throw new StudyError(`calibration: "${s.component}" is not a published component (${[...known].join(', ')})`);
  }
  const r = calibrate(samples, { point: set.point });
  const components = set.published.map((pub): CalibrationComponentRow => {
    const i = samples.findIndex((s) => s.component === pub.component);
    const res = i >= 0 ? r.residuals[i]! : null;
    return {
      component: pub.component,
      instance: i >= 0 ? samples[i]!.instance : null,
      modelled: res !== null,
      stages: res?.stages ?? null,
      timingMet: res?.timingMet ?? null,
      periodPs: res?.periodPs ?? null,
      slackPs: res?.slackPs ?? null,
      publishedPowerMw: pub.powerMw,
      publishedAreaMm2: pub.areaMm2,
      modelPowerMw: res?.modelPowerMw ?? null,
      modelAreaMm2: res?.modelAreaMm2 ?? null,
    };
  });
  const priced = priceAtCorner(unpublished, { point: set.point }, r.knobs);
  const rows = unpublished.map((u, i): UnpublishedRow => {
    const p = priced[i]!;
    return { block: u.block, instance: u.instance, stages: p.stages, timingMet: p.timingMet, periodPs: p.periodPs, slackPs: p.slackPs, modelPowerMw: p.powerMw, modelAreaMm2: p.areaMm2 };
  });
  return {
    format: CALIBRATION_FORMAT,
    costTableVersion: COST_TABLE_VERSION,
    study,
    source: set.source,
    point: { ...set.point },
    knobs: r.knobs,
    rmsLogPower: r.rmsLogPower,
    rmsLogArea: r.rmsLogArea,
    components,
    unpublished: rows,
    timingMet: r.timingMet && rows.every((u) => u.timingMet),
    role: set.role ?? 'global',
  };
}

export interface CrossCheckRow {
  unit: string;
  yosysCells: number;
  /** Sum of NanGate cell areas for Yosys' cells (yosys-area.ts). */
  yosysAreaUm2: number;
  /** The cost model's cell area: no placement factor, one stage. */
  modelAreaUm2: number;
  /** model / Yosys. */
  ratio: number;
  unmapped: Record<string, number>;
}

export interface CrossCheckFile {
  format: 'gfxrtl-yosys-crosscheck/1';
  units: CrossCheckRow[];
}

/** Raw standard-cell area from the cost model, comparable with summed cell
 *  areas: area knob 1 (Yosys places nothing), unpipelined. */
export function modelCellAreaUm2(design: Design): number {
  const unit = { areaFactor: 1, energyFactor: 1, delayFactor: 1 };
  // Yosys synthesises without a clock constraint, in the forms its own
  // techmap builds (Brent-Kung adders, carry-save-tree multipliers): the
  // model is priced in those forms, as characterised (operator-forms.ts).
  return price(inventory(design), { vt: 'nominal', vdd: NANGATE45.vdd, stages: 1 }, { knobs: unit, arith: 'yosys' }).areaMm2 * 1e6;
}

/** Yosys processes a cross-check runs at once: each is one thread, and a
 *  study's cross-check runs beside its sweep or its calibration. */
export const CROSSCHECK_PARALLEL = Math.min(2, availableParallelism());

/** Yosys' counts of each unit (cached: yosys-cache.ts; pass
 *  `(d) => cachedYosysCellCounts(d, { dir: null })` to synthesise afresh),
 *  `parallel` syntheses at a time, the largest by the model's area first
 *  (NoBlur's whole pipeline took 31 of its eight designs' 85 s at load 12, so
 *  started last it would run alone at the end); rows in the units' order. */
export async function buildCrossCheck(
  units: readonly { name: string; design: Design }[],
  counts: (d: Design) => Promise<YosysCellCounts> = (d) => cachedYosysCellCounts(d),
  parallel: number = CROSSCHECK_PARALLEL,
): Promise<CrossCheckFile> {
  const models = units.map((u) => modelCellAreaUm2(u.design));
  const order = units.map((_, i) => i).sort((a, b) => models[b]! - models[a]! || a - b);
  const got: YosysCellCounts[] = [];
  let failed: { e: unknown } | null = null;
  const lane = async (): Promise<void> => {
    // A failure stops new syntheses; the ones running are awaited, so no
    // Yosys outlives the call.
    for (let i = order.shift(); i !== undefined && failed === null; i = order.shift()) {
      try {
        got[i] = await counts(units[i]!.design);
      } catch (e) {
        failed ??= { e };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, units.length)) }, lane));
  if (failed !== null) throw (failed as { e: unknown }).e;
  const rows: CrossCheckRow[] = units.map((u, i) => {
    const y = got[i]!;
    const area = yosysCellArea(y.cells);
    const model = models[i]!;
    return { unit: u.name, yosysCells: y.totalCells, yosysAreaUm2: area.areaUm2, modelAreaUm2: model, ratio: model / area.areaUm2, unmapped: area.unmapped };
  });
  return { format: 'gfxrtl-yosys-crosscheck/1', units: rows };
}

function readJson<T extends { format: string }>(file: string, format: T['format']): T | null {
  if (!existsSync(file)) return null;
  const doc = readJsonFile(file);
  const o = doc.object('', doc.value, { required: ['format'], optional: Object.keys(doc.value ?? {}) }, `a ${format} file`);
  doc.string('format', o['format']!, [format]);
  // Written by this module's builders; the format tag is checked above.
  return o as unknown as T;
}

export function readCalibration(dir: string, file: string = CALIBRATION_JSON): CalibrationFile | null {
  return readJson<CalibrationFile>(join(dir, file), CALIBRATION_FORMAT);
}

export function readCrossCheck(dir: string): CrossCheckFile | null {
  return readJson<CrossCheckFile>(join(dir, YOSYS_JSON), 'gfxrtl-yosys-crosscheck/1');
}
