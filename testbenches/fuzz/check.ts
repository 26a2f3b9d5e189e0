// One bundled differential check: the bundle through our simulator and
// through Verilator on the same xorshift stimulus, and per child circuit the
// first output and cycle where they differ. Each child also runs on its own
// through runBatch: a bundle's batch loop is too long for one function, so
// only a child alone gets the loop code (FSM switch, reset split) that
// testbenches and the bench use. Each child's runBatch runs again with each
// of the simulator's passes switched off in turn (SIM_PASSES), against the
// same Verilator run: a pass is checked without a build of its own.
import type { ModuleIR } from '../../hdl/ir.js';
import { createSimulator, SIM_PASSES, type SimPass } from '../../hdl/sim/index.js';
import { designOf } from '../../hdl/verilog/test-ir.js';
import { runOurSimulator, runOurSimulatorBatched } from '../cosim/compare.js';
import type { CycleOutputs, Stimulus } from '../cosim/stimulus.js';
import { runVerilator } from '../cosim/verilator.js';
import { xorshiftStimulus } from '../cosim/xorshift.js';
import { bundleDesign, childPort } from './circuits.js';
import { InternalError } from '../../hdl/errors.js';

/** The model's C++ at -O0: the fuzz builds hundreds of circuits and runs
 *  them for a few cycles, so compile time matters, not run time. */
export const FUZZ_VERILATOR_FLAGS = ['-MAKEFLAGS', 'OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0'];

export interface ChildMismatch {
  child: string;
  /** Which of our simulator's code paths disagreed with Verilator. A
   *  runBatch mismatch is only reported where poke/step/peek agreed. */
  path: 'per-cycle' | 'runBatch';
  /** The simulator pass switched off in the run that disagreed, if any. */
  without?: SimPass;
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
  const batched = children.map((child) => runOurSimulatorBatched(designOf(child), childStimulus(child, stim), (d) => createSimulator(d)));
  const withoutPass = SIM_PASSES.map((pass) => ({
    pass,
    runs: children.map((child) => runOurSimulatorBatched(designOf(child), childStimulus(child, stim), (d) => createSimulator(d, { passes: { [pass]: false } }))),
  }));
  const oursSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  const theirs = await runVerilator(design, stim, { flags: FUZZ_VERILATOR_FLAGS });
  const verilatorSeconds = (performance.now() - t) / 1000;
  const perCycle = compareChildren(children, ours, theirs);
  const failed = new Set(perCycle.map((m) => m.child));
  const batch = children.flatMap((child, k) => (failed.has(child.name) ? [] : compareBatched(child, batched[k]!, theirs)));
  for (const m of batch) failed.add(m.child);
  // Per child, the first pass whose absence makes it disagree.
  for (const { pass, runs } of withoutPass) {
    for (const [k, child] of children.entries()) {
      if (failed.has(child.name)) continue;
      const m = compareBatched(child, runs[k]!, theirs).map((x) => ({ ...x, without: pass }));
      if (m.length > 0) failed.add(child.name);
      batch.push(...m);
    }
  }
  const order = new Map(children.map((c, k) => [c.name, k]));
  const mismatches = [...perCycle, ...batch].sort((a, b) => order.get(a.child)! - order.get(b.child)!);
  return { mismatches, verilatorSeconds, oursSeconds, stimulus: stim };
}

/** The child's first output and cycle where its runBatch run differs from
 *  Verilator's bundle outputs, if any. */
function compareBatched(child: ModuleIR, batched: CycleOutputs[], theirs: CycleOutputs[]): ChildMismatch[] {
  const outs = child.ports.filter((p) => p.dir === 'out');
  for (let c = 0; c < batched.length; c++) {
    for (const p of outs) {
      const o = childPort(child.name, p.name);
      const a = batched[c]![p.name];
      const b = theirs[c]![o];
      if (a === undefined || b === undefined) throw new InternalError(`fuzz: no runBatch value for ${o} at cycle ${c}`);
      if (a !== b) return [{ child: child.name, path: 'runBatch', cycle: c, output: o, ours: a, verilator: b }];
    }
  }
  return [];
}

function compareChildren(children: ModuleIR[], ours: CycleOutputs[], theirs: CycleOutputs[]): ChildMismatch[] {
  const out: ChildMismatch[] = [];
  for (const child of children) {
    const outs = child.ports.filter((p) => p.dir === 'out').map((p) => childPort(child.name, p.name));
    found: for (let c = 0; c < ours.length; c++) {
      for (const o of outs) {
        const a = ours[c]![o];
        const b = theirs[c]![o];
        if (a === undefined || b === undefined) throw new InternalError(`fuzz: no value for ${o} at cycle ${c}`);
        if (a !== b) {
          out.push({ child: child.name, path: 'per-cycle', cycle: c, output: o, ours: a, verilator: b });
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
