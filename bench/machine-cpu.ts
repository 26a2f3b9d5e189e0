// The whole machine's CPU time, from Linux's /proc/stat: how long its cores
// sat idle and how long they worked (this job or anything else), and the
// time the hypervisor gave to other guests (steal). The main job's wall
// time follows the CPU time the host gives it, and that moved by 40% within
// three hours on the 2-core machine, so bench:study prints what the cores
// did beside the wall time: idle core-seconds are what scheduling could
// still use, busy ones what the work cost.

import { existsSync, readFileSync } from 'node:fs';

/** Cumulative core-seconds since boot. */
export interface MachineCpu {
  readonly idle: number;
  readonly busy: number;
  readonly steal: number;
}

/** Linux counts /proc/stat in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const TICKS = 100;

/** The machine's counters now; null where there is no /proc/stat. */
export function machineCpu(): MachineCpu | null {
  if (!existsSync('/proc/stat')) return null;
  const line = readFileSync('/proc/stat', 'utf8').split('\n').find((l) => l.startsWith('cpu '));
  if (line === undefined) return null;
  // user nice system idle iowait irq softirq steal (guest time is inside user).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return { idle: (idle + iowait) / TICKS, busy: (user + nice + system + irq + softirq) / TICKS, steal: steal / TICKS };
}

/** What the cores did between two readings. */
export function cpuBetween(a: MachineCpu, b: MachineCpu): MachineCpu {
  return { idle: b.idle - a.idle, busy: b.busy - a.busy, steal: b.steal - a.steal };
}
