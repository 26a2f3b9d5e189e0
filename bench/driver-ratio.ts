// The study drivers' speed against the simulator's own fast path, design by
// design: a study's driver runs the design on the study's workload (as the
// main job does), and the same compiled simulator runs runBatch with fresh
// random inputs every cycle and every output recorded (the free-running
// `runBatch` of bench/sim-speed.ts) for as many cycles. Both in this
// process, warm (each timed stretch follows one untimed run of the same
// kind), alternating, best of three each; CPU time. Each is timed over a
// stretch of at least MIN_BATCH_CYCLES cycles: runBatch in chunks, the
// driver over as many runs of its workload (a fresh seed each) as it takes. The driver's time excludes
// building the workload and compiling the simulator, as the main job's
// "driver" column does.
import { findStudy } from '../studies/registry.js';
import { enumerateMicroArchs, resolveSpec, studyDomain } from '../explore/sweep/index.js';
import { selectWorkload, simulatorOf } from '../explore/sweep/study-ref.js';
import type { CompiledSimulator } from '../hdl/sim/index.js';
import { batchWords } from '../hdl/sim/index.js';
import { makeRng } from '../testbenches/rng.js';
import { cpuMs } from './cpu-timing.js';
import { InternalError } from '../hdl/errors.js';

export interface DriverRatio {
  readonly study: string;
  readonly id: string;
  /** Cycles of one run (the timed runs' mean). */
  readonly cycles: number;
  /** Driver runs in each timed stretch. */
  readonly runs: number;
  /** Cycles per CPU second. */
  readonly driver: number;
  /** The driver's first run on a freshly compiled simulator, cycles per CPU
   *  second: what a sweep sees (each design runs its workload once), with
   *  the lazily generated code and V8's compilation of it. */
  readonly cold: number;
  readonly runBatch: number;
}

/** A fresh workload seed for every run: a study that reuses cycle-identical
 *  runs (Blur) must simulate each one. */
let seed = 1_000_000;

/** Chunk of runBatch cycles per call (its arrays reused). */
const CHUNK = 4096;
/** Fewest runBatch cycles timed, so a short workload still times runBatch over a stretch. */
const MIN_BATCH_CYCLES = 200_000;

/** runBatch over `cycles` random cycles, CPU ms. */
function timeRunBatch(sim: CompiledSimulator, cycles: number, seed: number): number {
  const rng = makeRng(seed);
  const top = sim.design.top;
  const port = (dir: 'in' | 'out') => top.ports.filter((p) => p.dir === dir).map((p) => ({ path: `${top.name}.${p.name}`, width: p.width }));
  const inputs = port('in');
  const cols: Record<string, Uint32Array> = {};
  for (const p of inputs) {
    const a = new Uint32Array(CHUNK * batchWords(p.width));
    for (let i = 0; i < a.length; i++) a[i] = rng.u32();
    cols[p.path] = a;
  }
  const outputs = port('out');
  const into: Record<string, Uint32Array> = {};
  for (const p of outputs) into[p.path] = new Uint32Array(CHUNK * batchWords(p.width));
  sim.reset();
  const t = cpuMs();
  for (let done = 0; done < cycles; done += CHUNK) sim.runBatch(cols, Math.min(CHUNK, cycles - done), undefined, into);
  return cpuMs() - t;
}

/** A study's main-job space: its domain and workload as the main job narrows them, and its micro-architectures in sweep order. */
export function mainJobSpace(studyName: string) {
  const { study } = findStudy(studyName);
  const main = study.mainJob;
  const ref = { ...(main?.params !== undefined && { params: main.params }) };
  const domain = studyDomain(study, ref);
  const wl = selectWorkload(study, ref);
  const entries = enumerateMicroArchs(domain, resolveSpec(domain.axes, { ...(main?.only !== undefined && { only: main.only }) }));
  return { study, domain, wl, entries };
}

/** At most `count` of `list`, spread over it: first, last and evenly between (each at most once). */
export function spreadPicks<T>(list: readonly T[], count: number): T[] {
  const at = Array.from({ length: count }, (_, i) => Math.round((i * (list.length - 1)) / Math.max(1, count - 1)));
  return [...new Set(at)].map((i) => list[i]!);
}

/** `count` micro-architectures spread over the study's main-job space (first, middle, last, ...). */
export async function driverRatios(studyName: string, count: number, log: (s: string) => void): Promise<DriverRatio[]> {
  const { study, domain, wl, entries } = mainJobSpace(studyName);
  const picks = spreadPicks(entries, count);
  const out: DriverRatio[] = [];
  for (const e of picks) {
    const m = domain.microArch(e.params);
    const design = domain.evaluator.elaborate(m);
    const sim = simulatorOf(design);
    // `runs` runs, each on a fresh workload built before its clock starts.
    const driverRuns = async (runs: number): Promise<{ ms: number; cycles: number }> => {
      let ms = 0;
      let cycles = 0;
      for (let r = 0; r < runs; r++) {
        const s = seed++;
        const workload = wl.def.build(wl.params, s, m);
        let simulated = false;
        const simulator = (): CompiledSimulator => {
          simulated = true;
          return sim;
        };
        const before = sim.cycle;
        const t = cpuMs();
        await study.driver.run({ config: m, design, simulator, workload, workloadName: wl.def.name, seed: s, wantToggles: false, wantRecords: false });
        ms += cpuMs() - t;
        if (!simulated) throw new InternalError(`driver-ratio: study ${studyName}'s driver did not simulate ${e.id}`);
        // Clock edges run (a study's counted cycles may be a derived figure: the Hybrid's joint rate).
        cycles += sim.cycle - before;
      }
      return { ms, cycles };
    };
    const first = await driverRuns(1);
    const batchCycles = Math.max(first.cycles, MIN_BATCH_CYCLES);
    // The driver is timed over as many cycles as runBatch: a workload of a
    // few thousand cycles runs for a millisecond or two, and a single run
    // measured the process's warm-up (V8 optimising the driver's code, its
    // compiler threads' CPU time, a collection) more than the driver.
    const runs = Math.ceil(batchCycles / first.cycles);
    timeRunBatch(sim, Math.min(batchCycles, 20_000), 7);
    let bestDriver = Infinity;
    let bestBatch = Infinity;
    let cycles = first.cycles;
    for (let r = 0; r < 3; r++) {
      const d = await driverRuns(runs);
      cycles = d.cycles / runs;
      bestDriver = Math.min(bestDriver, d.ms / d.cycles);
      bestBatch = Math.min(bestBatch, timeRunBatch(sim, batchCycles, 100 + r) / batchCycles);
    }
    const row = { study: studyName, id: e.id, cycles, runs, driver: 1000 / bestDriver, cold: (1000 * first.cycles) / first.ms, runBatch: 1000 / bestBatch };
    log(`  ${studyName} ${e.id}: driver ${Math.round(row.driver)} cycles/s (first run ${Math.round(row.cold)}), runBatch ${Math.round(row.runBatch)} cycles/s (${(row.driver / row.runBatch).toFixed(2)}x)`);
    out.push(row);
  }
  return out;
}
