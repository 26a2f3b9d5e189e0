// The README's library and CAM examples, as written there, elaborate,
// simulate, lint, and leave the hardware the text says they do.
import { describe, expect, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import { createSimulator } from '../sim/index.js';
import { defineModule } from '../module.js';
import { uint } from '../types.js';
import { firstOne, fsm, indexToOneHot, leadingZeros, oneHotToIndex, pipe, popCount, priorityArbiter, priorityEncode, queue, regNext, roundRobinArbiter, shiftRegister, switchOn, Vec } from '../index.js';

const Readme = defineModule('Readme', (m) => {
  const alloc = m.input('alloc', uint(1));
  const slot = m.input('slot', uint(3));
  const key = m.input('key', uint(12));
  const victim = m.input('victim', uint(3));
  const valid = m.input('valid', uint(8));
  const hits = m.input('hits', uint(8));
  const req = m.input('req', uint(8));
  const grant = m.input('grant', uint(8));
  const requests = m.input('requests', uint(4));
  const sampleMask = m.input('sampleMask', uint(16));
  const mantissa = m.input('mantissa', uint(24));
  const op = m.input('op', uint(2));
  const x = m.input('x', uint(8));
  const start = m.input('start', uint(1));
  const full = m.input('full', uint(1));
  const empty = m.input('empty', uint(1));
  const inValid = m.input('inValid', uint(1));
  const inData = m.input('inData', uint(32));
  const outReady = m.input('outReady', uint(1));
  const data = m.input('data', uint(8));
  const take = m.input('take', uint(1));
  const sample = m.input('sample', uint(8));
  const quadAddr = m.input('quadAddr', uint(20));
  const tileKey = m.input('tileKey', uint(20));
  const evict = m.input('evict', uint(1));
  const out = { ready: m.input('out_ready', uint(1)) };

  const tags = Vec.regs(m, 'tag', uint(12), 8, { init: 0 });
  m.when(alloc, () => tags.write(slot, key));
  const t = tags.read(victim);
  tags.set(0, 0);

  const free = priorityEncode(valid.not());
  const newest = priorityEncode(hits, { priority: 'highest' });
  const oh = firstOne(req);
  const i = oneHotToIndex(grant);
  const g = indexToOneHot(i, 8);

  const rr = roundRobinArbiter(m, 'rr', requests, { advance: out.ready });
  const first = priorityArbiter(requests);

  const coverage = popCount(sampleMask);
  const shift = leadingZeros(mantissa);

  const acc = m.reg('acc', uint(8), { init: 0 });
  switchOn(m, op, (c) => {
    c.is(0, () => acc.set(acc.addWrap(x)));
    c.is([1, 2], () => acc.set(acc.xor(x)));
    c.default(() => acc.set(0));
  });

  const s = fsm(m, 'state', ['idle', 'fill', 'flush'] as const);
  s.switch({
    idle: () => m.when(start, () => s.goto('fill')),
    fill: () => m.when(full, () => s.goto('flush')),
    flush: () => m.when(empty, () => s.goto('idle')),
  });
  const busy = m.output('busy', uint(1));
  busy.drive(s.is('idle').not());

  const q = queue(m, 'pending', uint(32), 6);
  q.enq.valid.drive(inValid);
  q.enq.payload.drive(inData);
  q.deq.ready.drive(outReady);

  const validLate = pipe(m, 'valid_d', inValid, 3);
  const last = regNext(m, 'last_q', data, { en: take });
  const window = shiftRegister(m, 'win', sample, 4, { en: take });

  const cam = m.cam('tags', { entries: 8, keyWidth: 20 });
  const sr = cam.search(quadAddr);
  const newestHit = cam.search(quadAddr, { priority: 'highest' });
  const inTile = cam.match(tileKey, { mask: m.lit(0xfff00, uint(20)) });
  m.when(alloc, () => cam.write(slot, quadAddr));
  cam.invalidate(victim, evict);
  const evictedKey = cam.key(victim);
  const camFree = priorityEncode(cam.valid().not());

  const pattern = m.input('pattern', uint(12));
  const care = m.input('care', uint(12));
  const rules = m.cam('rules', { entries: 16, keyWidth: 12, ternary: true });
  rules.writeTernary(m.input('rule_slot', uint(4)), pattern, care);
  const ruleHit = rules.search(m.input('probe', uint(12))).hit;

  const results = {
    t, free_index: free.index, newest_index: newest.index, oh, g, rr_grant: rr.grant, first_grant: first.grant, coverage, shift, acc,
    q_ready: q.enq.ready, q_valid: q.deq.valid, q_payload: q.deq.payload, q_count: q.count, validLate, last, win3: window.at(3),
    hit: sr.hit, hit_index: sr.index, ruleHit, newest_hit: newestHit.index, inTile, evictedKey, cam_free: camFree.index,
  };
  const ports: Record<string, unknown> = { busy };
  for (const [k, v] of Object.entries(results)) {
    const o = m.output(k, uint(v.width));
    o.drive(v);
    ports[k] = o;
  }
  return ports as never;
});

describe('README examples', () => {
  it('elaborate and run: a CAM entry written by key is found, read back, then invalidated', () => {
    const sim = createSimulator(elaborate(Readme, undefined));
    sim.reset();
    sim.poke('alloc', 1);
    sim.poke('slot', 5);
    sim.poke('quadAddr', 0x12345);
    sim.step();
    sim.poke('alloc', 0);
    sim.poke('victim', 5);
    expect(sim.peek('hit')).toBe(1n);
    expect(sim.peek('hit_index')).toBe(5n);
    expect(sim.peek('evictedKey')).toBe(0x12345n);
    expect(sim.peek('cam_free')).toBe(0n);
    sim.poke('evict', 1);
    sim.step();
    sim.poke('evict', 0);
    expect(sim.peek('hit')).toBe(0n);
    expect(sim.peek('evictedKey')).toBe(0x12345n);
    // A rule that ignores its low nibble matches any probe with the same top bits.
    sim.poke('pattern', 0xab0);
    sim.poke('care', 0xff0);
    sim.poke('probe', 0xab7);
    sim.step();
    expect(sim.peek('ruleHit')).toBe(1n);
    sim.poke('probe', 0xac7);
    expect(sim.peek('ruleHit')).toBe(0n);
  });
});
