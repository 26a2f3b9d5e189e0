import { describe, expect, it } from 'vitest';
import { describeEda } from '../../testbenches/cosim/describe-eda.js';
import { designOf, semanticsModule, TestModule } from './test-ir.js';
import { parseStat, yosysCellCounts } from './yosys.js';

describe('parseStat', () => {
  it('reads cell counts of the top module from stat -json', () => {
    const json = JSON.stringify({ modules: { '\\Top': { num_cells: 3, num_cells_by_type: { $_AND_: 1, $_DFF_P_: 2 } } } });
    expect(parseStat(json, 'Top')).toEqual({ top: 'Top', cells: { $_AND_: 1, $_DFF_P_: 2 }, totalCells: 3 });
    expect(() => parseStat(json, 'Other')).toThrow(/no '\\Other'/);
  });
});

describeEda('yosys', 'yosysCellCounts', () => {
  it('counts one flip-flop per register bit and nothing else for a plain register', async () => {
    const t = new TestModule('Flops');
    const r = t.reg(8, null, null, 'r');
    t.setD(r, t.input('d', 8));
    t.output('q', r);
    const stats = await yosysCellCounts(designOf(t.ir));
    expect(stats).toEqual({ top: 'Flops', cells: { $_DFF_P_: 8 }, totalCells: 8 });
  }, 60_000);

  it('gives an adder gates and no flip-flops', async () => {
    const t = new TestModule('Adder');
    t.output('s', t.bin('add', t.input('a', 8), t.input('b', 8)));
    const stats = await yosysCellCounts(designOf(t.ir));
    expect(Object.keys(stats.cells).some((c) => c.includes('DFF'))).toBe(false);
    // A ripple adder: roughly one XOR pair per sum bit.
    const xors = (stats.cells['$_XOR_'] ?? 0) + (stats.cells['$_XNOR_'] ?? 0);
    expect(xors).toBeGreaterThanOrEqual(7);
    expect(stats.totalCells).toBeGreaterThan(xors);
  }, 60_000);

  it('synthesises a design with memory, registers and arithmetic', async () => {
    const stats = await yosysCellCounts(designOf(semanticsModule()));
    const sum = Object.values(stats.cells).reduce((a, b) => a + b, 0);
    expect(sum).toBe(stats.totalCells);
    // 4 x 8 memory bits as flops plus the 8-bit sync read register.
    const flops = Object.entries(stats.cells).filter(([c]) => c.includes('DFF')).reduce((a, [, n]) => a + n, 0);
    expect(flops).toBe(40);
  }, 60_000);
});
