// A freshly compiled simulator's first runs, design by design, as a sweep
// sees them: each design elaborated and compiled (as the sweep does,
// explore/sweep/study-ref.ts simulatorOf), then the study's driver run on
// its main-job workload RUNS times; CPU ms of each (this process's, so V8's
// compiler threads count), and the cycles. Run it in a fresh process with
// GFXRTL_CACHE=off to see a first run without the code cache.
//
//   npx tsx bench/cold-start.ts STUDY PICKS [RUNS] [--max-source N] [--sources]
//                               [--kernels on|off]
//
// PICKS: indices into the study's main-job micro-architectures, e.g. 0,5,20.
// --max-source: the longest generated function (the sweep's default is
// SWEEP_FUNCTION_SOURCE); --sources: the generated functions' lengths;
// --kernels: code per module instance (hdl/sim/codegen/kernel-plan.ts) on
// or off (the sweep's default: on). The last line sums the designs' first
// runs, their later runs and the process's CPU. Compare settings in
// separate processes, alternating: V8's state carries over, and the host's
// speed drifts.
import { parseArgs } from 'node:util';
import { SWEEP_COMPILE, SWEEP_FUNCTION_SOURCE } from '../explore/sweep/study-ref.js';
import { mainJobSpace } from './driver-ratio.js';
import { createSimulator, type CompiledSimulator } from '../hdl/sim/index.js';
import { cpuMs } from './cpu-timing.js';
import { kernelUse } from '../hdl/sim/codegen/kernel.js';
import { ParamError } from '../hdl/errors.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'max-source': { type: 'string' }, sources: { type: 'boolean', default: false }, kernels: { type: 'string' } } });
if (values.kernels !== undefined && values.kernels !== 'on' && values.kernels !== 'off') throw new ParamError('--kernels', values.kernels, "'on' or 'off'");
const kernels = values.kernels === undefined ? SWEEP_COMPILE.kernels : values.kernels === 'on';
const start = cpuMs();
const sums = { first: 0, later: 0 };
const [studyName = 'blur', picks = '0', runs = '3'] = positionals;
const { study, domain, wl, entries } = mainJobSpace(studyName);
const maxFunctionSource = values['max-source'] !== undefined ? Number(values['max-source']) : SWEEP_FUNCTION_SOURCE;
for (const i of picks.split(',').map(Number)) {
  const e = entries[i % entries.length]!;
  const m = domain.microArch(e.params);
  let t = cpuMs();
  const design = domain.evaluator.elaborate(m);
  const elaborateMs = cpuMs() - t;
  t = cpuMs();
  const sim = createSimulator(design, { ...SWEEP_COMPILE, maxFunctionSource, kernels });
  const compileMs = cpuMs() - t;
  const times: string[] = [];
  for (let r = 0; r < Number(runs); r++) {
    const seed = 1000 + r;
    const workload = wl.def.build(wl.params, seed, m);
    const before = sim.cycle;
    t = cpuMs();
    await study.driver.run({ config: m, design, simulator: (): CompiledSimulator => sim, workload, workloadName: wl.def.name, seed, wantToggles: false, wantRecords: false });
    const ms = cpuMs() - t;
    sums[r === 0 ? 'first' : 'later'] += ms;
    times.push(`${ms.toFixed(0)} ms / ${sim.cycle - before} cycles`);
  }
  console.log(`${studyName} #${i} ${e.id}: elaboration ${elaborateMs.toFixed(0)} ms, compile ${compileMs.toFixed(0)} ms, runs ${times.join(', ')}`);
  if (values.sources) console.log(`  functions (characters): ${sim.compiled.sources.map((s) => s.length).join(' ')}`);
}
console.log(`${studyName}, kernels ${kernels ? 'on' : 'off'}: first runs ${sums.first.toFixed(0)} ms, later runs ${sums.later.toFixed(0)} ms, process CPU ${(cpuMs() - start).toFixed(0)} ms; kernel functions made ${kernelUse.made}, found made ${kernelUse.found}`);
