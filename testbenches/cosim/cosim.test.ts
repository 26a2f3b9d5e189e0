// Cross-simulation of every fixture (one combined design, so one Verilator
// build): directed cycles with hand-worked results, random cycles where
// Verilator, Icarus and gfxrtl's simulator must agree, and the mismatch
// report itself.
import { beforeAll, expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { designOf, everythingDesign, TestModule, wideModule } from '../../hdl/verilog/test-ir.js';
import { compareCosim, crossSimulate, firstMismatch, runOurSimulator } from './compare.js';
import { describeEda } from './describe-eda.js';
import { runIcarus } from './icarus.js';
import type { CycleOutputs, Stimulus } from './stimulus.js';
import { runVerilator } from './verilator.js';
import { xorshiftStimulus } from './xorshift.js';

const BUILD = 600_000;
const design = everythingDesign();

/** Directed cycles for Semantics and StateTop (ports prefixed by module). */
const directed: Stimulus = {
  resetCycles: 1,
  cycles: [
    // div by 0; shifts by >= width; mux selector past the last case; write m[1].
    { Semantics_a: 200n, Semantics_b: 0n, Semantics_s: 8n, Semantics_sel: 3n, Semantics_wa: 1n, Semantics_we: 1n,
      StateTop_en: 1n, StateTop_wa0: 3n, StateTop_wd0: 1n, StateTop_we0: 1n, StateTop_wa1: 3n, StateTop_wd1: 2n, StateTop_we1: 1n,
      StateTop_cidx: 2n, StateTop_key: 0x155n, StateTop_cvalid: 1n, StateTop_cwe: 1n },
    // the sync read registered at the write's edge saw the old word (read-first).
    { Semantics_a: 7n, Semantics_b: 2n, Semantics_s: 15n, Semantics_sel: 1n, Semantics_we: 0n,
      StateTop_en: 0n, StateTop_we0: 0n, StateTop_we1: 0n, StateTop_ra: 3n, StateTop_cwe: 0n },
    { Semantics_a: 0x80n, Semantics_b: 0xffn, Semantics_s: 3n, Semantics_sel: 2n,
      StateTop_en: 1n, StateTop_wa0: 12n, StateTop_we0: 1n, StateTop_wd0: 7n, StateTop_key: 0x154n },
    { Semantics_a: 0x7fn, Semantics_b: 0x80n, Semantics_s: 1n, Semantics_sel: 0n, Semantics_wa: 2n, Semantics_we: 1n,
      StateTop_we0: 0n, StateTop_ra: 12n },
  ],
};

/** Worked by hand from the IR's definitions (ir.ts), not from any simulator. */
const expected: Record<string, bigint>[] = [
  { Semantics_div: 0xffn, Semantics_shl: 0n, Semantics_shrs: 0xffn, Semantics_mux: 0x5an, Semantics_lts: 1n, Semantics_muls: 0n,
    Semantics_rd: 0n, StateTop_count: 3n, StateTop_hits: 0n, StateTop_one_hit: 0n },
  { Semantics_div: 3n, Semantics_shl: 0n, Semantics_shrs: 0n, Semantics_mux: 2n, Semantics_lts: 0n, Semantics_muls: 14n,
    Semantics_rd: 0n, StateTop_count: 4n, StateTop_async_rd: 2n, StateTop_hits: 0b000100n, StateTop_one_hit: 0n },
  { Semantics_div: 0n, Semantics_shl: 0n, Semantics_shrs: 0xf0n, Semantics_mux: 0x5an, Semantics_lts: 1n, Semantics_muls: 0x80n,
    Semantics_rd: 200n, StateTop_count: 4n, StateTop_hits: 0n, StateTop_one_hit: 1n },
  { Semantics_div: 0n, Semantics_shl: 0xfen, Semantics_shrs: 0x3fn, Semantics_mux: 0x7fn, Semantics_lts: 0n,
    Semantics_muls: 0xc080n, Semantics_rd: 200n, StateTop_count: 5n, StateTop_async_rd: 0n },
];

function expectDirected(outputs: CycleOutputs[]): void {
  expected.forEach((want, c) => {
    for (const [port, value] of Object.entries(want)) expect({ cycle: c, port, value: outputs[c]![port] }).toEqual({ cycle: c, port, value });
  });
}

describeEda(['verilator', 'iverilog'], 'cross-simulation of every fixture', () => {
  let verilatorDirected: CycleOutputs[];

  beforeAll(async () => {
    verilatorDirected = await runVerilator(design, directed);
  }, BUILD);

  it('Verilator gives the hand-worked results', () => {
    expectDirected(verilatorDirected);
  });

  it('Icarus gives the hand-worked results', async () => {
    expectDirected(await runIcarus(design, directed));
  }, BUILD);

  it("gfxrtl's simulator gives the hand-worked results", () => {
    expectDirected(runOurSimulator(design, directed, createSimulator));
  });

  it('Verilator, Icarus and gfxrtl agree cycle by cycle on random stimulus', async () => {
    for (const seed of [1n, 2n]) {
      const report = await crossSimulate(design, xorshiftStimulus(design, seed, 150, 2), createSimulator, { icarus: true });
      expect(report.icarus).toBeDefined();
      expect(report.mismatch?.message ?? null).toBeNull();
    }
  }, BUILD);

  it('starts state where gfxrtl does when there is no reset', async () => {
    const stim = { ...xorshiftStimulus(design, 3n, 20, 0) };
    const report = await crossSimulate(design, stim, createSimulator, { icarus: true });
    expect(report.mismatch?.message ?? null).toBeNull();
  }, BUILD);

  it('reports a wrong expected value with its cycle, signal and both values', async () => {
    const ours = runOurSimulator(design, directed, createSimulator);
    ours[2] = { ...ours[2]!, Semantics_shrs: 0x0fn };
    const m = await compareCosim(design, directed, ours);
    expect(m).toMatchObject({ cycle: 2, signal: 'Semantics_shrs', expected: 0x0fn, actual: 0xf0n });
    expect(m!.message).toContain("cycle 2 (after 1 reset cycle), output 'Semantics_shrs' (8 bits): gfxrtl simulator 0xf, Verilator 0xf0");
  }, BUILD);

  it('divides 4096-bit values exactly in Icarus', async () => {
    const wide = designOf(wideModule(4096));
    const a = (1n << 4095n) + 12345678901234567890123n;
    const b = (1n << 99n) + 77n;
    // b = 1 exercises the Icarus 11 wide divide-by-one workaround.
    const [out, byOne] = await runIcarus(wide, { cycles: [{ a, b, s: 4000n }, { b: 1n }] });
    expect(out!['quot']).toBe(a / b);
    expect(byOne!['quot']).toBe(a);
    expect(out!['shl']).toBe((a << 4000n) & ((1n << 4096n) - 1n));
    expect(out!['lt']).toBe(1n); // a is negative as a signed value, b is not
  }, BUILD);

  it('refuses Verilator divides past 512 bits instead of crashing', async () => {
    await expect(runVerilator(designOf(wideModule(4096)), { cycles: [] })).rejects.toThrow(
      /Wide4096: node \d+ divides 4096 bits; Verilator cannot simulate divides wider than 512 bits/,
    );
  });

  it('catches a simulator that gets a semantic wrong', async () => {
    // Same design, but "our" side treats divide by zero as 0: the harness
    // must notice.
    const t = new TestModule('DivZero');
    t.output('q', t.divu(t.input('a', 8), t.input('b', 8)));
    const d = designOf(t.ir);
    const stim: Stimulus = { cycles: [{ a: 9n, b: 3n }, { a: 9n, b: 0n }] };
    const wrong = [{ q: 3n }, { q: 0n }];
    const icarus = await runIcarus(d, stim);
    expect(firstMismatch(d, wrong, icarus, 'wrong model', 'Icarus')?.message).toBe(
      "DivZero: outputs differ at cycle 1, output 'q' (8 bits): wrong model 0x0, Icarus 0xff",
    );
  }, BUILD);
});
