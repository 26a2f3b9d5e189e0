// The smallest circuit of the Verilator 5.006 DFG defect that fuzz circuit
// seed 1100178 (campaign seed 11, #145) shrank to, rebuilt by hand: its
// right answer, Icarus and Verilator -fno-dfg agreeing with it, and the
// fuzzer naming a disagreement on it as that defect (known-defects.ts).
import { expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { designOf, TestModule } from '../../hdl/verilog/test-ir.js';
import { describeEda } from '../cosim/describe-eda.js';
import { runOurSimulator } from '../cosim/compare.js';
import type { Stimulus } from '../cosim/stimulus.js';
import { runVerilator } from '../cosim/verilator.js';
import { FUZZ_VERILATOR_FLAGS } from './check.js';
import { judge } from './known-defects.js';

/** o = $signed(1'b0) <= $signed(a & ~a): 0 <= 0, so 1 on every cycle. */
function smallest() {
  const m = new TestModule('DfgLes');
  const a = m.input('a', 1);
  const z = m.bin('and', a, m.not(a));
  m.output('o', m.cmp('les', m.const(0, 1), z));
  return m.build();
}

const stim: Stimulus = { resetCycles: 1, cycles: [0n, 1n, 1n, 0n].map((a) => ({ a })) };

it('the smallest circuit gives 1 on every cycle in our simulator', () => {
  const ours = runOurSimulator(designOf(smallest()), stim, (d) => createSimulator(d));
  expect(ours.map((c) => c['o'])).toEqual([1n, 1n, 1n, 1n]);
});

describeEda(['verilator', 'iverilog'], 'Verilator 5.006 DFG defect (known-verilator-defects.md)', () => {
  it('is named as the known defect when Verilator disagrees with gfxrtl and Icarus', async () => {
    const design = designOf(smallest());
    const v = await runVerilator(design, stim, { flags: FUZZ_VERILATOR_FLAGS });
    const o = v.map((c) => c['o']);
    // Printed either way: 5.006 gives 0s here; a fixed Verilator gives 1s.
    console.log(`Verilator (DFG on) gives o = ${o.join(', ')} on $signed(1'b0) <= $signed(a & ~a)`);
    expect(await judge(smallest(), stim)).toBe('verilator-dfg');
  }, 300_000);
});
