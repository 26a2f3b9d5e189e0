import { expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { everythingDesign } from '../../hdl/verilog/test-ir.js';
import { runOurSimulator } from './compare.js';
import { describeEda } from './describe-eda.js';
import { benchVerilator } from './verilator-bench.js';
import { outputChecksum, xorshiftStimulus } from './xorshift.js';

describeEda('verilator', 'benchVerilator', () => {
  it('times a run whose outputs gfxrtl replays bit for bit from the same seed', async () => {
    const design = everythingDesign();
    const first = await benchVerilator(design, { cycles: 200, seed: 11n, resetCycles: 2 });
    expect(first.cycles).toBe(200);
    expect(first.runSeconds).toBeGreaterThan(0);
    expect(first.cyclesPerSecond).toBeCloseTo(200 / first.runSeconds);
    expect(first.compileSeconds).toBeGreaterThan(0);

    const replay = runOurSimulator(design, xorshiftStimulus(design, 11n, 200, 2), createSimulator);
    expect(first.checksum).toBe(outputChecksum(design, replay));

    const again = await benchVerilator(design, { cycles: 50, seed: 11n, resetCycles: 2 });
    expect(again.cached).toBe(true);
    expect(again.compileSeconds).toBe(first.compileSeconds);
    expect(again.checksum).toBe(outputChecksum(design, replay.slice(0, 50)));
  }, 600_000);
});
