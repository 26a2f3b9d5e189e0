// One design, one observe mode, all measurement modes of bench/sim-speed.ts,
// in a process of its own: V8's type feedback then comes from this one
// simulator only, as in a real testbench, not from every simulator the
// benchmark built before it. Run by sim-speed.ts through fork(); answers
// with one message (bigints as hex strings).
import { createSimulator } from '../hdl/sim/index.js';
import { topPorts } from '../testbenches/cosim/stimulus.js';
import { benchDesign } from './designs.js';
import { BatchRun, ConstRun, FreeRun } from './replay.js';

export interface ChildRequest {
  design: string;
  observe: 'ports' | 'all';
  /** Seconds per timed slice. */
  target: number;
  reps: number;
  seed: string;
  resets: number;
  /** Cycle counts at which to report the checksum (Verilator's run lengths). */
  checkpointFree: number | null;
  checkpointConst: number | null;
  /** Most narrow input words to prepare per slice. */
  maxStimWords: number;
}

export interface ChildMode {
  /** Cycles per timed slice. */
  cycles: number;
  /** Fastest timed slice. */
  seconds: number;
  /** Least CPU time of a timed slice. */
  cpuSeconds: number;
  warmupCycles: number;
  /** Cycles run in all (warm-up and timed slices). */
  totalCycles: number;
  checksumAtEnd: string;
  checksumAtCheckpoint: string | null;
}

export interface ChildResult {
  compileSeconds: number;
  loopMode: boolean;
  free: ChildMode;
  /** Mode (a) through runBatch. */
  batched: ChildMode | null;
  constant: ChildMode;
}

function measure(run: FreeRun | BatchRun | ConstRun, req: ChildRequest, maxCycles: number): ChildMode {
  const size = (rate: number, seconds: number): number => Math.max(1000, Math.min(maxCycles, Math.round(rate * seconds)));
  // Warm-up: double until a slice takes a quarter of the target, then
  // repeat quarter-target slices until the rate holds (V8 may still be
  // optimising a large design's loop when the doubling ends).
  const wall = (c: number): number => run.slice(c).seconds;
  let n = 1 << 10;
  let seconds = wall(n);
  while (seconds < req.target / 4 && n < maxCycles) {
    n = Math.min(n * 2, maxCycles);
    seconds = wall(n);
  }
  for (let i = 0; i < 4; i++) {
    const before = n / seconds;
    n = size(before, req.target / 4);
    seconds = wall(n);
    if (Math.abs(n / seconds - before) < 0.15 * before) break;
  }
  const warmupCycles = run.done;
  let cycles = size(n / seconds, req.target);
  let best = Infinity;
  let bestCpu = Infinity;
  const reps = (): void => {
    best = Infinity;
    bestCpu = Infinity;
    for (let i = 0; i < req.reps; i++) {
      const t = run.slice(cycles);
      best = Math.min(best, t.seconds);
      bestCpu = Math.min(bestCpu, t.cpuSeconds);
    }
  };
  reps();
  for (let redo = 0; redo < 3 && best < 0.6 * req.target && cycles < maxCycles; redo++) {
    // Still sped up after the warm-up (V8 optimises a large loop late on a
    // busy machine): time again at the right length.
    cycles = size(cycles / best, req.target);
    reps();
  }
  return {
    cycles,
    seconds: best,
    cpuSeconds: bestCpu,
    warmupCycles,
    totalCycles: run.done,
    checksumAtEnd: run.checksumNow().toString(16),
    checksumAtCheckpoint: run.atCheckpoint === null ? null : run.atCheckpoint.toString(16),
  };
}

function main(req: ChildRequest): ChildResult {
  const design = benchDesign(req.design).make();
  const seed = BigInt(req.seed);
  const t0 = performance.now();
  const sim = createSimulator(design, { observe: req.observe });
  const compileSeconds = (performance.now() - t0) / 1000;
  const narrowInputs = topPorts(design).inputs.filter((p) => p.width <= 32).length;
  const maxFree = Math.floor(req.maxStimWords / Math.max(1, narrowInputs));
  const free = measure(new FreeRun(sim, seed, req.resets, req.checkpointFree), req, maxFree);
  // A simulator of its own, from reset: the same run as `free`, so the same
  // checksum at Verilator's checkpoint. Columns double the stimulus memory.
  const batchSim = createSimulator(design, { observe: req.observe });
  const batched = measure(new BatchRun(batchSim, seed, req.resets, req.checkpointFree), req, Math.floor(maxFree / 2));
  const constSim = createSimulator(design, { observe: req.observe });
  const constant = measure(new ConstRun(constSim, seed, req.resets, req.checkpointConst), req, 2 ** 40);
  return { compileSeconds, loopMode: sim.compiled.loopMode, free, batched, constant };
}

process.once('message', (req: ChildRequest) => {
  try {
    process.send!({ ok: true, result: main(req) }, () => process.exit(0));
  } catch (e) {
    process.send!({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }, () => process.exit(1));
  }
});
