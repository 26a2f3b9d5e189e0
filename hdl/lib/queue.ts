// A FIFO queue with valid/ready streams on both sides, as its own module
// (Queue, one Verilog module per payload type and depth). Any depth >= 1:
// pointers wrap at depth and an occupancy counter tells full from empty.
// First-word fall-through: the head entry is on deq.payload in the cycle it
// becomes valid. enq.ready is !full, so a full queue takes nothing even in a
// cycle that dequeues (no combinational ready path from deq to enq).
import { defineModule, type ModuleBuilder } from '../module.js';
import { mux } from '../ops.js';
import type { SigOf, StreamPorts } from '../shape.js';
import type { UInt } from '../signal.js';
import { stream, uint, type ScalarType } from '../types.js';
import { countBits, indexBits } from './util.js';

export interface QueueConfig {
  type: ScalarType;
  depth: number;
}

export interface QueuePorts<T extends ScalarType> {
  enq: StreamPorts<SigOf<T>>;
  deq: StreamPorts<SigOf<T>>;
  /** Entries held, 0..depth. */
  count: UInt;
  [k: string]: unknown;
}

export const Queue = defineModule('Queue', (m, cfg: QueueConfig) => {
  const { depth } = cfg;
  const aw = indexBits(depth);
  const enq = m.input('enq', stream(cfg.type));
  const deq = m.output('deq', stream(cfg.type));
  const count = m.output('count', uint(countBits(depth)));
  const head = m.reg('head', uint(aw), { init: 0 });
  const tail = m.reg('tail', uint(aw), { init: 0 });
  const used = m.reg('used', uint(countBits(depth)), { init: 0 });
  const full = used.eq(depth).named('full');
  const empty = used.eq(0).named('empty');
  const push = enq.valid.and(full.not()).named('push');
  const pop = deq.ready.and(empty.not()).named('pop');
  const storage = m.memory('storage', cfg.type, depth);
  storage.write(tail, enq.payload as never, push);
  const bump = (p: UInt): UInt => (depth === 2 ** aw ? p.addWrap(1) : mux(p.eq(depth - 1), m.lit(0, uint(aw)), p.addWrap(1)));
  m.when(push, () => tail.set(bump(tail)));
  m.when(pop, () => head.set(bump(head)));
  m.when(push.and(pop.not()), () => used.set(used.addWrap(1))).elsewhen(pop.and(push.not()), () => used.set(used.subWrap(1)));
  enq.ready.drive(full.not());
  deq.valid.drive(empty.not());
  deq.payload.drive(storage.read(head, { sync: false }) as never);
  count.drive(used);
  return { enq, deq, count };
});

/** A Queue instance named `name`: drive enq.valid/enq.payload and
 *  deq.ready; read enq.ready, deq.valid, deq.payload and count. */
export function queue<T extends ScalarType>(m: ModuleBuilder, name: string, type: T, depth: number): QueuePorts<T> {
  if (!Number.isInteger(depth) || depth < 1) m.fail('bad parameter', name, `queue ${name}: depth ${depth}; it must be an integer >= 1`);
  return m.instance(name, Queue, { type, depth }) as unknown as QueuePorts<T>;
}
