// The one line a finished (or interrupted) sweep reports: points, rate,
// what was simulated and where the time went.
import type { SweepSummary } from './run.js';

export function sweepSummaryLine(out: string, s: SweepSummary): string {
  const secs = s.wallMs / 1000;
  return (
    `sweep ${out}: ${s.complete ? 'complete' : 'INTERRUPTED, incomplete'}; ${s.points} points (${s.newPoints} new, ${(s.newPoints / Math.max(secs, 1e-9)).toFixed(1)} points/s), ` +
    `${s.evaluated} of ${s.microArchs} micro-architectures simulated this run; ${secs.toFixed(1)} s (simulation ${(s.evalMs / 1000).toFixed(1)} s, pricing ${(s.priceMs / 1000).toFixed(1)} s${s.workers ? `, over ${s.workers} workers` : ''})` +
    (s.extended > 0 ? `; sequential sampling: ${s.extended} micro-architectures on ${s.replicateRuns} more workload replicates${s.discardedRuns > 0 ? ` (and ${s.discardedRuns} simulated ahead of a stop, discarded)` : ''}, ${(s.extendMs / 1000).toFixed(1)} s` : '') +
    exploreText(s)
  );
}

/** What --explore bound did: skipped (dominated), or a grid (no bound, and why). */
function exploreText(s: SweepSummary): string {
  if (s.explore === 'grid') return '';
  if (s.gridWhy !== null) return `; explore bound: explored as a grid, every micro-architecture simulated (${s.gridWhy})`;
  if (s.violation !== null) return `; explore bound: NOTHING SKIPPED, the study's peakRate is not a bound (${s.violation}): every micro-architecture simulated`;
  return `; explore bound: ${s.skipped} micro-architectures skipped (every optimistic point strictly dominated by simulated designs), ${s.evaluated} simulated; bounds priced in ${(s.boundMs / 1000).toFixed(1)} s`;
}
