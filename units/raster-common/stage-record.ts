// The raster pipelines' stage records (R1..R3 of NoBlur and of each Blur
// lane) are flat records of registers named by their field (s2_e12_dx,
// s3_lane0_d1): stageRegs keeps the names the Verilog and the cost
// breakdowns have always had. Fields are read by name here, and a missing
// one fails elaboration naming the field and who wanted it.
import { UInt, type ModuleBuilder, type Signal } from '../../hdl/index.js';

/** A stage's registers by field name. */
export type StageRecord = Readonly<Record<string, Signal>>;

/** Field `name` of stage record `r`; `what` says who reads it. */
export function fieldOf(m: ModuleBuilder, r: StageRecord, name: string, what: string): Signal {
  return r[name] ?? m.fail('missing port', name, `the stage record has no ${name} for ${what}`);
}

/** Field `name` of `r` as a uint (a flag, an index, a depth). */
export function uintFieldOf(m: ModuleBuilder, r: StageRecord, name: string, what: string): UInt {
  const s = fieldOf(m, r, name, what);
  if (!(s instanceof UInt)) m.fail('type mismatch', s.label, `the stage record's ${name} is ${s.type.kind}, ${what} needs a uint`);
  return s;
}
