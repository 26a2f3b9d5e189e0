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

// The CPU of the process's children that have ended and been waited for
// (Yosys and the ABC it runs, in the main job): fields 16 and 17 of
// /proc/self/stat (cutime, cstime), in clock ticks. Linux's ticks are
// USER_HZ, which is 100 on every architecture Node runs on.
const TICKS_PER_S = 100;

/** Milliseconds of CPU used by this process's ended children (and theirs), or null when the system does not say. */
export function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'latin1');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state), so field n is f[n - 3].
    const ticks = Number(f[13]) + Number(f[14]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_S : null;
  } catch {
    return null;
  }
}
