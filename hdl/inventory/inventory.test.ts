import { describe, expect, it } from 'vitest';
import { inventory } from './inventory.js';
import { countOf } from './tally.js';
import { aluModule, chainDesign, designOf, storageModule } from './test-ir.js';

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
