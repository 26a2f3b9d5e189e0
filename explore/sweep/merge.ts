// Joining sweep directories (typically the shards of one sweep, run on
// separate machines): same identity required, points deduplicated by key (a
// duplicate must agree in every figure, else the sweeps were not the same
// and merging is refused), micro-architecture caches carried over, Pareto
// flags recomputed over the union. The result is an ordinary, unsharded
// sweep directory: complete when every micro-architecture of the spec is
// in, and otherwise resumable with `sweep --out`.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { lockDir, lockHolder, writeDurable } from './files.js';
import { identityDiff, layoutOf, MANIFEST_FORMAT, readManifest, writeManifest, type SweepManifest } from './manifest.js';
import { rowKey, sameFigures, type PointRow } from './point.js';
import { listCache, MICROARCH_DIR, POINTS_JSONL, readCache, readCacheFile, readPoints, writeFinalPoints, type CacheEntry } from './store.js';
import { SweepError } from './spec.js';

export interface MergeOptions {
  inputs: readonly string[];
  out: string;
  command?: string;
}

export interface MergeSummary {
  out: string;
  points: number;
  /** Points found in more than one input (identical, kept once). */
  duplicates: number;
  complete: boolean;
}

export function mergeSweeps(opts: MergeOptions): MergeSummary {
  if (opts.inputs.length === 0) throw new SweepError('merge: no input directories');
  if (readManifest(opts.out) !== null) throw new SweepError(`merge: ${opts.out} already holds a sweep; merge into a new directory`);
  const manifests = opts.inputs.map((dir) => {
    const pid = lockHolder(dir);
    // A shard still being swept would be merged half-done and silently look final.
    if (pid !== null) throw new SweepError(`merge: ${dir} is still being written by sweep process ${pid} (${join(dir, '.lock')}); wait for that sweep to finish, then merge`);
    const m = readManifest(dir);
    if (m === null) throw new SweepError(`merge: ${dir} is not a sweep directory (no sweep.json)`);
    return m;
  });
  const first = manifests[0]!;
  manifests.forEach((m, i) => {
    const diff = identityDiff(first.identity, m.identity);
    if (diff.length > 0) throw new SweepError(`merge: ${opts.inputs[i]} is not the same sweep as ${opts.inputs[0]} (differs in: ${diff.join(', ')})`);
  });
  const identity = first.identity;
  const unlock = lockDir(opts.out);
  try {
    const byKey = new Map<string, { row: PointRow; dir: string }>();
    let duplicates = 0;
    opts.inputs.forEach((dir) => {
      for (const row of readPoints(join(dir, POINTS_JSONL), layoutOf(identity)).rows) {
        const key = rowKey(row);
        const prev = byKey.get(key);
        if (prev === undefined) {
          byKey.set(key, { row, dir });
        } else {
          if (!sameFigures(prev.row, row, layoutOf(identity))) throw new SweepError(`merge: point ${key} differs between ${prev.dir} and ${dir}; refusing to merge conflicting results`);
          duplicates++;
        }
      }
    });
    copyCaches(opts.inputs, opts.out);
    const rows = [...byKey.values()].map((v) => v.row);
    const have = new Set(byKey.keys());
    const complete = identity.microArchs.every((m) => {
      const c = readCache(opts.out, m.id);
      return c !== null && c.pointKeys.every((k) => have.has(k));
    });
    const final = writeFinalPoints(opts.out, rows, identity);
    const manifest: SweepManifest = { format: MANIFEST_FORMAT, identity, shard: null, command: opts.command ?? '', complete, points: final.length, mergedFrom: [...opts.inputs] };
    writeManifest(opts.out, manifest);
    return { out: opts.out, points: final.length, duplicates, complete };
  } finally {
    unlock();
  }
}

/** Cache entries are evaluations of one micro-architecture on one workload:
 *  two inputs holding the same one must agree. */
function copyCaches(inputs: readonly string[], out: string): void {
  const seen = new Map<string, { entry: CacheEntry; dir: string }>();
  for (const dir of inputs) {
    for (const file of listCache(dir)) {
      const name = basename(file);
      // A damaged record is left behind (said on stderr): the merged
      // directory then lacks it, and a sweep run on it simulates it again.
      const entry = readCacheFile(file);
      if (entry === null) continue;
      const text = readFileSync(file, 'utf8');
      const prev = seen.get(name);
      if (prev !== undefined) {
        if (JSON.stringify(prev.entry.performance) !== JSON.stringify(entry.performance)) throw new SweepError(`merge: ${MICROARCH_DIR}/${name} differs between ${prev.dir} and ${dir}`);
        continue;
      }
      seen.set(name, { entry, dir });
      const target = join(out, MICROARCH_DIR, name);
      if (!existsSync(target)) writeDurable(target, text);
    }
  }
}
