// Every registered unit, at its default config: the emitted Verilog lints
// clean, and Verilator, Icarus and gfxrtl's simulator agree on every output
// of every cycle of random stimulus. A unit added to the registry is
// checked here without further wiring. Parts of a unit (bbox in noblur)
// are checked inside it, so each Verilator build here is a whole unit.
import { expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { emitVerilog } from '../../hdl/verilog/emit.js';
import { lintVerilog } from '../../hdl/verilog/lint.js';
import { allUnits } from '../../units/registry.js';
import { crossSimulate } from './compare.js';
import { describeEda } from './describe-eda.js';
import { toCosimStimulus, unitStimulus } from '../unit-stimulus.js';

describeEda(['verilator', 'iverilog'], 'every unit against Verilator and Icarus', () => {
  for (const unit of allUnits().filter((u) => u.partOf === undefined)) {
    it(`${unit.name}: lints clean and cross-simulates`, async () => {
      const { design, config } = unit.parse({});
      expect((await lintVerilog(emitVerilog(design))).output).toBe('');
      // The stimulus `gfxrtl sim/cosim <unit> --seed 1` drives: the unit's own generator if it has one.
      const report = await crossSimulate(design, toCosimStimulus(unitStimulus(unit, config, design, 1, 300).stimulus), createSimulator, { icarus: true });
      expect(report.mismatch?.message ?? null).toBeNull();
    }, 600_000);
  }
});
