// `gfxrtl sim <unit>`: drive a unit with a stimulus file (or the unit's
// seeded random stimulus, the same cosim uses), write its outputs per cycle
// and, optionally, its waveform. A unit with a study is also run through
// the study's driver: with --workload NAME, or --input FILE in the study's
// own file format (NoBlur: a mesh); see sim-study.ts.
import { readFileSync } from 'node:fs';
import { createSimulator, type Trace } from '../../hdl/sim/index.js';
import { allStudies, findUnit, studyOfUnit } from '../../studies/registry.js';
import { parseStimulus } from '../../testbenches/stimulus.js';
import { unitStimulus } from '../../testbenches/unit-stimulus.js';
import { ConfigError } from '../../units/config.js';
import { writeWaveform } from '../../waveforms/write.js';
import { jsonValue, writeFileAtomic } from '../io.js';
import { simStudyCommand } from './sim-study.js';
import { intOption, signalPatterns } from './options.js';

export interface SimOptions {
  config: string;
  input?: string;
  output?: string;
  wave?: string;
  signals?: string;
  window?: string;
  cycles: string;
  seed?: string;
  workload?: string;
  param?: string;
}

export function parseWindow(text: string | undefined): { from?: number; to?: number } {
  if (!text) return {};
  const m = /^(\d*):(\d*)$/.exec(text);
  if (!m) throw new ConfigError(`--window ${text}: expected A:B (cycles, either may be empty)`);
  return { from: m[1] ? Number(m[1]) : undefined, to: m[2] ? Number(m[2]) : undefined };
}

/** The --window of a finished run, limited to the cycles the trace holds
 *  (a window past the end of a short run shows what there is, and says so). */
export function windowWithin(text: string | undefined, trace: Trace): { from?: number; to?: number } {
  const w = parseWindow(text);
  const first = trace.startCycle;
  const end = first + (trace.values[0]?.length ?? 0);
  const from = w.from === undefined ? undefined : Math.max(first, Math.min(w.from, end - 1));
  const to = w.to === undefined ? undefined : Math.max((from ?? first) + 1, Math.min(w.to, end));
  if (from !== w.from || to !== w.to) console.error(`--window ${text}: the trace holds cycles ${first}..${end - 1}; showing ${from ?? first}..${(to ?? end) - 1}`);
  return { from, to };
}

export async function simCommand(unitName: string, opts: SimOptions): Promise<void> {
  const unit = findUnit(unitName);
  const entry = studyOfUnit(unit.name);
  const portStimulus = opts.input?.endsWith('.stim.json') === true;
  if (entry !== null && (opts.workload !== undefined || (opts.input !== undefined && !portStimulus))) return simStudyCommand(entry.study, opts);
  if (opts.workload !== undefined) throw new ConfigError(`sim ${unitName}: --workload needs a unit with a study; units with one: ${allStudies().map((e) => e.study.unit.name).join(', ')}`);
  if (opts.input !== undefined && !portStimulus && entry === null && !opts.input.endsWith('.json')) throw new ConfigError(`sim ${unitName}: --input ${opts.input} is not a stimulus file (*.json)`);
  const { design, config, configText } = unit.parse(opts.config);
  const seed = intOption('sim', 'seed', opts.seed ?? '1', 0);
  const made = opts.input ? null : unitStimulus(unit, config, design, seed, intOption('sim', 'cycles', opts.cycles, 1));
  const stim = made?.stimulus ?? parseStimulus(readFileSync(opts.input!, 'utf8'), opts.input!, design);
  const sim = createSimulator(design);
  const top = design.top.name;
  const outputs = design.top.ports.filter((p) => p.dir === 'out');
  sim.reset(stim.reset);
  if (opts.wave) sim.startTrace(signalPatterns(sim, opts.signals));
  const lines: string[] = [];
  for (const c of stim.cycles) {
    for (const [port, v] of c) sim.poke(`${top}.${port}`, v);
    const o = Object.fromEntries(outputs.map((p) => [p.name, jsonValue(sim.peek(`${top}.${p.name}`))]));
    lines.push(JSON.stringify({ cycle: sim.cycle, outputs: o }));
    sim.step();
  }
  if (opts.output) writeFileAtomic(opts.output, lines.join('\n') + '\n');
  else for (const l of lines) console.log(l);
  if (opts.wave) {
    const trace = sim.stopTrace();
    if (trace) writeWaveform(trace, opts.wave, { window: windowWithin(opts.window, trace), title: `${unitName} ${configText}` });
  }
  console.error(
    `${unitName} [${configText}]: ${stim.cycles.length} cycles simulated${made ? ` (${made.generator}, seed ${seed})` : ` from ${opts.input}`}` +
      (opts.output ? `, outputs in ${opts.output}` : '') +
      (opts.wave ? `, waveform in ${opts.wave}` : ''),
  );
}
