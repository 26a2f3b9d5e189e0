// One test per elaboration check: each shows the error text an architect
// sees, and that it names the module, the signal and the line in this file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defineModule, elaborate, HdlError, resize, sfixed, sint, ufixed, uint, mux, type ModuleBuilder } from './index.js';

function errorOf(f: () => unknown): HdlError {
  try {
    f();
  } catch (e) {
    if (e instanceof HdlError) return e;
    throw e;
  }
  throw new Error('expected an HdlError');
}

const here = 'hdl/elaborate.test.ts';
const source = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
/** Line number of the line carrying a `// @mark` comment, so tests survive edits. */
function lineOf(mark: string): number {
  const i = source.findIndex((l) => l.includes(`// @${mark}`));
  if (i < 0) throw new Error(`no @${mark}`);
  return i + 1;
}

describe('elaboration checks', () => {
  it('width mismatch on drive names both signals and the line', () => {
    const Bad = defineModule('WidthBad', (m) => {
      const a = m.input('a', uint(8));
      const y = m.output('y', uint(4));
      y.drive(a); // @width
      return { a, y };
    });
    const e = errorOf(() => elaborate(Bad, {}));
    expect(e.message).toMatch(/width mismatch in module WidthBad, signal y/);
    expect(e.message).toContain('uint(8)');
    expect(e.message).toContain(`${here}:${lineOf('width')}`);
  });

  it('a literal out of range for the signal it meets is an error in every operator', () => {
    const cases: [string, string, (m: ModuleBuilder) => unknown][] = [
      ['eq', '9', (m) => m.input('a', uint(3)).eq(9)], // @lit-eq
      ['ne', '8', (m) => m.input('a', uint(3)).ne(8)], // @lit-ne
      ['lt', '9', (m) => m.input('a', uint(3)).lt(9)], // @lit-lt
      ['ge', '16', (m) => m.input('a', uint(3)).ge(16)], // @lit-ge
      ['le', '-9', (m) => m.input('a', sint(4)).le(-9)], // @lit-le
      ['and', '9', (m) => m.input('a', uint(3)).and(9)], // @lit-and
      ['or', '-1', (m) => m.input('a', uint(3)).or(-1)], // @lit-or
      ['addWrap', '8', (m) => m.input('a', uint(3)).addWrap(8)], // @lit-addWrap
      ['subWrap', '8', (m) => m.input('a', sint(4)).subWrap(8)], // @lit-subWrap
      ['set', '8', (m) => m.wire('a', uint(3)).drive(8)], // @lit-set
    ];
    for (const [op, lit, body] of cases) {
      const Bad = defineModule('LitBad', (m) => {
        body(m);
        return {};
      });
      const e = errorOf(() => elaborate(Bad, {}));
      expect(e.message).toMatch(new RegExp(`^literal out of range in module LitBad, signal a \\(${here}:${lineOf(`lit-${op}`)}:\\d+\\): `));
      expect(e.message).toContain(`literal ${lit} does not fit a`);
    }
  });

  it('mixing fixed-point formats without a conversion is an error', () => {
    const Bad = defineModule('FixMix', (m) => {
      const a = m.input('a', ufixed(14, 8));
      const b = m.input('b', ufixed(4, 8));
      const y = m.output('y', ufixed(15, 8));
      y.drive(a.add(b as never));
      return { a, b, y };
    });
    const e = errorOf(() => elaborate(Bad, {}));
    expect(e.kind).toBe('type mismatch');
    expect(e.message).toContain('ufixed 14.8');
    expect(e.message).toContain('ufixed 4.8');
  });

  it('narrowing a fixed-point value without a rounding mode is an error', () => {
    const Bad = defineModule('NoRound', (m) => {
      const a = m.input('a', sfixed(4, 8));
      const y = m.output('y', sfixed(4, 4));
      y.drive(resize(a, sfixed(4, 4)));
      return { a, y };
    });
    const e = errorOf(() => elaborate(Bad, {}));
    expect(e.kind).toBe('rounding not specified');
    expect(e.message).toMatch(/truncate \| halfUp \| halfEven/);
  });

  it('undriven output', () => {
    const Bad = defineModule('Undriven', (m) => {
      const a = m.input('a', uint(1));
      const y = m.output('y', uint(1)); // @undriven
      return { a, y };
    });
    const e = errorOf(() => elaborate(Bad, {}));
    expect(e.message).toMatch(/undriven in module Undriven, signal y/);
    expect(e.message).toContain(`${here}:${lineOf('undriven')}`);
  });

  it('partially driven wire (when without otherwise or default)', () => {
    const Bad = defineModule('Partial', (m) => {
      const c = m.input('c', uint(1));
      const y = m.output('y', uint(1));
      m.when(c, () => y.set(1));
      return { c, y };
    });
    const e = errorOf(() => elaborate(Bad, {}));
    expect(e.kind).toBe('undriven');
    expect(e.message).toContain('otherwise');
  });

  it('multiple drivers cite the first driver line', () => {
    const Bad = defineModule('TwoDrivers', (m) => {
      const a = m.input('a', uint(1));
      const y = m.output('y', uint(1));
      y.drive(a); // @first
      y.drive(a.not()); // @second
      return { a, y };
    });
    const e = errorOf(() => elaborate(Bad, {}));
    expect(e.message).toMatch(/multiple drivers in module TwoDrivers, signal y/);
    expect(e.message).toContain(`${here}:${lineOf('second')}`);
    expect(e.message).toContain(`${here}:${lineOf('first')}`);
  });

  it('combinational loop lists the signals of the loop', () => {
    const Bad = defineModule('Loop', (m) => {
      const a = m.input('a', uint(4));
      const y = m.output('y', uint(4));
      const p = m.wire('p', uint(4));
      const q = a.xor(p).named('q');
      p.drive(q.addWrap(1).named('r'));
      y.drive(p);
      return { a, y };
    });
    const e = errorOf(() => elaborate(Bad, {}));
    expect(e.kind).toBe('combinational loop');
    expect(e.message).toMatch(/Loop/);
    for (const s of ['p', 'q', 'r']) expect(e.message).toMatch(new RegExp(`\\b${s} \\(${here}`));
  });

  it('combinational loop through a child instance', () => {
    const Pass = defineModule('Pass', (m) => {
      const i = m.input('i', uint(2));
      const o = m.output('o', uint(2));
      o.drive(i.not());
      return { i, o };
    });
    const Bad = defineModule('LoopThrough', (m) => {
      const y = m.output('y', uint(2));
      const u = m.instance('u', Pass, {});
      u.i.drive(u.o);
      y.drive(u.o);
      return { y };
    });
    const e = errorOf(() => elaborate(Bad, {}));
    expect(e.kind).toBe('combinational loop');
    expect(e.message).toContain('u_o');
    expect(e.message).toContain('u_i');
  });

  it('a loop broken by a register is fine', () => {
    const Ok = defineModule('RegLoop', (m) => {
      const y = m.output('y', uint(4));
      const r = m.reg('r', uint(4));
      r.drive(r.addWrap(1));
      y.drive(r);
      return { y };
    });
    expect(elaborate(Ok, {}).top.nodes.length).toBeGreaterThan(0);
  });

  it('use of a signal outside its module', () => {
    let leaked: ReturnType<typeof uint> | null = null;
    void leaked;
    const Child = defineModule('Child', (m) => {
      const i = m.input('i', uint(1));
      const o = m.output('o', uint(1));
      o.drive(i);
      return { i, o };
    });
    const Bad = defineModule('Parent', (m, cfg: { steal: boolean }) => {
      const a = m.input('a', uint(1));
      const y = m.output('y', uint(1));
      const u = m.instance('u', Child, {});
      u.i.drive(a);
      // Reaching into another module's signal instead of its port:
      const inner = defineModule('Spy', (mm) => {
        const o = mm.output('o', uint(1));
        o.drive(cfg.steal ? (a as never) : mm.lit(0, uint(1)));
        return { o };
      });
      const s = m.instance('s', inner, {});
      y.drive(mux(s.o, u.o, a));
      return { a, y };
    });
    const e = errorOf(() => elaborate(Bad, { steal: true }));
    expect(e.kind).toBe('signal used outside its module');
    expect(e.message).toContain('belongs to module Parent');
  });

  it('driving an input port is rejected', () => {
    const Bad = defineModule('DriveIn', (m) => {
      const a = m.input('a', uint(1));
      a.drive(0);
      return { a };
    });
    expect(errorOf(() => elaborate(Bad, {})).kind).toBe('not assignable');
  });

  it('several configs of one module get distinct names', () => {
    const Leaf = defineModule('Leaf', (m, cfg: { w: number }) => {
      const i = m.input('i', uint(cfg.w));
      const o = m.output('o', uint(cfg.w));
      o.drive(i);
      return { i, o };
    });
    const Top = defineModule('Top2', (m) => {
      const a = m.input('a', uint(4));
      const y = m.output('y', uint(8));
      const u = m.instance('u', Leaf, { w: 4 });
      const v = m.instance('v', Leaf, { w: 8 });
      const w = m.instance('w', Leaf, { w: 4 });
      u.i.drive(a);
      w.i.drive(u.o);
      v.i.drive(w.o.zext(8));
      y.drive(v.o);
      return { a, y };
    });
    const d = elaborate(Top, {});
    expect(d.modules.length).toBe(3);
    const names = d.modules.map((m) => m.name);
    expect(new Set(names).size).toBe(3);
    // Named by the parameter that tells them apart, not a hash.
    expect(names.filter((n) => n.startsWith('Leaf_')).sort()).toEqual(['Leaf_w4', 'Leaf_w8']);
  });
});

describe('names', () => {
  it('a port keeps its exact name even when an instance wire took it first', () => {
    const Lane = defineModule('Lane', (m) => {
      const a = m.input('a', uint(4));
      const z = m.output('z', uint(4));
      z.drive(a);
      return { a, z };
    });
    const Top = defineModule('Clash', (m) => {
      const a = m.input('a', uint(4));
      const lane = m.instance('lane0', Lane, {});
      lane.a.drive(a);
      const out = m.output('lane0_z', uint(4));
      out.drive(lane.z);
      return { a, out };
    });
    const d = elaborate(Top, {});
    const port = d.top.ports.find((p) => p.dir === 'out');
    expect(port?.name).toBe('lane0_z');
    expect(d.top.nodes[port!.node]?.name).toBe('lane0_z');
    const names = d.top.nodes.filter((n) => n.name).map((n) => n.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('declaring the same port twice is an error', () => {
    const Bad = defineModule('DupPort', (m) => {
      const a = m.input('a', uint(1));
      m.output('a', uint(1));
      return { a };
    });
    expect(errorOf(() => elaborate(Bad, {})).kind).toBe('duplicate port');
  });
});
