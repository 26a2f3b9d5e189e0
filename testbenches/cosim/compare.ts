// Cross-simulation: the same stimulus through gfxrtl's simulator and through
// Verilog simulators nobody here wrote, compared cycle by cycle. The first
// difference is reported with the cycle, the output and both values.
import type { Design } from '../../hdl/ir.js';
import type { Simulator } from '../../hdl/sim/api.js';
import { batchWords, type CompiledSimulator } from '../../hdl/sim/index.js';
import { fromLimbs, toLimbs } from '../../hdl/sim/runtime/state.js';
import { hasTool } from './eda.js';
import { runIcarus } from './icarus.js';
import type { CycleOutputs, Stimulus } from './stimulus.js';
import { normaliseStimulus, topPorts } from './stimulus.js';
import { runVerilator } from './verilator.js';
import { InternalError } from '../../hdl/errors.js';

export interface CosimMismatch {
  /** Cycle index into stimulus.cycles (reset cycles not counted). */
  cycle: number;
  signal: string;
  expected: bigint;
  actual: bigint;
  /** Who produced each side, e.g. 'gfxrtl simulator' and 'Verilator'. */
  expectedBy: string;
  actualBy: string;
  message: string;
}

const hex = (v: bigint): string => `0x${v.toString(16)}`;

/** First cycle and output (in port order) where `actual` differs from `expected`. */
export function firstMismatch(
  design: Design,
  expected: CycleOutputs[],
  actual: CycleOutputs[],
  expectedBy: string,
  actualBy: string,
  resetCycles = 0,
): CosimMismatch | null {
  const outputs = topPorts(design).outputs;
  if (expected.length !== actual.length) {
    throw new InternalError(`${expectedBy} has ${expected.length} cycles of outputs but ${actualBy} has ${actual.length}`);
  }
  for (let c = 0; c < expected.length; c++) {
    for (const p of outputs) {
      const e = expected[c]![p.name];
      const a = actual[c]![p.name];
      if (e === undefined) throw new InternalError(`${expectedBy}: cycle ${c} has no value for output '${p.name}'`);
      if (a === undefined) throw new InternalError(`${actualBy}: cycle ${c} has no value for output '${p.name}'`);
      if (e === a) continue;
      const after = resetCycles === 0 ? '' : ` (after ${resetCycles} reset cycle${resetCycles === 1 ? '' : 's'})`;
      const message =
        `${design.top.name}: outputs differ at cycle ${c}${after}, output '${p.name}' (${p.width} bits): ` +
        `${expectedBy} ${hex(e)}, ${actualBy} ${hex(a)}`;
      return { cycle: c, signal: p.name, expected: e, actual: a, expectedBy, actualBy, message };
    }
  }
  return null;
}

/** Runs Verilator on `stimulus` and compares with `ourOutputs` (one record
 *  per stimulus cycle, sampled before each edge, reset cycles excluded). */
export async function compareCosim(design: Design, stimulus: Stimulus, ourOutputs: CycleOutputs[]): Promise<CosimMismatch | null> {
  const verilator = await runVerilator(design, stimulus);
  return firstMismatch(design, ourOutputs, verilator, 'gfxrtl simulator', 'Verilator', stimulus.resetCycles ?? 1);
}

/** A new simulator of `design` after the Verilog testbenches' reset:
 *  every input 0, reset held for the stimulus's reset cycles. */
function resetOurs<S extends Simulator>(design: Design, stimulus: Stimulus, createSim: (design: Design) => S) {
  const norm = normaliseStimulus(design, stimulus);
  const sim = createSim(design);
  const path = (port: string): string => `${design.top.name}.${port}`;
  for (const p of topPorts(design).inputs) sim.poke(path(p.name), 0n);
  if (norm.resetCycles > 0) sim.reset(norm.resetCycles);
  return { sim, norm, path };
}

/** Drives a gfxrtl Simulator with `stimulus` exactly as the Verilog
 *  testbenches drive the Verilog: reset with inputs at 0, then per cycle
 *  poke inputs, settle, sample every output, clock edge. */
export function runOurSimulator(design: Design, stimulus: Stimulus, createSim: (design: Design) => Simulator): CycleOutputs[] {
  const { inputs, outputs } = topPorts(design);
  const { sim, norm, path } = resetOurs(design, stimulus, createSim);
  return norm.rows.map((row) => {
    inputs.forEach((p, i) => sim.poke(path(p.name), row[i]!));
    sim.evaluate();
    const sample: CycleOutputs = {};
    for (const p of outputs) sample[p.name] = sim.peek(path(p.name));
    sim.step(1);
    return sample;
  });
}

/** runOurSimulator through runBatch: the same reset, then every stimulus
 *  cycle in one call, its ports as 32-bit words in typed arrays. runBatch
 *  runs other generated code than poke/step/peek (the batch loop, with its
 *  FSM switch and reset split), so a differential check drives both. */
export function runOurSimulatorBatched(design: Design, stimulus: Stimulus, createSim: (design: Design) => CompiledSimulator): CycleOutputs[] {
  const { inputs, outputs } = topPorts(design);
  const { sim, norm, path } = resetOurs(design, stimulus, createSim);
  const cycles = norm.rows.length;
  // runBatch's words per cycle are the simulator's limbs, little-endian.
  const drive: Record<string, Int32Array> = {};
  inputs.forEach((p, i) => {
    const words = batchWords(p.width);
    const a = new Int32Array(cycles * words);
    norm.rows.forEach((row, c) => toLimbs(row[i]!, a, c * words, words));
    drive[path(p.name)] = a;
  });
  if (cycles === 0) return [];
  const got = sim.runBatch(drive, cycles, outputs.map((p) => path(p.name)));
  const limbs = outputs.map((p) => {
    const a = got[path(p.name)]!;
    return new Int32Array(a.buffer, a.byteOffset, a.length);
  });
  return norm.rows.map((_, c) => {
    const sample: CycleOutputs = {};
    outputs.forEach((p, k) => {
      const words = batchWords(p.width);
      sample[p.name] = fromLimbs(limbs[k]!, c * words, words);
    });
    return sample;
  });
}

export interface CrossSimReport {
  ours: CycleOutputs[];
  verilator: CycleOutputs[];
  /** Absent when Icarus was not asked for or is not installed. */
  icarus?: CycleOutputs[];
  /** First difference from ours: Verilator checked first, then Icarus. */
  mismatch: CosimMismatch | null;
}

export interface CrossSimOptions {
  /** Also run Icarus (slower; default: when installed). */
  icarus?: boolean;
}

export async function crossSimulate(
  design: Design,
  stimulus: Stimulus,
  createSim: (design: Design) => Simulator,
  opts: CrossSimOptions = {},
): Promise<CrossSimReport> {
  const resets = stimulus.resetCycles ?? 1;
  const ours = runOurSimulator(design, stimulus, createSim);
  const useIcarus = opts.icarus ?? hasTool('iverilog');
  const [verilator, icarus] = await Promise.all([
    runVerilator(design, stimulus),
    useIcarus ? runIcarus(design, stimulus) : Promise.resolve(undefined),
  ]);
  let mismatch = firstMismatch(design, ours, verilator, 'gfxrtl simulator', 'Verilator', resets);
  if (mismatch === null && icarus !== undefined) mismatch = firstMismatch(design, ours, icarus, 'gfxrtl simulator', 'Icarus', resets);
  return icarus === undefined ? { ours, verilator, mismatch } : { ours, verilator, icarus, mismatch };
}
