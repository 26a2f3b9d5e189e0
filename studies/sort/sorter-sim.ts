// Cycle counts from simulating the RadixSorter DSL unit on real tiles. One
// compiled simulator per configuration, reused across tiles. The sorter has
// no data-dependent stall: its cycles depend on the pair count, the passes
// left after digit skipping, k and keys per cycle only (a test in
// units/radix-sort holds it to that), so a tile whose (pairs, passes) was
// already simulated under a configuration reuses that simulation's count;
// every other tile is simulated. Every simulated tile's output is checked:
// a permutation of the input, sorted by key. Each simulated run starts
// from reset and is kept in the process's run store (run-reuse.ts), where
// the sweep's driver finds the lane sweep's runs instead of simulating them
// again.
import { elaborate } from '../../hdl/index.js';
import { createSimulator, type CompiledSimulator } from '../../hdl/sim/index.js';
import { columnPairs, runSorterColumns, type SortColumns, type SortRun } from '../../units/radix-sort/drive.js';
import type { RadixSortConfig } from '../../units/radix-sort/config.js';
import { RadixSorter } from '../../units/radix-sort/module.js';
import type { TileSummary } from '../../testbenches/workloads/tiles/index.js';
import { InternalError } from '../../hdl/errors.js';
import type { Design } from '../../hdl/index.js';
import { sortRunKey, storeSortRun } from './run-reuse.js';

export interface SimResult {
  readonly cycles: number;
  readonly passes: number;
  readonly simulated: boolean;
  readonly sorted?: SortRun['sorted'];
}

/** One call of SorterBench.run, as parallel.ts replays it in the one-thread order. */
export interface SimCall {
  /** The memo key: configuration, pairs and passes. */
  readonly key: string;
  /** The tile, unique within one cut of one frame. */
  readonly tile: string;
  readonly keepSorted: boolean;
  /** Simulated by this call (not taken from the memo). */
  readonly simulated: boolean;
  readonly cycles: number;
  readonly ms: number;
}

/** Longest generated function of the sorters' simulators (characters; the
 *  simulator's default is 80,000). A one-function loop is the fastest form
 *  once V8 has optimised it, but V8 optimises it on stack in the middle of
 *  its first long step(n) and again whenever a later phase takes a path the
 *  earlier ones never ran (a counter bank's or pair buffer's write), each
 *  time the whole function. At 30,000 the 1-lane sorters' step loop (about
 *  23,000) stays one function: they sort every tile of every scene, 10-13
 *  tiles per configuration and thread. The 2-8-lane loops (35,000-58,000)
 *  and every batch loop (46,000-77,000) run as chunk functions: the lane
 *  sweep sorts one tile per configuration. Measured (npx tsx
 *  studies/sort/run.ts, GFXRTL_CACHE=off, twice each, alternating): the
 *  2-8-lane tiles took 16.1-16.6 s against 23.0-26.3 s at 80,000, the
 *  1-lane ones 17.3-18.3 s against 16.8-18.3 s, and the study's CPU
 *  81.5-84.6 s against 90.8-92.6 s; results.jsonl, frames.json and
 *  costs.json the same. */
export const SORTER_FUNCTION_SOURCE = 30_000;

export class SorterBench {
  private readonly sims = new Map<string, { sim: CompiledSimulator; design: Design }>();
  private memo = new Map<string, { cycles: number; tile: TileSummary }>();
  simulatedCycles = 0;
  simulatedMs = 0;
  tilesSimulated = 0;
  /** Every run call in order. */
  readonly calls: SimCall[] = [];

  /** Forgets which tiles were simulated (the compiled simulators stay): a worker thread's bench between scenes. */
  forgetTiles(): void {
    this.memo = new Map();
    this.calls.length = 0;
  }

  /** The buffer and field widths each tile's input checks passed under (a busiest tile runs under every configuration). */
  private readonly checked = new WeakMap<TileSummary, Set<string>>();

  private simFor(cfg: RadixSortConfig): { sim: CompiledSimulator; design: Design } {
    const key = JSON.stringify(cfg);
    let s = this.sims.get(key);
    if (s === undefined) {
      const design = elaborate(RadixSorter, cfg);
      // Lazily (the parts a run uses), cached by the netlist's digest; with the simulator's default
      // passes, lazy arms included (the sorter's per-phase datapath is what they skip).
      s = { sim: createSimulator(design, { lazy: true, cache: true, maxFunctionSource: SORTER_FUNCTION_SOURCE }), design };
      this.sims.set(key, s);
    }
    return s;
  }

  /** Cycles and passes of one tile under cfg; `passes` is the golden pass count the memo is keyed on.
   *  The tile is its summary (its identity, place and pair count); `pairs` cuts its pairs, called only when it is simulated. */
  run(cfg: RadixSortConfig, tile: TileSummary, pairs: () => SortColumns, passes: number, opts: { keepSorted?: boolean } = {}): SimResult {
    const key = `${cfg.k}/${cfg.keysPerCycle}/${cfg.capacityLog2}/${tile.pairs}/${passes}`;
    const hit = this.memo.get(key);
    const tileId = `${tile.size}:${tile.tx},${tile.ty}`;
    // `simulated` says whether this very tile went through the simulator (here or earlier).
    if (hit !== undefined && !opts.keepSorted) {
      this.calls.push({ key, tile: tileId, keepSorted: false, simulated: false, cycles: hit.cycles, ms: 0 });
      return { cycles: hit.cycles, passes, simulated: hit.tile === tile };
    }
    // The tile's input checks depend on the buffer and field widths only: once per tile and widths.
    const checked = this.checked.get(tile) ?? new Set<string>();
    this.checked.set(tile, checked);
    const widths = `${cfg.capacityLog2}/${cfg.pidBits}/${cfg.valBits}`;
    const input = pairs();
    if (input.pid.length !== tile.pairs) throw new InternalError(`tile ${tile.tx},${tile.ty}: ${input.pid.length} pairs cut, its summary counts ${tile.pairs}`);
    const t0 = Date.now();
    // From reset, as the sweep's driver runs (the run is stored for it).
    const { sim, design } = this.simFor(cfg);
    sim.reset();
    // The tile's own columns in, sorted columns out: no object per pair.
    const r = runSorterColumns(sim, cfg, input, { check: !checked.has(widths) });
    checked.add(widths);
    const ms = Date.now() - t0;
    this.simulatedMs += ms;
    this.simulatedCycles += r.cycles.total;
    this.tilesSimulated++;
    verifySorted(input, r.sorted, `tile ${tile.tx},${tile.ty} k=${cfg.k} keysPerCycle=${cfg.keysPerCycle}`);
    if (r.passes !== passes) throw new InternalError(`sorter did ${r.passes} passes where the significant-bit rule gives ${passes} (tile ${tile.tx},${tile.ty}, k=${cfg.k})`);
    storeSortRun(sortRunKey(design, cfg, input), { cycles: r.cycles, passes: r.passes, pairs: input.pid.length });
    if (hit === undefined) this.memo.set(key, { cycles: r.cycles.total, tile });
    this.calls.push({ key, tile: tileId, keepSorted: opts.keepSorted === true, simulated: true, cycles: r.cycles.total, ms });
    return { cycles: r.cycles.total, passes: r.passes, simulated: true, sorted: opts.keepSorted ? columnPairs(r.sorted) : undefined };
  }
}

/** Output is sorted by (pid, xy) and is a permutation of the input (values are unique per tile). */
export function verifySorted(input: SortColumns, out: SortColumns, what: string): void {
  const n = input.pid.length;
  if (out.pid.length !== n) throw new InternalError(`${what}: ${out.pid.length} pairs out, ${n} in`);
  for (let i = 1; i < n; i++) {
    if (out.pid[i - 1]! > out.pid[i]! || (out.pid[i - 1] === out.pid[i] && out.xy[i - 1]! > out.xy[i]!)) throw new InternalError(`${what}: output not sorted at ${i}`);
  }
  // Input index by value (a tile position, below 2^valBits): a typed table,
  // not a Map of a quarter of a million entries per tile.
  let maxVal = 0;
  for (let i = 0; i < n; i++) if (input.val[i]! > maxVal) maxVal = input.val[i]!;
  if (maxVal >= 2 ** 26) throw new InternalError(`${what}: input value ${maxVal} is not a tile position (at most 2^26-1)`);
  const at = new Int32Array(maxVal + 1).fill(-1);
  for (let i = 0; i < n; i++) at[input.val[i]!] = i;
  for (let i = 0; i < n; i++) {
    const v = out.val[i]!;
    const j = v <= maxVal ? at[v]! : -1;
    if (j < 0 || input.pid[j] !== out.pid[i] || input.xy[j] !== out.xy[i]) throw new InternalError(`${what}: output pair (val ${v}) is not one of the input pairs`);
    at[v] = -1;
  }
}
