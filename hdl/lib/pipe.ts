// Delay lines: regNext (one register), pipe (n registers) and a shift
// register whose every tap is readable; and the registers of a valid/ready
// pipeline stage: its data (stageRegs) and its valid bit (validReg).
import { InternalError } from '../errors.js';
import { ModuleBuilder } from '../module.js';
import { leafName, mapTree, type SignalTree } from '../shape.js';
import { bool } from '../types.js';
import type { Literal, Signal, UInt } from '../signal.js';
import { Vec } from './vec.js';

/** How a delay line's registers are built: an enable and a reset value. */
export interface DelayOptions {
  /** Clock enable: the stages hold while it is low. */
  en?: UInt;
  /** Reset value of every stage (default 0; null: no reset). */
  init?: Literal | null;
}

/** `x` one cycle later, in a register named `name`. */
export function regNext<S extends Signal>(m: ModuleBuilder, name: string, x: S, opts: DelayOptions = {}): S {
  m.own(x, `regNext ${name}`);
  const r = m.reg(name, x.type, opts) as unknown as S;
  r.drive(x);
  return r;
}

/** `x` delayed by `n` cycles through registers `name_0`..`name_{n-1}`
 *  (n = 0 returns x itself). */
export function pipe<S extends Signal>(m: ModuleBuilder, name: string, x: S, n: number, opts: DelayOptions = {}): S {
  m.own(x, `pipe ${name}`);
  if (!Number.isInteger(n) || n < 0) m.fail('bad parameter', name, `pipe ${name}: ${n} stages; it must be an integer >= 0`);
  let v = x;
  for (let i = 0; i < n; i++) v = regNext(m, `${name}_${i}`, v, opts);
  return v;
}

/** A shift register of `depth` stages: each enabled cycle, tap 0 takes `x`
 *  and tap i takes tap i-1. taps.at(depth - 1) is the oldest value. */
export function shiftRegister<S extends Signal>(m: ModuleBuilder, name: string, x: S, depth: number, opts: DelayOptions = {}): Vec<S> {
  m.own(x, `shiftRegister ${name}`);
  if (!Number.isInteger(depth) || depth < 1) m.fail('bad parameter', name, `shiftRegister ${name}: depth ${depth}; it must be an integer >= 1`);
  const taps: S[] = [];
  for (let i = 0; i < depth; i++) taps.push(regNext(m, `${name}_${i}`, i === 0 ? x : taps[i - 1]!, opts));
  return new Vec(taps, name);
}

/** The module being elaborated that `s` belongs to (helpers that take only
 *  signals build their registers there). */
function builderOf(s: Signal, what: string): ModuleBuilder {
  if (!(s.owner instanceof ModuleBuilder)) throw new InternalError(`${what}: ${s.label} does not belong to a module being elaborated`);
  return s.owner;
}

/** A pipeline stage's data registers: one per signal of `src` (a record,
 *  possibly of vecs and bundles), named `${stage}_${path}` (s0_id, s0_v0_x),
 *  loading when `load`, built in `load`'s module; returns the registers in
 *  the shape of `src`. They have no reset (a stage's data is read only when
 *  its valid bit says so, and an unreset flop is the cheaper cell) and load
 *  only when the stage takes a real item, so a stalled or empty stage does
 *  not toggle them. */
export function stageRegs<T extends SignalTree>(stage: string, src: T, load: UInt): T {
  const m = builderOf(load, `stageRegs ${stage}`);
  return mapTree(src, (s, path) => {
    const r = m.reg(leafName(stage, path), s.type, { en: load, init: null });
    r.drive(s);
    return r;
  });
}

/** A pipeline stage's valid bit `${stage}_valid`, built in `advance`'s
 *  module: when the stage advances it takes `next` (the valid bit of what
 *  flows in, 0 for a bubble); otherwise it holds. Reset to empty. */
export function validReg(stage: string, advance: UInt, next: UInt): UInt {
  const m = builderOf(advance, `validReg ${stage}`);
  const v = m.reg(`${stage}_valid`, bool, { init: 0 });
  m.when(advance, () => v.set(next));
  return v;
}
