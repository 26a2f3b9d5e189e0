// A module taken from an earlier elaboration (module-reuse.ts) is the
// module a fresh build gives: the same Verilog (module lines in the headers
// included), the same netlist, the same variant names; its body is not run
// again; a config that is not plain data is built afresh; an error still
// names the user's line.
import { describe, expect, it } from 'vitest';
import { designToJson } from './design-json.js';
import { elaborate } from './elaborate.js';
import { HdlError } from './errors.js';
import { defineModule } from './module.js';
import { forgetBuiltModules, isPlainConfig } from './module-reuse.js';
import { uint } from './types.js';
import { emitVerilog } from './verilog/emit.js';
import type { Design } from './ir.js';

const runs = new Map<string, number>();
const count = (what: string): void => void runs.set(what, (runs.get(what) ?? 0) + 1);

/** A leaf with a memory, at a width. */
const Leaf = defineModule('Leaf', (m, cfg: { w: number }) => {
  count(`Leaf ${cfg.w}`);
  const a = m.input('a', uint(cfg.w));
  const mem = m.memory('store', uint(cfg.w), 4);
  const we = m.input('we', uint(1));
  mem.write(a.bits(1, 0), a, we);
  const y = m.output('y', uint(cfg.w));
  y.drive(a.addWrap(1).xor(mem.read(a.bits(1, 0))));
  return { a, we, y };
});

/** Two leaves (one shared width) and logic between them. */
const Mid = defineModule('Mid', (m, cfg: { w: number; other: number }) => {
  count(`Mid ${cfg.w}/${cfg.other}`);
  const x = m.input('x', uint(cfg.w));
  const l0 = m.instance('l0', Leaf, { w: cfg.w });
  const l1 = m.instance('l1', Leaf, { w: cfg.other });
  const we = m.input('we', uint(1));
  l0.a.drive(x);
  l0.we.drive(we);
  l1.we.drive(we);
  l1.a.drive(x.zext(Math.max(cfg.w, cfg.other)).bits(cfg.other - 1, 0));
  const y = m.output('y', uint(cfg.w));
  y.drive(l0.y.and(l1.y.zext(Math.max(cfg.w, cfg.other)).bits(cfg.w - 1, 0)));
  return { x, we, y };
});

/** Leaf 8 first instantiated from a different line than in Mid. */
const Top = defineModule('Top', (m, cfg: { w: number; other: number; first: boolean }) => {
  const x = m.input('x', uint(cfg.w));
  if (cfg.first) {
    const pre = m.instance('pre', Leaf, { w: 8 });
    pre.a.drive(m.input('p', uint(8)));
    pre.we.drive(m.input('pwe', uint(1)));
  }
  const mid = m.instance('mid', Mid, { w: cfg.w, other: cfg.other });
  mid.x.drive(x);
  mid.we.drive(m.input('we', uint(1)));
  const y = m.output('y', uint(cfg.w));
  y.drive(mid.y);
  return { x, y };
});

const fingerprint = (d: Design): string => JSON.stringify([emitVerilog(d), designToJson(d)], (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

describe('modules reused across elaborations', () => {
  it('give the design a fresh build gives, without running a kept body again', () => {
    forgetBuiltModules();
    const configs = [
      { w: 8, other: 4, first: false },
      { w: 8, other: 6, first: true },
      { w: 6, other: 8, first: false },
      { w: 8, other: 4, first: true },
    ];
    for (const cfg of configs) {
      const fresh = fingerprint(elaborate(Top, cfg, { reuse: false }));
      // Modules kept by the configs before this one, then by this one.
      expect(fingerprint(elaborate(Top, cfg)), JSON.stringify(cfg)).toBe(fresh);
      runs.clear();
      expect(fingerprint(elaborate(Top, cfg)), JSON.stringify(cfg)).toBe(fresh);
      expect([...runs.keys()], JSON.stringify(cfg)).toEqual([]);
    }
  });

  it('build a module again when the store was emptied, and when the config is not plain data', () => {
    forgetBuiltModules();
    elaborate(Top, { w: 8, other: 4, first: false });
    runs.clear();
    elaborate(Top, { w: 8, other: 4, first: false });
    expect(runs.size).toBe(0);
    forgetBuiltModules();
    elaborate(Top, { w: 8, other: 4, first: false });
    expect(runs.get('Mid 8/4')).toBe(1);

    const Fn = defineModule('Fn', (m, cfg: { f: (x: number) => number }) => {
      count('Fn');
      const y = m.output('y', uint(4));
      y.drive(cfg.f(3));
      return { y };
    });
    const Holder = defineModule('Holder', (m, cfg: { k: number }) => {
      const y = m.output('y', uint(4));
      y.drive(m.instance('f', Fn, { f: (x: number) => x + cfg.k }).y);
      return { y };
    });
    runs.clear();
    const one = elaborate(Holder, { k: 1 });
    const two = elaborate(Holder, { k: 2 });
    elaborate(Holder, { k: 1 });
    // Fn is built each time (its config holds a function), and so is Holder, which holds it.
    expect(runs.get('Fn')).toBe(3);
    expect(fingerprint(one)).not.toBe(fingerprint(two));
    expect([isPlainConfig({ a: [1, 2n, 'x', true, null] }), isPlainConfig({ f: () => 1 }), isPlainConfig({ x: NaN }), isPlainConfig(new Map())]).toEqual([true, false, false, false]);
  });

  it('leave an error its line when the failing module sits beside kept ones', () => {
    const Bad = defineModule('Bad', (m, cfg: { w: number }) => {
      const ok = m.instance('ok', Mid, { w: cfg.w, other: 4 });
      ok.x.drive(m.input('x', uint(cfg.w)));
      ok.we.drive(m.input('we', uint(1)));
      m.output('y', uint(cfg.w)); // @undriven
      return {};
    });
    elaborate(Top, { w: 8, other: 4, first: false });
    const e = (() => {
      try {
        elaborate(Bad, { w: 8 });
      } catch (x) {
        return x;
      }
      return undefined;
    })();
    expect(e).toBeInstanceOf(HdlError);
    expect((e as HdlError).message).toMatch(/undriven in module Bad, signal y .*hdl\/module-reuse\.test\.ts:\d+/);
  });
});
