// An up-counter with enable and synchronous clear: the smallest unit that
// exercises registers, reset values, when/elsewhen and wrap-around adds.
import { defineModule, uint } from '../../hdl/index.js';
import type { CounterConfig } from './config.js';

export const Counter = defineModule('Counter', (m, cfg: CounterConfig) => {
  const en = m.input('en', uint(1));
  const clear = m.input('clear', uint(1));
  const count = m.output('count', uint(cfg.width));
  const wrapped = m.output('wrapped', uint(1));
  const r = m.reg('value', uint(cfg.width), { init: 0 });
  const step = m.lit(cfg.step % 2 ** Math.min(cfg.width, 30), uint(cfg.width));
  const next = r.addWrap(step);
  m.when(clear, () => r.set(0)).elsewhen(en, () => r.set(next));
  count.drive(r);
  wrapped.drive(en.and(clear.not()).and(next.lt(r)));
  return { en, clear, count, wrapped };
});
