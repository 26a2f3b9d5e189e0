// `gfxrtl cosim <unit>`: the same seeded random stimulus through our
// simulator, Verilator and (when installed) Icarus, compared cycle by cycle.
import { createSimulator } from '../../hdl/sim/index.js';
import { crossSimulate, hasTool, INSTALL_HINT, xorshiftStimulus } from '../../testbenches/cosim/index.js';
import { ConfigError } from '../../units/config.js';
import { findUnit } from '../../units/registry.js';

export async function cosimCommand(unitName: string, opts: { config: string; cycles: string; seed: string }): Promise<void> {
  const cycles = Number(opts.cycles);
  const seed = Number(opts.seed);
  if (!Number.isInteger(cycles) || cycles < 1) throw new ConfigError(`cosim: --cycles ${opts.cycles} must be a positive integer`);
  if (!Number.isInteger(seed) || seed < 0) throw new ConfigError(`cosim: --seed ${opts.seed} must be a non-negative integer`);
  if (!hasTool('verilator')) throw new ConfigError(`cosim: verilator is not installed (${INSTALL_HINT})`);
  const { design, configText } = findUnit(unitName).elaborate(opts.config);
  const stim = xorshiftStimulus(design, BigInt(seed), cycles, 1);
  const t0 = Date.now();
  const r = await crossSimulate(design, stim, createSimulator);
  const against = r.icarus ? 'Verilator and Icarus' : 'Verilator';
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.mismatch) {
    console.error(`cosim ${unitName} [${configText}], seed ${seed}: MISMATCH\n${r.mismatch.message}`);
    process.exitCode = 1;
    return;
  }
  const outputs = design.top.ports.filter((p) => p.dir === 'out').length;
  console.log(`cosim ${unitName} [${configText}], seed ${seed}: ${cycles} cycles x ${outputs} outputs identical in gfxrtl's simulator and ${against} (${secs} s incl. builds)`);
}
