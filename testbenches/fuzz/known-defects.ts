// Disagreements that are Verilator's, not ours: when Icarus agrees with our
// simulator on every output and cycle, the circuit is rebuilt in Verilator
// without the optimisation that Verilator 5.006 is known to get wrong (its
// DFG pass: known-verilator-defects.md has the smallest circuit). If that
// build agrees with us too, the disagreement is named as that defect; it is
// still reported, never skipped.
import type { ModuleIR } from '../../hdl/ir.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { designOf } from '../../hdl/verilog/test-ir.js';
import { firstMismatch, runOurSimulator } from '../cosim/compare.js';
import { hasTool } from '../cosim/eda.js';
import { runIcarus } from '../cosim/icarus.js';
import type { Stimulus } from '../cosim/stimulus.js';
import { runVerilator } from '../cosim/verilator.js';
import { FUZZ_VERILATOR_FLAGS } from './check.js';

/** Who is wrong, as far as a third simulator and Verilator's own switches tell. */
export type Verdict =
  /** Icarus sides with Verilator, or there is no Icarus: ours counts as wrong. */
  | 'ours'
  /** Icarus sides with us, and Verilator with -fno-dfg does too. */
  | 'verilator-dfg'
  /** Icarus sides with us; Verilator disagrees with its DFG pass off as well. */
  | 'verilator';

export const VERDICT_TEXT: Record<Exclude<Verdict, 'ours'>, string> = {
  'verilator-dfg':
    'known Verilator 5.006 DFG defect: Icarus agrees with gfxrtl, and so does Verilator with -fno-dfg ' +
    '(smallest circuit: testbenches/fuzz/known-verilator-defects.md)',
  verilator: 'Verilator alone disagrees: Icarus agrees with gfxrtl on every output and cycle (not the known DFG defect)',
};

export async function judge(child: ModuleIR, stim: Stimulus): Promise<Verdict> {
  if (!hasTool('iverilog')) return 'ours';
  const design = designOf(child);
  const ours = runOurSimulator(design, stim, (d) => createSimulator(d));
  const agree = (theirs: typeof ours, who: string): boolean => firstMismatch(design, ours, theirs, 'gfxrtl simulator', who) === null;
  if (!agree(await runIcarus(design, stim), 'Icarus')) return 'ours';
  const noDfg = await runVerilator(design, stim, { flags: [...FUZZ_VERILATOR_FLAGS, '-fno-dfg'] });
  return agree(noDfg, 'Verilator -fno-dfg') ? 'verilator-dfg' : 'verilator';
}
