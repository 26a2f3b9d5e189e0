// `gfxrtl sim <unit> --workload NAME` (or --input FILE in the study's own
// format): run the unit's study driver on the unit, as the sweep does, and
// print its counts with the one throughput definition (work items per
// cycle, the work unit named in the header). --output writes the driver's
// per-item records (NoBlur: covered samples), --wave the waveform.
import type { Study } from '../../explore/contract.js';
import { selectSignals } from '../../hdl/sim/index.js';
import { findUnit } from '../../studies/registry.js';
import { checkCounts, selectWorkload, simulatorOf } from '../../explore/sweep/index.js';
import { ConfigError } from '../../units/config.js';
import { writeWaveform } from '../../waveforms/write.js';
import { checkOutputFile, writeFileAtomic } from '../io.js';
import { intOption, numberPairs, rejectInapplicable, signalPatterns } from './options.js';
import { checkDrawable, parseWindow, windowWithin, type SimOptions } from './sim.js';

function line(label: string, value: string): string {
  return `  ${label.padEnd(62)} ${value}`;
}

export async function simOnWorkload(study: Study, opts: SimOptions): Promise<void> {
  if (opts.input !== undefined && opts.workload !== undefined) throw new ConfigError(`sim ${study.unit.name}: give either --input FILE or --workload NAME, not both`);
  rejectInapplicable(`sim ${study.unit.name}`, opts, {
    cycles: { applies: false, when: 'to the random port stimulus (without --workload or a study --input); the workload sets the work' },
    param: { applies: opts.input === undefined, when: 'with --workload, not with an --input file' },
  });
  const { design, config, configText } = findUnit(study.unit.name).parse(opts.config);
  if (opts.output !== undefined) checkOutputFile(opts.output, '--output');
  if (opts.wave !== undefined) checkOutputFile(opts.wave, '--wave');
  // The simulator first: a waveform too large to draw is refused before the
  // workload is built and simulated.
  const sim = simulatorOf(design);
  const patterns = opts.wave === undefined ? [] : signalPatterns(sim, opts.signals);
  if (opts.wave !== undefined) checkDrawable(opts.wave, null, parseWindow(opts.window), selectSignals(sim.signals(), patterns).length);
  let workload: unknown;
  let source: string;
  let workloadName: string;
  let seed: number;
  if (opts.input !== undefined) {
    if (!study.fileWorkload) throw new ConfigError(`sim ${study.unit.name}: --input takes a port stimulus file (*.stim.json); study ${study.name} reads no other file`);
    workload = study.fileWorkload.read(opts.input, config);
    workloadName = opts.input;
    source = opts.input;
    seed = opts.seed === undefined ? 1 : intOption('sim', 'seed', opts.seed, 0);
  } else {
    const sel = selectWorkload(study, { ...(opts.workload !== undefined && { workload: opts.workload }), params: numberPairs('sim', '--param', opts.param), ...(opts.seed !== undefined && { seed: intOption('sim', 'seed', opts.seed, 0) }) });
    workload = sel.def.build(sel.params, sel.seed, config);
    workloadName = sel.def.name;
    seed = sel.seed;
    source = `workload ${sel.def.name} (${sel.def.describe(sel.params, sel.seed)}; seed ${sel.seed})`;
  }
  if (opts.wave) sim.startTrace(patterns);
  const counts = await study.driver.run({ config, design, simulator: () => sim, workload, workloadName, seed, wantToggles: false, wantRecords: opts.output !== undefined, traced: opts.wave !== undefined });
  checkCounts(study.name, workloadName, configText, counts);
  const w = study.work.name;
  const out = [
    `${study.unit.name} [${configText}] on ${source}`,
    line(`${w}s (${study.work.doc})`, String(counts.work)),
    line('cycles', String(counts.cycles)),
    line(`${w}s per cycle`, (counts.work / counts.cycles).toFixed(4)),
    line(`cycles per ${w}`, (counts.cycles / counts.work).toFixed(3)),
    ...(study.counterDisplay ?? []).map((c) => {
      const v = counts.counters?.[c.key];
      return line(c.display.label, v === undefined ? '—' : Number.isInteger(v) ? String(v) : (v / c.display.scale).toFixed(c.digits ?? 3));
    }),
  ];
  if (opts.output) {
    const records = counts.records ?? [];
    writeFileAtomic(opts.output, records.map((r) => JSON.stringify(r) + '\n').join(''));
    out.push(`  ${records.length} records written to ${opts.output}`);
  }
  if (opts.wave) {
    const trace = sim.stopTrace();
    if (trace) writeWaveform(trace, opts.wave, { window: windowWithin(opts.window, trace), title: `${study.unit.name} ${configText}` });
    out.push(`  waveform written to ${opts.wave}`);
  }
  console.log(out.join('\n'));
}
