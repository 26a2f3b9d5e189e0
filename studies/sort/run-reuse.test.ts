// The sweep's driver takes the experiment's run only when it is provably
// the same run (run-reuse.ts): the key changes with any bit of the
// stimulus, any config field and the netlist; a run the bench stored gives
// the driver the counts a fresh simulation gives, without stepping its
// simulator; a traced run simulates.
import { describe, expect, it } from 'vitest';
import { elaborate } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { goldenPasses } from '../../units/radix-sort/golden.js';
import { columnPairs, runSorterColumns, type SortColumns } from '../../units/radix-sort/drive.js';
import type { RadixSortConfig } from '../../units/radix-sort/config.js';
import { RadixSorter } from '../../units/radix-sort/module.js';
import type { Tile, TileSummary } from '../../testbenches/workloads/tiles/index.js';
import { sortRunKey, storedSortRun } from './run-reuse.js';
import { SorterBench } from './sorter-sim.js';
import { study } from './index.js';

const SEED = 2411;
const CFG: RadixSortConfig = { k: 4, keysPerCycle: '2', capacityLog2: 9, pidBits: 12, valBits: 9 };

/** `n` pairs of a small tile: ids and Morton words from a seeded LCG, values the positions 0..n-1. */
function pairsOf(n: number, seed: number): SortColumns {
  let s = seed >>> 0;
  const next = (): number => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
  const cols = { pid: new Uint32Array(n), xy: new Uint32Array(n), val: new Uint32Array(n) };
  for (let i = 0; i < n; i++) {
    cols.pid[i] = next() % 300;
    cols.xy[i] = next() % 4096;
    cols.val[i] = i;
  }
  return cols;
}

const copy = (c: SortColumns): SortColumns => ({ pid: c.pid.slice(), xy: c.xy.slice(), val: c.val.slice() });

describe('sort run reuse (seed 2411)', () => {
  const cols = pairsOf(300, SEED);
  const design = elaborate(RadixSorter, CFG);
  const key = sortRunKey(design, CFG, cols);

  it('the key changes with one bit of any pair, a pair left out, any config field, and the netlist', () => {
    const keys = new Set([key]);
    for (const col of ['pid', 'xy', 'val'] as const) {
      for (const at of [0, 150, 299]) {
        const c = copy(cols);
        c[col][at]! ^= 1;
        keys.add(sortRunKey(design, CFG, c));
      }
    }
    keys.add(sortRunKey(design, CFG, { pid: cols.pid.subarray(0, 299), xy: cols.xy.subarray(0, 299), val: cols.val.subarray(0, 299) }));
    expect(keys.size).toBe(1 + 9 + 1);
    // Each config field: with its own design, and with this design (the driver's config alone differs).
    const others: RadixSortConfig[] = [{ ...CFG, k: 5 }, { ...CFG, keysPerCycle: '4' }, { ...CFG, capacityLog2: 10 }, { ...CFG, pidBits: 13 }, { ...CFG, valBits: 10 }];
    for (const o of others) {
      const d = elaborate(RadixSorter, o);
      keys.add(sortRunKey(d, o, cols));
      keys.add(sortRunKey(design, o, cols));
      // The netlist alone differs.
      keys.add(sortRunKey(d, CFG, cols));
    }
    expect(keys.size).toBe(11 + 3 * others.length);
    // The same netlist elaborated again, and the same stimulus in other arrays: the same key.
    expect(sortRunKey(elaborate(RadixSorter, { ...CFG }), { ...CFG }, copy(cols))).toBe(key);
  });

  it("a run the bench simulated gives the sweep's driver a fresh simulation's counts without stepping its simulator; a traced run simulates", async () => {
    const tile: TileSummary = { tx: 0, ty: 0, size: 16, pairs: 300, coveredPixels: 0, pidLo: 0, pidHi: 0, xyDiffer: 0 };
    const passes = goldenPasses(columnPairs(cols), CFG.k);
    const bench = new SorterBench();
    // Another tile first: the stored run starts from reset whatever the simulator ran before.
    const before = pairsOf(200, SEED + 1);
    bench.run(CFG, { ...tile, pairs: 200 }, () => before, goldenPasses(columnPairs(before), CFG.k));
    const simulated = bench.run(CFG, tile, () => cols, passes);
    expect(storedSortRun(key)).not.toBeNull();
    const fresh = createSimulator(elaborate(RadixSorter, CFG));
    fresh.reset();
    const want = runSorterColumns(fresh, CFG, cols);
    expect(simulated.cycles).toBe(want.cycles.total);
    const workload = { ...cols, tx: 0, ty: 0, size: 16, pairs: 300 } as unknown as Tile;
    const run = async (traced: boolean): Promise<{ counts: unknown; stepped: number }> => {
      const sweepDesign = elaborate(RadixSorter, { ...CFG });
      const sim = createSimulator(sweepDesign);
      const counts = await study.driver.run({ config: { ...CFG }, design: sweepDesign, simulator: () => sim, workload, workloadName: 'default', seed: SEED, wantToggles: false, wantRecords: false, traced });
      return { counts, stepped: sim.cycle };
    };
    const expected = { cycles: want.cycles.total, work: 1, counters: { passes: want.passes, pairs: 300 } };
    const reused = await run(false);
    expect(reused.counts).toEqual(expected);
    expect(reused.stepped).toBe(0);
    const traced = await run(true);
    expect(traced.counts).toEqual(expected);
    expect(traced.stepped).toBeGreaterThanOrEqual(want.cycles.total);
    // A tile no run was stored for is simulated.
    const other = pairsOf(300, SEED + 2);
    const sim = createSimulator(design);
    const counts = await study.driver.run({ config: CFG, design, simulator: () => sim, workload: { ...other, tx: 0, ty: 0, size: 16, pairs: 300 } as unknown as Tile, workloadName: 'default', seed: SEED, wantToggles: false, wantRecords: false });
    expect(counts.cycles).toBeGreaterThan(0);
    expect(sim.cycle).toBeGreaterThanOrEqual(counts.cycles);
  });
});
