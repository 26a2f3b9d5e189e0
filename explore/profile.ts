// Where the main job's time goes, for bench/study-speed.ts: when
// $GFXRTL_PROFILE names a file, each thread appends one JSON line per event
// to it (a micro-architecture's elaboration, simulator compilation, driver
// loop and pricing; a study's phases; the process's peak memory at exit).
// Off by default, and then each call is one test of a constant.
import { appendFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';

export type ProfileEvent =
  /** One micro-architecture's sweep task (explore/sweep/task.ts); ms are wall time in its thread. */
  | {
      readonly ev: 'task';
      readonly id: string;
      readonly elaborateMs: number;
      readonly inventoryMs: number;
      /** Elaboration (and inventory) taken from this thread's earlier task. */
      readonly elaborationReused: boolean;
      readonly workloadMs: number;
      /** Simulator compilation (createSimulator), and compiled simulators reused instead. */
      readonly compileMs: number;
      readonly compiled: number;
      readonly compileReused: number;
      /** The driver's own time: its loop, less compilation and the workload's construction. */
      readonly driverMs: number;
      /** Clock edges the simulator ran. */
      readonly cycles: number;
      /** The driver ran the simulator (false: cached counts, or a study's cycle-identical run). */
      readonly simulated: boolean;
      readonly priceMs: number;
      readonly points: number;
    }
  /** One micro-architecture's optimistic pricing for `sweep --explore bound` (explore/sweep/bound.ts); ms are wall time in its thread. */
  | { readonly ev: 'optimistic'; readonly id: string; readonly elaborateMs: number; readonly elaborationReused: boolean; readonly peakMs: number; readonly inventoryMs: number; readonly priceMs: number }
  /** A span of a study's run in the main thread (calibration, sweep, report, ...). */
  | { readonly ev: 'phase'; readonly study: string; readonly phase: string; readonly ms: number }
  /** A study's start and end in the main job; at its end, the process's peak resident memory so far (kB): the study that raised it shows which one holds the memory. */
  | { readonly ev: 'study'; readonly study: string; readonly edge: 'start' | 'end'; readonly maxRssKb?: number }
  | { readonly ev: 'exit'; readonly maxRssKb: number };

const FILE = process.env['GFXRTL_PROFILE'] ?? '';

/** Whether events are being recorded (bench/study-speed.ts sets the variable). */
export const profiling = FILE !== '';

export function profile(e: ProfileEvent): void {
  if (!profiling) return;
  // One write per line: appends from several threads never interleave within a line.
  appendFileSync(FILE, JSON.stringify({ t: Date.now(), thread: threadId, ...e }) + '\n');
}

/** Wall time of `f` as a 'phase' event of `study`. */
export async function profilePhase<T>(study: string, phase: string, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await f();
  } finally {
    profile({ ev: 'phase', study, phase, ms: performance.now() - t0 });
  }
}

if (profiling && isMainThread) process.on('exit', () => profile({ ev: 'exit', maxRssKb: process.resourceUsage().maxRSS }));
