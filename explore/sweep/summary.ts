// The one line a finished (or interrupted) sweep reports: points, rate,
// what was simulated and where the time went.
import type { SweepSummary } from './run.js';

export function sweepSummaryLine(out: string, s: SweepSummary): string {
  const secs = s.wallMs / 1000;
  return (
    `sweep ${out}: ${s.complete ? 'complete' : 'INTERRUPTED, incomplete'}; ${s.points} points (${s.newPoints} new, ${(s.newPoints / Math.max(secs, 1e-9)).toFixed(1)} points/s), ` +
    `${s.evaluated} of ${s.microArchs} micro-architectures simulated this run; ${secs.toFixed(1)} s (simulation ${(s.evalMs / 1000).toFixed(1)} s, pricing ${(s.priceMs / 1000).toFixed(1)} s${s.workers ? `, over ${s.workers} workers` : ''})` +
    (s.extended > 0 ? `; sequential sampling: ${s.extended} micro-architectures on ${s.replicateRuns} more workload replicates${s.discardedRuns > 0 ? ` (and ${s.discardedRuns} simulated ahead of a stop, discarded)` : ''}, ${(s.extendMs / 1000).toFixed(1)} s` : '')
  );
}
