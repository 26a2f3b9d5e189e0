// The CPU time of the calling thread. A sweep's pricing runs in worker
// threads that share the machine's cores with the main thread, the phase
// threads and the Yosys processes, so its wall time counts the time the
// thread waited for a core; "points per second per core" wants the time
// it ran. Node has no per-thread clock (process.cpuUsage() is the whole
// process's), but Linux keeps one per thread: the first field of
// /proc/thread-self/schedstat is the nanoseconds the reading thread has
// run. Reading it takes about 10 us. Elsewhere, or where /proc is not
// mounted, there is none and callers keep to wall time.
import { readFileSync } from 'node:fs';

const FILE = '/proc/thread-self/schedstat';
let available: boolean | undefined;

/** Milliseconds of CPU the calling thread has used, or null when the system does not say. */
export function threadCpuMs(): number | null {
  if (available === false) return null;
  try {
    const ns = Number(readFileSync(FILE, 'latin1').split(' ', 1)[0]);
    available = Number.isFinite(ns);
    return available ? ns / 1e6 : null;
  } catch {
    available = false;
    return null;
  }
}
