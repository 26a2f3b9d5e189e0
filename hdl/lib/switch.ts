// switchOn(m, sel, c => { c.is(0, ...); c.is([1, 2], ...); c.default(...) }):
// a when/elsewhen/otherwise chain over the values of a selector, with the
// checks a chain of hand-written compares lacks: every value fits the
// selector, no value appears twice, default comes last and once.
import type { ModuleBuilder, WhenChain } from '../module.js';
import type { Literal, UInt } from '../signal.js';
import { requireUInt } from './util.js';

/** The cases of a `switchOn`: values must fit the selector and may not repeat. */
export interface SwitchCases {
  /** Body runs when the selector equals `value` (or any of `values`). */
  is(values: Literal | readonly Literal[], body: () => void): void;
  /** Body runs when no `is` matched. */
  default(body: () => void): void;
}

/** A when-chain over the values of `sel`: `c.is(value, body)` per case, `c.default(body)` last. */
export function switchOn(m: ModuleBuilder, sel: UInt, cases: (c: SwitchCases) => void): void {
  m.own(requireUInt(sel, 'switchOn'), 'switchOn');
  const seen = new Map<bigint, number>();
  let chain: WhenChain | null = null;
  let done = false;
  let n = 0;
  const api: SwitchCases = {
    is(values, body) {
      n++;
      if (done) m.fail('bad switch', sel.label, `is(${String(values)}) after default(): default must be the last case`);
      const list = (Array.isArray(values) ? values : [values]) as readonly Literal[];
      if (list.length === 0) m.fail('bad switch', sel.label, `case ${n} lists no values`);
      for (const v of list) {
        const b = BigInt(v);
        if (b < 0n || b >= 1n << BigInt(sel.width)) m.fail('literal out of range', sel.label, `is(${b}): selector ${sel.label} is uint(${sel.width}), values 0..${(1n << BigInt(sel.width)) - 1n}`);
        const prev = seen.get(b);
        if (prev !== undefined) m.fail('duplicate case', sel.label, `value ${b} is already handled by case ${prev}`);
        seen.set(b, n);
      }
      const cond = list.map((v) => sel.eq(v)).reduce((a, b) => a.or(b));
      chain = chain === null ? m.when(cond, body) : chain.elsewhen(cond, body);
    },
    default(body) {
      if (done) m.fail('bad switch', sel.label, 'default() given twice');
      done = true;
      if (chain === null) body();
      else chain.otherwise(body);
    },
  };
  cases(api);
}
