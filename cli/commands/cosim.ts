// `gfxrtl cosim <unit>`: the same stimulus through our simulator, Verilator
// and (when installed) Icarus, compared cycle by cycle. The stimulus is a
// file (--input, the format `sim` reads) or the unit's seeded random
// stimulus, the very inputs `gfxrtl sim <unit> --seed S` drives. Coverage
// counters the unit declares are printed, so "identical" says what was
// exercised.
import { createSimulator } from '../../hdl/sim/index.js';
import { findUnit } from '../../studies/registry.js';
import { crossSimulate, hasTool, INSTALL_HINT } from '../../testbenches/cosim/index.js';
import { readStimulus } from '../../testbenches/stimulus.js';
import { coverageCounts, toCosimStimulus, unitStimulus } from '../../testbenches/unit-stimulus.js';
import { ConfigError } from '../../units/config.js';
import { intOption, rejectInapplicable } from './options.js';

/** Verilator and Icarus hold every cycle's outputs for the comparison. */
const MAX_COSIM_CYCLES = 1_000_000;

export async function cosimCommand(unitName: string, opts: { config: string; cycles?: string; seed?: string; input?: string }): Promise<void> {
  const unit = findUnit(unitName);
  rejectInapplicable(`cosim ${unitName}`, opts, {
    cycles: { applies: opts.input === undefined, when: 'to the random stimulus, without --input' },
    seed: { applies: opts.input === undefined, when: 'to the random stimulus, without --input' },
  });
  const cycles = intOption('cosim', 'cycles', opts.cycles ?? '200', 1, MAX_COSIM_CYCLES);
  const seed = intOption('cosim', 'seed', opts.seed ?? '1', 0);
  const { design, config, configText } = unit.parse(opts.config);
  const made = opts.input === undefined ? unitStimulus(unit, config, design, seed, cycles) : null;
  const stim = made?.stimulus ?? readStimulus(opts.input!, design);
  if (stim.cycles.length > MAX_COSIM_CYCLES) throw new ConfigError(`cosim: ${opts.input} holds ${stim.cycles.length} cycles; cosim compares at most ${MAX_COSIM_CYCLES} (Verilator and Icarus hold every cycle's outputs)`);
  if (!hasTool('verilator')) throw new ConfigError(`cosim: verilator is not installed (${INSTALL_HINT})`);
  const t0 = Date.now();
  const r = await crossSimulate(design, toCosimStimulus(stim), createSimulator);
  const against = r.icarus ? 'Verilator and Icarus' : 'Verilator';
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  const what = made ? `${made.generator}, seed ${seed}` : opts.input!;
  if (r.mismatch) {
    console.error(`cosim ${unitName} [${configText}], ${what}: MISMATCH\n${r.mismatch.message}`);
    process.exitCode = 1;
    return;
  }
  const outputs = design.top.ports.filter((p) => p.dir === 'out').length;
  console.log(`cosim ${unitName} [${configText}], ${what}: ${stim.cycles.length} cycles x ${outputs} outputs identical in gfxrtl's simulator and ${against} (${secs} s incl. builds)`);
  for (const c of coverageCounts(unit.coverage ?? [], stim, r.ours)) console.log(`  coverage ${c.name.padEnd(16)} ${String(c.count).padStart(8)}  ${c.doc}`);
}
