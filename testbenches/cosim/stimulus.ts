// What a cross-simulation drives and what it reads back. A stimulus is
// written per top input port name, not per Verilog name, so the same object
// drives gfxrtl's simulator and the Verilog simulators.
import type { Design, PortIR } from '../../hdl/ir.js';
import { mask } from '../../hdl/ir.js';
import { InternalError, ParamError } from '../../hdl/errors.js';

export interface Stimulus {
  /** Cycles with reset held high (all inputs 0) before `cycles`; default 1.
   *  Outputs are not sampled during them. */
  resetCycles?: number;
  /** Per cycle after reset: top input port name -> value. A port missing
   *  from a cycle keeps its previous value (0 before the first). Negative
   *  values are two's complement and must fit the port's width. */
  cycles: Record<string, bigint>[];
}

/** Per sampled cycle: top output port name -> raw bits. */
export type CycleOutputs = Record<string, bigint>;

export interface TopPorts {
  inputs: PortIR[];
  outputs: PortIR[];
}

export function topPorts(design: Design): TopPorts {
  return {
    inputs: design.top.ports.filter((p) => p.dir === 'in'),
    outputs: design.top.ports.filter((p) => p.dir === 'out'),
  };
}

export interface NormalisedStimulus {
  resetCycles: number;
  /** Per cycle after reset: one raw value per top input, in port order. */
  rows: bigint[][];
}

export function normaliseStimulus(design: Design, stimulus: Stimulus): NormalisedStimulus {
  const { inputs } = topPorts(design);
  const resetCycles = stimulus.resetCycles ?? 1;
  if (!Number.isInteger(resetCycles) || resetCycles < 0) throw new ParamError('resetCycles', resetCycles, 'an integer >= 0', { message: `resetCycles must be a whole number, got ${resetCycles}` });
  const known = new Map(inputs.map((p, i) => [p.name, i]));
  const current = inputs.map(() => 0n);
  const rows = stimulus.cycles.map((cycle, c) => {
    for (const [name, value] of Object.entries(cycle)) {
      const i = known.get(name);
      if (i === undefined) {
        throw new ParamError('input', name, 'an input of the design', { message: `stimulus cycle ${c}: ${design.top.name} has no input '${name}' (inputs: ${[...known.keys()].join(', ')})` });
      }
      current[i] = fitToWidth(value, inputs[i]!.width, `stimulus cycle ${c}, input '${name}'`);
    }
    return [...current];
  });
  return { resetCycles, rows };
}

function fitToWidth(value: bigint, width: number, where: string): bigint {
  const limit = 1n << BigInt(width);
  if (value >= limit || value < -(limit >> 1n)) throw new ParamError('value', value, 'a value that fits the port', { message: `${where}: ${value} does not fit in ${width} bits` });
  return value & mask(width);
}

/** The stimulus file both Verilog testbenches read: one line per clock
 *  cycle, reset cycles included, `<reset> <input0> <input1> ...` in hex. */
export function stimulusFileText(s: NormalisedStimulus, inputCount: number): string {
  const lines: string[] = [];
  const zeros = new Array<string>(inputCount).fill('0');
  for (let c = 0; c < s.resetCycles; c++) lines.push(['1', ...zeros].join(' '));
  for (const row of s.rows) lines.push(['0', ...row.map((v) => v.toString(16))].join(' '));
  return `${lines.join('\n')}\n`;
}

/** Marks output lines, so that anything else a simulator prints is ignored. */
export const OUTPUT_MARK = '@';

/** Parses `@ <out0> <out1> ...` hex lines, dropping the reset cycles. */
export function parseOutputLines(
  text: string,
  outputs: PortIR[],
  s: NormalisedStimulus,
  simulator: string,
): CycleOutputs[] {
  const lines = text.split('\n').filter((l) => l.startsWith(OUTPUT_MARK));
  const expected = s.resetCycles + s.rows.length;
  if (lines.length !== expected) {
    throw new InternalError(`${simulator} printed ${lines.length} cycles of outputs, expected ${expected}:\n${text.slice(0, 2000)}`);
  }
  return lines.slice(s.resetCycles).map((line, c) => {
    const words = line.slice(OUTPUT_MARK.length).trim().split(/\s+/).filter((w) => w.length > 0);
    if (words.length !== outputs.length) throw new InternalError(`${simulator} cycle ${c}: ${words.length} values for ${outputs.length} outputs: ${line}`);
    const values: CycleOutputs = {};
    outputs.forEach((p, i) => {
      const word = words[i]!;
      if (!/^[0-9a-fA-F]+$/.test(word)) {
        throw new InternalError(`${simulator} cycle ${c}: output '${p.name}' is ${word} (unknown bits: an X or Z reached an output)`);
      }
      values[p.name] = BigInt(`0x${word}`);
    });
    return values;
  });
}
