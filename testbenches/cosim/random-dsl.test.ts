// Differential tests over random circuits built through the DSL (front end,
// when-lowering and every backend together, unlike random.test.ts, which
// builds IR directly): for each seed the emitted Verilog lints clean and
// gfxrtl's simulator, Verilator and Icarus agree on every output of every
// cycle. Narrow (fast path), mixed and wide (> 64 bits) circuits, with
// memories, CAMs and dividers; two cases are full of literals, so what the
// netlist passes leave behind (hdl/opt) is linted and cross-simulated too;
// two have library operations (popcount, priority encoders, arg-min/max),
// which the Verilog backend prints as their trees.
import { expect, it } from 'vitest';
import { elaborate } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { emitVerilog } from '../../hdl/verilog/emit.js';
import { lintVerilog } from '../../hdl/verilog/lint.js';
import { defaultSeed } from '../property.js';
import { randomNetlist } from '../random-netlist.js';
import { crossSimulate } from './compare.js';
import { describeEda } from './describe-eda.js';
import { xorshiftStimulus } from './xorshift.js';

const base = defaultSeed();
const CASES = [
  { nodes: 300, maxWidth: 32, storage: true, dividers: true },
  { nodes: 300, maxWidth: 16, storage: true, dividers: true, constants: 0.25, libraryOps: true },
  { nodes: 200, maxWidth: 70, storage: true, dividers: true, libraryOps: true },
  { nodes: 150, maxWidth: 200, storage: false, dividers: true },
  { nodes: 400, maxWidth: 33, storage: true, dividers: false },
  { nodes: 120, maxWidth: 8, storage: true, dividers: true, constants: 0.3 },
];

describeEda(['verilator', 'iverilog'], 'random DSL circuits against Verilator and Icarus', () => {
  CASES.forEach((c, i) => {
    const seed = base * 1000 + i;
    it(`seed ${seed}: ${c.nodes} nodes, widths up to ${c.maxWidth}`, async () => {
      const design = elaborate(randomNetlist({ ...c, seed }), undefined);
      expect((await lintVerilog(emitVerilog(design))).output).toBe('');
      const report = await crossSimulate(design, xorshiftStimulus(design, BigInt(seed), 200, 2), createSimulator, { icarus: true });
      expect(report.mismatch?.message ?? null, `seed ${seed}`).toBeNull();
    }, 600_000);
  });
});
