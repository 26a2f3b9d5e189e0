// The one registry the CLI dispatches through: units and sub-units (from
// units/registry.ts, which units/ can use without importing studies) and
// studies, each with the URL of the module that exports it, so sweep worker
// threads can load the same study themselves (functions do not cross a
// thread boundary). A folder outside the framework registers its unit and
// study with one call to `register` (docs/extending.md), or exports
// them from a module its gfxrtl.config.ts lists (registerModule).
import { ConfigError, type Schema } from '../units/config.js';
import { allUnits, currentRegistrationSource, findUnit, registerUnit, unitNames, type UnitInfo } from '../units/registry.js';
import type { UnitDef } from '../units/unit.js';
import { checkStudy, eraseStudy, isStudy, StudyError, type CrossStudySection, type Study, type StudyTool } from '../explore/index.js';
import { study as blur } from './blur/index.js';
import { study as hybrid } from './hybrid/index.js';
import { study as mac } from './mac/index.js';
import { study as noblur } from './noblur/index.js';
import { study as sort } from './sort/index.js';
import { study as qfm } from './merge/qfm.js';
import { study as pmu } from './merge/pmu.js';
import { rasterCombinedSection } from './raster/combined.js';

export { allUnits, findUnit, unitNames, type UnitInfo };

export interface StudyEntry {
  readonly study: Study;
  /** URL of a module with an export whose value is `study`. */
  readonly module: string;
  /** The plugin file that registered it; absent for shipped studies. */
  readonly source?: string;
}

const STUDIES: StudyEntry[] = [
  { study: eraseStudy(noblur), module: new URL('./noblur/index.js', import.meta.url).href },
  { study: eraseStudy(mac), module: new URL('./mac/index.js', import.meta.url).href },
  { study: eraseStudy(blur), module: new URL('./blur/index.js', import.meta.url).href },
  { study: eraseStudy(hybrid), module: new URL('./hybrid/index.js', import.meta.url).href },
  { study: eraseStudy(sort), module: new URL('./sort/index.js', import.meta.url).href },
  { study: eraseStudy(qfm), module: new URL('./merge/qfm.js', import.meta.url).href },
  { study: eraseStudy(pmu), module: new URL('./merge/pmu.js', import.meta.url).href },
];

/** The study whose calibration gives the cost model's global knobs (its
 *  calibration's role is 'global'; the published figures are a Blur
 *  design's): `gfxrtl calibrate` fits it by default, and `gfxrtl study
 *  --all` runs it first and prices every other study with its knobs. */
export function globalCalibrationStudy(): string {
  const e = STUDIES.find((x) => x.study.calibration !== undefined && (x.study.calibration.role ?? 'global') === 'global' && x.study.example !== true);
  if (e === undefined) throw new StudyError(`no registered study calibrates the global knobs; studies: ${studyNames().join(', ')}`);
  return e.study.name;
}

export const CROSS_STUDY_SECTIONS: readonly CrossStudySection[] = [{ studies: ['noblur', 'blur', 'hybrid'], render: rasterCombinedSection }];

/** The study `gfxrtl study` and `npm start` run when none is named. */
export const DEFAULT_STUDY = 'noblur';

/**
 * Registers a unit, its study, or both. `module` is the caller's
 * `import.meta.url` (required with a study: sweep workers import it and
 * take the export that is this study).
 */
export function register<S extends Schema, W>(what: { unit?: UnitDef<S>; study?: Study<S, W>; module?: string }): void {
  const from = currentRegistrationSource();
  const where = from === undefined ? 'register' : `register (plugin ${from})`;
  if (what.unit) registerUnit(what.unit);
  if (what.study) {
    const s = eraseStudy(what.study);
    if (what.module === undefined) throw new ConfigError(`${where}: study ${s.name} needs module: import.meta.url (sweep workers load the study from it)`);
    if (STUDIES.some((e) => e.study.name === s.name)) throw new ConfigError(`${where}: study ${s.name} is already registered`);
    // Every check of the definition now, at load, rather than after a sweep.
    try {
      checkStudy(s);
    } catch (e) {
      throw new ConfigError(`${where}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!allUnits().some((u) => u.name === s.unit.name)) registerUnit(s.unit);
    STUDIES.push({ study: s, module: what.module, ...(from !== undefined && { source: from }) });
  }
}

export function allStudies(): readonly StudyEntry[] {
  return STUDIES;
}

export function studyNames(): string[] {
  return STUDIES.map((e) => e.study.name);
}

export function findStudy(name: string): StudyEntry {
  const e = STUDIES.find((x) => x.study.name === name);
  if (!e) throw new StudyError(`unknown study "${name}"; studies: ${studyNames().join(', ')}`);
  return e;
}

/** The study whose unit this is (a unit has at most one), or null. */
export function studyOfUnit(unit: string): StudyEntry | null {
  return STUDIES.find((e) => e.study.unit.name === unit) ?? null;
}

/** Commands the registered studies add, each once. */
export function studyTools(): StudyTool[] {
  const seen = new Map<string, StudyTool>();
  for (const e of STUDIES) for (const t of e.study.tools ?? []) if (!seen.has(t.command)) seen.set(t.command, t);
  return [...seen.values()];
}

/** Whether a value is a unit record: a name, a config schema and elaborate(). */
function isUnitDef(x: unknown): x is UnitDef {
  return typeof x === 'object' && x !== null && 'name' in x && typeof x.name === 'string' && 'schema' in x && typeof x.schema === 'object' && 'elaborate' in x && typeof x.elaborate === 'function';
}

/**
 * Registers what a plugin module exports (cli/plugins.ts imports the modules
 * a project's gfxrtl.config.ts, package.json or GFXRTL_PLUGINS lists): every
 * exported unit record, then every exported study, with `url` as the module
 * sweep workers load it from. What the module registered itself with
 * `register` when imported, or another module already exported, is skipped
 * (the same object); a different unit or study under a taken name is refused.
 * Returns the names registered.
 */
export function registerModule(url: string, exports: Readonly<Record<string, unknown>>): string[] {
  const done: string[] = [];
  const values = Object.values(exports);
  for (const u of values.filter(isUnitDef)) {
    if (allUnits().some((x) => x.def === u)) continue;
    registerUnit(u);
    done.push(u.name);
  }
  for (const s of values.filter(isStudy)) {
    if (STUDIES.some((e) => e.study === s)) continue;
    register({ study: s, module: url });
    done.push(s.name);
  }
  return done;
}
