// The sweep's points in canonical order: micro-architectures as the
// cartesian product of the spec's axes (first axis slowest), and for each
// the physical points (Vt, Vdd, pipeline depth). Canonical order is what
// makes a sharded-and-merged sweep byte-identical to a single run.
import type { Inventory } from '../../hdl/inventory/index.js';
import { DEFAULT_KNOBS, type Knobs } from '../../synth-models/knobs.js';
import type { DesignPoint, PhysicalParams } from '../../synth-models/physical.js';
import { minStages, priceFigures } from '../../synth-models/price.js';
import { NANGATE45 } from '../../synth-models/sources.js';
import { rowKey } from './point.js';
import type { SweepSpec } from './spec.js';
import type { Axis, ParamValue, Params, SweepDomain } from './types.js';
import { StudyError } from '../contract.js';

export interface MicroArchEntry {
  /** Position in the full enumeration of the spec (shards keep it). */
  index: number;
  id: string;
  mode: string;
  params: Params;
}

export function enumerateParams(axes: readonly Axis[], spec: SweepSpec): Params[] {
  let combos: Record<string, ParamValue>[] = [{}];
  for (const a of axes) {
    const values = spec.axes[a.key] ?? [];
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [a.key]: v })));
  }
  return combos;
}

export function enumerateMicroArchs<M>(domain: SweepDomain<M>, spec: SweepSpec): MicroArchEntry[] {
  const seen = new Map<string, number>();
  return enumerateParams(domain.axes, spec).map((params, index) => {
    const id = domain.evaluator.id(domain.microArch(params));
    const prev = seen.get(id);
    if (prev !== undefined) throw new StudyError(`domain ${domain.name}: micro-architectures ${prev} and ${index} share the id "${id}"; ids must be unique`);
    seen.set(id, index);
    return { index, id, mode: domain.mode(params), params };
  });
}

export const VT_ORDER = ['low', 'nominal', 'high'] as const;

export function pointKey(id: string, p: DesignPoint): string {
  return rowKey({ id, ...p });
}

export interface PhysicalContext {
  spec: SweepSpec;
  knobs?: Knobs;
  physical?: PhysicalParams;
}

/** Deepest pipeline that keeps `minFo4` FO4 delays of logic per stage. The
 *  ratio of path to FO4 does not depend on Vt, Vdd or the delay knob (all
 *  scale both), so it is taken at the table's reference point. */
function deepestStages(inv: Inventory, minFo4: number, ctx: PhysicalContext): number {
  const ref = priceFigures(inv, { vt: 'nominal', vdd: NANGATE45.vdd, stages: 1 }, { knobs: { ...(ctx.knobs ?? DEFAULT_KNOBS), delayFactor: 1 }, arith: ctx.spec.arith });
  return Math.max(1, Math.floor(ref.criticalPathPs / (minFo4 * NANGATE45.fo4Ps)));
}

/** Physical points of one micro-architecture, in canonical order. */
export function physicalPoints(inv: Inventory, ctx: PhysicalContext): DesignPoint[] {
  const { spec } = ctx;
  const out: DesignPoint[] = [];
  const deepest = spec.stages.kind === 'clocks' ? deepestStages(inv, spec.stages.minFo4PerStage, ctx) : 0;
  for (const vt of VT_ORDER.filter((v) => spec.vt.includes(v))) {
    for (const vdd of spec.vdd) {
      let depths: number[];
      if (spec.stages.kind === 'list') {
        depths = [...spec.stages.values];
      } else {
        const opts = { knobs: ctx.knobs ?? DEFAULT_KNOBS, arith: spec.arith, ...(ctx.physical && { physical: ctx.physical }) };
        const need = spec.stages.ghz.map((g) => minStages(inv, { vt, vdd }, g * 1e9, opts));
        depths = [...new Set(need.filter((s): s is number => s !== null && s <= deepest))].sort((a, b) => a - b);
        // Every target too fast for this corner: its deepest pipeline still
        // belongs in the cloud.
        if (depths.length === 0) depths = [deepest];
      }
      for (const stages of depths) out.push({ vt, vdd, stages });
    }
  }
  return out;
}
