// What V8's optimising compiler (TurboFan) spends on a design's generated
// simulator code, function by function: the cost a sweep pays again for
// every design it compiles (docs/speed.md). Each design of a study's
// main-job space is elaborated, compiled as a sweep compiles it
// (SWEEP_COMPILE) and run once on its workload by the study's driver, so its
// lazily made functions exist; then every settle and clock-edge function is
// made afresh from its source (a unique comment, so V8's compilation cache
// does not hand back an earlier copy), called three times for type
// feedback, and optimised synchronously on its next call, which is timed.
// The figure per function is the best of ROUNDS such compilations. It
// measures code shapes, not the machine: compare generators or flags in
// the same hour, alternating.
//
//   node --allow-natives-syntax --no-concurrent-recompilation --import tsx \
//     bench/turbofan-cost.ts [STUDY] [PICKS] [ROUNDS]
//
// STUDY: blur (default), hybrid or noblur; PICKS: indices into its main-job
// micro-architectures (default 37,74,111,148); ROUNDS: default 4.
import { SWEEP_COMPILE } from '../explore/sweep/study-ref.js';
import { UserError } from '../hdl/errors.js';
import { createSimulator, type CompiledSimulator } from '../hdl/sim/index.js';
import { helpers } from '../hdl/sim/runtime/state.js';
import { mainJobSpace } from './driver-ratio.js';

type Factory = (S: unknown, H: unknown) => (n: number) => void;
type Prime = (f: (n: number) => void) => void;

const [studyName = 'blur', picksArg = '37,74,111,148', roundsArg = '4'] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!Number.isInteger(rounds) || rounds < 1) throw new UserError(`turbofan-cost: ROUNDS must be an integer >= 1, got ${roundsArg}`);

let prime: Prime;
try {
  // V8's own syntax: the function gets feedback from three calls, then is optimised at its next call.
  prime = new Function('f', '%PrepareFunctionForOptimization(f); f(0); f(0); f(0); %OptimizeFunctionOnNextCall(f);') as Prime;
} catch {
  throw new UserError('turbofan-cost: run it as node --allow-natives-syntax --no-concurrent-recompilation --import tsx bench/turbofan-cost.ts (V8 natives syntax times the compile)');
}

const picks = picksArg.split(',').map(Number);
if (!picks.every((p) => Number.isInteger(p) && p >= 0)) throw new UserError(`turbofan-cost: PICKS must be comma-separated indices (integers >= 0), got ${picksArg}`);
const { study, domain, wl, entries } = mainJobSpace(studyName);
console.log('design | functions | characters | TurboFan ms (best of rounds, with the call) | ms per 1,000 characters');
let allMs = 0;
let allChars = 0;
for (const pick of picks) {
  const e = entries[pick % entries.length]!;
  const m = domain.microArch(e.params);
  const design = domain.evaluator.elaborate(m);
  const sim = createSimulator(design, SWEEP_COMPILE);
  const workload = wl.def.build(wl.params, 1000, m);
  await study.driver.run({ config: m, design, simulator: (): CompiledSimulator => sim, workload, workloadName: wl.def.name, seed: 1000, wantToggles: false, wantRecords: false });
  let ms = 0;
  let chars = 0;
  let count = 0;
  for (const src of sim.compiled.sources) {
    // Settle and edge chunks only: the loops take typed arrays a bench would have to make up.
    if (!src.includes('return function (n) {')) continue;
    let best = Infinity;
    for (let r = 0; r < rounds; r++) {
      const f = (new Function('S', 'H', `${src}\n// ${r} ${Math.random()}`) as Factory)(sim.compiled.state, helpers);
      prime(f);
      const t0 = performance.now();
      f(0);
      best = Math.min(best, performance.now() - t0);
    }
    ms += best;
    chars += src.length;
    count++;
  }
  allMs += ms;
  allChars += chars;
  console.log(`${studyName} #${pick} ${e.id} | ${count} | ${chars} | ${ms.toFixed(0)} | ${((1000 * ms) / chars).toFixed(2)}`);
}
console.log(`all | | ${allChars} | ${allMs.toFixed(0)} | ${((1000 * allMs) / allChars).toFixed(2)}`);
