// A study's calibration step as a library call: fit the cost model's global
// knobs to the published components its calibration maps onto its unit
// (or, for a cross-check study, fit them on its own instances without ever
// pricing with them), and hold the model's areas against Yosys. What the
// CLI prints, and what the pipeline (pipeline.ts) chains, both come from
// here; the engine decides nothing by study name.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Design } from '../hdl/ir.js';
import type { YosysCellCounts } from '../hdl/verilog/yosys.js';
import { StudyError, type Study } from './contract.js';
import { buildCalibration, buildCrossCheck, calibrationSamples, unpublishedSamples, CALIBRATION_JSON, CROSSCHECK_CALIBRATION_JSON, YOSYS_JSON, type CalibrationFile, type CrossCheckFile } from './report/checks.js';
import { calibrationSummary } from './report/calibration-summary.js';
import { loopTable } from './report/loop-table.js';
import { calibrateOnPick } from './report/pick-calibration.js';
import { calibrationTable, crossCheckTable } from './report/tables.js';
import { writeDurable } from './sweep/files.js';
import { readManifest } from './sweep/manifest.js';
import { profilePhase } from './profile.js';

/** How the Yosys area cross-check runs, or why it does not. The caller
 *  knows which tools this machine has and which extra units to include. */
export type YosysCrossCheck =
  | {
      /** The designs to synthesise for `study`: its own parts, and any the caller adds. */
      readonly designs: (study: Study) => readonly { readonly name: string; readonly design: Design }[];
      readonly cellCounts: (design: Design) => Promise<YosysCellCounts>;
    }
  /** Why not ('' says nothing: the user asked for none). */
  | { readonly skip: string };

export interface CalibrateStudyOptions {
  /** Directory for calibration.json/.md (or calibration-crosscheck.*) and yosys.json. */
  readonly out: string;
  /** A sweep directory of the study: fit on the design it picks, iterated. */
  readonly sweep?: string;
  readonly yosys: YosysCrossCheck;
  readonly log?: (line: string) => void;
  /** false: the Yosys cross-check alone, no fit (the main job runs the two apart: the cross-check prices nothing). */
  readonly fit?: boolean;
}

export interface CalibrateStudyResult {
  /** null when the study maps no published components. */
  readonly calibration: {
    readonly file: CalibrationFile;
    /** Where it was written. */
    readonly json: string;
    /** Never used to price when true (the study's role is 'cross-check'). */
    readonly crossCheckOnly: boolean;
    /** Summary line and Markdown tables, as the report shows them. */
    readonly text: string;
  } | null;
  readonly yosys: { readonly file: CrossCheckFile; readonly json: string; readonly text: string } | null;
}

/** Checks `calibrateStudy` would make before spending its first second;
 *  `picking` names the studies whose calibration does pick, for the message. */
export function checkCalibrateStudy(study: Study, sweep: string | undefined, picking?: string): void {
  if (sweep === undefined) return;
  if (study.calibration?.pick === undefined) throw new StudyError(`calibrate: --sweep needs a study whose calibration picks its design from a sweep${picking !== undefined ? ` (${picking})` : ''}; ${study.name}'s does not`);
  if (!existsSync(join(sweep, 'sweep.json'))) throw new StudyError(`calibrate: --sweep ${sweep} holds no sweep (no sweep.json); run gfxrtl sweep --study ${study.name} --out ${sweep} first`);
  // The loop prices the simulations again with other knobs and picks among them: a design the bound skipped under the sweep's knobs might be the pick under others.
  const skipped = readManifest(sweep)?.explore?.skipped.length ?? 0;
  if (skipped > 0) throw new StudyError(`calibrate: --sweep ${sweep} skipped ${skipped} micro-architectures (--explore bound), and the pick under other knobs may be one of them; sweep it with --explore grid`);
}

export async function calibrateStudy(study: Study, opts: CalibrateStudyOptions): Promise<CalibrateStudyResult> {
  checkCalibrateStudy(study, opts.sweep);
  const log = opts.log ?? ((): void => {});
  // Yosys prices nothing and runs in processes of its own: started first, it
  // synthesises while this thread fits (Blur's calibration loop prices for
  // about 10 s; its Yosys took 11 s after it), and is awaited after.
  const y = opts.yosys;
  const synthesis = 'skip' in y || !study.crossCheck ? null : profilePhase(study.name, 'yosys', () => buildCrossCheck(y.designs(study), y.cellCounts));
  const settled = synthesis?.then((file) => ({ file }), (e: unknown) => ({ e }));
  let calibration: CalibrateStudyResult['calibration'];
  try {
    calibration = opts.fit === false ? null : await calibrateOnly(study, opts, log);
  } catch (e) {
    await settled;
    throw e;
  }
  let yosys: CalibrateStudyResult['yosys'] = null;
  if ('skip' in y) {
    if (y.skip !== '') log(`yosys: ${y.skip}`);
  } else if (settled === undefined) {
    log(`yosys: study ${study.name} names no designs to cross-check; skipped`);
  } else {
    const r = await settled;
    if ('e' in r) throw r.e;
    const json = join(opts.out, YOSYS_JSON);
    writeDurable(json, JSON.stringify(r.file, null, 1) + '\n');
    yosys = { file: r.file, json, text: crossCheckTable(r.file) };
    log(`yosys: ${json}`);
  }
  return { calibration, yosys };
}

/** The calibration half of calibrateStudy: the fit and its files. */
async function calibrateOnly(study: Study, opts: CalibrateStudyOptions, log: (line: string) => void): Promise<CalibrateStudyResult['calibration']> {
  const cal = study.calibration;
  if (!cal) {
    log(`calibration: study ${study.name} maps no published components; skipped`);
    return null;
  }
  let file: CalibrationFile;
  if (opts.sweep !== undefined) {
    const sweep = opts.sweep;
    file = await profilePhase(study.name, 'calibration loop', () => calibrateOnPick(study, cal, sweep, log));
  } else {
    file = await profilePhase(study.name, 'calibration', async () => {
      const design = study.unit.elaborate(cal.reference);
      return buildCalibration(study.name, cal, calibrationSamples(cal, design), unpublishedSamples(cal, design));
    });
    if (cal.pick !== undefined) log(`calibration: fitted on the reference design alone; --sweep DIR (a ${study.name} sweep) iterates on the design that sweep picks at ${cal.pick.limit} W/mm^2`);
  }
  const crossCheckOnly = cal.role === 'cross-check';
  const json = join(opts.out, crossCheckOnly ? CROSSCHECK_CALIBRATION_JSON : CALIBRATION_JSON);
  writeDurable(json, JSON.stringify(file, null, 1) + '\n');
  const md = calibrationTable(file) + (file.loop ? '\n' + loopTable(file.loop) : '');
  writeDurable(json.replace(/\.json$/, '.md'), md + '\n');
  log(crossCheckOnly ? `calibration (cross-check only, not used to price): ${json} (reference: ${cal.referenceWhy})` : `calibration: ${json} (reference: ${cal.referenceWhy}); sweep with --knobs ${json}`);
  return { file, json, crossCheckOnly, text: calibrationSummary(file) + '\n\n' + md };
}

/** The designs a study's cross-check covers by itself (none when it names none). */
export function ownCrossCheckDesigns(study: Study): { name: string; design: Design }[] {
  const cc = study.crossCheck;
  return cc ? [...cc.units(study.unit.elaborate(cc.config))] : [];
}
