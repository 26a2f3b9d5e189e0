// Pipeline-stage registers. A stage's data registers have no reset (they are
// only read when the stage's valid bit says so, and an unreset flop is the
// cheaper cell) and load only when the stage takes a real item, so a stalled
// or empty stage does not toggle them.
import { leafName, mapTree, type ModuleBuilder, type SignalTree, type UInt } from '../../hdl/index.js';

/** One register per signal of `src` (a record, possibly of vecs and
 *  bundles), named `${stage}_${path}` (s0_id, s0_v0_x), loading when `load`;
 *  returns the registers in the same shape. */
export function stageRegs<T extends SignalTree>(m: ModuleBuilder, stage: string, src: T, load: UInt): T {
  return mapTree(src, (s, path) => {
    const r = m.reg(leafName(stage, path), s.type, { en: load, init: null });
    r.drive(s);
    return r;
  });
}

/** A stage's valid bit: when the stage advances it takes `next` (valid of
 *  what flows in, 0 for a bubble); otherwise it holds. Reset to empty. */
export function validReg(m: ModuleBuilder, stage: string, advance: UInt, next: UInt): UInt {
  const v = m.reg(`${stage}_valid`, { kind: 'uint', width: 1 }, { init: 0 });
  m.when(advance, () => v.set(next));
  return v;
}
