// A sweep directory read back for reporting. An incomplete sweep (still
// running, interrupted, or one shard) is reported too, with its Pareto flags
// recomputed over the points it has and a warning saying so.
import { join } from 'node:path';
import { layoutOf, readManifest, type SweepManifest } from '../sweep/manifest.js';
import type { PointRow } from '../sweep/point.js';
import { markIdentityPareto, POINTS_JSONL, readPoints } from '../sweep/store.js';
import { SweepError } from '../sweep/spec.js';

export interface LoadedSweep {
  dir: string;
  manifest: SweepManifest;
  rows: PointRow[];
  warnings: string[];
}

export function loadSweep(dir: string): LoadedSweep {
  const manifest = readManifest(dir);
  if (manifest === null) throw new SweepError(`${dir} is not a sweep directory (no sweep.json); run \`gfxrtl sweep --out ${dir}\` first`);
  const read = readPoints(join(dir, POINTS_JSONL), layoutOf(manifest.identity));
  const { truncatedTail } = read;
  // Modes in the spec's order, whichever designs have points (a sweep that
  // skipped what cannot win, --explore bound, may lack a mode's first design).
  const rank = new Map<string, number>();
  for (const m of manifest.identity.microArchs) if (!rank.has(m.mode)) rank.set(m.mode, rank.size);
  const rows = read.rows.map((r, i) => ({ r, i })).sort((a, b) => (rank.get(a.r.mode) ?? rank.size) - (rank.get(b.r.mode) ?? rank.size) || a.i - b.i).map((x) => x.r);
  const warnings: string[] = [];
  if (!manifest.complete) {
    const ids = new Set(rows.map((r) => r.id));
    warnings.push(
      `This sweep is incomplete (${ids.size} of ${manifest.identity.microArchs.length} micro-architectures have points` +
        `${manifest.shard ? `; shard ${manifest.shard.index}/${manifest.shard.count}` : ''}): frontiers are over the points present only.`,
    );
    markIdentityPareto(rows, manifest.identity);
  }
  if (truncatedTail) warnings.push(`${POINTS_JSONL} ends in a partial line (an interrupted run); it was ignored.`);
  if (rows.length === 0) warnings.push('The sweep has no points yet.');
  return { dir, manifest, rows, warnings };
}
