// Small modules that exercise every library part, shared by the library's
// tests (against plain TypeScript models) and by its one bundled
// cross-simulation (against Verilator and Icarus).
import { defineModule } from '../module.js';
import { mux } from '../ops.js';
import { bundle, sint, stream, ufixed, uint, vec } from '../types.js';
import { priorityArbiter, roundRobinArbiter } from './arbiter.js';
import { bitLength, leadingZeros, popCount, smearRight, trailingZeros } from './count.js';
import { maxOf, minOf } from './minmax.js';
import { firstOne, indexToOneHot, oneHotToIndex, priorityEncode } from './encode.js';
import { fsm } from './fsm.js';
import { pipe, regNext, shiftRegister } from './pipe.js';
import { queue } from './queue.js';
import { normalisedReciprocal, type ReciprocalArch } from './reciprocal.js';
import { switchOn } from './switch.js';
import { argMax, argMin, popcountNode, priorityNode, type Extreme } from './library-ops.js';
import type { UInt } from '../signal.js';
import { indexBits } from './util.js';
import { Vec } from './vec.js';

/** Arg-min and arg-max over `n` (valid, key) pairs of `width`-bit keys
 *  (uint, or sint when `signed`), ties both ways, and the popcount and
 *  priority-encode nodes over the packed keys (n * width bits). */
export const Extremes = defineModule('Extremes', (m, cfg: { n: number; width: number; signed: boolean }) => {
  const valid = m.input('valid', uint(cfg.n));
  const packed = m.input('keys', uint(cfg.n * cfg.width));
  const keys = Array.from({ length: cfg.n }, (_, i) => {
    const k = packed.bits(i * cfg.width + cfg.width - 1, i * cfg.width);
    return cfg.signed ? k.asSInt() : k;
  });
  const lo = priorityNode(packed, false);
  const hi = priorityNode(packed, true);
  const outs: Record<string, UInt> = { pop: popcountNode(packed), pop_valid: popcountNode(valid), pe_valid: lo.valid, pe_lo: lo.index, pe_hi: hi.index };
  const put = (name: string, e: Extreme): void => {
    outs[`${name}_found`] = e.found;
    outs[`${name}_index`] = e.index;
  };
  put('min', argMin(valid, keys));
  put('min_latest', argMin(valid, keys, { latest: true }));
  put('max', argMax(valid, keys));
  put('max_latest', argMax(valid, keys, { latest: true }));
  const ports: Record<string, unknown> = { valid, keys: packed };
  for (const [k, s] of Object.entries(outs)) {
    const o = m.output(k, uint(s.width));
    o.drive(s);
    ports[k] = o;
  }
  return ports as never;
});

/** Every encoder and bit counter on one `width`-bit input. */
export const Encoders = defineModule('Encoders', (m, cfg: { width: number }) => {
  const w = cfg.width;
  const x = m.input('x', uint(w));
  const idx = m.input('idx', uint(indexBits(w)));
  const lo = priorityEncode(x);
  const hi = priorityEncode(x, { priority: 'highest' });
  const outs = {
    lo_valid: lo.valid,
    lo_index: lo.index,
    hi_index: hi.index,
    first_lo: firstOne(x),
    first_hi: firstOne(x, { priority: 'highest' }),
    oh_index: oneHotToIndex(x),
    decoded: indexToOneHot(idx, w),
    pop: popCount(x),
    lzc: leadingZeros(x),
    tzc: trailingZeros(x),
    blen: bitLength(x),
    smear: smearRight(x),
    min_lo_hi: minOf(lo.index, hi.index),
    max_lo_hi: maxOf(lo.index, hi.index),
  };
  const ports: Record<string, unknown> = { x, idx };
  for (const [k, s] of Object.entries(outs)) {
    const o = m.output(k, uint(s.width));
    o.drive(s);
    ports[k] = o;
  }
  return ports as never;
});

/** Fixed-priority and round-robin arbiters over the same requests. */
export const Arbiters = defineModule('Arbiters', (m, cfg: { n: number }) => {
  const req = m.input('req', uint(cfg.n));
  const advance = m.input('advance', uint(1));
  const fixed = priorityArbiter(req);
  const rr = roundRobinArbiter(m, 'rr', req, { advance });
  const ib = indexBits(cfg.n);
  const o = {
    fixed_grant: m.output('fixed_grant', uint(cfg.n)),
    fixed_index: m.output('fixed_index', uint(ib)),
    rr_grant: m.output('rr_grant', uint(cfg.n)),
    rr_index: m.output('rr_index', uint(ib)),
    rr_valid: m.output('rr_valid', uint(1)),
  };
  o.fixed_grant.drive(fixed.grant);
  o.fixed_index.drive(fixed.index);
  o.rr_grant.drive(rr.grant);
  o.rr_index.drive(rr.index);
  o.rr_valid.drive(rr.valid);
  return { req, advance, ...o };
});

/** A register Vec: one dynamic write port, a static clear of element 0
 *  (later in program order, so it wins), and a dynamic read. */
export const VecFile = defineModule('VecFile', (m, cfg: { n: number; width: number }) => {
  const ib = indexBits(cfg.n);
  const widx = m.input('widx', uint(ib));
  const wdata = m.input('wdata', uint(cfg.width));
  const we = m.input('we', uint(1));
  const clear0 = m.input('clear0', uint(1));
  const ridx = m.input('ridx', uint(ib));
  const rdata = m.output('rdata', uint(cfg.width));
  const all = m.output('all', uint(cfg.n * cfg.width));
  const file = Vec.regs(m, 'file', uint(cfg.width), cfg.n, { init: 0 });
  m.when(we, () => file.write(widx, wdata));
  m.when(clear0, () => file.set(0, 0));
  rdata.drive(file.read(ridx));
  all.drive(file.asUInt());
  return { widx, wdata, we, clear0, ridx, rdata, all };
});

/** A 4-state FSM with a switch over an opcode inside one of its states:
 *  idle -start-> load -> run (acc += operand by op) -stop-> done -> idle. */
export const Sequencer = defineModule('Sequencer', (m) => {
  const start = m.input('start', uint(1));
  const stop = m.input('stop', uint(1));
  const op = m.input('op', uint(2));
  const operand = m.input('operand', uint(8));
  const busy = m.output('busy', uint(1));
  const result = m.output('result', uint(8));
  const phase = m.output('phase', uint(2));
  const s = fsm(m, 'state', ['idle', 'load', 'run', 'done'] as const);
  const acc = m.reg('acc', uint(8), { init: 0 });
  s.switch({
    // A next state chosen by a mux of state constants (goto of a signal).
    idle: () => s.goto(mux(start, s.lit('load'), s.lit('idle'))),
    load: () => {
      acc.set(operand);
      s.goto('run');
    },
    run: () => {
      switchOn(m, op, (c) => {
        c.is(0, () => acc.set(acc.addWrap(operand)));
        c.is([1, 2], () => acc.set(acc.xor(operand)));
        c.default(() => acc.set(acc.subWrap(operand)));
      });
      m.when(stop, () => s.goto('done'));
    },
    done: () => s.goto('idle'),
  });
  busy.drive(s.is('idle').not());
  result.drive(acc);
  phase.drive(s.state);
  return { start, stop, op, operand, busy, result, phase };
});

/** A queue of `depth` entries between two streams. */
export const QueueUnit = defineModule('QueueUnit', (m, cfg: { depth: number; width: number }) => {
  const in_valid = m.input('in_valid', uint(1));
  const in_payload = m.input('in_payload', uint(cfg.width));
  const out_ready = m.input('out_ready', uint(1));
  const q = queue(m, 'q', uint(cfg.width), cfg.depth);
  q.enq.valid.drive(in_valid);
  q.enq.payload.drive(in_payload);
  q.deq.ready.drive(out_ready);
  const o = {
    in_ready: m.output('in_ready', uint(1)),
    out_valid: m.output('out_valid', uint(1)),
    out_payload: m.output('out_payload', uint(cfg.width)),
    count: m.output('count', uint(q.count.width)),
  };
  o.in_ready.drive(q.enq.ready);
  o.out_valid.drive(q.deq.valid);
  o.out_payload.drive(q.deq.payload);
  o.count.drive(q.count);
  return { in_valid, in_payload, out_ready, ...o };
});

/** regNext with an enable, a 3-stage pipe, and a 4-tap shift register. */
export const Delays = defineModule('Delays', (m) => {
  const x = m.input('x', uint(8));
  const en = m.input('en', uint(1));
  const held = m.output('held', uint(8));
  const late = m.output('late', uint(8));
  const taps = m.output('taps', uint(32));
  held.drive(regNext(m, 'held_q', x, { en }));
  late.drive(pipe(m, 'late_q', x, 3));
  taps.drive(shiftRegister(m, 'sr', x, 4, { en }).asUInt());
  return { x, en, held, late, taps };
});

/** A queue of a bundle (unsigned, signed and fixed-point fields). */
export const FragQueue = defineModule('FragQueue', (m) => {
  const Frag = bundle({ x: uint(5), y: sint(7), w: ufixed(2, 3) });
  const inp = m.input('inp', stream(Frag));
  const out = m.output('out', stream(Frag));
  const q = queue(m, 'q', Frag, 3);
  q.enq.valid.drive(inp.valid);
  inp.ready.drive(q.enq.ready);
  q.enq.payload.x.drive(inp.payload.x);
  q.enq.payload.y.drive(inp.payload.y);
  q.enq.payload.w.drive(inp.payload.w);
  out.valid.drive(q.deq.valid);
  q.deq.ready.drive(out.ready);
  out.payload.x.drive(q.deq.payload.x);
  out.payload.y.drive(q.deq.payload.y);
  out.payload.w.drive(q.deq.payload.w);
  return { inp, out };
});

/** A memory of a bundle with a vec field (one packed word per entry): one
 *  write port, a synchronous and an asynchronous read. */
export const BundleMemory = defineModule('BundleMemory', (m) => {
  const Entry = bundle({ x: uint(5), y: sint(7), w: ufixed(2, 3), v: vec(2, uint(3)) });
  const we = m.input('we', uint(1));
  const wa = m.input('wa', uint(3));
  const wd = m.input('wd', Entry);
  const ra = m.input('ra', uint(3));
  const sync = m.output('sync', Entry);
  const async = m.output('async', Entry);
  const mem = m.memory('entries', Entry, 6);
  mem.write(wa, wd, we);
  m.connect(sync, mem.read(ra));
  m.connect(async, mem.read(ra, { sync: false }));
  return { we, wa, wd, ra, sync, async };
});

/** normalisedReciprocal of a `width`-bit normalised divisor to `p` fraction bits. */
export const Reciprocals = defineModule('Reciprocals', (m, cfg: { width: number; p: number; arch: ReciprocalArch }) => {
  const d = m.input('d', uint(cfg.width));
  const n = m.output('n', uint(cfg.p + 2));
  n.drive(normalisedReciprocal(d, cfg.p, cfg.arch));
  return { d, n };
});
