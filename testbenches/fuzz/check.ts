// One bundled differential check: the bundle through our simulator and
// through Verilator on the same xorshift stimulus, and per child circuit the
// first output and cycle where they differ.
import type { ModuleIR } from '../../hdl/ir.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { runOurSimulator } from '../cosim/compare.js';
import type { CycleOutputs, Stimulus } from '../cosim/stimulus.js';
import { runVerilator } from '../cosim/verilator.js';
import { xorshiftStimulus } from '../cosim/xorshift.js';
import { bundleDesign, childPort } from './circuits.js';

/** The model's C++ at -O0: the fuzz builds hundreds of circuits and runs
 *  them for a few cycles, so compile time matters, not run time. */
export const FUZZ_VERILATOR_FLAGS = ['-MAKEFLAGS', 'OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0'];

export interface ChildMismatch {
  child: string;
  cycle: number;
  output: string;
  ours: bigint;
  verilator: bigint;
}

export interface BundleResult {
  mismatches: ChildMismatch[];
  verilatorSeconds: number;
  oursSeconds: number;
  stimulus: Stimulus;
}

/** Per child, the first differing cycle and output (children in order). */
export async function checkBundle(name: string, children: ModuleIR[], stimulus: Stimulus | bigint, cycles: number): Promise<BundleResult> {
  const design = bundleDesign(name, children);
  const stim = typeof stimulus === 'bigint' ? xorshiftStimulus(design, stimulus, cycles, 2) : stimulus;
  let t = performance.now();
  const ours = runOurSimulator(design, stim, (d) => createSimulator(d));
  const oursSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  const theirs = await runVerilator(design, stim, { flags: FUZZ_VERILATOR_FLAGS });
  const verilatorSeconds = (performance.now() - t) / 1000;
  return { mismatches: compareChildren(children, ours, theirs), verilatorSeconds, oursSeconds, stimulus: stim };
}

function compareChildren(children: ModuleIR[], ours: CycleOutputs[], theirs: CycleOutputs[]): ChildMismatch[] {
  const out: ChildMismatch[] = [];
  for (const child of children) {
    const outs = child.ports.filter((p) => p.dir === 'out').map((p) => childPort(child.name, p.name));
    found: for (let c = 0; c < ours.length; c++) {
      for (const o of outs) {
        const a = ours[c]![o];
        const b = theirs[c]![o];
        if (a === undefined || b === undefined) throw new Error(`fuzz: no value for ${o} at cycle ${c}`);
        if (a !== b) {
          out.push({ child: child.name, cycle: c, output: o, ours: a, verilator: b });
          break found;
        }
      }
    }
  }
  return out;
}

/** The child's own stimulus, cut out of its bundle's. */
export function childStimulus(child: ModuleIR, bundle: Stimulus): Stimulus {
  const ins = child.ports.filter((p) => p.dir === 'in');
  return {
    resetCycles: bundle.resetCycles ?? 1,
    cycles: bundle.cycles.map((row) => Object.fromEntries(ins.map((p) => [p.name, row[childPort(child.name, p.name)] ?? 0n]))),
  };
}

/** A stimulus for a bundle of children from each child's own stimulus. */
export function bundleStimulus(parts: { child: ModuleIR; stim: Stimulus }[]): Stimulus {
  const cycles = parts[0]?.stim.cycles.length ?? 0;
  return {
    resetCycles: parts[0]?.stim.resetCycles ?? 1,
    cycles: Array.from({ length: cycles }, (_, c) => {
      const row: Record<string, bigint> = {};
      for (const { child, stim } of parts) {
        for (const p of child.ports) if (p.dir === 'in') row[childPort(child.name, p.name)] = stim.cycles[c]![p.name] ?? 0n;
      }
      return row;
    }),
  };
}
