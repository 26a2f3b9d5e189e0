// Sequential sampling over several workers stops every design where the
// one-at-a-time loop stops, on the same runs, however the replicates'
// results interleave; what was simulated ahead is discarded, not pooled.
import { describe, expect, it } from 'vitest';
import type { SampleExtension } from '../contract.js';
import type { MicroArchEntry } from './enumerate.js';
import { needsMore } from './extend.js';
import type { ReplicateJob, ReplicateResult } from './replicate.js';
import { sampleAll, type ReplicateRunner, type Sampled, type SampleJob } from './sampling.js';
import { poolRuns } from './task.js';
import type { Performance } from './types.js';

/** Relative half-width of the runs' cycles, -1 for one run: a stand-in for a study's t interval. */
function spread(runs: readonly Performance[]): Performance {
  const xs = runs.map((r) => r.cycles);
  const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, xs.length - 1));
  return { cycles: xs.reduce((a, x) => a + x, 0), work: xs.length, counters: { ci: xs.length < 2 ? -1 : (2 * sd) / Math.sqrt(xs.length) / mean } };
}
const EXT: SampleExtension = { halfWidth: 'ci', target: 0.01, minReplicates: 4, maxReplicates: 40, pool: spread, doc: 'test' };

/** Replicate `index` of design `d`: a fixed, seeded figure, as a workload seed gives. */
function figureOf(d: number, index: number): Performance {
  let h = (d * 7919 + index * 104729) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
  const noise = ((h ^ (h >>> 15)) >>> 0) / 2 ** 32 - 0.5;
  // Design d's spread grows with d: d = 0 stops at the minimum, later ones need more or hit the cap.
  return { cycles: 1000 * (1 + noise * 0.02 * (1 + 2 * d)), work: 1 };
}

const entry = (d: number): MicroArchEntry => ({ index: d, id: `d${d}`, mode: 'm', params: {} });
const jobs = (n: number): SampleJob[] => Array.from({ length: n }, (_, d) => ({ entry: entry(d), runs: [figureOf(d, 0)] }));

/** The one-at-a-time loop the sweep ran before replicates were spread over workers. */
function sequential(job: SampleJob): Performance[] {
  const runs = [...job.runs];
  while (needsMore(poolRuns(EXT, runs).counters?.['ci'], runs.length, EXT)) runs.push(figureOf(job.entry.index, runs.length));
  return runs;
}

/** `slots` workers whose replicates finish after seeded, uneven delays. */
function runner(slots: number, seed: number, log: ReplicateJob[], onSlot: (job: ReplicateJob, slot: number) => void = () => undefined): ReplicateRunner {
  let s = seed;
  return {
    slots,
    simulate: (job, slot) => {
      log.push(job);
      onSlot(job, slot);
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const delay = s % 4;
      return new Promise<ReplicateResult>((resolve) => setTimeout(() => resolve({ performance: figureOf(job.entry.index, job.index), ms: 1 }), delay));
    },
  };
}

describe('sequential sampling over workers', () => {
  it('stops every design on the runs of the one-at-a-time loop, with 1 to 4 workers and any finishing order', async () => {
    const want = jobs(4).map(sequential);
    expect(want.map((r) => r.length)).toEqual([4, 19, 29, 40]);
    for (const slots of [1, 2, 3, 4]) {
      for (const seed of [1, 2, 3]) {
        const got = new Map<string, Sampled>();
        const log: ReplicateJob[] = [];
        const summary = await sampleAll(jobs(4), EXT, runner(slots, seed, log), (s) => void got.set(s.job.entry.id, s));
        expect(jobs(4).map((j) => got.get(j.entry.id)!.runs)).toEqual(want);
        expect(summary.pooled).toBe(want.reduce((a, r) => a + r.length - 1, 0));
        expect(summary.pooled + summary.discarded).toBe(log.length);
        // No replicate twice, and nothing beyond a design's cap.
        expect(new Set(log.map((j) => `${j.entry.id}/${j.index}`)).size).toBe(log.length);
        if (slots === 1) expect(summary.discarded).toBe(0);
      }
    }
  });

  it('keeps a worker on its design, sharing one only once no design is left to itself', async () => {
    const pairs = new Set<string>();
    const busy = new Set<number>();
    let clash = false;
    const r = runner(2, 4, [], (job, slot) => pairs.add(`${job.entry.id}@${slot}`));
    const simulate: ReplicateRunner['simulate'] = (j, slot) => {
      clash ||= busy.has(slot);
      busy.add(slot);
      return r.simulate(j, slot).finally(() => busy.delete(slot));
    };
    await sampleAll(jobs(4), EXT, { slots: 2, simulate }, () => undefined);
    // d0 and d1 start apart, d2 and d3 follow as they stop; only the last is shared.
    expect(clash).toBe(false);
    expect(pairs.size).toBeLessThanOrEqual(5);
    for (const d of ['d0', 'd1', 'd2']) expect([...pairs].filter((p) => p.startsWith(`${d}@`)).length).toBe(1);
  });

  it('continues from the runs a design already has', async () => {
    const from = jobs(3).map((j, d) => ({ ...j, runs: sequential(j).slice(0, 3 + d) }));
    const got = new Map<string, Sampled>();
    await sampleAll(from, EXT, runner(2, 9, []), (s) => void got.set(s.job.entry.id, s));
    expect(from.map((j) => got.get(j.entry.id)!.runs)).toEqual(jobs(3).map(sequential));
    expect(from.map((j) => got.get(j.entry.id)!.fresh)).toEqual(jobs(3).map((j, d) => sequential(j).length - (3 + d)));
  });

  it('starts nothing once aborted, and leaves the designs not stopped out', async () => {
    const stop = new AbortController();
    const got: Sampled[] = [];
    const log: ReplicateJob[] = [];
    const r = runner(2, 5, log);
    const summary = await sampleAll(jobs(4), EXT, { slots: 2, simulate: (j, slot) => (log.length === 6 && stop.abort(), r.simulate(j, slot)) }, (s) => void got.push(s), { signal: stop.signal });
    expect(log.length).toBe(7);
    // Design 0 (four runs) stopped before the abort; the others are left for a resume.
    expect(got.map((s) => s.job.entry.id)).toEqual(['d0']);
    expect(got[0]!.runs).toEqual(sequential(jobs(1)[0]!));
    expect(summary.pooled).toBe(3);
  });

  it('reports a failed replicate', async () => {
    const bad: ReplicateRunner = { slots: 2, simulate: (j) => (j.index === 3 ? Promise.reject(new Error('boom')) : Promise.resolve({ performance: figureOf(0, j.index), ms: 0 })) };
    await expect(sampleAll(jobs(1), EXT, bad, () => undefined)).rejects.toThrow('boom');
  });
});
