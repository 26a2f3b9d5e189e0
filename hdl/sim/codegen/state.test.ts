// Registers, memories and CAMs: the clock-edge semantics of ir.ts, run in
// both code shapes (the all-locals loop and the slot arrays).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IrBuilder, designOf } from '../testing/ir.js';
import { createSimulator, type CompileOptions } from '../index.js';

const MODES: [string, CompileOptions][] = [
  ['loop mode', {}],
  ['slot mode', { loopMode: 'never', chunkSize: 3, maxFunctionSource: 1 }],
];

describe.each(MODES)('state in %s', (_mode, opts) => {
  const sim = (m: IrBuilder) => createSimulator(designOf(m.build()), opts);

  it('register: starts at init (else 0), reset loads init, enable holds, reset beats enable', () => {
    const m = new IrBuilder('Top');
    const d = m.input('d', 8);
    const en = m.input('en', 1);
    const r = m.reg(8, 'r', 5, en);
    m.setD(r, d);
    const free = m.reg(8, 'free', null, en);
    m.setD(free, d);
    const s = sim(m);
    expect([s.peek('r'), s.peek('free')]).toEqual([5n, 0n]);
    s.poke('d', 9);
    s.poke('en', 1);
    s.step();
    expect([s.peek('r'), s.peek('free')]).toEqual([9n, 9n]);
    s.reset();
    expect([s.peek('r'), s.peek('free')]).toEqual([5n, 9n]);
    s.poke('d', 7);
    s.poke('en', 0);
    s.step(3);
    expect([s.peek('r'), s.peek('free')]).toEqual([5n, 9n]);
    s.poke('en', 1);
    s.step();
    expect(s.peek('r')).toBe(7n);
    s.poke('en', 0);
    s.reset(2);
    expect([s.peek('r'), s.peek('free')]).toEqual([5n, 7n]);
    expect(s.cycle).toBe(8);
  });

  it('register swap and shift chain see old values (two-phase edge)', () => {
    const m = new IrBuilder('Top');
    const a = m.reg(70, 'a', 1);
    const b = m.reg(70, 'b', 2n ** 69n);
    m.setD(a, b);
    m.setD(b, a);
    const inp = m.input('in', 16);
    let prev = inp;
    for (let i = 0; i < 4; i++) {
      const r = m.reg(16, `s${i}`, 0);
      m.setD(r, prev);
      prev = r;
    }
    const s = sim(m);
    s.reset();
    s.step();
    expect([s.peek('a'), s.peek('b')]).toEqual([2n ** 69n, 1n]);
    s.step(); // from settled values: the edge function rather than the loop
    expect([s.peek('a'), s.peek('b')]).toEqual([1n, 2n ** 69n]);
    for (let c = 1; c <= 6; c++) {
      s.poke('in', c);
      s.step();
    }
    expect([0, 1, 2, 3].map((i) => s.peekNumber(`s${i}`))).toEqual([6, 5, 4, 3]);
  });

  it('poking a register overwrites its state', () => {
    const m = new IrBuilder('Top');
    const r = m.reg(40, 'count', 0);
    m.setD(r, m.node({ op: 'add', a: r, b: m.const(1, 40) }, 40));
    const s = sim(m);
    s.poke('count', 2n ** 40n - 2n);
    expect(s.peek('count')).toBe(2n ** 40n - 2n);
    s.step(3);
    expect(s.peek('count')).toBe(1n);
  });

  it('memory: sync read is read-first and gated by en; async read sees writes after the edge', () => {
    const m = new IrBuilder('Top');
    const wa = m.input('wa', 3);
    const wd = m.input('wd', 12);
    const we = m.input('we', 1);
    const ra = m.input('ra', 3);
    const re = m.input('re', 1);
    const mem = m.memory('ram', 12, 8, [{ addr: wa, data: wd, en: we }]);
    m.output('sync', m.node({ op: 'memread', mem, addr: ra, en: re, sync: true }, 12, 'rd_sync'));
    m.output('async', m.node({ op: 'memread', mem, addr: ra, en: null, sync: false }, 12, 'rd_async'));
    const s = sim(m);
    s.poke('wa', 3);
    s.poke('wd', 111);
    s.poke('we', 1);
    s.poke('ra', 3);
    s.poke('re', 1);
    expect(s.peek('async')).toBe(0n);
    s.step();
    // The read in the writing cycle saw the old contents.
    expect(s.peek('sync')).toBe(0n);
    expect(s.peek('async')).toBe(111n);
    s.poke('wd', 222);
    s.step();
    expect(s.peek('sync')).toBe(111n);
    s.poke('we', 0);
    s.poke('re', 0);
    s.step();
    expect(s.peek('sync')).toBe(111n);
    s.poke('re', 1);
    s.step();
    expect(s.peek('sync')).toBe(222n);
    expect(s.peekMemory('Top.ram', 3)).toBe(222n);
    s.pokeMemory('ram', 3, 4095);
    expect(s.peek('async')).toBe(4095n);
  });

  it('memory: the later write port wins; out-of-range addresses read 0 and do not write', () => {
    const m = new IrBuilder('Top');
    const a0 = m.input('a0', 3);
    const a1 = m.input('a1', 3);
    const d0 = m.input('d0', 100);
    const d1 = m.input('d1', 100);
    const one = m.const(1, 1);
    const mem = m.memory('ram', 100, 5, [
      { addr: a0, data: d0, en: one },
      { addr: a1, data: d1, en: one },
    ]);
    const ra = m.input('ra', 3);
    m.output('q', m.node({ op: 'memread', mem, addr: ra, en: null, sync: false }, 100));
    const s = sim(m);
    s.poke('a0', 2);
    s.poke('a1', 2);
    s.poke('d0', 2n ** 99n);
    s.poke('d1', 7);
    s.step();
    s.poke('ra', 2);
    expect(s.peek('q')).toBe(7n);
    s.poke('a0', 6);
    s.poke('a1', 7);
    s.step();
    s.poke('ra', 6);
    expect(s.peek('q')).toBe(0n);
    expect([0, 1, 2, 3, 4].map((i) => s.peekMemory('ram', i))).toEqual([0n, 0n, 7n, 0n, 0n]);
  });

  it('memory matches a model under random traffic (2 write ports, sync and async reads)', () => {
    const op = fc.record({
      a0: fc.nat(7), d0: fc.nat(255), e0: fc.nat(1),
      a1: fc.nat(7), d1: fc.nat(255), e1: fc.nat(1),
      ra: fc.nat(7), re: fc.nat(1),
    });
    const m = new IrBuilder('Top');
    const i = (n: string, w: number) => m.input(n, w);
    const mem = m.memory('ram', 8, 8, [
      { addr: i('a0', 3), data: i('d0', 8), en: i('e0', 1) },
      { addr: i('a1', 3), data: i('d1', 8), en: i('e1', 1) },
    ]);
    const ra = i('ra', 3);
    m.output('sync', m.node({ op: 'memread', mem, addr: ra, en: i('re', 1), sync: true }, 8));
    m.output('async', m.node({ op: 'memread', mem, addr: ra, en: null, sync: false }, 8));
    const design = designOf(m.build());
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const s = createSimulator(design, opts);
        const model = new Array<number>(8).fill(0);
        let sync = 0;
        for (const o of ops) {
          for (const [k, v] of Object.entries(o)) s.poke(k, v);
          expect(s.peekNumber('async')).toBe(model[o.ra]);
          if (o.re) sync = model[o.ra]!;
          if (o.e0) model[o.a0] = o.d0;
          if (o.e1) model[o.a1] = o.d1;
          s.step();
          expect(s.peekNumber('sync')).toBe(sync);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('CAM: match vector over valid entries, combinational on the key, cleared by reset', () => {
    const m = new IrBuilder('Top');
    const idx = m.input('idx', 2);
    const key = m.input('key', 12);
    const valid = m.input('valid', 1);
    const we = m.input('we', 1);
    const cam = m.cam('tags', 12, 4, [{ index: idx, key, valid, en: we }]);
    const q = m.input('q', 12);
    m.output('hit', m.node({ op: 'cammatch', cam, key: q }, 4, 'match'));
    const s = sim(m);
    const write = (i: number, k: number, v: number) => {
      s.poke('idx', i);
      s.poke('key', k);
      s.poke('valid', v);
      s.poke('we', 1);
      s.step();
      s.poke('we', 0);
    };
    write(0, 0xabc, 1);
    write(2, 0xabc, 1);
    write(3, 0x123, 1);
    s.poke('q', 0xabc);
    expect(s.peek('hit')).toBe(0b0101n);
    s.poke('q', 0x123);
    expect(s.peek('hit')).toBe(0b1000n);
    write(3, 0x123, 0);
    expect(s.peek('hit')).toBe(0n);
    expect(s.peekCam('tags', 3)).toEqual({ valid: false, key: 0x123n });
    s.poke('q', 0);
    expect(s.peek('hit')).toBe(0n); // invalid entries hold key 0 but never match
    s.poke('q', 0xabc);
    s.reset();
    expect(s.peek('hit')).toBe(0n);
  });

  it('CAM: wide keys and more than 32 entries', () => {
    const m = new IrBuilder('Top');
    const idx = m.input('idx', 6);
    const key = m.input('key', 70);
    const one = m.const(1, 1);
    const cam = m.cam('big', 70, 40, [{ index: idx, key, valid: one, en: one }]);
    m.output('hit', m.node({ op: 'cammatch', cam, key: m.input('q', 70) }, 40));
    const s = sim(m);
    for (const i of [0, 31, 32, 39, 50]) {
      s.poke('idx', i);
      s.poke('key', 2n ** 69n + BigInt(i % 2));
      s.step();
    }
    s.poke('q', 2n ** 69n + 1n);
    expect(s.peek('hit')).toBe((1n << 31n) | (1n << 39n));
    s.poke('q', 2n ** 69n);
    expect(s.peek('hit')).toBe((1n << 0n) | (1n << 32n));
  });
});
