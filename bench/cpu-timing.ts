// CPU-time measurement for the per-call benchmarks: on a shared machine a
// loop's wall time moves with whoever else runs, its CPU time much less.

/** CPU milliseconds of this process. */
export const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Best of 3 CPU-timed runs of f(n) after a warm-up of n / 10, in ns per iteration. */
export function nsPer(f: (n: number) => void, n: number): number {
  f(Math.max(1, n / 10));
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const t = cpuMs();
    f(n);
    best = Math.min(best, cpuMs() - t);
  }
  return (best * 1e6) / n;
}
