import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../hdl/errors.js';
import { CpuBudget } from './cpu-budget.js';
import { PhaseThreads } from './phase-thread.js';

const MODULE = new URL('../studies/test-study.js', import.meta.url).href;
const T = mkdtempSync(join(tmpdir(), 'gfxrtl-phase-'));
afterAll(() => rmSync(T, { recursive: true, force: true }));

describe('phase threads', () => {
  it("run a study's experiments on another thread holding one slot, then give the slot back; a study's mistake comes back as a user error", async () => {
    const budget = new CpuBudget(1);
    const threads = new PhaseThreads(1);
    try {
      const job = { kind: 'experiments', study: 'counter-test', module: MODULE, out: join(T, 'a'), seed: 1, mainJob: false, quiet: true, label: '' } as const;
      let busy = -1;
      const run = threads.run(job, budget, 0, () => {});
      // Taken before the job is sent.
      await new Promise<void>((r) => setImmediate(r));
      busy = budget.busy;
      const r = await run;
      expect(busy).toBe(1);
      expect(r?.files.map((f) => f.slice(T.length))).toEqual(['/a/experiments/wraps.md']);
      expect(existsSync(join(T, 'a', 'experiments', 'wraps.jsonl'))).toBe(true);
      expect(budget.busy).toBe(0);
      const bad = threads.run({ ...job, study: 'no-such-study' }, budget, 0, () => {});
      await expect(bad).rejects.toThrow(UserError);
      await expect(bad).rejects.toThrow(/exports no study named "no-such-study"/);
      expect(budget.busy).toBe(0);
      // Stopped before it started: not run.
      const stop = new AbortController();
      stop.abort();
      expect(await threads.run({ ...job, out: join(T, 'b') }, budget, 0, () => {}, stop.signal)).toBeNull();
      expect(existsSync(join(T, 'b'))).toBe(false);
    } finally {
      await threads.close();
    }
  }, 120_000);

  it('keep a thread whose job left a small heap for the next job, and end one left above the limit (V8 never returns an idle heap)', async () => {
    const budget = new CpuBudget(1);
    const job = { kind: 'experiments', study: 'counter-test', module: MODULE, out: join(T, 'c'), seed: 1, mainJob: false, quiet: true, label: '' } as const;
    const kept = new PhaseThreads(1);
    const retired = new PhaseThreads(1, 0);
    try {
      await kept.run(job, budget, 0, () => {});
      expect(kept.alive).toBe(1);
      await retired.run(job, budget, 0, () => {});
      expect(retired.alive).toBe(0);
      // A retired thread is replaced when the next job comes.
      expect((await retired.run(job, budget, 0, () => {}))?.files.length).toBe(1);
      expect(retired.alive).toBe(0);
    } finally {
      await kept.close();
      await retired.close();
    }
  }, 120_000);
});
