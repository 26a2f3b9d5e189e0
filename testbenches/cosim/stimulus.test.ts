import { describe, expect, it } from 'vitest';
import { designOf, TestModule } from '../../hdl/verilog/test-ir.js';
import { normaliseStimulus, parseOutputLines, stimulusFileText, topPorts } from './stimulus.js';

function design() {
  const t = new TestModule('T');
  const a = t.input('a', 4);
  const b = t.input('b', 70);
  t.output('y', a);
  t.output('z', b);
  return designOf(t.ir);
}

describe('normaliseStimulus', () => {
  it('holds missing inputs, starts them at 0, and takes negatives as two\'s complement', () => {
    const n = normaliseStimulus(design(), { resetCycles: 2, cycles: [{ b: 5n }, { a: -1n }, {}] });
    expect(n).toEqual({ resetCycles: 2, rows: [[0n, 5n], [15n, 5n], [15n, 5n]] });
  });

  it('defaults to one reset cycle', () => {
    expect(normaliseStimulus(design(), { cycles: [] }).resetCycles).toBe(1);
  });

  it('names the cycle and port of a bad value', () => {
    expect(() => normaliseStimulus(design(), { cycles: [{}, { a: 16n }] })).toThrow("stimulus cycle 1, input 'a': 16 does not fit in 4 bits");
    expect(() => normaliseStimulus(design(), { cycles: [{ a: -9n }] })).toThrow(/-9 does not fit/);
    expect(() => normaliseStimulus(design(), { cycles: [{ c: 1n }] })).toThrow("stimulus cycle 0: T has no input 'c' (inputs: a, b)");
  });
});

describe('stimulus and output files', () => {
  it('writes reset cycles, then inputs, in hex', () => {
    const n = normaliseStimulus(design(), { resetCycles: 1, cycles: [{ a: 10n, b: 1n << 68n }] });
    expect(stimulusFileText(n, 2)).toBe('1 0 0\n0 a 100000000000000000\n');
  });

  it('parses marked lines only, dropping reset cycles', () => {
    const d = design();
    const n = normaliseStimulus(d, { resetCycles: 1, cycles: [{}, {}] });
    const text = 'VCD info: junk\n@ 0 0\n@ f 00000000000000000abc\n@ 1 2\nfinish called\n';
    expect(parseOutputLines(text, topPorts(d).outputs, n, 'Sim')).toEqual([
      { y: 15n, z: 0xabcn },
      { y: 1n, z: 2n },
    ]);
  });

  it('reports unknown bits and missing cycles', () => {
    const d = design();
    const n = normaliseStimulus(d, { resetCycles: 0, cycles: [{}] });
    expect(() => parseOutputLines('@ x 0\n', topPorts(d).outputs, n, 'Icarus')).toThrow(
      "Icarus cycle 0: output 'y' is x (unknown bits: an X or Z reached an output)",
    );
    expect(() => parseOutputLines('', topPorts(d).outputs, n, 'Icarus')).toThrow(/printed 0 cycles of outputs, expected 1/);
  });
});
