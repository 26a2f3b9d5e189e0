// The simulator compilation a sweep pays per design (#24), without running
// it: each picked main-job design is elaborated (not timed), then compiled
// as the sweep compiles it (explore/sweep/study-ref.ts SWEEP_COMPILE, with
// no code cache), and the settlePorts and edge
// functions a stream driver calls are made (one call each). CPU ms of this
// process per design, and one sha256 over every generated source (a check
// that a speed-up of the generator changed no code). Not a test: nothing
// here fails.
//
//   npx tsx bench/sim-compile.ts [blur=40,hybrid=20,noblur=20] [--rounds R]
//
// The picks spread over each space (first, last, evenly between); one
// design is compiled first so module loading and the generator's own V8
// warm-up are not counted. --rounds compiles the picks R times (best round
// per study). For a profile of the same run:
//   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/sim-compile.ts
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { mainJobSpace, spreadPicks } from './driver-ratio.js';
import { cpuMs } from './cpu-timing.js';
import { createSimulator } from '../hdl/sim/index.js';
import { SWEEP_COMPILE } from '../explore/sweep/study-ref.js';
import type { Design } from '../hdl/ir.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '1' } } });
const counts = Object.fromEntries((positionals[0] ?? 'blur=40,hybrid=20,noblur=20').split(',').map((s) => {
  const [k, v] = s.split('=');
  return [k!, Number(v ?? 20)];
}));
const rounds = Number(values.rounds);

const digest = createHash('sha256');
const compileOne = (design: Design): string[] => {
  const sim = createSimulator(design, { ...SWEEP_COMPILE, cache: false });
  sim.compiled.settlePorts();
  sim.compiled.edge();
  return sim.compiled.sources;
};
console.log(`sim-compile: load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
for (const [studyName, count] of Object.entries(counts)) {
  const { domain, entries } = mainJobSpace(studyName);
  const picks = spreadPicks(entries, count);
  const designs = picks.map((e) => domain.evaluator.elaborate(domain.microArch(e.params)));
  compileOne(designs[0]!);
  let best = Infinity;
  let chars = 0;
  for (let r = 0; r < rounds; r++) {
    let ms = 0;
    chars = 0;
    for (const d of designs) {
      const t = cpuMs();
      const sources = compileOne(d);
      ms += cpuMs() - t;
      for (const s of sources) {
        chars += s.length;
        if (r === 0) digest.update(s).update('\0');
      }
    }
    best = Math.min(best, ms);
  }
  console.log(`${studyName}: ${designs.length} designs, ${(best / designs.length).toFixed(1)} ms CPU per design (best of ${rounds}), ${Math.round(chars / designs.length)} characters generated per design`);
}
console.log(`sources sha256 ${digest.digest('hex')}`);
