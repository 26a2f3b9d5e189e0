// Sequential sampling across the worker pool. The stopping rule (extend.ts
// needsMore) is sequential: after each replicate, pool the runs so far and
// stop once the half-width meets the target after the minimum, or at the
// cap. Run one micro-architecture per worker and a worker idles whenever
// fewer designs than workers are left (the Hybrid samples three designs of
// about 30 four-mode replicates on two workers). So single replicates are
// the unit of work: any idle worker takes the next replicate of some design,
// and each design's rule is evaluated here, in replicate order over the same
// seeds, as its results come in. A replicate the rule may not need (beyond
// the one after the runs so far, once past the minimum) is simulated only
// when no certain one is left; if the rule stops before it, its result is
// discarded, never pooled. The runs a design stops with, and so its pooled
// figures, are those of the one-at-a-time loop whatever the worker count.
import type { SampleExtension } from '../contract.js';
import type { MicroArchEntry } from './enumerate.js';
import { needsMore } from './extend.js';
import type { ReplicateJob, ReplicateResult } from './replicate.js';
import { poolRuns } from './task.js';
import type { Performance } from './types.js';

export interface SampleJob {
  entry: MicroArchEntry;
  /** The runs so far (the base run first). */
  runs: readonly Performance[];
}

/** Where replicates are simulated: `slots` workers, one replicate each at a time. */
export interface ReplicateRunner {
  readonly slots: number;
  simulate(job: ReplicateJob, slot: number): Promise<ReplicateResult>;
}

export interface Sampled {
  job: SampleJob;
  /** Every run the rule stopped with, the base run first. */
  runs: Performance[];
  /** Runs this call added, and their simulation time, ms. */
  fresh: number;
  simMs: number;
}

export interface SamplingSummary {
  /** Replicates pooled into some design's runs. */
  pooled: number;
  /** Simulated ahead of the rule's decision and discarded when it stopped earlier. */
  discarded: number;
}

interface State {
  job: SampleJob;
  runs: Performance[];
  simMs: number;
  /** Results that arrived before an earlier replicate's, by index. */
  early: Map<number, ReplicateResult>;
  /** The next replicate index to hand out. */
  next: number;
  done: boolean;
}

/**
 * Samples every job until its rule stops, calling `onSampled` (whose
 * promise is awaited before returning) as each design stops, and
 * `onPooled` as each replicate joins a design's runs. Once `signal`
 * aborts, no replicate is started; designs not stopped by then are left
 * out (their cache still holds the runs they started with).
 */
export async function sampleAll(
  jobs: readonly SampleJob[],
  ext: SampleExtension,
  runner: ReplicateRunner,
  onSampled: (s: Sampled) => Promise<void> | void,
  opts: { signal?: AbortSignal | undefined; onPooled?: ((id: string, runs: number) => void) | undefined } = {},
): Promise<SamplingSummary> {
  const signal = opts.signal;
  const states: State[] = jobs.map((job) => ({ job, runs: [...job.runs], simMs: 0, early: new Map(), next: job.runs.length, done: false }));
  const summary: SamplingSummary = { pooled: 0, discarded: 0 };
  const finishing: Promise<void>[] = [];
  let failure: unknown = null;

  const finish = (s: State): void => {
    summary.discarded += s.early.size;
    s.early.clear();
    const fresh = s.runs.length - s.job.runs.length;
    summary.pooled += fresh;
    finishing.push(
      Promise.resolve()
        .then(() => onSampled({ job: s.job, runs: s.runs, fresh, simMs: s.simMs }))
        .catch((e: unknown) => {
          failure ??= e;
        }),
    );
  };
  // The one-at-a-time rule, applied to as many runs in order as have arrived.
  const advance = (s: State): void => {
    for (;;) {
      if (!needsMore(poolRuns(ext, s.runs).counters?.[ext.halfWidth], s.runs.length, ext)) {
        s.done = true;
        finish(s);
        return;
      }
      const r = s.early.get(s.runs.length);
      if (r === undefined) return;
      s.early.delete(s.runs.length);
      s.runs.push(r.performance);
      s.simMs += r.ms;
      opts.onPooled?.(s.job.entry.id, s.runs.length);
    }
  };
  // Replicates below this index are needed whatever the later ones show:
  // the one after the runs so far (the rule did not stop), and up to the minimum.
  const certain = (s: State): number => Math.min(ext.maxReplicates, Math.max(s.runs.length + 1, ext.minReplicates));
  // Each worker keeps to its design while it has certain work (its netlist
  // is elaborated and compiled there), then takes a design no other worker
  // has, then joins one; with no certain work left anywhere, it simulates
  // ahead: on its own design, else where the fewest are ahead of the rule.
  const current: (State | null)[] = Array.from({ length: runner.slots }, () => null);
  const pick = (slot: number): State | null => {
    const open = states.filter((s) => !s.done && s.next < ext.maxReplicates);
    const sure = (s: State): boolean => s.next < certain(s);
    const mine = current[slot] ?? null;
    const own = mine !== null && open.includes(mine) ? mine : null;
    if (own !== null && sure(own)) return own;
    const taken = new Set(current.filter((c, i) => i !== slot && c !== null));
    const fresh = open.find((s) => sure(s) && !taken.has(s)) ?? open.find(sure);
    if (fresh !== undefined) return fresh;
    if (own !== null) return own;
    let best: State | null = null;
    for (const s of open) if (best === null || s.next - s.runs.length < best.next - best.runs.length) best = s;
    return best;
  };

  for (const s of states) advance(s);
  const busy: boolean[] = Array.from({ length: runner.slots }, () => false);
  await new Promise<void>((resolve) => {
    const pump = (): void => {
      for (let slot = 0; slot < runner.slots && failure === null && !signal?.aborted; slot++) {
        if (busy[slot]) continue;
        const s = pick(slot);
        if (s === null) continue;
        const index = s.next++;
        busy[slot] = true;
        current[slot] = s;
        runner.simulate({ entry: s.job.entry, index }, slot).then(
          (r) => {
            busy[slot] = false;
            if (s.done) summary.discarded++;
            else {
              s.early.set(index, r);
              advance(s);
            }
            pump();
          },
          (e: unknown) => {
            busy[slot] = false;
            failure ??= e;
            pump();
          },
        );
      }
      if (!busy.includes(true)) resolve();
    };
    pump();
  });
  await Promise.all(finishing);
  if (failure !== null) throw failure;
  return summary;
}
