// `gfxrtl sim <unit>`: drive a unit with a stimulus file (or the unit's
// seeded random stimulus, the same cosim uses), write its outputs per cycle
// and, optionally, its waveform. A unit with a study is also run through
// the study's driver: with --workload NAME, or --input FILE in the study's
// own file format (NoBlur: a mesh); see sim-study.ts.
import { createSimulator, selectSignals, type Trace } from '../../hdl/sim/index.js';
import { MAX_SVG_CELLS, MAX_SVG_CYCLES } from '../../waveforms/svg.js';
import { allStudies, findUnit, studyOfUnit } from '../../studies/registry.js';
import { naturalValue } from '../../testbenches/port-values.js';
import { MAX_SIM_CYCLES, readStimulus } from '../../testbenches/stimulus.js';
import { unitStimulus } from '../../testbenches/unit-stimulus.js';
import { ConfigError } from '../../units/config.js';
import { formatOf, writeWaveform } from '../../waveforms/write.js';
import { checkOutputFile, jsonValue } from '../io.js';
import { OutputStream } from '../../hdl/output-file.js';
import { simOnWorkload } from './sim-study.js';
import { intOption, rejectInapplicable, signalPatterns } from './options.js';

export interface SimOptions {
  config: string;
  input?: string;
  output?: string;
  wave?: string;
  signals?: string;
  window?: string;
  cycles?: string;
  seed?: string;
  workload?: string;
  param?: string;
}

export function parseWindow(text: string | undefined): { from?: number; to?: number } {
  if (text === undefined) return {};
  const m = /^(\d*):(\d*)$/.exec(text);
  if (!m) throw new ConfigError(`--window ${JSON.stringify(text)}: expected A:B (cycles, either may be empty, A < B)`);
  const from = m[1] ? Number(m[1]) : undefined;
  const to = m[2] ? Number(m[2]) : undefined;
  if ((from !== undefined && !Number.isSafeInteger(from)) || (to !== undefined && !Number.isSafeInteger(to))) throw new ConfigError(`--window ${text}: cycle numbers too large`);
  if (from !== undefined && to !== undefined && to <= from) throw new ConfigError(`--window ${text}: B must be greater than A`);
  return { from, to };
}

/**
 * An SVG or PNG the renderer would refuse, refused before the simulation.
 * `cycles` is null when the run's length is known only after simulating it
 * (a study workload): then the window must bound what is drawn.
 */
export function checkDrawable(file: string, cycles: number | null, w: { from?: number; to?: number }, signals: number): void {
  const f = formatOf(file);
  if (f !== 'svg' && f !== 'png') return;
  if (cycles === null && w.to === undefined) {
    throw new ConfigError(
      `--wave ${file}: a workload's length in cycles is known only after simulating it; give --window A:B (at most ${MAX_SVG_CYCLES} cycles, ${MAX_SVG_CELLS} cycle-signals) to draw it, or write a .vcd`,
    );
  }
  const end = cycles === null ? (w.to ?? 0) : Math.min(cycles, w.to ?? cycles);
  const shown = Math.max(0, end - (w.from ?? 0));
  if (shown > MAX_SVG_CYCLES || shown * signals > MAX_SVG_CELLS) {
    throw new ConfigError(
      `--wave ${file}: ${shown} cycles x ${signals} signals is too large to draw (limit ${MAX_SVG_CYCLES} cycles, ${MAX_SVG_CELLS} cycle-signals); narrow --window or --signals, or write a .vcd`,
    );
  }
}

/** --signals and --window shape a waveform: without --wave they would be
 *  silently ignored. The waveform's format is checked before any work. */
export function checkWaveOptions(cmd: string, opts: SimOptions): void {
  rejectInapplicable(cmd, opts, {
    signals: { applies: opts.wave !== undefined, when: 'with --wave' },
    window: { applies: opts.wave !== undefined, when: 'with --wave' },
  });
  if (opts.wave !== undefined) formatOf(opts.wave);
  parseWindow(opts.window);
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

export { MAX_SIM_CYCLES };

export async function simCommand(unitName: string, opts: SimOptions): Promise<void> {
  const unit = findUnit(unitName);
  const entry = studyOfUnit(unit.name);
  const portStimulus = opts.input?.endsWith('.stim.json') === true;
  const viaStudy = entry !== null && (opts.workload !== undefined || (opts.input !== undefined && !portStimulus));
  checkWaveOptions('sim', opts);
  if (viaStudy) return simOnWorkload(entry.study, opts);
  if (opts.workload !== undefined) throw new ConfigError(`sim ${unitName}: --workload needs a unit with a study; units with one: ${allStudies().map((e) => e.study.unit.name).join(', ')}`);
  if (opts.input !== undefined && !portStimulus && entry === null && !opts.input.endsWith('.json')) throw new ConfigError(`sim ${unitName}: --input ${opts.input} is not a stimulus file (*.json)`);
  rejectInapplicable(`sim ${unitName}`, opts, {
    cycles: { applies: opts.input === undefined, when: 'to the random stimulus, without --input' },
    seed: { applies: opts.input === undefined, when: 'to the random stimulus (or a --workload), without a stimulus --input' },
    param: { applies: false, when: 'with --workload' },
  });
  const { design, config, configText } = unit.parse(opts.config);
  const seed = intOption('sim', 'seed', opts.seed ?? '1', 0);
  const cycles = intOption('sim', 'cycles', opts.cycles ?? '32', 1, MAX_SIM_CYCLES);
  if (opts.output !== undefined) checkOutputFile(opts.output, '--output');
  if (opts.wave !== undefined) checkOutputFile(opts.wave, '--wave');
  const made = opts.input ? null : unitStimulus(unit, config, design, seed, cycles);
  const stim = made?.stimulus ?? readStimulus(opts.input!, design);
  const sim = createSimulator(design);
  const top = design.top.name;
  const outputs = design.top.ports.filter((p) => p.dir === 'out');
  sim.reset(stim.reset);
  if (opts.wave) {
    const patterns = signalPatterns(sim, opts.signals);
    checkDrawable(opts.wave, stim.cycles.length, parseWindow(opts.window), selectSignals(sim.signals(), patterns).length);
    sim.startTrace(patterns);
  }
  // Streamed: memory stays bounded however many cycles run; a regular
  // --output file takes its place only when the run is complete.
  const out = new OutputStream(opts.output ?? '-');
  try {
    for (const c of stim.cycles) {
      for (const [port, v] of c) sim.poke(`${top}.${port}`, v);
      const raw = outputs.map((p) => [p, sim.peek(`${top}.${p.name}`)] as const);
      const o = Object.fromEntries(raw.map(([p, v]) => [p.name, jsonValue(v)]));
      const natural = raw.flatMap(([p, v]) => {
        const n = naturalValue(v, p.width, p.display);
        return n === null ? [] : [[p.name, n] as const];
      });
      out.write(JSON.stringify({ cycle: sim.cycle, outputs: o, ...(natural.length > 0 && { values: Object.fromEntries(natural) }) }) + '\n');
      sim.step();
    }
    out.commit();
  } catch (e) {
    out.abort();
    throw e;
  }
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
