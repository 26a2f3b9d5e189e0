// Every saved fuzz failure (regressions/*.json): against the BigInt
// reference simulator always, and bundled against Verilator when installed.
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { RefSim } from '../../hdl/sim/testing/ref.js';
import { designOf } from '../../hdl/verilog/test-ir.js';
import { describeEda } from '../cosim/describe-eda.js';
import { runOurSimulator } from '../cosim/compare.js';
import { bundleStimulus, checkBundle } from './check.js';
import { loadRegressions } from './regressions.js';

const saved = loadRegressions();

describe('fuzz regressions against the reference simulator', () => {
  it('there are saved regressions to run', () => expect(saved.length).toBeGreaterThan(0));
  it.each(saved.map((s) => [s.file, s.regression] as const))('%s', (_file, r) => {
    const design = designOf(r.module);
    const ours = runOurSimulator(design, r.stimulus, (d) => createSimulator(d));
    const ref = new RefSim(r.module);
    const outs = r.module.ports.filter((p) => p.dir === 'out');
    const ins = r.module.ports.filter((p) => p.dir === 'in');
    // As runOurSimulator: inputs 0 through reset, then poke, sample, edge.
    for (const p of ins) ref.poke(p.name, 0n);
    ref.reset = true;
    for (let i = 0; i < (r.stimulus.resetCycles ?? 1); i++) ref.edge();
    ref.reset = false;
    r.stimulus.cycles.forEach((row, c) => {
      for (const p of ins) ref.poke(p.name, row[p.name] ?? 0n);
      for (const p of outs) expect(ours[c]![p.name], `${p.name} at cycle ${c}`).toBe(ref.value(p.node));
      ref.edge();
    });
  });
});

describeEda(['verilator'], 'fuzz regressions against Verilator', () => {
  it('all saved regressions, in one build', async () => {
    const parts = saved.map(({ regression: r }, i) => ({ child: { ...r.module, name: `R${i}` }, stim: r.stimulus }));
    const cycles = Math.max(...saved.map((s) => s.regression.stimulus.cycles.length));
    const same = parts.every((p) => p.stim.cycles.length === cycles);
    expect(same, 'regressions saved with different cycle counts').toBe(true);
    const { mismatches } = await checkBundle('FuzzRegressions', parts.map((p) => p.child), bundleStimulus(parts), cycles);
    expect(mismatches).toEqual([]);
  }, 300_000);
});
