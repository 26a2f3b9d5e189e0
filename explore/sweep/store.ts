// A sweep directory's data: points.jsonl (append-only while running, each
// batch fsync'd; rewritten in canonical order with final pareto flags when
// complete), points.csv (written when complete), and microarch/<id>.json
// (one evaluation per micro-architecture, so a resumed run never simulates
// twice). A kill can only leave a partial last line; reading drops it and
// the point is priced again.
import { existsSync, readdirSync, readFileSync, truncateSync } from 'node:fs';
import { JsonInputError, parseJson, readInputText, type Json, type JsonDoc } from '../../hdl/json-input.js';
import { join } from 'node:path';
import { markPareto, scorerOf } from '../pareto.js';
import { writeDurable } from './files.js';
import { layoutOf, type SweepIdentity } from './manifest.js';
import { figure, rowFromJson, rowKey, rowsToCsv, rowToJson, RowFormatError, type PointRow, type RowLayout } from './point.js';
import type { Performance } from './pricing.js';
import type { Params } from './types.js';
import { SweepError } from './spec.js';

export const POINTS_JSONL = 'points.jsonl';
export const POINTS_CSV = 'points.csv';
export const MICROARCH_DIR = 'microarch';

export interface ReadPoints {
  rows: PointRow[];
  /** Bytes up to the end of the last complete line. */
  validBytes: number;
  /** A partial last line was found (and is not in `rows`). */
  truncatedTail: boolean;
}

export function readPoints(file: string, layout: RowLayout): ReadPoints {
  if (!existsSync(file)) return { rows: [], validBytes: 0, truncatedTail: false };
  const buf = readFileSync(file);
  const end = buf.lastIndexOf(0x0a) + 1;
  const lines = buf.subarray(0, end).toString('utf8').split('\n');
  lines.pop();
  const rows = lines.map((line, i) => {
    try {
      return rowFromJson(parseJson(line, file).value, layout);
    } catch (e) {
      if (e instanceof JsonInputError) throw new SweepError(`${file}:${i + 1}:${e.column}${e.field ? ` (${e.field})` : ''}: not a design point (${e.message.replace(/^.*?: /, '')}); only a partial last line is tolerated`);
      if (e instanceof RowFormatError) throw new SweepError(`${file}:${i + 1}: not a design point (${e.message}); only a partial last line is tolerated`);
      throw e;
    }
  });
  return { rows, validBytes: end, truncatedTail: end < buf.length };
}

/** Drops a partial last line so appends start on a line of their own. */
export function dropPartialTail(file: string, read: ReadPoints): void {
  if (read.truncatedTail) truncateSync(file, read.validBytes);
}

export function rowsToJsonl(rows: readonly PointRow[], layout: RowLayout): string {
  return rows.map((r) => JSON.stringify(rowToJson(r, layout)) + '\n').join('');
}

export interface CacheEntry {
  id: string;
  mode: string;
  params: Params;
  performance: Performance;
  /** designFingerprint of the inventory it was evaluated with. */
  design: string;
  /** Every point key of this micro-architecture (done or not). */
  pointKeys: string[];
  /** Wall time of the evaluation (simulation), ms. */
  evalMs: number;
  /** Sequential sampling (extend.ts): every run pooled into `performance`, the base run first. */
  replicates?: Performance[];
}

/** The cache file's name for micro-architecture `id`. Ids carry '=' and
 *  ','; keep file names portable. The id inside the file is checked on
 *  read, so a name collision cannot serve the wrong entry. */
export function cacheFileName(id: string): string {
  return `${id.replace(/[^A-Za-z0-9._=-]/g, '_')}.json`;
}

function cacheFile(dir: string, id: string): string {
  return join(dir, MICROARCH_DIR, cacheFileName(id));
}

export function readCache(dir: string, id: string): CacheEntry | null {
  const e = readCacheFile(cacheFile(dir, id));
  return e !== null && e.id === id ? e : null;
}

const damagedSeen = new Set<string>();

/** A micro-architecture record, or null when there is none or it is
 *  damaged (cut short by a kill or a full disk, edited): a damaged one is
 *  said once on stderr and counts as not simulated, so a resumed sweep
 *  simulates that micro-architecture again and rewrites the record. */
export function readCacheFile(file: string): CacheEntry | null {
  if (!existsSync(file)) return null;
  try {
    return cacheFromDoc(parseJson(readInputText(file), file));
  } catch (e) {
    if (!(e instanceof JsonInputError)) throw e;
    if (!damagedSeen.has(file)) console.error(`sweep: ${e.message}; a damaged micro-architecture record, simulated again`);
    damagedSeen.add(file);
    return null;
  }
}

function performanceFrom(doc: JsonDoc, at: string, v: Json): void {
  const p = doc.object(at, v, { required: ['cycles', 'work'], optional: ['counters', 'toggles'] }, 'counts {cycles, work, counters}');
  doc.number(`${at}.cycles`, p['cycles']!, 0, Number.MAX_VALUE, { above: true });
  doc.number(`${at}.work`, p['work']!, 0, Number.MAX_VALUE, { above: true });
  if (p['counters'] !== undefined) {
    const c = doc.object(`${at}.counters`, p['counters'], { optional: Object.keys(p['counters'] ?? {}) });
    // Stability's half-width may be Infinity, which JSON writes as null.
    for (const [k, x] of Object.entries(c)) if (x !== null) doc.number(`${at}.counters.${k}`, x, -Number.MAX_VALUE, Number.MAX_VALUE);
  }
  if (p['toggles'] !== undefined) doc.object(`${at}.toggles`, p['toggles'], { required: ['counts', 'cycles'] });
}

function cacheFromDoc(doc: JsonDoc): CacheEntry {
  const o = doc.object('', doc.value, { required: ['id', 'mode', 'params', 'performance', 'design', 'pointKeys', 'evalMs'], optional: ['replicates'] }, 'a micro-architecture record');
  doc.string('id', o['id']!);
  doc.string('mode', o['mode']!);
  doc.object('params', o['params']!, { optional: Object.keys(o['params'] ?? {}) });
  performanceFrom(doc, 'performance', o['performance']!);
  doc.string('design', o['design']!);
  doc.array('pointKeys', o['pointKeys']!).forEach((k, i) => doc.string(`pointKeys[${i}]`, k));
  doc.number('evalMs', o['evalMs']!, 0, Number.MAX_VALUE);
  if (o['replicates'] !== undefined) doc.array('replicates', o['replicates']).forEach((r, i) => performanceFrom(doc, `replicates[${i}]`, r));
  // Checked above field by field; written by writeCache below.
  return o as unknown as CacheEntry;
}

export function writeCache(dir: string, e: CacheEntry): void {
  writeDurable(cacheFile(dir, e.id), JSON.stringify(e) + '\n');
}

export function listCache(dir: string): string[] {
  const d = join(dir, MICROARCH_DIR);
  return existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.json')).map((f) => join(d, f)) : [];
}

const VT_RANK: Record<string, number> = { low: 0, nominal: 1, high: 2 };

/** Enumeration order of the micro-architecture, then Vt, Vdd, depth. */
export function canonicalSort(rows: PointRow[], identity: SweepIdentity): PointRow[] {
  const rank = new Map(identity.microArchs.map((m, i) => [m.id, i]));
  const r = (id: string): number => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => r(a.id) - r(b.id) || VT_RANK[a.vt]! - VT_RANK[b.vt]! || a.vdd - b.vdd || a.stages - b.stages);
}

/** Pareto flags on the study's objectives, per mode. */
export function markIdentityPareto(rows: PointRow[], identity: SweepIdentity): void {
  markPareto(rows, scorerOf<PointRow>(identity.study.objectives, figure));
}

/** Final files: canonical order, pareto flags over these rows, CSV. */
export function writeFinalPoints(dir: string, rows: PointRow[], identity: SweepIdentity): PointRow[] {
  const sorted = canonicalSort(rows, identity);
  markIdentityPareto(sorted, identity);
  writeDurable(join(dir, POINTS_JSONL), rowsToJsonl(sorted, layoutOf(identity)));
  writeDurable(join(dir, POINTS_CSV), rowsToCsv(sorted, layoutOf(identity)));
  return sorted;
}

export function keysOf(rows: readonly PointRow[]): Set<string> {
  return new Set(rows.map(rowKey));
}
