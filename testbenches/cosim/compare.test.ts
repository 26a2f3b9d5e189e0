import { describe, expect, it } from 'vitest';
import { designOf, TestModule } from '../../hdl/verilog/test-ir.js';
import { firstMismatch } from './compare.js';

const t = new TestModule('Top');
t.output('sum', t.bin('add', t.input('a', 8), t.input('b', 8)));
t.output('carry', t.input('c', 1));
const d = designOf(t.ir);

describe('firstMismatch', () => {
  it('is null when every output agrees', () => {
    const rows = [{ sum: 1n, carry: 0n }];
    expect(firstMismatch(d, rows, rows, 'gfxrtl simulator', 'Verilator')).toBeNull();
  });

  it('reports the first cycle, then the first output in port order', () => {
    const ours = [{ sum: 1n, carry: 0n }, { sum: 0x2an, carry: 1n }, { sum: 0n, carry: 0n }];
    const theirs = [{ sum: 1n, carry: 0n }, { sum: 0x2bn, carry: 0n }, { sum: 1n, carry: 0n }];
    const m = firstMismatch(d, ours, theirs, 'gfxrtl simulator', 'Verilator', 1);
    expect(m).toMatchObject({ cycle: 1, signal: 'sum', expected: 0x2an, actual: 0x2bn });
    expect(m!.message).toBe(
      "Top: outputs differ at cycle 1 (after 1 reset cycle), output 'sum' (8 bits): gfxrtl simulator 0x2a, Verilator 0x2b",
    );
  });

  it('refuses to compare runs of different lengths or missing outputs', () => {
    expect(() => firstMismatch(d, [], [{ sum: 0n, carry: 0n }], 'A', 'B')).toThrow('A has 0 cycles of outputs but B has 1');
    expect(() => firstMismatch(d, [{ sum: 0n }], [{ sum: 0n, carry: 0n }], 'A', 'B')).toThrow("A: cycle 0 has no value for output 'carry'");
  });
});
