// Yosys cell counts of the area cross-check, cached on disk: radix-sort, qfm
// and pmu take tens of minutes each in Yosys on a loaded 2-core machine, and
// re-pricing after a cost-model change needs no new synthesis (the counts
// are priced as NanGate cells afterwards, yosys-area.ts, so the cell prices
// are not part of what is cached).
//
// An entry is keyed by everything the counts depend on: the Verilog text
// (every file, with its name), the Yosys version (`yosys -V`) and the
// synthesis flow, i.e. the source of hdl/verilog/yosys.ts that runs it (the
// flow maps to Yosys' generic gates and reads no liberty file; were one
// added there, its text would go into the key here). Entries live under
// out/yosys-cache (git-ignored) or $GFXRTL_YOSYS_CACHE; never committed.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readJsonFile } from '../hdl/json-input.js';
import { join } from 'node:path';
import type { Design } from '../hdl/ir.js';
import { emitVerilog, type VerilogDesign } from '../hdl/verilog/emit.js';
import { yosysCellCounts, type YosysCellCounts } from '../hdl/verilog/yosys.js';

const ENTRY_FORMAT = 'gfxrtl-yosys-counts/1';

/** Where entries go unless told otherwise. */
export function defaultYosysCacheDir(): string {
  return process.env['GFXRTL_YOSYS_CACHE'] ?? join('out', 'yosys-cache');
}

export interface YosysCacheOptions {
  /** Cache directory; null bypasses the cache (synthesise, read and write
   *  nothing). Default: defaultYosysCacheDir(). */
  dir?: string | null;
  /** Only read the cache: a design with no entry is reported, not synthesised. */
  readOnly?: boolean;
}

let flow: string | null = null;
/** The Yosys version and the synthesis flow's source, read once. */
function flowKey(): string {
  if (flow === null) {
    const version = execFileSync('yosys', ['-V'], { encoding: 'utf8' }).trim();
    const script = readFileSync(new URL('../hdl/verilog/yosys.ts', import.meta.url), 'utf8');
    flow = `${version}\n${script}`;
  }
  return flow;
}

/** The cache key of a design's Verilog under this Yosys and flow. */
export function yosysCacheKey(v: VerilogDesign): string {
  const h = createHash('sha256').update(ENTRY_FORMAT).update('\0').update(flowKey()).update('\0').update(v.top);
  for (const [name, text] of [...v.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) h.update('\0').update(name).update('\0').update(text);
  return h.digest('hex').slice(0, 24);
}

function readEntry(file: string, top: string): YosysCellCounts | null {
  if (!existsSync(file)) return null;
  try {
    const e = readJsonFile(file).value as { format?: unknown; counts?: YosysCellCounts };
    if (e.format === ENTRY_FORMAT && e.counts !== undefined && e.counts.top === top && typeof e.counts.totalCells === 'number') return e.counts;
  } catch {
    // A torn or foreign file: synthesise again and overwrite it.
  }
  console.error(`yosys cache: ${file} is not a ${ENTRY_FORMAT} entry for ${top}; synthesising again`);
  return null;
}

/** Thrown in read-only mode for a design the cache has no counts for. */
export class NotCachedError extends Error {}

/** Syntheses running in this thread, by entry file: a design asked for
 *  again before its counts are written (two cross-checks at once, the same
 *  unit in both) waits for the same Yosys run instead of starting another
 *  that would write the same entry. */
const running = new Map<string, Promise<YosysCellCounts>>();

/** Yosys cell counts of `design`, from the cache when it holds them. */
export async function cachedYosysCellCounts(design: Design | VerilogDesign, opts: YosysCacheOptions = {}): Promise<YosysCellCounts> {
  const v = 'files' in design ? design : emitVerilog(design);
  const dir = opts.dir === undefined ? defaultYosysCacheDir() : opts.dir;
  if (dir === null) return yosysCellCounts(v);
  const file = join(dir, `${yosysCacheKey(v)}.json`);
  const pending = running.get(file);
  if (pending !== undefined) return pending;
  const hit = readEntry(file, v.top);
  if (hit !== null) return hit;
  if (opts.readOnly === true) throw new NotCachedError(`yosys cache: no counts for ${v.top} in ${dir} (run without the cache-only option to synthesise it)`);
  const run = synthesiseInto(v, dir, file);
  running.set(file, run);
  try {
    return await run;
  } finally {
    running.delete(file);
  }
}

async function synthesiseInto(v: VerilogDesign, dir: string, file: string): Promise<YosysCellCounts> {
  const counts = await yosysCellCounts(v);
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed, so an interrupted run leaves no torn entry.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ format: ENTRY_FORMAT, counts }) + '\n');
  renameSync(tmp, file);
  return counts;
}
