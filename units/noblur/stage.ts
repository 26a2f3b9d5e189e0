// Pipeline-stage registers. A stage's data registers have no reset (they are
// only read when the stage's valid bit says so, and an unreset flop is the
// cheaper cell) and load only when the stage takes a real item, so a stalled
// or empty stage does not toggle them.
import type { ModuleBuilder, Signal, UInt } from '../../hdl/index.js';

/** One register per signal of `src`, named `${stage}_${key}`, loading when `load`. */
export function stageRegs<T extends Record<string, Signal>>(m: ModuleBuilder, stage: string, src: T, load: UInt): T {
  const out: Record<string, Signal> = {};
  for (const [key, s] of Object.entries(src)) {
    const r = m.reg(`${stage}_${key}`, s.type, { en: load, init: null });
    r.drive(s);
    out[key] = r;
  }
  return out as T;
}

/** A stage's valid bit: when the stage advances it takes `next` (valid of
 *  what flows in, 0 for a bubble); otherwise it holds. Reset to empty. */
export function validReg(m: ModuleBuilder, stage: string, advance: UInt, next: UInt): UInt {
  const v = m.reg(`${stage}_valid`, { kind: 'uint', width: 1 }, { init: 0 });
  m.when(advance, () => v.set(next));
  return v;
}
