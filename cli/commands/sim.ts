// `gfxrtl sim <unit>`: drive a unit with a stimulus file (or seeded random
// stimulus), write its outputs per cycle and, optionally, its waveform.
import { readFileSync } from 'node:fs';
import type { Design } from '../../hdl/ir.js';
import { createSimulator, type Trace } from '../../hdl/sim/index.js';
import { makeRng } from '../../testbenches/rng.js';
import { parseStimulus, type Stimulus } from '../../testbenches/stimulus.js';
import { findUnit } from '../../units/registry.js';
import { ConfigError } from '../../units/config.js';
import { simNoblurCommand } from './sim-noblur.js';
import { simBlurCommand } from './sim-blur.js';
import { writeWaveform } from '../../waveforms/write.js';
import { jsonValue, writeFileAtomic } from '../io.js';

export interface SimOptions {
  config: string;
  input?: string;
  output?: string;
  wave?: string;
  signals?: string;
  window?: string;
  cycles: string;
  seed: string;
}

export function randomStimulus(design: Design, cycles: number, seed: number): Stimulus {
  const rng = makeRng(seed);
  const inputs = design.top.ports.filter((p) => p.dir === 'in');
  return {
    reset: 1,
    cycles: Array.from({ length: cycles }, () => new Map(inputs.map((p) => [p.name, randomBits(rng.u32.bind(rng), p.width)]))),
  };
}

function randomBits(u32: () => number, width: number): bigint {
  let v = 0n;
  for (let b = 0; b < width; b += 32) v = (v << 32n) | BigInt(u32());
  return BigInt.asUintN(width, v);
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

export function simCommand(unitName: string, opts: SimOptions & { workload?: string; count?: string }): void {
  // The rasterizer is driven by micropolygon workloads and meshes, not raw port stimulus.
  if (unitName === 'noblur' && !opts.input?.endsWith('.stim.json')) return simNoblurCommand(opts);
  if (unitName === 'blur' && !opts.input?.endsWith('.stim.json')) return simBlurCommand(opts);
  if (opts.workload) throw new ConfigError(`sim ${unitName}: --workload applies to rasterizer units (noblur, blur)`);
  const unit = findUnit(unitName);
  const { design, configText } = unit.elaborate(opts.config);
  const seed = Number(opts.seed);
  const stim = opts.input ? parseStimulus(readFileSync(opts.input, 'utf8'), opts.input, design) : randomStimulus(design, Number(opts.cycles), seed);
  const sim = createSimulator(design);
  const top = design.top.name;
  const outputs = design.top.ports.filter((p) => p.dir === 'out');
  sim.reset(stim.reset);
  if (opts.wave) sim.startTrace(opts.signals ? opts.signals.split(',') : ['**']);
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
  console.error(`${unitName} [${configText}]: ${stim.cycles.length} cycles simulated${opts.input ? ` from ${opts.input}` : ` (random stimulus, seed ${seed})`}` + (opts.output ? `, outputs in ${opts.output}` : '') + (opts.wave ? `, waveform in ${opts.wave}` : ''));
}
