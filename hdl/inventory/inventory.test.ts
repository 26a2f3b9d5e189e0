import { describe, expect, it } from 'vitest';
import { inventory } from './inventory.js';
import { countOf } from './tally.js';
import { aluModule, chainDesign, designOf, ModBuilder, storageModule } from './test-ir.js';

describe('inventory counts', () => {
  const inv = inventory(designOf(aluModule()));
  const t = inv.total;
  const counts = Object.fromEntries(t.ops.map((o) => [o.key, o.count]));

  it('counts every operator of the ALU by kind and width', () => {
    expect(counts).toEqual({
      'add 32': 1,
      'sub 32': 1,
      'eq 32': 1,
      'cmp 16': 1,
      'muls 16x8': 1,
      'div 32/8': 1,
      'recip 24/16': 1,
      // a 4-way mux is three 2:1 muxes
      'mux2 32': 3,
      'and 32': 1,
      'or 32': 1,
      'xor 32': 1,
      'redor 32': 1,
      'shift 32 by 5': 1,
      'reg 3': 1,
      'reg+rst+en 32': 1,
    });
  });

  it('lists operators in kind order', () => {
    expect(t.ops.map((o) => o.shape.kind).slice(0, 4)).toEqual(['add', 'sub', 'eq', 'cmp']);
  });

  it('counts register bits by reset and enable', () => {
    expect(t.registerBits).toEqual({ total: 35, withReset: 32, withEnable: 32 });
  });

  it('counts slices, constants and concatenations as wiring, not operators', () => {
    expect(t.wiring).toEqual({ nodes: 7, bits: 16 + 16 + 8 + 5 + 1 + 24 + 3 });
  });

  it('keeps one item per node so activity can be given per node', () => {
    const mux = inv.instances[0]!.items.find((i) => i.name === 'picked')!;
    expect(mux).toMatchObject({ key: 'mux2 32', count: 3, levels: 2 });
  });
});

describe('hierarchy', () => {
  const inv = inventory(chainDesign());

  it('gives each instance a path rooted at the top and its own hardware', () => {
    expect(inv.instances.map((i) => [i.path, i.module, i.depth])).toEqual([
      ['Chain', 'Chain', 0],
      ['Chain.u0', 'Stage', 1],
      ['Chain.u1', 'Stage', 1],
    ]);
    expect(countOf(inv.instances[0]!.own, 'add')).toBe(0);
    expect(countOf(inv.instances[1]!.own, 'add 16')).toBe(1);
  });

  it('rolls children up into the top', () => {
    expect(countOf(inv.total, 'add 16')).toBe(2);
    expect(countOf(inv.total, 'xor')).toBe(1);
    expect(countOf(inv.total, 'not')).toBe(1);
    expect(inv.total.registerBits.total).toBe(16);
    const own = inv.instances.reduce((s, i) => s + i.own.ops.reduce((u, o) => u + o.count, 0), 0);
    expect(inv.total.ops.reduce((u, o) => u + o.count, 0)).toBe(own);
  });
});

describe('memories and CAMs', () => {
  const t = inventory(designOf(storageModule())).total;
  const counts = Object.fromEntries(t.ops.map((o) => [o.key, o.count]));

  it('counts storage with its ports, and each access port', () => {
    expect(counts).toEqual({
      'sram 64x24 2R1W': 1,
      'sramread 64x24': 2,
      'sramwrite 64x24': 1,
      'cam 16x10 1S1W': 1,
      'camsearch 16x10': 1,
      'camwrite 16x10': 1,
    });
    expect(t.memoryBits).toBe(64 * 24);
    // a valid bit per entry
    expect(t.camBits).toBe(16 * 11);
  });
});

describe('constant steps synthesis folds', () => {
  // r + 1, r + 4, r - 1, 9 - r, r + 5, the wrap test (r + 1) < r, a clear mux.
  const b = new ModBuilder('Steps');
  const r = b.reg(8, 'r', null, { init: 0n });
  const next = b.node({ op: 'add', a: r, b: b.const(1, 8) }, 8, 'next');
  const named = b.node({ op: 'wire', a: next }, 8, 'named');
  b.output('wrapped', b.node({ op: 'ltu', a: named, b: r }, 1));
  b.output('by4', b.node({ op: 'add', a: b.const(4, 8), b: r }, 8));
  b.output('down', b.node({ op: 'sub', a: r, b: b.const(1, 8) }, 8));
  b.output('from9', b.node({ op: 'sub', a: b.const(9, 8), b: r }, 8));
  b.output('by5', b.node({ op: 'add', a: r, b: b.const(5, 8) }, 8));
  b.output('plain', b.node({ op: 'ltu', a: next, b: b.input('x', 8) }, 1));
  const sel = b.input('sel', 1);
  b.output('cleared', b.node({ op: 'mux', sel, cases: [next, b.const(0, 8)] }, 8));
  b.output('picked', b.node({ op: 'mux', sel, cases: [next, r] }, 8));
  b.setD(r, next);
  const counts = Object.fromEntries(inventory(designOf(b.build())).total.ops.map((o) => [o.key, o.count]));

  it('an add or subtract of 2^j is a +-1 chain over the bits from j up; other constants stay const', () => {
    expect(counts).toMatchObject({ 'add 8 +1': 1, 'add 6 +1': 1, 'sub 8 -1': 1, 'sub 8 const': 1, 'add 8 const': 1 });
  });

  it('a 2:1 mux with a constant arm is a const mux (an AND or OR per bit); of two variables a plain one', () => {
    expect(counts).toMatchObject({ 'mux2 8 const': 1, 'mux2 8': 1 });
  });

  it('a compare of r + K against r itself (through renames) is a wrap test; against anything else a plain compare', () => {
    expect(counts).toMatchObject({ 'cmp 8 wrap': 1, 'cmp 8': 1 });
  });
});
