// Property tests that leave evidence: when a fast-check property fails,
// its shrunk counterexample is replayed with tracing on and the waveform
// (VCD always, SVG when small enough to look at) is written next to the
// failure message, which also carries the seed and the replay path.
// Take simulators from a SimulatorCache (sim-cache.ts): one per config,
// fresh and reset for every run, including the replay.
import fc from 'fast-check';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Simulator, Trace } from '../hdl/sim/api.js';
import { writeWaveform } from '../waveforms/write.js';
import { seedFromEnv } from './rng.js';
import { InternalError } from '../hdl/errors.js';

/** What the property body gets besides its input: `attach` each simulator so the replay of a failure traces it. */
export interface PropertyContext {
  /** True on the replay of a failing counterexample. */
  readonly traced: boolean;
  /** Call with each simulator the body creates: on replay it is traced. */
  attach(sim: Simulator, patterns?: string[]): void;
}

/** Runs, seed (default GFXRTL_SEED, else 1) and where failure waveforms go. */
export interface PropertyOptions {
  numRuns?: number;
  /** Defaults to GFXRTL_SEED, else 1: a run is reproducible unless asked otherwise. */
  seed?: number;
  /** Where failure waveforms go (default out/failures). */
  waveDir?: string;
}

export function defaultSeed(): number {
  return seedFromEnv(1);
}

/** A fast-check property over simulations: on failure the shrunk counterexample is replayed with tracing on, and the
 *  error names the seed and the waveform files it wrote (VCD, and SVG when small). */
export function checkWithWaves<T>(name: string, arb: fc.Arbitrary<T>, body: (input: T, ctx: PropertyContext) => void, opts: PropertyOptions = {}): void {
  const seed = opts.seed ?? defaultSeed();
  const quiet: PropertyContext = { traced: false, attach: () => undefined };
  const details = fc.check(
    fc.property(arb, (x) => body(x, quiet)),
    { numRuns: opts.numRuns ?? 100, seed },
  );
  if (!details.failed) return;
  const example = details.counterexample?.[0] as T;
  const sims: Simulator[] = [];
  const traced: PropertyContext = {
    traced: true,
    attach: (sim, patterns) => {
      sim.startTrace(patterns ?? ['**']);
      sims.push(sim);
    },
  };
  let replayError: unknown = details.errorInstance;
  try {
    body(example, traced);
    replayError = new Error('the counterexample passed on replay (nondeterministic body?)');
  } catch (e) {
    replayError = e;
  }
  const files: string[] = [];
  const dir = opts.waveDir ?? join('out', 'failures');
  mkdirSync(dir, { recursive: true });
  sims.forEach((sim, i) => {
    const trace: Trace | null = sim.stopTrace();
    const cycles = trace?.values[0]?.length ?? 0;
    if (!trace || cycles === 0) return;
    const base = join(dir, `${name.replace(/[^A-Za-z0-9_-]+/g, '_')}-seed${seed}${sims.length > 1 ? `-${i}` : ''}`);
    writeWaveform(trace, `${base}.vcd`);
    files.push(`${base}.vcd`);
    if (cycles * trace.signals.length <= 3000 && cycles <= 400) {
      try {
        writeWaveform(trace, `${base}.svg`);
        files.push(`${base}.svg`);
      } catch {
        // an SVG is a convenience; the VCD above is the record
      }
    }
  });
  const msg = replayError instanceof Error ? replayError.message : String(replayError);
  throw new InternalError(
    `${name}: property failed after ${details.numRuns} runs [seed ${seed}, path "${details.counterexamplePath ?? ''}"]\n` +
      `counterexample: ${fc.stringify(example)}\n${msg}\n` +
      (files.length ? `waveform: ${files.join(', ')}` : 'waveform: (no simulator attached)'),
  );
}
