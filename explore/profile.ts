// Where the main job's time goes, for bench/study-speed.ts: when
// $GFXRTL_PROFILE names a file, each thread appends one JSON line per event
// to it (a micro-architecture's elaboration, simulator compilation, driver
// loop and pricing; a study's phases; the process's peak memory at exit).
// Off by default, and then each call is one test of a constant.
import { appendFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, threadId, workerData } from 'node:worker_threads';
import { cpuContext } from './cpu-budget.js';
import { childrenCpuMs, threadCpuMs } from './thread-cpu.js';

export type ProfileEvent =
  /** One micro-architecture's sweep task (explore/sweep/task.ts); ms are wall time in its thread. */
  | {
      readonly ev: 'task';
      readonly id: string;
      readonly elaborateMs: number;
      readonly inventoryMs: number;
      /** Elaboration (and inventory) taken from this thread's earlier task. */
      readonly elaborationReused: boolean;
      /** Not elaborated: the inventory stored with its simulation was read (elaborateMs 0, inventoryMs the reading). */
      readonly storedInventory?: boolean;
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
      /** The same pricing in CPU time of its thread, where the system gives one (thread-cpu.ts). */
      readonly priceCpuMs?: number;
      /** Likewise, elaboration with the inventory (stored inventories read), and the evaluation (workload, compilation, the driver's loop). */
      readonly elaborateCpuMs?: number;
      readonly evaluateCpuMs?: number;
      readonly points: number;
    }
  /** One micro-architecture's optimistic pricing for `sweep --explore bound` (explore/sweep/bound.ts); ms are wall time in its thread, cpuMs the whole of it in the thread's CPU. */
  | { readonly ev: 'optimistic'; readonly id: string; readonly elaborateMs: number; readonly elaborationReused: boolean; readonly peakMs: number; readonly inventoryMs: number; readonly priceMs: number; readonly cpuMs?: number }
  /** A span of a study's run (calibration, sweep, report, ...). `cpuMs`: its thread's CPU meanwhile, recorded off the main thread only
   *  (a phase thread runs one job at a time; the main thread runs several studies' phases at once). */
  | { readonly ev: 'phase'; readonly study: string; readonly phase: string; readonly ms: number; readonly cpuMs?: number }
  /** A study's start and end in the main job; at its end, the process's peak resident memory so far (kB): the study that raised it shows which one holds the memory. */
  /** In the main job a study starts when it first gets a CPU slot; at its end, `slotMs`: the CPU slots it held (explore/cpu-budget.ts), summed. */
  | { readonly ev: 'study'; readonly study: string; readonly edge: 'start' | 'end'; readonly maxRssKb?: number; readonly slotMs?: number }
  /** Every HEAP_EVERY_MS in each thread: its V8 heap (MB: committed, used, and memory outside the heap it accounts for, e.g. buffers) and
   *  the CPU the thread has used so far (ms, where the system gives a thread clock); in the main thread also the process's resident
   *  memory (all threads), its CPU (all threads, V8's and libuv's helpers included) and its ended children's (Yosys). */
  | {
      readonly ev: 'heap';
      readonly totalMb: number;
      readonly usedMb: number;
      readonly externalMb: number;
      readonly cpuMs?: number;
      readonly rssMb?: number;
      readonly processCpuMs?: number;
      readonly childCpuMs?: number;
    }
  /** A worker thread's full collection when idle (thread-heap.ts): the heap it held before and after (MB, as heldHeapMb) and the collection's wall time. */
  | { readonly ev: 'collect'; readonly beforeMb: number; readonly afterMb: number; readonly ms: number }
  /** The process's end: its peak resident memory and, as in 'heap', its CPU and its ended children's. */
  | { readonly ev: 'exit'; readonly maxRssKb: number; readonly processCpuMs?: number; readonly childCpuMs?: number };

const FILE = process.env['GFXRTL_PROFILE'] ?? '';

/** Whether events are being recorded (bench/study-speed.ts sets the variable). */
export const profiling = FILE !== '';

// A sweep worker's study (its workerData names it: sweep/worker.ts; a worker
// kept for the next sweep is bound to that sweep's study: profileStudy).
let workerStudy = ((): string | undefined => {
  const name = isMainThread ? undefined : (workerData as { study?: { name?: unknown } } | null)?.study?.name;
  return typeof name === 'string' ? name : undefined;
})();

/** The study this worker thread now serves (a kept sweep worker bound to another study, a phase thread's job). */
export function profileStudy(name: string): void {
  workerStudy = name;
}

export function profile(e: ProfileEvent): void {
  if (!profiling) return;
  // Studies run at once in the main job: an event says whose it is (a sweep
  // worker's study, or the study whose phase runs here; none outside one).
  const study = 'study' in e ? undefined : (cpuContext()?.study ?? workerStudy);
  // One write per line: appends from several threads never interleave within a line.
  appendFileSync(FILE, JSON.stringify({ t: Date.now(), thread: threadId, ...(study !== undefined && { study }), ...e }) + '\n');
}

/** The calling thread's CPU clock (ms, thread-cpu.ts) when a profile is being recorded, else null:
 *  a read of /proc each, so only a profiled run pays it. */
export function profileCpuMs(): number | null {
  return profiling ? threadCpuMs() : null;
}

/** Wall time of `f` as a 'phase' event of `study` (and, off the main thread, its thread's CPU). */
export async function profilePhase<T>(study: string, phase: string, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const cpu0 = isMainThread ? null : profileCpuMs();
  try {
    return await f();
  } finally {
    const cpu1 = cpu0 === null ? null : profileCpuMs();
    profile({ ev: 'phase', study, phase, ms: performance.now() - t0, ...(cpu1 !== null && { cpuMs: cpu1 - cpu0! }) });
  }
}

/** The process's CPU (every thread) and its ended children's, ms. */
function processCpu(): { processCpuMs: number; childCpuMs?: number } {
  const u = process.cpuUsage();
  const child = childrenCpuMs();
  return { processCpuMs: (u.user + u.system) / 1000, ...(child !== null && { childCpuMs: child }) };
}

if (profiling && isMainThread) process.on('exit', () => profile({ ev: 'exit', maxRssKb: process.resourceUsage().maxRSS, ...processCpu() }));

/** How often each thread records its heap while profiling. */
export const HEAP_EVERY_MS = 2000;
const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
if (profiling)
  setInterval(() => {
    const h = getHeapStatistics();
    const cpu = threadCpuMs();
    profile({
      ev: 'heap',
      totalMb: mb(h.total_heap_size),
      usedMb: mb(h.used_heap_size),
      externalMb: mb(h.external_memory),
      ...(cpu !== null && { cpuMs: Math.round(cpu) }),
      ...(isMainThread && { rssMb: mb(process.memoryUsage.rss()), ...processCpu() }),
    });
  }, HEAP_EVERY_MS).unref();
