// npm run fuzz -- [--count N] [--seed S] [--bundle B] [--cycles C] [--save] [--no-shrink]
// Differential fuzzing of our simulator against Verilator: see campaign.ts.
// Exits 1 on any disagreement (each printed with the seed that rebuilds its
// circuit, shrunk), and 2 when Verilator is missing.
import { parseArgs } from 'node:util';
import { hasTool, INSTALL_HINT } from '../cosim/eda.js';
import { DEFAULT_BUNDLE, DEFAULT_CYCLES, runCampaign } from './campaign.js';
import { UserError } from '../../hdl/errors.js';

const { values: a } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    bundle: { type: 'string', default: String(DEFAULT_BUNDLE) },
    cycles: { type: 'string', default: String(DEFAULT_CYCLES) },
    save: { type: 'boolean', default: false },
    'no-shrink': { type: 'boolean', default: false },
  },
});

function whole(name: string, v: string | undefined, min: number): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) throw new UserError(`--${name} must be a whole number >= ${min}, got ${v}`);
  return n;
}

if (!hasTool('verilator')) {
  console.error(`fuzz: verilator is not installed, and the fuzzer compares against it. Install it with: ${INSTALL_HINT}`);
  process.exit(2);
}
const count = whole('count', a.count, 1);
const seed = whole('seed', a.seed, 0);
console.log(`fuzz: ${count} circuits, seed ${seed}, ${a.bundle} per Verilator build, ${a.cycles} cycles each`);
const report = await runCampaign({
  count,
  seed,
  bundle: whole('bundle', a.bundle, 1),
  cycles: whole('cycles', a.cycles, 1),
  shrink: !a['no-shrink'],
  save: a.save,
  log: (l) => console.log(l),
});
console.log(
  `fuzz: ${report.circuits} circuits in ${report.builds} Verilator builds, ${report.seconds.toFixed(0)} s: ` +
    (report.failures.length === 0 ? 'all agree' : `${report.failures.length} DISAGREE (seed ${seed}; rerun with --save to keep them as regression tests)`),
);
if (report.verilatorOnly.length > 0) {
  const known = report.verilatorOnly.filter((f) => f.verdict === 'verilator-dfg');
  const other = report.verilatorOnly.filter((f) => f.verdict !== 'verilator-dfg');
  const seeds = (fs: typeof known): string => fs.map((f) => f.circuitSeed).join(', ');
  if (known.length > 0) {
    console.log(
      `fuzz: ${known.length} more where only Verilator disagrees: the known Verilator 5.006 DFG defect ` +
        `(Icarus and Verilator -fno-dfg agree with gfxrtl; testbenches/fuzz/known-verilator-defects.md), circuit seeds ${seeds(known)}`,
    );
  }
  if (other.length > 0) {
    console.log(`fuzz: ${other.length} more where only Verilator disagrees (Icarus sides with gfxrtl; not the known DFG defect), circuit seeds ${seeds(other)}`);
  }
}
process.exit(report.failures.length === 0 ? 0 : 1);
