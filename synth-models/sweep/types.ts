// The sweep's contract with whatever it sweeps. A domain (NoBlur, or a
// stand-in) names its micro-architectural axes, how a choice of values maps
// to a micro-architecture, the frontier group ("mode") each belongs to, and
// an evaluator that turns one micro-architecture into hardware (an operator
// inventory) and a throughput (from cycle simulation). The sweep calls the
// evaluator once per micro-architecture and prices every physical point from
// that, so simulation cost does not grow with the physical grid.
import type { Design } from '../../hdl/ir.js';
import type { Inventory } from '../../hdl/inventory/index.js';
import type { CalibrationSample } from '../calibration.js';
import type { PriceOptions } from '../price.js';

export type ParamValue = string | number | boolean;
export type Params = Readonly<Record<string, ParamValue>>;

/** One micro-architectural axis and the values a sweep may take on it. */
export type Axis =
  | { readonly key: string; readonly kind: 'enum'; readonly values: readonly string[]; readonly doc: string }
  | { readonly key: string; readonly kind: 'int'; readonly values: readonly number[]; readonly doc: string }
  /** Values false, true; written on/off on the command line. */
  | { readonly key: string; readonly kind: 'bool'; readonly doc: string };

export interface MicroArchEvaluation {
  inventory: Inventory;
  /** Operations (for rasterizers: micropolygons) completed per clock cycle
   *  on the domain's workload. */
  mpPerCycle: number;
  /** Anything else worth a column (cycles, overflow counts, ...). */
  extra?: Record<string, number>;
  /** Bit toggles per signal path over `cycles`, for activity mode 'toggle'
   *  (synth-models/activity.ts, activityFromToggles). */
  toggles?: { counts: Record<string, number>; cycles: number };
}

export interface MicroArchEvaluator<M> {
  /** Stable across runs and machines: names the cache entry and the rows. */
  id(m: M): string;
  /** Elaborate, inventory and simulate: the expensive part, done once. */
  evaluate(m: M): Promise<MicroArchEvaluation>;
  /** The inventory alone, without simulating. Optional: with it a resumed
   *  sweep re-prices a cached micro-architecture without re-simulating it. */
  inventory?(m: M): Promise<Inventory>;
}

export interface SweepDomain<M> {
  readonly name: string;
  readonly summary: string;
  /** What one unit of throughput is ('MP' for rasterizers). */
  readonly opName: string;
  readonly axes: readonly Axis[];
  /** Axes folded into the mode (for NoBlur: msaa); the other axes get a
   *  column of their own in every row. */
  readonly modeAxes: readonly string[];
  /** Frontier group: points of different modes are never compared. */
  mode(p: Params): string;
  microArch(p: Params): M;
  readonly evaluator: MicroArchEvaluator<M>;
  /** What the evaluator simulates: written into every row and the report. */
  readonly workload: { readonly id: string; readonly seed: number; readonly doc: string };
  /** How retimed pipeline registers are built (e.g. with enables when the
   *  pipeline stalls), and the physical parameters. */
  readonly priceOptions?: Pick<PriceOptions, 'pipelineRegisters' | 'physical'>;
  /** Calibration components (raster-units.md table) this domain can build,
   *  with the instance each came from; the rest are reported not modelled. */
  calibrationSamples?(): Promise<readonly (CalibrationSample & { instance: string })[]>;
  /** Designs to synthesise with Yosys and hold against the cost model. */
  crossCheckUnits?(): Promise<readonly { name: string; design: Design }[]>;
}

/** What a domain module exports; `options` come from the command line or a
 *  test and must survive structured cloning (they are sent to workers). */
export type DomainFactory = (options: Readonly<Record<string, ParamValue>>) => SweepDomain<unknown>;
