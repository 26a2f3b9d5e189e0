// A sweep directory read back for reporting. An incomplete sweep (still
// running, interrupted, or one shard) is reported too, with its Pareto flags
// recomputed over the points it has and a warning saying so.
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

/** A loaded sweep handed from one reader to the next (loadSweep's `keep`). */
let kept: { key: string; loaded: LoadedSweep } | null = null;

/** What the loaded sweep was read from: its files' identity, size and modification time. */
function filesKey(dir: string): string {
  const stamp = (f: string): string => {
    try {
      const st = statSync(join(dir, f));
      return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return '-';
    }
  };
  return `${resolve(dir)}\0${stamp('sweep.json')}\0${stamp(POINTS_JSONL)}`;
}

/** The sweep in `dir`. `keep`: hand it to the next call on the same
 *  unchanged files instead of reading them again (the Markdown report keeps
 *  what it read for the HTML report after it: Blur's 41,472 points took 1.5
 *  to 3 s to read); the next call takes it, so one sweep at most is held. */
export function loadSweep(dir: string, opts: { keep?: boolean } = {}): LoadedSweep {
  const key = filesKey(dir);
  const handed = kept !== null && kept.key === key ? kept.loaded : null;
  kept = null;
  const loaded = handed ?? readSweep(dir);
  if (opts.keep === true) kept = { key, loaded };
  // Each caller gets arrays of its own; the rows are shared and read only.
  return { ...loaded, rows: [...loaded.rows], warnings: [...loaded.warnings] };
}

function readSweep(dir: string): LoadedSweep {
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
