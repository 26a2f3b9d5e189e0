// Who holds a lock or a per-process folder: a pid and that process's start
// time. A pid alone is not an identity: pids are reused, and a lock naming
// a live but unrelated process (or another user's, which kill(pid, 0)
// answers with EPERM) would block a folder for good. The start time comes
// from /proc/<pid>/stat (clock ticks since boot, field 22) where there is
// a /proc; elsewhere only the pid is compared.
import { readFileSync } from 'node:fs';

/** The start time of process `pid` as text, or null when it cannot be read. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** This process as an owner: "pid start". */
export function ownerToken(): string {
  return `${process.pid} ${processStartTime(process.pid) ?? '-'}`;
}

/** A parsed owner token ("pid start", or a bare pid from older files). */
export function parseOwner(text: string): { pid: number; start: string | null } | null {
  const m = /^\s*(\d{1,10})(?:[ -]+(\d+|-))?\s*$/.exec(text);
  if (!m) return null;
  const pid = Number(m[1]);
  return pid > 0 ? { pid, start: m[2] === undefined || m[2] === '-' ? null : m[2] } : null;
}

/** Is the owner still running: its pid alive (ours or another user's) and,
 *  when both start times are known, the same process that wrote it. */
export function ownerAlive(owner: { pid: number; start: string | null }): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.start === null) return true;
  const now = processStartTime(owner.pid);
  return now === null || now === owner.start;
}
