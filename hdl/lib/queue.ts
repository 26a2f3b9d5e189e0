// A FIFO queue with valid/ready streams on both sides, as its own module
// (Queue, one Verilog module per payload type and depth). The payload is a
// scalar or a bundle (stored as one word, fields concatenated). Any depth >= 1:
// pointers wrap at depth and an occupancy counter tells full from empty.
// First-word fall-through: the head entry is on deq.payload in the cycle it
// becomes valid. enq.ready is !full, so a full queue takes nothing even in a
// cycle that dequeues (no combinational ready path from deq to enq).
import { defineModule, type ModuleBuilder } from '../module.js';
import { mux } from '../ops.js';
import { leaves, type SigOf, type SignalTree, type StreamPorts } from '../shape.js';
import type { UInt } from '../signal.js';
import { stream, uint, type HwType, type UIntType } from '../types.js';
import { countBits, indexBits } from './util.js';

/** A queue's depth and payload type. */
export interface QueueConfig {
  type: HwType;
  depth: number;
}

/** A queue's ports: the `enq` stream in, the `deq` stream out and its occupancy. */
export interface QueuePorts<T extends HwType> {
  enq: StreamPorts<SigOf<T>>;
  deq: StreamPorts<SigOf<T>>;
  /** Entries held, 0..depth. */
  count: UInt;
  [k: string]: unknown;
}

/** A FIFO of any depth >= 1 with valid/ready on both sides, as its own module; first-word fall-through. */
export const Queue = defineModule('Queue', (m, cfg: QueueConfig) => {
  const { depth } = cfg;
  const aw = indexBits(depth);
  // Typed as a uint payload only to keep TypeScript's SigOf from expanding
  // every HwType; the payload is handled below as the tree it really is.
  const payloadType = cfg.type as UIntType;
  const enq = m.input('enq', stream(payloadType));
  const deq = m.output('deq', stream(payloadType));
  const count = m.output('count', uint(countBits(depth)));
  const head = m.reg('head', uint(aw), { init: 0 });
  const tail = m.reg('tail', uint(aw), { init: 0 });
  const used = m.reg('used', uint(countBits(depth)), { init: 0 });
  const full = used.eq(depth).named('full');
  const empty = used.eq(0).named('empty');
  const push = enq.valid.and(full.not()).named('push');
  const pop = deq.ready.and(empty.not()).named('pop');
  // One word per entry: a bundle payload is stored packed (memory of a bundle).
  const storage = m.memory('storage', payloadType, depth);
  storage.write(tail, enq.payload, push);
  const bump = (p: UInt): UInt => (depth === 2 ** aw ? p.addWrap(1) : mux(p.eq(depth - 1), m.lit(0, uint(aw)), p.addWrap(1)));
  m.when(push, () => tail.set(bump(tail)));
  m.when(pop, () => head.set(bump(head)));
  m.when(push.and(pop.not()), () => used.set(used.addWrap(1))).elsewhen(pop.and(push.not()), () => used.set(used.subWrap(1)));
  enq.ready.drive(full.not());
  deq.valid.drive(empty.not());
  m.connect(deq.payload as SignalTree, storage.read(head, { sync: false }) as SignalTree);
  count.drive(used);
  return { enq, deq, count };
});

/** A Queue instance named `name`: drive enq.valid/enq.payload and
 *  deq.ready; read enq.ready, deq.valid, deq.payload and count. */
export function queue<T extends HwType>(m: ModuleBuilder, name: string, type: T, depth: number): QueuePorts<T> {
  if (!Number.isInteger(depth) || depth < 1) m.fail('bad parameter', name, `queue ${name}: depth ${depth}; it must be an integer >= 1`);
  if (leaves(type).some((l) => l.flipped)) m.fail('bad parameter', name, `queue ${name}: the payload must be a scalar or a bundle, not a stream`);
  return m.instance(name, Queue, { type, depth }) as unknown as QueuePorts<T>;
}
