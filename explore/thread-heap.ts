// The V8 heap a thread holds, and its collection when the heap is large
// and mostly unused: by a worker when it goes idle, by the main thread and
// a phase thread while they work. V8 collects a heap when its thread
// allocates; a thread that waits for work allocates nothing, so it keeps
// every page it grew for as long as it waits. The main job keeps more
// threads alive than it has cores (each running sweep's pool, the phase
// threads, the experiments' farms; its CPU budget lets two of them work at
// a time), so at any moment most of its threads hold heaps they no longer
// use: in a quiet run at 20dc48b, six threads held 1,166 MB of heap
// (committed and external) at the largest resident sample (1,890 MB), 347
// MB of it not even in use. A worker that had grown a 573 MB heap still
// held it after three idle seconds; one full collection took 10 ms and
// left 41 MB, and its resident memory fell from 635 to 103 MB.
//
// So a worker thread calls `idle()` when it has answered a job and `busy()`
// when the next arrives: once it has waited IDLE_MS, and holds more than
// LARGE_MB and SLACK_MB more than its last collection left, it collects.
// A collection marks what is alive, so it costs what the thread keeps: a
// sweep worker's 150-250 MB heap is mostly its kept designs and simulators
// (collected, 192 -> 189 and 158 -> 147 MB, 170-190 ms each), while a heap
// a report or an experiment grew is mostly garbage (595 -> 182 MB). Hence
// the floor: the large heaps are where the memory is and the collections
// pay. A thread fed job after job never waits IDLE_MS, and one that grew
// by less than SLACK_MB since its last collection is not collected again.
//
// Below the floor, a thread is left to V8 unless the process is short of
// memory: at the largest resident samples of bench:study runs the threads
// held 877-1,513 MB of heap, 433-723 MB of it in use (the rest free pages
// and garbage), mostly in threads of 150-250 MB each (the last studies'
// sweep workers and the phase threads writing their reports). So when the
// process's resident memory is above PRESSURE_MB, a thread collects above
// PRESSED_MB, by the same slack; and an idle thread looks again every
// WATCH_MS while it waits, since the pressure comes from other threads.
//
// The main thread is never idle that long while a study runs (it feeds the
// workers and writes their rows), and it is the same: in 6d33810's solo
// run its heap held 240-412 MB from the Blur sweep's end to the NoBlur
// sweep's (the job's peak), and a sampling heap profile found 33 MB of
// its 294 MB alive. So a study run watches the main thread's heap
// (watchHeap) every WATCH_MS by the same rule, and a phase thread its own.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { profile } from './profile.js';

/** A thread that has waited this long for its next job is idle. */
export const IDLE_MS = 200;
/** How often the main thread looks at its heap while it watches it. */
export const WATCH_MS = 1000;
/** A thread is collected when it holds more than this many MB (above it, a phase thread or a kept sweep worker is ended: phase-thread.ts)... */
export const LARGE_MB = 256;
/** ...and this many MB more than its last collection left. */
export const SLACK_MB = 64;
/** Under memory pressure, when the process's resident memory is above PRESSURE_MB, a thread is collected above PRESSED_MB instead of LARGE_MB (with the same slack). */
export const PRESSURE_MB = 1400;
export const PRESSED_MB = 96;

/** When a thread below LARGE_MB is collected too: the process's resident memory above `residentMb`, the thread's heap above `heapMb`. */
export interface Pressure {
  readonly residentMb: number;
  readonly heapMb: number;
  /** The process's resident memory now, MB (every thread reads the whole process's). */
  readonly resident: () => number;
}

export const PRESSURE: Pressure = { residentMb: PRESSURE_MB, heapMb: PRESSED_MB, resident: () => process.memoryUsage.rss() / 2 ** 20 };

/** The V8 heap the calling thread holds (committed, and the memory outside it that it accounts for), MB: what the phase threads' and kept sweep workers' limits are held against. */
export function heldHeapMb(): number {
  const h = getHeapStatistics();
  return (h.total_heap_size + h.external_memory) / 2 ** 20;
}

// V8's full collection, as `node --expose-gc` offers it. Without the flag it
// is taken from a context made while the flag is set, and the flag is put
// back so that no other context (a study's vm sandbox) sees a `gc` global.
// null: this V8 refuses the flag, and threads are left to V8's own policy.
let fullCollection: (() => void) | null | undefined;
function collector(): (() => void) | null {
  if (fullCollection !== undefined) return fullCollection;
  const own = (globalThis as { gc?: unknown }).gc;
  let f: unknown = own;
  if (typeof f !== 'function') {
    try {
      setFlagsFromString('--expose-gc');
      f = runInNewContext('gc');
    } catch {
      f = undefined;
    } finally {
      if (typeof own !== 'function') setFlagsFromString('--no-expose-gc');
    }
  }
  fullCollection = typeof f === 'function' ? (f as () => void) : null;
  return fullCollection;
}

/** Whether this thread can collect its heap on demand (false: V8 refused the flag). */
export function canCollect(): boolean {
  return collector() !== null;
}

/** Collects the calling thread's heap in full now; returns the MB it holds after (heldHeapMb). */
export function collectHeap(): number {
  const f = collector();
  if (f === null) return heldHeapMb();
  const before = heldHeapMb();
  const t0 = performance.now();
  f();
  const after = heldHeapMb();
  profile({ ev: 'collect', beforeMb: Math.round(before), afterMb: Math.round(after), ms: performance.now() - t0 });
  return after;
}

/** Collects the calling thread's heap in full now, unrecorded: for a thread
 *  whose heap is a few MB and whose native memory (a PNG's image) is freed
 *  only when the collector finds its handle dead (report/png-worker.ts). */
export function collectHeapQuietly(): void {
  collector()?.();
}

/** A thread's collections: a worker's when idle, the main thread's while it watches (see the file's head). */
export class HeapCollector {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private floorMb = heldHeapMb();
  private done = 0;

  constructor(
    private readonly idleMs: number = IDLE_MS,
    private readonly largeMb: number = LARGE_MB,
    private readonly slackMb: number = SLACK_MB,
    private readonly pressure: Pressure = PRESSURE,
  ) {}

  /** Whether the heap held now is worth a collection: grown by slackMb since the last, and above largeMb (or, under memory pressure, above the pressure's heapMb). */
  get worthCollecting(): boolean {
    const held = heldHeapMb();
    if (held <= this.floorMb + this.slackMb) return false;
    return held > this.largeMb || (held > this.pressure.heapMb && this.pressure.resident() > this.pressure.residentMb);
  }

  /** Collections so far. */
  get collections(): number {
    return this.done;
  }

  /** A job arrived: no collection while it runs. */
  busy(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The thread answered its job and waits for the next: looked at after idleMs, then every WATCH_MS while it waits (pressure may come from other threads later). */
  idle(): void {
    this.busy();
    const look = (after: number): void => {
      this.timer = setTimeout(() => {
        if (this.worthCollecting) this.collect();
        look(Math.max(this.idleMs, WATCH_MS));
      }, after);
      // A waiting collection must not keep the thread alive.
      this.timer.unref();
    };
    look(this.idleMs);
  }

  /** The MB held, collected first when worth it: what a thread would carry into its next job (a kept worker asked for its size; a phase job ended). */
  settle(): number {
    return this.worthCollecting ? this.collect() : heldHeapMb();
  }

  /** Collects now; returns the MB held after. */
  collect(): number {
    this.busy();
    this.floorMb = collectHeap();
    this.done++;
    return this.floorMb;
  }
}

/** Watches the calling thread's heap every `everyMs` and collects it by HeapCollector's rule (the main thread, while a study runs); returns the function that stops watching. */
export function watchHeap(everyMs: number = WATCH_MS, heap: HeapCollector = new HeapCollector()): () => void {
  const timer = setInterval(() => {
    if (heap.worthCollecting) heap.collect();
  }, everyMs);
  // Watching must not keep the process alive.
  timer.unref();
  return () => clearInterval(timer);
}
