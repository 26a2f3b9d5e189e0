// Random circuits (every operator, random widths up to 130 bits, registers,
// memories, a CAM), many bundled into one design so Verilator builds once:
// the emitted Verilog lints clean, and all three simulators agree.
import { expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { randomModule } from '../../hdl/sim/testing/random.js';
import { emitVerilog } from '../../hdl/verilog/emit.js';
import { lintVerilog } from '../../hdl/verilog/lint.js';
import { bundleModule, designOf } from '../../hdl/verilog/test-ir.js';
import { crossSimulate } from './compare.js';
import { describeEda } from './describe-eda.js';
import { xorshiftStimulus } from './xorshift.js';

function randomBundle(seeds: number[]) {
  const children = seeds.map((seed) => {
    const m = randomModule(seed, { nodes: 60, inputs: 4, regs: 4, wideChance: 0.25, memories: true, lfsr: true });
    m.name = `Rand${seed}`;
    return m;
  });
  return designOf(bundleModule('RandomBundle', children));
}

describeEda(['verilator', 'iverilog'], 'random circuits', () => {
  const design = randomBundle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

  it('lint clean', async () => {
    expect((await lintVerilog(emitVerilog(design))).output).toBe('');
  }, 60_000);

  it('cross-simulate identically in Verilator, Icarus and gfxrtl', async () => {
    const report = await crossSimulate(design, xorshiftStimulus(design, 99n, 300, 2), createSimulator, { icarus: true });
    expect(report.mismatch?.message ?? null).toBeNull();
  }, 600_000);
});
