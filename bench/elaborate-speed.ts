// Elaboration speed (issue 7 item 8): NoBlur (about 1,300 IR nodes as
// written) should elaborate in under 100 ms and a random design of 10,000
// IR nodes in under 1 s, checks and netlist passes included. Prints CPU time
// per elaboration (the machine is shared: wall time moves with its load,
// CPU time much less) beside wall time, and the time with the netlist
// passes off, so a regression can be placed. Not a test: nothing here fails.
//   npx tsx bench/elaborate-speed.ts
import { elaborate } from '../hdl/index.js';
import type { Design } from '../hdl/ir.js';
import { randomNetlist } from '../testbenches/random-netlist.js';
import { parseConfig, type ConfigOf } from '../units/config.js';
import { noblurSchema } from '../units/noblur/config.js';
import { NoBlur } from '../units/noblur/pipeline.js';

interface Case {
  name: string;
  targetMs: number;
  run(optimise: boolean): Design;
}

/** randomNetlist operators that give about 10,000 IR nodes as written. */
const RANDOM_OPS = 2700;
const random = randomNetlist({ nodes: RANDOM_OPS, maxWidth: 32, seed: 1, storage: true });
const noblurConfig = parseConfig('noblur', noblurSchema, '');

const CASES: Case[] = [
  { name: 'noblur (default config)', targetMs: 100, run: (optimise) => elaborate(NoBlur, noblurConfig as ConfigOf<typeof noblurSchema>, { optimise }) },
  { name: `random (randomNetlist nodes=${RANDOM_OPS}, seed 1)`, targetMs: 1000, run: (optimise) => elaborate(random, undefined, { optimise }) },
];

function nodes(d: Design): number {
  return d.modules.reduce((s, m) => s + m.nodes.length, 0);
}

function measure(c: Case, optimise: boolean, reps: number): { cpuMs: number; wallMs: number; nodes: number } {
  let n = nodes(c.run(optimise)); // warm-up
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) n = nodes(c.run(optimise));
  const cpu = process.cpuUsage(c0);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / reps, wallMs: (performance.now() - t0) / reps, nodes: n };
}

console.log('| design | IR nodes after passes | CPU ms / elaboration | wall ms | target | passes off: CPU ms (IR nodes) |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const c of CASES) {
  const reps = c.targetMs >= 1000 ? 3 : 10;
  const on = measure(c, true, reps);
  const off = measure(c, false, reps);
  const verdict = on.cpuMs < c.targetMs ? 'met' : 'MISSED';
  console.log(`| ${c.name} | ${on.nodes} | ${on.cpuMs.toFixed(1)} | ${on.wallMs.toFixed(1)} | < ${c.targetMs} (${verdict}) | ${off.cpuMs.toFixed(1)} (${off.nodes} nodes) |`);
}
