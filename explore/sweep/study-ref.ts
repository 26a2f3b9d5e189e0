// Studies are referred to by module URL plus name and workload choice, not
// passed as objects, so worker threads can load the same study themselves
// (functions do not cross a thread boundary). The CLI gets the URL from the
// registry (studies/registry.ts); the engine only imports it.
import { isStudy, StudyError, type ConfigOf, type Schema, type Study, type WorkloadDef, type WorkloadParams } from '../contract.js';
import { formatValue } from './spec.js';
import { importModule, whyNotImportable } from './typescript.js';
import { runnableModuleUrl } from './module-url.js';
import { PRICED_FIGURES, RESERVED_NAMES } from './point.js';
import type { Axis, Params, ParamValue, Performance, SweepDomain } from './types.js';
import { createSimulator, type CompiledSimulator, type CompileOptions } from '../../hdl/sim/index.js';
import type { Design } from '../../hdl/ir.js';
import { cachedElaboration } from './design-cache.js';
import { gfxrtlVersion, isGfxrtlSource } from '../../hdl/source-version.js';

export interface StudyRef {
  /** URL of a module with an export whose value is the study. */
  module: string;
  name: string;
  /** Workload name (default: the study's first). */
  workload?: string;
  /** Workload parameters (default: each parameter's default). */
  params?: Readonly<Record<string, number>>;
  /** Workload seed (default: the workload's). */
  seed?: number;
}

export async function importStudy(ref: Pick<StudyRef, 'module' | 'name'>): Promise<Study> {
  const missing = whyNotImportable(ref.module);
  if (missing !== null) throw new StudyError(`study module ${ref.module} ${missing}`);
  const mod = await importModule(ref.module);
  const found = typeof mod === 'object' && mod !== null ? Object.values(mod).find((v) => isStudy(v) && v.name === ref.name) : undefined;
  if (found === undefined) throw new StudyError(`study module ${ref.module} exports no study named "${ref.name}"`);
  return found as Study;
}

export async function loadDomain(ref: StudyRef): Promise<SweepDomain<ConfigOf<Schema>>> {
  return studyDomain(await importStudy(ref), ref);
}

/** The workload a ref selects, with its parameters checked and defaulted. */
export function selectWorkload<C, W>(study: Pick<Study, 'name'> & { workloads: readonly WorkloadDef<C, W>[] }, ref: Pick<StudyRef, 'workload' | 'params' | 'seed'>): { def: WorkloadDef<C, W>; params: WorkloadParams; seed: number } {
  const names = study.workloads.map((w) => w.name);
  const def = ref.workload === undefined ? study.workloads[0] : study.workloads.find((w) => w.name === ref.workload);
  if (def === undefined) throw new StudyError(`study ${study.name}: unknown workload "${ref.workload ?? ''}"; workloads: ${names.join(', ') || '(none)'}`);
  const params: Record<string, number> = {};
  for (const [k, p] of Object.entries(def.params)) params[k] = p.default;
  for (const [k, v] of Object.entries(ref.params ?? {})) {
    const p = def.params[k];
    const keys = Object.keys(def.params);
    if (p === undefined) throw new StudyError(`study ${study.name}, workload ${def.name}: unknown parameter "${k}"; parameters: ${keys.join(', ') || '(none)'}`);
    const ok = Number.isFinite(v) && (!p.integer || Number.isInteger(v)) && (p.above ? v > p.min : v >= p.min) && v <= p.max;
    if (!ok) throw new StudyError(`study ${study.name}, workload ${def.name}: ${k}=${v} is not valid; allowed: ${p.integer ? 'an integer' : 'a number'} ${p.above ? '>' : '>='} ${p.min} and <= ${p.max} (default ${p.default}; ${p.doc})`);
    params[k] = v;
  }
  const seed = ref.seed ?? def.seed;
  if (!Number.isInteger(seed)) throw new StudyError(`study ${study.name}: seed ${seed} must be an integer`);
  return { def, params, seed };
}

/** The sweep axes of a study: its swept keys with the schema's kinds and
 *  docs; values are the schema's ('all') or the study's list, checked. */
export function studyAxes(study: Study): Axis[] {
  const schema: Schema = study.unit.schema;
  const axes: Axis[] = [];
  for (const [key, choice] of Object.entries(study.space.sweep) as [string, 'all' | readonly ParamValue[] | undefined][]) {
    const p = schema[key];
    if (p === undefined) throw new StudyError(`study ${study.name}: swept key "${key}" is not in unit ${study.unit.name}'s schema; keys: ${Object.keys(schema).join(', ')}`);
    if (choice === undefined) continue;
    const bad = (v: ParamValue): never => {
      throw new StudyError(`study ${study.name}: ${key}=${formatValue(v)} is not allowed by unit ${study.unit.name}'s schema`);
    };
    switch (p.kind) {
      case 'bool':
        if (choice !== 'all' && !(choice.length === 2 && choice.includes(false) && choice.includes(true))) throw new StudyError(`study ${study.name}: bool key ${key} is swept over both values ('all') or fixed with space.complete`);
        axes.push({ key, kind: 'bool', doc: p.doc });
        break;
      case 'enum':
        if (choice !== 'all') for (const v of choice) if (typeof v !== 'string' || !p.values.includes(v)) bad(v);
        axes.push({ key, kind: 'enum', values: choice === 'all' ? p.values : (choice as readonly string[]), doc: p.doc });
        break;
      case 'int':
        if (choice === 'all') throw new StudyError(`study ${study.name}: int key ${key} (${p.min}..${p.max}) must list the values to sweep`);
        for (const v of choice) if (typeof v !== 'number' || !Number.isInteger(v) || v < p.min || v > p.max) bad(v);
        axes.push({ key, kind: 'int', values: choice as readonly number[], doc: p.doc });
        break;
    }
  }
  for (const k of study.space.modeKeys) if (!axes.some((a) => a.key === k)) throw new StudyError(`study ${study.name}: mode key "${k}" is not swept`);
  return axes;
}

/** A sweep domain's names (none a row field, none twice), objectives and
 *  rate target: checked before any simulation, and by checkStudy at load. */
export function checkDomain(d: SweepDomain<unknown>): void {
  const names = [...d.axes.map((a) => a.key), ...d.metrics.map((m) => m.key)];
  for (const n of names) {
    if (RESERVED_NAMES.includes(n)) throw new StudyError(`study ${d.name}: axis or metric name "${n}" clashes with a row field (${RESERVED_NAMES.join(', ')}); rename it`);
  }
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw new StudyError(`study ${d.name}: "${dup}" names two axes or metrics`);
  const figures = [...PRICED_FIGURES, ...d.metrics.map((m) => m.key)];
  for (const o of [d.objectives.x, d.objectives.y]) {
    if (!figures.includes(o.key)) throw new StudyError(`study ${d.name}: objective "${o.key}" is neither a metric nor a priced figure; valid: ${figures.join(', ')}`);
  }
  if (d.rateTargets && !d.metrics.some((m) => m.key === d.rateTargets!.metric)) {
    throw new StudyError(`study ${d.name}: rate target metric "${d.rateTargets.metric}" is not a metric; metrics: ${d.metrics.map((m) => m.key).join(', ')}`);
  }
}

/** Every check a study's definition can fail without running anything:
 *  the registry runs it when a study is registered (a plugin's mistake is
 *  said at load, naming the study), `gfxrtl units` for every study, and the
 *  sweep again before the first simulation. */
export function checkStudy(study: Study): void {
  const bad = (what: string): never => {
    throw new StudyError(`study ${study.name}: ${what}`);
  };
  if (typeof study.name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(study.name)) bad('its name must be lower-case letters, digits and dashes');
  for (const [k, p] of Object.entries(study.unit.schema)) {
    if (p.kind === 'int' && !(Number.isInteger(p.min) && Number.isInteger(p.max) && p.min <= p.default && p.default <= p.max)) bad(`unit ${study.unit.name}'s key ${k}: an int key needs integers min <= default <= max`);
    if (p.kind === 'enum' && !p.values.includes(p.default)) bad(`unit ${study.unit.name}'s key ${k}: default ${p.default} is not one of ${p.values.join(' | ')}`);
  }
  if (study.workloads.length === 0) bad('it needs at least one workload');
  // Names, objectives and rate target, as the sweep checks its domain.
  checkDomain(studyDomain(study));
  for (const c of study.counterDisplay ?? []) {
    if (c.digits !== undefined && !(Number.isInteger(c.digits) && c.digits >= 1 && c.digits <= 15)) bad(`counter display ${c.key}: digits ${c.digits} must be an integer 1..15 (significant digits shown)`);
    if (!(typeof c.display.scale === 'number' && Number.isFinite(c.display.scale) && c.display.scale !== 0)) bad(`counter display ${c.key}: scale ${c.display.scale} must be a finite non-zero number`);
  }
  for (const m of study.metrics) if (!(Number.isFinite(m.display.scale) && m.display.scale !== 0)) bad(`metric ${m.key}: display scale ${m.display.scale} must be a finite non-zero number`);
  const wl = study.workloads.map((w) => w.name);
  const twice = wl.find((n, i) => wl.indexOf(n) !== i);
  if (twice !== undefined) bad(`two workloads are named "${twice}"`);
  for (const w of study.workloads) {
    if (!Number.isInteger(w.seed)) bad(`workload ${w.name}: seed ${w.seed} must be an integer`);
    for (const [k, p] of Object.entries(w.params)) {
      const lo = p.above ? p.default > p.min : p.default >= p.min;
      if (!(typeof p.max === 'number' && lo && p.default <= p.max && (!p.integer || Number.isInteger(p.default)))) bad(`workload ${w.name}, parameter ${k}: needs min ${p.above ? '<' : '<='} default <= max (a documented bound), got ${p.min}, ${p.default}, ${String(p.max)}`);
    }
  }
  const ext = study.sampleExtension;
  if (ext && !(Number.isInteger(ext.minReplicates) && Number.isInteger(ext.maxReplicates) && ext.minReplicates >= 1 && ext.minReplicates <= ext.maxReplicates && ext.maxReplicates <= MAX_REPLICATES)) {
    bad(`sample extension: replicates must be integers 1 <= min <= max <= ${MAX_REPLICATES}, got ${ext.minReplicates}..${ext.maxReplicates}`);
  }
}

/** Most workload runs one micro-architecture may pool (sequential sampling). */
export const MAX_REPLICATES = 64;

/** What this thread's evaluations spent since the last reset (the sweep
 *  task reads it for its profile event, explore/profile.ts). */
export const evaluationSpend = { workloadMs: 0, compileMs: 0, compiled: 0, compileReused: 0, simulated: false, cycles: 0 };

export function resetEvaluationSpend(): void {
  Object.assign(evaluationSpend, { workloadMs: 0, compileMs: 0, compiled: 0, compileReused: 0, simulated: false, cycles: 0 });
}

/** Longest generated function a sweep's simulators make (characters; the
 *  simulator's default is 80,000, the most V8 optimises with margin). A
 *  sweep runs each design once, so what counts is the first run, which is
 *  interpreted until V8 has optimised the code, and V8's optimising compile
 *  time grows faster than a function's length: at 20,000 the first runs of
 *  Blur, NoBlur and Hybrid designs took about a tenth less CPU time and the
 *  second runs no longer hit a deoptimisation of the one-function loop (a
 *  Blur design's second run had been 8x slower than its third). */
export const SWEEP_FUNCTION_SOURCE = 20_000;

/** How a sweep compiles its designs: lazily, cached, functions of at most
 *  SWEEP_FUNCTION_SOURCE characters, module instances that recur as
 *  shared code (kernels, hdl/sim/codegen/kernel-plan.ts: a sweep's designs
 *  run a few times each, and share most of their instances), and without the lazy arms pass
 *  (hdl/sim/compile.ts PASSES): its analysis runs over every function
 *  before a line is written, and its branches are paths V8 compiles
 *  without feedback until a later cycle takes one. Thirty Blur main-job designs, compiled and run twice
 *  each (bench/cold-start.ts, GFXRTL_CACHE=off, with and without the pass
 *  alternating three times): compilation 2.9-3.4 -> 2.6 s of CPU, first
 *  runs 15.0-16.9 -> 13.7-14.0 s, second runs the same (4.3-4.4 against
 *  4.2-4.4 s); eighteen Hybrid designs 16.1 -> 13.5-15.7 s of first runs;
 *  NoBlur, QFM and PMU within the host's spread; warm Blur runs (the
 *  fourth to sixth of ten designs) no slower. The values are the same
 *  code's: the pass only orders the computation. */
export const SWEEP_COMPILE = { lazy: true, cache: true, maxFunctionSource: SWEEP_FUNCTION_SOURCE, passes: { lazyArms: false }, kernels: true } as const satisfies CompileOptions;

/** Simulators compiled per Design, so a driver calling simulator() twice
 *  (or the CLI before it, to trace) gets the same one. Lazy: a driver on
 *  runStream never calls the full settle or the run(n) loop, which are
 *  much of the code a compilation generates. */
const simulators = new WeakMap<Design, CompiledSimulator>();
export function simulatorOf(design: Design): CompiledSimulator {
  let s = simulators.get(design);
  if (s === undefined) {
    const t0 = performance.now();
    simulators.set(design, (s = createSimulator(design, SWEEP_COMPILE)));
    evaluationSpend.compileMs += performance.now() - t0;
    evaluationSpend.compiled++;
  }
  return s;
}

/** Checks a driver's counts: no work done is an error naming study and workload. */
export function checkCounts(study: string, workload: string, id: string, c: { cycles: number; work: number }): void {
  if (!(Number.isFinite(c.work) && c.work > 0)) {
    throw new StudyError(`study ${study}, workload ${workload}: the driver reported no work done on ${id} (work ${c.work} in ${c.cycles} cycles); a throughput needs at least one work item, so check the workload's size`);
  }
  if (!(Number.isFinite(c.cycles) && c.cycles > 0)) throw new StudyError(`study ${study}, workload ${workload}: the driver reported ${c.cycles} cycles on ${id}; it must be a positive number`);
}

export function studyDomain(study: Study, ref: Pick<StudyRef, 'workload' | 'params' | 'seed'> & { readonly module?: string } = {}): SweepDomain<ConfigOf<Schema>> {
  type C = ConfigOf<Schema>;
  // Elaborations kept on disk for gfxrtl's own studies only (design-cache.ts).
  // A sweep folder records a module by its source's URL (module-url.ts):
  // from npm start's compiled copy, that is gfxrtl's own once mapped to the
  // copy, which is where this code runs (else the calibration loop and the
  // final pricing sweep elaborated every design again, without the cache).
  const cacheable = ref.module !== undefined && isGfxrtlSource(runnableModuleUrl(ref.module));
  const axes = studyAxes(study);
  const wl = selectWorkload(study, ref);
  const microArch = (p: Params): C => {
    const defaults = Object.fromEntries(Object.entries(study.unit.schema).map(([k, s]) => [k, s.default]));
    const c = { ...defaults, ...p } as C;
    return study.space.complete ? study.space.complete(c) : c;
  };
  const id = (c: C): string => axes.map((a) => `${a.key}=${formatValue(c[a.key] as ParamValue)}`).join(',');
  return {
    name: study.name,
    summary: study.summary,
    work: study.work,
    axes,
    modeAxes: study.space.modeKeys,
    mode: (p) => study.space.mode(microArch(p)),
    microArch,
    evaluator: {
      id,
      elaborate: (c) => cachedElaboration(study.unit.name, c, () => study.unit.elaborate(c), cacheable),
      ...(cacheable && { version: gfxrtlVersion() }),
      async evaluate(c, design, opts) {
        const seed = opts.seed ?? wl.seed;
        const t0 = performance.now();
        const workload = wl.def.build(wl.params, seed, c);
        evaluationSpend.workloadMs += performance.now() - t0;
        // Clock edges the driver ran (a study's cycles may be a derived figure, e.g. the Hybrid's joint rate).
        let start: { sim: CompiledSimulator; cycle: number } | null = null;
        const simulator = (): CompiledSimulator => {
          evaluationSpend.simulated = true;
          const sim = simulatorOf(design);
          start ??= { sim, cycle: sim.cycle };
          return sim;
        };
        const compiledBefore = evaluationSpend.compiled;
        const counts = await study.driver.run({ config: c, design, simulator, workload, workloadName: wl.def.name, seed, wantToggles: opts.toggles, wantRecords: false });
        const ran = start as { sim: CompiledSimulator; cycle: number } | null;
        if (ran !== null) {
          evaluationSpend.cycles += ran.sim.cycle - ran.cycle;
          // Compiled here with every source from the code cache: a reused compilation.
          if (evaluationSpend.compiled > compiledBefore && ran.sim.compiled.codeReused) evaluationSpend.compileReused++;
        }
        checkCounts(study.name, wl.def.name, id(c), counts);
        const { records: _records, ...perf } = counts;
        return perf satisfies Performance;
      },
      ...(study.peakRate !== undefined && { peakRate: peakRateOf(study, (c) => wl.def.build(wl.params, wl.seed, c)) }),
    },
    workload: { name: wl.def.name, id: wl.def.id(wl.params, wl.seed), seed: wl.seed, doc: wl.def.describe(wl.params, wl.seed) },
    metrics: study.metrics,
    report: study.report.flatMap((r) => (r.kind === 'markdown' ? [] : [r.kind])),
    objectives: study.objectives,
    ...(study.rateTargets && { rateTargets: study.rateTargets }),
    ...(study.sampleExtension && { extension: study.sampleExtension }),
    ...(study.counterDisplay && { counterDisplay: study.counterDisplay }),
    ...(study.pipelineRegisters && { priceOptions: { pipelineRegisters: { enable: study.pipelineRegisters.enable } } }),
  };
}

/** The study's bound on the sweep's workload (its base seed), timed as workload building is. */
function peakRateOf<C, W>(study: { readonly peakRate?: (c: C, d: Design, w: W) => number }, build: (c: C) => W): (c: C, design: Design) => number {
  return (c, design) => {
    const t0 = performance.now();
    const workload = build(c);
    evaluationSpend.workloadMs += performance.now() - t0;
    return study.peakRate!(c, design, workload);
  };
}
