// The whole standard library and every CAM form in one design: lint clean,
// and Verilator and Icarus agree with gfxrtl's simulator on every output of
// every cycle (one Verilator build). Yosys synthesises every CAM form.
import { expect, it } from 'vitest';
import { elaborate } from '../../hdl/elaborate.js';
import { CamUnit } from '../../hdl/cam-test-design.js';
import { bundleOf, type BundleChild } from '../../hdl/lib/bundle.js';
import { Arbiters, BundleMemory, Delays, Encoders, Extremes, FragQueue, QueueUnit, Reciprocals, Sequencer, VecFile } from '../../hdl/lib/test-designs.js';
import type { ModuleDef } from '../../hdl/module.js';
import type { SignalTree } from '../../hdl/shape.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { emitVerilog } from '../../hdl/verilog/emit.js';
import { lintVerilog } from '../../hdl/verilog/lint.js';
import { yosysCellCounts } from '../../hdl/verilog/yosys.js';
import { crossSimulate } from './compare.js';
import { describeEda } from './describe-eda.js';
import { xorshiftStimulus } from './xorshift.js';

const child = <C>(name: string, def: ModuleDef<C, SignalTree>, cfg: C): BundleChild => ({ name, def: def as unknown as ModuleDef<never, SignalTree>, cfg });

const design = elaborate(
  bundleOf('LibBundle', [
    child('enc13', Encoders, { width: 13 }),
    child('enc40', Encoders, { width: 40 }),
    child('arb', Arbiters, { n: 5 }),
    child('vec', VecFile, { n: 5, width: 8 }),
    child('seq', Sequencer, undefined),
    child('q3', QueueUnit, { depth: 3, width: 8 }),
    child('q4', QueueUnit, { depth: 4, width: 40 }),
    child('fq', FragQueue, undefined),
    child('bmem', BundleMemory, undefined),
    child('dly', Delays, undefined),
    // Library operations: few-bit keys so ties are common, signed mid-width
    // keys, limb-width keys, and more entries than one word of valid bits.
    child('ext5', Extremes, { n: 5, width: 2, signed: false }),
    child('ext6s', Extremes, { n: 6, width: 40, signed: true }),
    child('ext3', Extremes, { n: 3, width: 70, signed: false }),
    child('ext33s', Extremes, { n: 33, width: 3, signed: true }),
    // The reciprocal's wide forms (products and remainders past 64 bits).
    child('rcpN', Reciprocals, { width: 44, p: 24, arch: 'newton' }),
    child('rcp4', Reciprocals, { width: 36, p: 24, arch: 'radix4' }),
    // Narrow keys so random stimulus hits; a wide CAM for the BigInt paths.
    child('cam6', CamUnit, { entries: 6, keyWidth: 2 }),
    child('cam40', CamUnit, { entries: 40, keyWidth: 45 }),
    child('tcam5', CamUnit, { entries: 5, keyWidth: 3, ternary: true }),
    child('tcam36', CamUnit, { entries: 36, keyWidth: 40, ternary: true }),
  ]),
  undefined,
);

describeEda(['verilator', 'iverilog'], 'the standard library against Verilator and Icarus', () => {
  it('lints clean and cross-simulates 400 random cycles', async () => {
    expect((await lintVerilog(emitVerilog(design))).output).toBe('');
    const report = await crossSimulate(design, xorshiftStimulus(design, 7n, 400, 2), createSimulator, { icarus: true });
    expect(report.mismatch?.message ?? null).toBeNull();
  }, 600_000);
});

describeEda('yosys', 'the CAM through Yosys', () => {
  it('synthesises every CAM form (binary and ternary)', async () => {
    // Small CAMs: Yosys maps CAM storage to flops, which is slow for big ones.
    const cams = elaborate(bundleOf('CamBundle', [child('cam', CamUnit, { entries: 6, keyWidth: 4 }), child('tcam', CamUnit, { entries: 5, keyWidth: 3, ternary: true })]), undefined);
    const stats = await yosysCellCounts(cams);
    const flops = Object.entries(stats.cells).filter(([c]) => c.includes('DFF')).reduce((a, [, n]) => a + n, 0);
    // Keys and valid bits (6 x 5), keys, care masks and valid bits (5 x 7).
    expect(flops).toBeGreaterThanOrEqual(6 * 5 + 5 * 7);
  }, 600_000);
});
