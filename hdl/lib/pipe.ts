// Delay lines: regNext (one register), pipe (n registers) and a shift
// register whose every tap is readable.
import type { ModuleBuilder } from '../module.js';
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
