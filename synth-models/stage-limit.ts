// How deep a pipeline still helps one design at one corner. The clock
// period is max(critical path / stages, loop) + register overhead, and no
// stage is worth cutting below the minimum logic per stage the sweep uses
// (DEFAULT_MIN_FO4_PER_STAGE FO4): past that depth more stages only add
// register bits. Measured on the design's fastest operator forms (for
// --arith timed), whose path is the shortest any depth has to cut.
import type { Inventory } from '../hdl/inventory/index.js';
import type { ArithStyle } from './cost-table.js';
import type { Knobs } from './knobs.js';
import { DEFAULT_MIN_FO4_PER_STAGE, DEFAULT_PHYSICAL, physicalScale, type VtFlavour } from './physical.js';
import { price } from './price.js';
import { NANGATE45 } from './sources.js';

export interface StageLimit {
  /** The deepest pipeline that still raises the clock (>= 1). */
  readonly max: number;
  /** Why a deeper one does not, for the error message. */
  readonly why: string;
}

export function usefulStages(inv: Inventory, at: { vt: VtFlavour; vdd: number }, knobs: Knobs, arith: ArithStyle): StageLimit {
  const r = price(inv, { ...at, stages: 1 }, { knobs, arith: arith === 'timed' ? 'fast' : arith });
  const floorPs = DEFAULT_MIN_FO4_PER_STAGE * NANGATE45.fo4Ps * physicalScale({ ...at, stages: 1 }, DEFAULT_PHYSICAL).delay * knobs.delayFactor;
  const loopBound = r.loopAt !== null && r.loopPs >= floorPs;
  const perStage = loopBound ? r.loopPs : floorPs;
  const max = Math.max(1, Math.ceil(r.criticalPathPs / perStage - 1e-9));
  const why = loopBound
    ? `more stages do not raise the clock: the ${r.loopPs.toFixed(0)} ps loop through ${r.loopAt}, which no depth cuts, bounds the period (critical path ${r.criticalPathPs.toFixed(0)} ps)`
    : `more stages would leave less than ${DEFAULT_MIN_FO4_PER_STAGE} FO4 (${floorPs.toFixed(0)} ps) of the ${r.criticalPathPs.toFixed(0)} ps critical path per stage`;
  return { max, why };
}
