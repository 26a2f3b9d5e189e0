// The fuzz's own machinery, without Verilator: pruning keeps exactly the
// behaviour of the outputs it keeps, and regressions survive a save/load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { designOf } from '../../hdl/verilog/test-ir.js';
import { runOurSimulator } from '../cosim/compare.js';
import { xorshiftStimulus } from '../cosim/xorshift.js';
import { fuzzCircuit } from './circuits.js';
import { prune, sizeOf } from './shrink.js';
import { loadRegressions, saveRegression } from './regressions.js';

describe('fuzz machinery', () => {
  it('pruning to one output keeps that output, cycle for cycle, and drops logic', () => {
    for (const seed of [11, 12, 13, 14, 15]) {
      const m = fuzzCircuit(seed);
      const outs = m.ports.filter((p) => p.dir === 'out');
      const keep = outs[seed % outs.length]!;
      const small = prune({ ...m, ports: m.ports.filter((p) => p.dir === 'in' || p === keep) });
      expect(sizeOf(small)).toBeLessThanOrEqual(sizeOf(m));
      const stim = xorshiftStimulus(designOf(m), BigInt(seed), 30, 2);
      const full = runOurSimulator(designOf(m), stim, (d) => createSimulator(d));
      const ins = new Set(small.ports.filter((p) => p.dir === 'in').map((p) => p.name));
      const smallStim = { ...stim, cycles: stim.cycles.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => ins.has(k)))) };
      const got = runOurSimulator(designOf(small), smallStim, (d) => createSimulator(d));
      got.forEach((row, c) => expect(row[keep.name], `seed ${seed} ${keep.name} cycle ${c}`).toBe(full[c]![keep.name]));
    }
  });

  it('a saved regression loads back equal', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-fuzz-'));
    try {
      const module = fuzzCircuit(7);
      const stimulus = xorshiftStimulus(designOf(module), 7n, 5, 1);
      saveRegression({ campaignSeed: 1, circuitSeed: 7, message: 'test', module, stimulus }, dir);
      const [back] = loadRegressions(dir);
      expect(back?.regression.module).toEqual(module);
      expect(back?.regression.stimulus).toEqual(stimulus);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
