// The study contract: what a unit family gives the framework so that the
// sweep, the Pareto frontiers, the report, the calibration and the CLI can
// run its design-space experiment without knowing its name.
//
// A study is one folder, studies/<name>/, exporting a `Study`. The engine
// (explore/: sweep, report, Pareto, the calibration loop) knows studies
// through this file only, and prices through the cost model
// (synth-models/); a study imports its unit, its workloads, its driver and
// the engine's public face (explore/index.ts). The sweep (explore/sweep/types.ts): it
// enumerates the study's config space, elaborates each micro-architecture
// ONCE, hands that Design to the driver (which simulates it) and to the cost
// model (which prices it at every physical point), then derives the study's
// metrics for every priced point and marks the frontier of its objectives.
//
// How the families fit:
// - Rasterizers (NoBlur, Blur, Hybrid): work = triangles (an MP is one
//   triangle; a TVP pair is two MPs); objectives perfDensity (MP/s/mm^2,
//   higher) vs energyPerMpJ (J/MP, lower); a rate target (3 GMP/s at fixed
//   power densities); calibration against the published Blur components.
// - Merge units (quad-fragment merge buffer, pixel merge): work = quads in;
//   counters = quads out, merges, evictions; a metric shadingSaved =
//   1 - out/in; objectives shadingSaved (higher) vs areaMm2 (lower). The
//   golden-model curves over many workloads and buffer sizes are an
//   `Experiment` (no hardware needed), the cost sweep of buffer sizes is
//   the ordinary config space.
// - Sorters / SPID codecs: work = tiles sorted; metric cyclesPerTile =
//   cycles / work; objectives cyclesPerTile (lower) vs areaMm2 (lower).
import { UserError } from '../hdl/errors.js';
import type { Design } from '../hdl/ir.js';
import type { CompiledSimulator } from '../hdl/sim/index.js';
import type { OwnedLogic } from '../hdl/inventory/subdesign.js';
import type { ConfigOf, Schema } from '../units/config.js';
import type { UnitDef } from '../units/unit.js';

export type { UnitDef } from '../units/unit.js';
export type { ConfigOf, Schema } from '../units/config.js';
export type { OwnedLogic } from '../hdl/inventory/subdesign.js';

/** A value a config key or a row column can hold. */
export type ParamValue = string | number | boolean;

// ---------------------------------------------------------------- space

/** The micro-architectures a sweep visits. Keys, kinds and allowed values
 *  come from the unit's schema and are never re-declared: a study only
 *  chooses which keys vary and, where the schema allows more than a sweep
 *  should visit (int ranges), which values. */
export interface ConfigSpace<S extends Schema> {
  /** Swept keys in column order. 'all' takes every value the schema allows
   *  (enum values, on/off); int keys must list their values. Every listed
   *  value is checked against the schema when the study is loaded. */
  readonly sweep: { readonly [K in keyof S & string]?: 'all' | readonly ConfigOf<S>[K][] };
  /** Keys folded into the frontier group: points of different modes are
   *  never compared (NoBlur: msaa). They get no column of their own. */
  readonly modeKeys: readonly (keyof S & string)[];
  /** The frontier group's name, e.g. 'noblur16'. */
  mode(config: ConfigOf<S>): string;
  /** Fill keys that are not swept: derived ones (mac: accIntBits from
   *  intBits). Unswept keys not set here take the schema default. */
  complete?(swept: ConfigOf<S>): ConfigOf<S>;
}

// ------------------------------------------------------------ workloads

/** A numeric workload parameter (size, mean area, ...). Seeds are separate. */
export interface WorkloadParam {
  readonly default: number;
  readonly integer: boolean;
  /** Smallest allowed value (inclusive), or exclusive when `above` is set. */
  readonly min: number;
  readonly above?: boolean;
  /** Largest allowed value (inclusive): every count and size a user can ask
   *  for has a documented bound (the memory or time it would take past it). */
  readonly max: number;
  readonly doc: string;
}

/** A workload's parameters by name, defaults filled in. */
export type WorkloadParams = Readonly<Record<string, number>>;

/** A named, seeded workload. The driver gets what `build` returns. */
export interface WorkloadDef<C, W> {
  /** Name on the command line ('default', 'sphere', ...). */
  readonly name: string;
  readonly doc: string;
  readonly seed: number;
  readonly params: Readonly<Record<string, WorkloadParam>>;
  /** Stable id written into every row and the report, e.g.
   *  raster-default-4096tri-0.54px2 (params and seed fully determine it). */
  id(params: WorkloadParams, seed: number): string;
  /** One sentence for the report header. */
  describe(params: WorkloadParams, seed: number): string;
  /** The stimulus for one micro-architecture. May depend on the config
   *  (NoBlur pairs triangles when TVP is on); may memoise. */
  build(params: WorkloadParams, seed: number, config: C): W;
}

// --------------------------------------------------------------- driver

/** What a driver measured on one micro-architecture over one workload. */
export interface Counts {
  /** Clock cycles from the first input offered until the unit is idle. */
  readonly cycles: number;
  /** Work items completed, in the study's work unit (never per-record:
   *  a TVP pair is two MPs). Must be > 0: the framework refuses a study
   *  whose driver did no work, naming study and workload. */
  readonly work: number;
  /** Study-specific figures, in the order they should appear
   *  (written into each row's `extra`). */
  readonly counters?: Readonly<Record<string, number>>;
  /** Bit toggles per signal path over `cycles`, when asked for
   *  (activity 'toggle'); see synth-models/activity.ts. */
  readonly toggles?: { readonly counts: Readonly<Record<string, number>>; readonly cycles: number };
  /** Per-item results (NoBlur: covered samples) that `gfxrtl sim --output`
   *  writes one JSON line each; the sweep drops them. */
  readonly records?: readonly unknown[];
}

/** What a driver is given for one micro-architecture: its config and netlist, a simulator of that netlist, the workload. */
export interface DriverContext<C, W> {
  readonly config: C;
  /** The micro-architecture's one elaboration: the same object is
   *  inventoried and priced. Simulate only through `simulator()`. */
  readonly design: Design;
  /** A simulator compiled from `design` (memoised per design). */
  simulator(): CompiledSimulator;
  readonly workload: W;
  readonly workloadName: string;
  readonly seed: number;
  /** The sweep prices with toggle activity: return `toggles`. */
  readonly wantToggles: boolean;
  /** `gfxrtl sim --output` asked for per-item results: return `records`. */
  readonly wantRecords: boolean;
  /** The simulator is traced (a waveform is drawn from it): run it, and
   *  never answer with counts another run measured (a driver that reuses
   *  cycle-identical runs would leave the waveform empty). */
  readonly traced?: boolean;
}

/** Simulates a micro-architecture on a workload and reports what it measured. */
export interface Driver<C, W> {
  run(ctx: DriverContext<C, W>): Counts | Promise<Counts>;
}

/**
 * Sequential sampling (explore/sweep/extend.ts): once every
 * micro-architecture is simulated on the workload, those that matter (a
 * point on its mode's frontier or within its rate's confidence interval of
 * it, or picked by the rate-cost rule) are simulated again on replicates of
 * the workload (the same generator with seed base + 1, base + 2, ...) until
 * they have `minReplicates` runs and their rate's 95% relative half-width
 * is at most `target`, or they have `maxReplicates` runs; their points are
 * priced again from the pooled counts.
 */
export interface SampleExtension {
  /** The counter holding the rate's 95% relative half-width (negative: unknown). */
  readonly halfWidth: string;
  readonly target: number;
  /** Runs at least for a micro-architecture that matters, the base run included (one run's half-width may not see what varies between replicates). */
  readonly minReplicates: number;
  /** Runs at most, the base run included. */
  readonly maxReplicates: number;
  /** The counts of the base run and its replicates (in seed order) as one, `halfWidth` included. */
  pool(runs: readonly Omit<Counts, 'records'>[]): Omit<Counts, 'records'>;
  /** How the half-width is estimated, for the report. */
  readonly doc: string;
}

// -------------------------------------------------- metrics, objectives

/** Pricing's figures for one physical point (synth-models/price.ts). */
export interface PricedPoint {
  readonly clockHz: number;
  readonly areaMm2: number;
  readonly powerW: number;
  readonly dynamicW: number;
  readonly leakageW: number;
  /** Power with every operator fully used (activity 1), beside a
   *  toggle-based powerW. Present only when priced with toggle activity. */
  readonly fullPowerW?: number;
}

/** How a figure is shown in tables and plots. */
export interface Display {
  /** Header text without the unit, e.g. 'perf density'. */
  readonly label: string;
  /** Unit after scaling, e.g. 'GMP/s/mm^2'. */
  readonly unit: string;
  /** Shown value = value / scale (1e9 for G, 1e-12 for p). */
  readonly scale: number;
}

/** A per-point figure derived from the driver's counts and the priced
 *  point; becomes a field of every row (and a column of points.csv). */
export interface Metric {
  /** Row field name; must not clash with priced fields or axes. */
  readonly key: string;
  readonly doc: string;
  readonly display: Display;
  value(counts: Counts, point: PricedPoint): number;
}

/** Which way an objective improves. */
export type Better = 'higher' | 'lower';

/** One axis of the frontier: a metric key or a priced field
 *  ('areaMm2', 'powerW', 'clockHz'). */
export interface Objective {
  readonly key: string;
  readonly better: Better;
  readonly display: Display;
}

/** The two axes of the Pareto frontier; x is plotted horizontally. */
export interface Objectives {
  readonly x: Objective;
  readonly y: Objective;
}

/** The work unit, named in every header that shows throughput. */
export interface WorkUnit {
  /** 'MP', 'quad', 'tile'. */
  readonly name: string;
  /** What one is, e.g. 'one triangle; a TVP pair counts as two MPs'. */
  readonly doc: string;
}

/** "What does a required rate cost under power-density limits?" */
export interface RateTargets {
  /** A metric in work items per second. */
  readonly metric: string;
  /** Required rate, in the metric's own units (3e9 for 3 GMP/s). */
  readonly rate: number;
  /** Power-density limits, W/mm^2. */
  readonly powerDensityLimits: readonly number[];
  readonly doc: string;
}

// ---------------------------------------------------------- calibration

/** One published component figure the cost model is held against. */
export interface PublishedComponent {
  readonly component: string;
  readonly areaMm2: number;
  readonly powerMw: number;
}

/** The hardware of one calibration row (or of a block in no row). */
export interface CalibrationBlock {
  /** Its name, for a block in no published row ('edge setup'). */
  readonly block?: string;
  instances(design: Design): string[];
  /** Top-module registers (by name) that belong to it: stage registers
   *  holding what it produces, control it drives. */
  readonly registers?: RegExp;
  /** What it owns inside instances that are not its own (Blur: the lane's
   *  stage registers; the tuple ROM output it alone reads):
   *  hdl/inventory/subdesign.ts, OwnedLogic. */
  owned?(design: Design): readonly OwnedLogic[];
}

/** Published component figures a study holds the cost model against, and how its unit's instances map onto them. */
export interface CalibrationDef<C> {
  /** Where the figures come from, and the operating point they are at. */
  readonly source: string;
  readonly point: { readonly vt: 'low' | 'nominal' | 'high'; readonly vdd: number; readonly clockHz: number };
  readonly published: readonly PublishedComponent[];
  /** The config whose instances match the published components' structure;
   *  chosen from the published structure, never from the fit. */
  readonly reference: C;
  readonly referenceWhy: string;
  /** Published component -> instance paths of the reference design; a
   *  published component absent here is reported "not modelled". */
  readonly components: readonly ({ readonly component: string } & CalibrationBlock)[];
  /** Blocks of the reference design that are in no published row (Blur:
   *  the edge setup, the fit check, the jitter table): priced at the
   *  calibration corner with the fitted knobs, shown as "not in the
   *  published breakdown", and never part of the fit or its residual. */
  readonly unpublished?: readonly CalibrationBlock[];
  /** 'global' (default): the fit gives the cost model's knobs, which price
   *  every study. 'cross-check': a second fit on another design, reported
   *  beside the global knobs and never used to price. */
  readonly role?: 'global' | 'cross-check';
  /** How the calibrated design is chosen: the reference alone (absent), or
   *  the design the study's own sweep picks by the rate-cost rule (least
   *  area among `mode` designs at or under `limit` W/mm^2 at the study's
   *  rate target), iterated from the reference until the pick stops
   *  changing (explore/calibration-loop.ts). */
  readonly pick?: { readonly mode: string; readonly limit: number };
}


/** Designs Yosys synthesises to hold the cost model's area against. */
export interface CrossCheckDef<C> {
  readonly config: C;
  /** The elaborated `config` -> the designs to synthesise (parts, whole). */
  units(design: Design): readonly { readonly name: string; readonly design: Design }[];
}

// --------------------------------------------------------------- report

/** A report section across studies, written into the index of `gfxrtl study
 *  --all` (and `gfxrtl report ROOT` on such a folder): it is given where
 *  each study's folder is (null when that study was not run). */
export interface CrossStudySection {
  readonly studies: readonly string[];
  render(dirOf: (study: string) => string | null): string;
}

/** Context a custom report section renders from. */
export interface ReportContext {
  /** Rows of points.jsonl, as flat JSON objects. */
  readonly rows: readonly Readonly<Record<string, unknown>>[];
  readonly dir: string;
}

/** The report's sections in order. The built-in kinds are generic: they
 *  read the study's objectives, metrics, columns and rate targets. */
export type ReportSection =
  /** Per mode: point cloud with the frontier, and the frontier table. */
  | { readonly kind: 'frontier' }
  /** Per mode and column: the frontier when that column is held fixed. */
  | { readonly kind: 'constrained' }
  /** Per mode: the cheapest design meeting `rateTargets` at each limit. */
  | { readonly kind: 'rate-cost' }
  /** Per micro-architecture: the driver's counts on the workload. */
  | { readonly kind: 'microarch' }
  /** Calibration residuals and the Yosys cross-check, when present. */
  | { readonly kind: 'calibration' }
  /** The output of the study's experiments, when present. */
  | { readonly kind: 'experiments' }
  | { readonly kind: 'markdown'; readonly title: string; render(ctx: ReportContext): string };

// ---------------------------------------------------------- experiments

/** A measurement outside the cost sweep: e.g. a merge unit's golden-model
 *  savings over many workloads and buffer sizes. Deterministic from seed. */
export interface Experiment {
  readonly name: string;
  readonly doc: string;
  /** `files.dir` is a folder of the experiment's own under the study's
   *  report folder, for its pictures and files; `files.link` is that folder
   *  relative to the report folder, for links in `markdown` (which goes
   *  into the report's index.md). Nothing is written anywhere else. */
  run(seed: number, files: ExperimentFiles, context?: ExperimentContext): Promise<ExperimentResult>;
}

/** Where an experiment may write: its own folder, and that folder relative to the report. */
export interface ExperimentFiles {
  readonly dir: string;
  readonly link: string;
}

/** How the experiment is being run. */
export interface ExperimentContext {
  /** Run by `gfxrtl study --all` (npm start) for a study with a `mainJob`
   *  narrowing: an experiment too long for the main job runs its reduced
   *  set and says so; `gfxrtl study NAME` runs the full one. */
  readonly mainJob: boolean;
  /** Progress on stderr, as the engine shows a sweep's (a bar on a
   *  terminal, else a line every 10 s; nothing under --quiet): an
   *  experiment that runs for minutes starts one (`label`: what runs,
   *  `unit`: what it counts) and reports its steps. Absent: report none. */
  readonly progress?: (label: string, unit: string) => ExperimentProgress;
}

/** An experiment's progress display: `start` with the total, `update` after
 *  each step (with what runs now), `stop` at the end. */
export interface ExperimentProgress {
  start(total: number, done: number): void;
  update(done: number, total: number, note?: string): void;
  stop(complete?: boolean): void;
}

/** What an experiment returns: a Markdown section and its raw records. */
export interface ExperimentResult {
  /** A section of report/index.md (tables, prose; no title). */
  readonly markdown: string;
  /** Raw records, written to experiments/<name>.jsonl. */
  readonly records: readonly Readonly<Record<string, ParamValue>>[];
}

// ---------------------------------------------------------------- tools

/** A command a study family adds to `gfxrtl` (rasterizers: `workload
 *  raster`, `samples`). The CLI registers it as given; shared by several
 *  studies, it is registered once (same `command`). */
export interface StudyTool {
  /** Usage as commander takes it: 'samples', 'workload <kind>'. */
  readonly command: string;
  readonly description: string;
  readonly options: readonly { readonly flags: string; readonly description: string; readonly default?: string | boolean }[];
  run(args: readonly string[], options: Readonly<Record<string, string | boolean | undefined>>): void | Promise<void>;
}

// ---------------------------------------------------------------- study

/** A design-space study: its unit and config space, workloads, driver, metrics, Pareto objectives and report sections.
 *  Export one (`defineStudy`) from a module gfxrtl.config.ts lists; `gfxrtl study NAME` then runs it end to end. */
export interface Study<S extends Schema = Schema, W = unknown> {
  /** CLI name ('noblur', 'mac'). */
  readonly name: string;
  readonly summary: string;
  /** A stand-in for tests and examples (mac): `gfxrtl study --all` and
   *  `npm start` leave it out. */
  readonly example?: boolean;
  /** Why `gfxrtl study --all` (npm start) leaves this study out, when its
   *  default run is too long for the main job (hours of simulation); it
   *  still runs on its own with `gfxrtl study NAME`. */
  readonly notInMainJob?: string;
  /** How `gfxrtl study --all` (npm start) narrows this study so the main
   *  job fits its time: a `--only` text and workload parameters, and why;
   *  its experiments are told (ExperimentContext.mainJob). `gfxrtl study
   *  NAME` runs the full study. */
  readonly mainJob?: { readonly only?: string; readonly params?: Readonly<Record<string, number>>; readonly why: string };
  readonly unit: UnitDef<S>;
  readonly space: ConfigSpace<S>;
  readonly work: WorkUnit;
  /** The first is the default. Names must be unique. */
  readonly workloads: readonly WorkloadDef<ConfigOf<S>, W>[];
  readonly driver: Driver<ConfigOf<S>, W>;
  /** `gfxrtl sim <unit> --input FILE` for a file that is not port stimulus
   *  (NoBlur: a mesh): turns it into the driver's workload. */
  readonly fileWorkload?: { readonly doc: string; read(file: string, config: ConfigOf<S>): W };
  /** Per-point figures, in row order. Throughput metrics are named in the
   *  work unit ('mpPerCycle', 'mpPerSec', ...). */
  readonly metrics: readonly Metric[];
  readonly objectives: Objectives;
  /** Driver counters shown per micro-architecture (`sim`, report), with
   *  how to show them; the rest stay in `extra` only. */
  readonly counterDisplay?: readonly { readonly key: string; readonly display: Display; readonly digits?: number }[];
  /** The unit stalls (retimed registers need enables), or not. */
  readonly pipelineRegisters?: { readonly enable: boolean };
  readonly rateTargets?: RateTargets;
  /**
   * An optimistic bound for `sweep --explore bound` (explore/sweep/bound.ts):
   * the most work items per cycle the driver can measure on this
   * micro-architecture over `workload`, from its structure (lanes, samples
   * tested per cycle, records taken per cycle) and the workload's shape,
   * never from a simulation. It MUST be at least `work / cycles` of every run
   * of the driver on `workload`: an upper bound on every rate metric the
   * objectives and the rate target read. The sweep prices each
   * micro-architecture first, builds its optimistic points (this rate with
   * its real priced clock, area and power) and does not simulate one whose
   * optimistic points are all strictly dominated by what it has simulated,
   * so a bound that is too low gives a wrong frontier (the sweep checks it
   * on every design it simulates and falls back to simulating everything
   * when one beats it). The objectives' and rate target's metrics must read
   * the counts through `work / cycles` alone (the sweep checks that too).
   * A study without it is explored as a grid.
   */
  peakRate?(config: ConfigOf<S>, design: Design, workload: W): number;
  /** Simulate the micro-architectures that matter on more of the workload until their rate is known to a target (SampleExtension). */
  readonly sampleExtension?: SampleExtension;
  readonly calibration?: CalibrationDef<ConfigOf<S>>;
  readonly crossCheck?: CrossCheckDef<ConfigOf<S>>;
  readonly experiments?: readonly Experiment[];
  readonly report: readonly ReportSection[];
  readonly tools?: readonly StudyTool[];
}

/** Whether a value is a study: what the registry registers from a plugin
 *  module's exports, and what sweep workers look for in a study's module. */
export function isStudy(x: unknown): x is Study {
  return typeof x === 'object' && x !== null && 'name' in x && typeof x.name === 'string' && 'driver' in x && 'space' in x && 'unit' in x;
}

/** Identity helper that keeps S and W inferred at the definition site. */
export function defineStudy<S extends Schema, W>(s: Study<S, W>): Study<S, W> {
  return s;
}

/** A study with its config and workload types erased, as the registry and
 *  the engines hold it. Sound because the framework only ever hands a
 *  study configs it enumerated from that study's own schema and space, and
 *  workloads its own `build` returned. */
export function eraseStudy<S extends Schema, W>(s: Study<S, W>): Study {
  return s as unknown as Study;
}

/** Thrown for a study-level mistake; the CLI prints the message alone. */
export class StudyError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'StudyError';
  }
}
