// A sweep directory read back for reporting. An incomplete sweep (still
// running, interrupted, or one shard) is reported too, with its Pareto flags
// recomputed over the points it has and a warning saying so.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Json } from '../../hdl/json-input.js';
import { layoutOf, readManifest, type SweepManifest } from '../sweep/manifest.js';
import { rowFromJson, type PointRow, type RowLayout } from '../sweep/point.js';
import { markIdentityPareto, POINTS_JSONL, readPoints, type ReadPoints } from '../sweep/store.js';
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

const FORBIDDEN_KEY = /"(?:__proto__|constructor|prototype)"/;
/** An integer written without fraction or exponent, of 16 digits or more (2^53 has 16). */
const LONG_INTEGER = /(?<![\d.])\d{16,}(?![\d.eE])/;

/** The value of `line` when it is JSON as JSON.stringify writes it (what
 *  the sweep writes to points.jsonl), else undefined. Such a line holds
 *  nothing hdl/json-input.ts's strict parser refuses or reads otherwise: no
 *  key twice (JSON.parse would keep one, and the text would not come back),
 *  no number a double cannot hold as written (it would come back otherwise;
 *  the integers of 16 digits or more it refuses from 2^53 are excluded
 *  here), no escape but the ones JSON.stringify writes; the keys that reach
 *  a prototype are excluded here. The strict parser takes 35 us a line
 *  under tsx (Blur's 36,864 points: 1.3 s of CPU); this 10 us. */
export function canonicalJson(line: string): Json | undefined {
  if (FORBIDDEN_KEY.test(line) || LONG_INTEGER.test(line)) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  return JSON.stringify(v) === line ? (v as Json) : undefined;
}

/** readPoints' rows, read through canonicalJson; any line it does not take
 *  (or that is not a design point) and the whole file goes to readPoints,
 *  whose values and errors these are. */
function readRows(file: string, layout: RowLayout): ReadPoints {
  if (!existsSync(file)) return readPoints(file, layout);
  const buf = readFileSync(file);
  const end = buf.lastIndexOf(0x0a) + 1;
  const lines = buf.subarray(0, end).toString('utf8').split('\n');
  lines.pop();
  const rows: PointRow[] = [];
  for (const line of lines) {
    const v = canonicalJson(line);
    if (v === undefined) return readPoints(file, layout);
    try {
      rows.push(rowFromJson(v, layout));
    } catch {
      return readPoints(file, layout);
    }
  }
  return { rows, validBytes: end, truncatedTail: end < buf.length };
}

function readSweep(dir: string): LoadedSweep {
  const manifest = readManifest(dir);
  if (manifest === null) throw new SweepError(`${dir} is not a sweep directory (no sweep.json); run \`gfxrtl sweep --out ${dir}\` first`);
  const read = readRows(join(dir, POINTS_JSONL), layoutOf(manifest.identity));
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
