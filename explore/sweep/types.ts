// The sweep's view of a study (explore/contract.ts): named axes drawn from
// the unit's schema, how a choice of values maps to a micro-architecture,
// the frontier group ("mode") each belongs to, and an evaluator that
// elaborates a micro-architecture ONCE, hands that Design to the driver to
// simulate, and lets the sweep price the same Design at every physical
// point, so simulation cost does not grow with the physical grid and the
// netlist priced is the netlist simulated.
import type { Design } from '../../hdl/ir.js';
import type { Counts, Metric, Objectives, ParamValue, RateTargets, ReportSection, SampleExtension, WorkUnit } from '../contract.js';
import type { PriceOptions } from '../../synth-models/price.js';

export type { ParamValue };
export type Params = Readonly<Record<string, ParamValue>>;

/** One micro-architectural axis and the values a sweep may take on it. */
export type Axis =
  | { readonly key: string; readonly kind: 'enum'; readonly values: readonly string[]; readonly doc: string }
  | { readonly key: string; readonly kind: 'int'; readonly values: readonly number[]; readonly doc: string }
  /** Values false, true; written on/off on the command line. */
  | { readonly key: string; readonly kind: 'bool'; readonly doc: string };

/** What the cache keeps of an evaluation: the counts, minus per-item records. */
export type Performance = Omit<Counts, 'records'>;

export interface MicroArchEvaluator<M> {
  /** Stable across runs and machines: names the cache entry and the rows. */
  id(m: M): string;
  /** The one elaboration of `m`. */
  elaborate(m: M): Design;
  /** What the elaboration depends on, when the engine can tell: the same
   *  version elaborates `m` to the same netlist, so an inventory stored
   *  under it (inventory-file.ts) stands for elaborating again. gfxrtl's
   *  own units: gfxrtlVersion(); a plugin's: none (always elaborated). */
  readonly version?: string;
  /** Simulate `design` (the object `elaborate` returned) on the workload (built with `seed` when given: a replicate). */
  evaluate(m: M, design: Design, opts: { toggles: boolean; seed?: number }): Promise<Performance>;
  /** The study's optimistic bound (Study.peakRate): work items per cycle no run of the driver on the sweep's workload beats. */
  peakRate?(m: M, design: Design): number;
}

/** A metric as the manifest records it (its function stays in the study). */
export type MetricInfo = Omit<Metric, 'value'>;

export interface SweepDomain<M> {
  /** The study's name (the `study` field of every row). */
  readonly name: string;
  readonly summary: string;
  readonly work: WorkUnit;
  readonly axes: readonly Axis[];
  /** Axes folded into the mode (for NoBlur: msaa); the other axes get a
   *  column of their own in every row. */
  readonly modeAxes: readonly string[];
  /** Frontier group: points of different modes are never compared. */
  mode(p: Params): string;
  microArch(p: Params): M;
  readonly evaluator: MicroArchEvaluator<M>;
  /** What the evaluator simulates: written into every row and the report. */
  readonly workload: { readonly name: string; readonly id: string; readonly seed: number; readonly doc: string };
  readonly metrics: readonly Metric[];
  readonly objectives: Objectives;
  readonly rateTargets?: RateTargets;
  /** Sequential sampling of the micro-architectures that matter (extend.ts). */
  readonly extension?: SampleExtension;
  /** Driver counters worth a column in the report's per-micro-architecture table. */
  readonly counterDisplay?: readonly { readonly key: string; readonly display: Metric['display']; readonly digits?: number }[];
  /** The report's built-in sections, in order. */
  readonly report: readonly Exclude<ReportSection['kind'], 'markdown'>[];
  /** How retimed pipeline registers are built (e.g. with enables when the
   *  pipeline stalls), and the physical parameters. */
  readonly priceOptions?: Pick<PriceOptions, 'pipelineRegisters' | 'physical'>;
}
