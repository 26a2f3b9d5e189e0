import { describe, expect, it } from 'vitest';
import { CpuBudget, withCpuBudget } from './cpu-budget.js';
import { FarmJobError, farmWorkers, runFarm } from './job-farm.js';
import type { FarmTestJob } from './test-farm-worker.js';

const ENTRY = new URL('./test-farm-worker', import.meta.url);
type Out = { square: number; thread: number; at: number };

describe('the job farm', () => {
  it('returns results in job order although the first job finishes last, and runs on several threads', async () => {
    // Job 0 waits for the other three: it can only finish last, and only if another thread ran them.
    const gate = new Int32Array(new SharedArrayBuffer(4));
    const jobs: FarmTestJob[] = [{ x: 3, ms: 0, gate, after: 3 }, { x: 4, ms: 0, gate }, { x: 5, ms: 0, gate }, { x: 6, ms: 0, gate }];
    const done: number[] = [];
    const out = await runFarm<FarmTestJob, Out>(ENTRY, jobs, { name: 'farm test', workers: 2, onDone: (i) => done.push(i) });
    expect(out.map((o) => o.square)).toEqual([9, 16, 25, 36]);
    expect(new Set(out.map((o) => o.thread)).size).toBe(2);
    // Job 3 counts itself done just before its worker posts its result, so job 0's result may overtake
    // job 3's (it did at load 24); jobs 1 and 2 were answered before job 3 started.
    expect(done.indexOf(0)).toBeGreaterThanOrEqual(2);
    expect([...done].sort()).toEqual([0, 1, 2, 3]);
  }, 60_000);

  it('sends the heaviest jobs first (one worker: in weight order, ties in job order)', async () => {
    const jobs: FarmTestJob[] = [1, 2, 3, 4].map((x) => ({ x, ms: 0 }));
    const done: number[] = [];
    await runFarm<FarmTestJob, Out>(ENTRY, jobs, { name: 'farm test', workers: 1, weight: (j) => (j.x % 2 === 0 ? 1 : 0), onDone: (i) => done.push(i) });
    expect(done).toEqual([1, 3, 0, 2]);
  }, 60_000);

  it("rejects with the farm's name, the job's index and the worker's reason", async () => {
    const run = runFarm<FarmTestJob, Out>(ENTRY, [{ x: 1, ms: 0 }, { x: -2, ms: 0 }], { name: 'farm test', workers: 2 });
    await expect(run).rejects.toThrow(FarmJobError);
    await expect(run).rejects.toThrow(/^farm test, job 1: ParamError: x = -2 is not valid; valid: a non-negative number/);
  }, 60_000);

  it("under the main job's CPU budget a job is sent only when it holds a slot, and every slot is given back", async () => {
    // Two workers but one slot: the jobs run one at a time, each after the one before ended.
    const budget = new CpuBudget(1);
    const jobs: FarmTestJob[] = [1, 2, 3, 4].map((x) => ({ x, ms: 150 }));
    const out = await withCpuBudget({ budget, priority: 0, study: 'farm test' }, () => runFarm<FarmTestJob, Out>(ENTRY, jobs, { name: 'farm test', workers: 2 }));
    expect(out.map((o) => o.square)).toEqual([1, 4, 9, 16]);
    const ends = out.map((o) => o.at).sort((a, b) => a - b);
    // Each job busy-waits 150 ms: run one at a time, successive ends are at least that far apart (two at once end together).
    for (let i = 1; i < ends.length; i++) expect(ends[i]! - ends[i - 1]!).toBeGreaterThanOrEqual(149);
    expect(budget.busy).toBe(0);
    expect(budget.queued).toBe(0);
  }, 60_000);

  it('starts no more workers than jobs, at least one, and refuses a worker count that is not a positive integer', async () => {
    expect(farmWorkers(8, 3)).toBe(3);
    expect(farmWorkers(2, 0)).toBe(1);
    expect(farmWorkers('auto', 1)).toBe(1);
    expect(() => farmWorkers(0, 4)).toThrow(/workers must be a positive integer/);
    expect(await runFarm(ENTRY, [], { name: 'farm test', workers: 2 })).toEqual([]);
  });
});
