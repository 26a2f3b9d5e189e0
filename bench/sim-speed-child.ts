// One design, one observe mode, all measurement modes of bench/sim-speed.ts,
// in a process of its own: V8's type feedback then comes from this one
// simulator only, as in a real testbench, not from every simulator the
// benchmark built before it. Run by sim-speed.ts through fork(); answers
// with one message (bigints as hex strings). With `interleave`, it asks the
// parent to time one Verilator run before each of its own timed slices
// (a `between` message, answered by `go`), so that both sides' best runs
// come from the same stretch of time on this shared machine.
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
  /** Pause for a Verilator run before each timed slice. */
  interleave: boolean;
}

/** The timed paths, each paired with the Verilator mode it is compared to. */
export type TimedPath = 'free' | 'batched' | 'constant';

/** Child to parent before a timed slice: time one Verilator run for `path`
 *  now; `fresh`: the child starts a new set of repetitions (its earlier
 *  ones were too short and are dropped), so the parent drops its too. */
export interface BetweenMessage {
  kind: 'between';
  path: TimedPath;
  fresh: boolean;
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

/** Resolves when the parent answers `go` (after its Verilator run). */
function between(req: ChildRequest, path: TimedPath, fresh: boolean): Promise<void> {
  if (!req.interleave) return Promise.resolve();
  return new Promise((resolve) => {
    process.once('message', () => resolve());
    const m: BetweenMessage = { kind: 'between', path, fresh };
    process.send!(m);
  });
}

async function measure(run: FreeRun | BatchRun | ConstRun, req: ChildRequest, maxCycles: number, path: TimedPath): Promise<ChildMode> {
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
  const reps = async (): Promise<void> => {
    best = Infinity;
    bestCpu = Infinity;
    for (let i = 0; i < req.reps; i++) {
      await between(req, path, i === 0);
      const t = run.slice(cycles);
      best = Math.min(best, t.seconds);
      bestCpu = Math.min(bestCpu, t.cpuSeconds);
    }
  };
  await reps();
  for (let redo = 0; redo < 3 && best < 0.6 * req.target && cycles < maxCycles; redo++) {
    // Still sped up after the warm-up (V8 optimises a large loop late on a
    // busy machine): time again at the right length.
    cycles = size(cycles / best, req.target);
    await reps();
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

async function main(req: ChildRequest): Promise<ChildResult> {
  const design = benchDesign(req.design).make();
  const seed = BigInt(req.seed);
  const t0 = performance.now();
  const sim = createSimulator(design, { observe: req.observe });
  const compileSeconds = (performance.now() - t0) / 1000;
  const narrowInputs = topPorts(design).inputs.filter((p) => p.width <= 32).length;
  const maxFree = Math.floor(req.maxStimWords / Math.max(1, narrowInputs));
  const free = await measure(new FreeRun(sim, seed, req.resets, req.checkpointFree), req, maxFree, 'free');
  // A simulator of its own, from reset: the same run as `free`, so the same
  // checksum at Verilator's checkpoint. Columns double the stimulus memory.
  const batchSim = createSimulator(design, { observe: req.observe });
  const batched = await measure(new BatchRun(batchSim, seed, req.resets, req.checkpointFree), req, Math.floor(maxFree / 2), 'batched');
  const constSim = createSimulator(design, { observe: req.observe });
  const constant = await measure(new ConstRun(constSim, seed, req.resets, req.checkpointConst), req, 2 ** 40, 'constant');
  return { compileSeconds, loopMode: sim.compiled.loopMode, free, batched, constant };
}

process.once('message', async (req: ChildRequest) => {
  try {
    const result = await main(req);
    process.send!({ ok: true, result }, () => process.exit(0));
  } catch (e) {
    process.send!({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }, () => process.exit(1));
  }
});
