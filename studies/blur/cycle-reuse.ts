// Simulate once per cycle-distinct micro-architecture. Two configurations
// whose cycle behaviour is provably the same on a workload share one
// simulation's counts (cycle-reuse.test.ts checks each rule on a workload):
//
// - STP. b enters only as the width of the cull's and the lanes' bbox-local
//   datapaths and through the fit check (units/bbox: span >> (b + 8 - stamp
//   bits) == 0, so a box that fits b fits every b' > b), which decides
//   whether the front end may drop a back-facing positioned MP (the cull is
//   exact for every box that fits) and whether a lane walks it. A box that
//   fits is culled and walked the same way at any width, so a run at b with
//   no tuple out of range has the same cycles, stamps, hits and stalls at
//   every b' >= b. A run with a tuple out of range is reused for nothing but
//   its own b.
// - Hybrid in motion or blur mode runs exactly as Blur in that mode (the
//   hybrid's extra NoBlur grids and lens bypass are muxed off the path).
// - The edge form (multiply, incremental) is not in the class: it changes
//   only how the sample test computes E, whose bits are the same (both are
//   checked against the golden model); the lanes' control is the same logic
//   in both, and no hit reaches it (an uncovered stamp passes R3 and R4 and
//   is dropped at the output, units/blur/lane.ts). Nor are the time form
//   (lerp2, lerp1: the same positioned vertices) and the reciprocal's
//   architecture (unrolled, radix4, newton: the same n, one positioned MP a
//   cycle each).
// - The jitter (tuple, tile) is in the class: it moves the samples, so the
//   hits and the counters derived from them differ, though the cycles do
//   not. The Hybrid's NoBlur modes sample MSAA cells whatever the jitter,
//   so their runs are shared across it.
//
// The store lives for one process (studies/run-store.ts: a sweep's worker
// threads and, in `study --all`, the Blur and Hybrid sweeps one after the
// other); the main thread removes it at exit. The sweep visits STP first
// (the slowest axis, smallest value first), so a class is simulated at its
// narrowest STP before its wider ones ask.
import { createHash } from 'node:crypto';
import { BroadcastChannel, isMainThread } from 'node:worker_threads';
import type { BlurStats } from '../../testbenches/blur/index.js';
import { onStoreExit, readRun, storeRun } from '../run-store.js';

/** What decides a run's cycles apart from STP: the MP stream and the hardware's knobs. */
export interface CycleClass {
  /** The MP stream's identity (workload, size, seed, pairing). */
  readonly workload: string;
  /** Blur render mode, or the Hybrid's runtime mode; 'motion' and 'blur' are shared by Blur and Hybrid. */
  readonly mode: string;
  readonly tvp: boolean;
  readonly spf: string;
  readonly pmt: string;
  readonly sts: string;
  /** Where the tuples sample in a tile: the hits, hence the counters, differ
   *  (not the cycles: a lane walks its box whatever it hits). '-' in the
   *  Hybrid's NoBlur modes, which sample MSAA cells whatever the jitter. */
  readonly jitter: string;
}

interface Stored {
  readonly b: number;
  readonly stats: BlurStats;
  readonly simMs: number;
}

function classHash(c: CycleClass): string {
  const text = JSON.stringify([c.workload, c.mode, c.tvp, c.spf, c.pmt, c.sts, c.jitter]);
  return createHash('sha1').update(text).digest('hex').slice(0, 20);
}

// Stability's half-width is Infinity when a stratum has too few batches; JSON has no Infinity.
const encode = (s: Stored): string => JSON.stringify(s, (_k, v: unknown) => (v === Infinity ? 'Infinity' : v));
const decode = (t: string): Stored => JSON.parse(t, (_k, v: unknown) => (v === 'Infinity' ? Infinity : v)) as Stored;

function read(c: CycleClass, b: number): Stored | null {
  const text = readRun(`${classHash(c)}-${b}.json`);
  if (text === null) return null;
  try {
    return decode(text);
  } catch {
    return null; // torn: simulate again
  }
}

/** A stored run whose counts hold at STP `b`: one at b itself, or at a narrower b with nothing out of range. */
export function lookup(c: CycleClass, b: number, widths: readonly number[]): Stored | null {
  for (const w of widths) {
    if (w > b) continue;
    const s = read(c, w);
    if (s !== null && (w === b || s.stats.outOfRange === 0)) return s;
  }
  return null;
}

function store(c: CycleClass, s: Stored): void {
  storeRun(`${classHash(c)}-${s.b}.json`, encode(s));
}

// ------------------------------------------------- per-mode timing

/** One simulation (or reuse) as reported to the main thread for the study's progress. */
interface SimEvent {
  readonly study: string;
  readonly mode: string;
  readonly reused: boolean;
  readonly simMs: number;
  readonly cycles: number;
}

export interface ModeTotals {
  simulated: number;
  reused: number;
  simMs: number;
  cycles: number;
}

const CHANNEL = 'gfxrtl-blur-simulations';
const events = new BroadcastChannel(CHANNEL);
events.unref();
const totals = new Map<string, ModeTotals>();
let lastLine = 0;

function add(e: SimEvent): void {
  const key = `${e.study} ${e.mode}`;
  const t = totals.get(key) ?? { simulated: 0, reused: 0, simMs: 0, cycles: 0 };
  if (e.reused) t.reused++;
  else {
    t.simulated++;
    t.simMs += e.simMs;
    t.cycles += e.cycles;
  }
  totals.set(key, t);
}

/** Simulation time and cycles/s per study and mode, as this thread has heard them (all threads' in the main thread). */
export function simulationTotals(): ReadonlyMap<string, Readonly<ModeTotals>> {
  return totals;
}

export function formatTotals(): string {
  return [...totals]
    .map(([k, t]) => `${k}: ${t.simulated} simulated in ${(t.simMs / 1000).toFixed(1)} s (${Math.round(t.cycles / Math.max(t.simMs / 1000, 1e-9))} cycles/s), ${t.reused} reused`)
    .join('; ');
}

if (isMainThread) {
  events.onmessage = (m: unknown): void => {
    add((m as MessageEvent<SimEvent>).data);
    // The study's progress: a line at most every 30 s, beside the sweep's own.
    if (performance.now() - lastLine > 30_000) {
      lastLine = performance.now();
      process.stderr.write(`\nblur/hybrid simulation so far: ${formatTotals()}\n`);
    }
  };
  // A sweep's summary; a lone `gfxrtl sim` run prints its own figures.
  onStoreExit(() => {
    if ([...totals.values()].reduce((n, t) => n + t.simulated + t.reused, 0) > 1) process.stderr.write(`\nblur/hybrid simulation: ${formatTotals()}\n`);
  });
}

function report(e: SimEvent): void {
  if (isMainThread) add(e);
  else events.postMessage(e);
}

/**
 * The counts of `cls` at STP `b`: from a run that provably has the same
 * cycles if one was stored in this process, else from `simulate()` (stored
 * for the others). `widths` are every STP integer width, in any order.
 */
export function reuseOrSimulate(study: string, cls: CycleClass, b: number, widths: readonly number[], simulate: () => BlurStats): BlurStats {
  const sorted = [...widths].sort((x, y) => x - y);
  const have = lookup(cls, b, sorted);
  if (have !== null) {
    report({ study, mode: cls.mode, reused: true, simMs: 0, cycles: have.stats.cycles });
    return have.stats;
  }
  const t0 = performance.now();
  const stats = simulate();
  const simMs = performance.now() - t0;
  store(cls, { b, stats, simMs });
  report({ study, mode: cls.mode, reused: false, simMs, cycles: stats.cycles });
  return stats;
}
