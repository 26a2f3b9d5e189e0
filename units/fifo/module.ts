// A synchronous FIFO with valid/ready streams on both sides. Pointers carry
// one extra wrap bit so full and empty are told apart without a counter;
// storage is a register-file memory with a combinational read, so the head
// entry is visible in the cycle it becomes valid (first-word fall-through).
import { defineModule, stream, uint } from '../../hdl/index.js';
import type { FifoConfig } from './config.js';

export const Fifo = defineModule('Fifo', (m, cfg: FifoConfig) => {
  const depth = Number(cfg.depth);
  const aw = Math.log2(depth);
  const enq = m.input('enq', stream(uint(cfg.width)));
  const deq = m.output('deq', stream(uint(cfg.width)));
  const count = m.output('count', uint(aw + 1));

  const wptr = m.reg('wptr', uint(aw + 1), { init: 0 });
  const rptr = m.reg('rptr', uint(aw + 1), { init: 0 });
  const used = wptr.subWrap(rptr).named('used');
  const full = used.eq(depth).named('full');
  const empty = used.eq(0).named('empty');

  const push = enq.valid.and(full.not()).named('push');
  const pop = deq.ready.and(empty.not()).named('pop');
  const storage = m.memory('storage', uint(cfg.width), depth);
  storage.write(wptr.trunc(aw), enq.payload, push);
  m.when(push, () => wptr.set(wptr.addWrap(1)));
  m.when(pop, () => rptr.set(rptr.addWrap(1)));

  enq.ready.drive(full.not());
  deq.valid.drive(empty.not());
  deq.payload.drive(storage.read(rptr.trunc(aw), { sync: false }));
  count.drive(used);
  return { enq, deq, count };
});
