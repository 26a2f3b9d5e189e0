// Generated simulator code, kept by what it is generated from: the digest of
// the flat netlist (its canonical text: every node, memory, CAM and signal,
// source locations left out) and of the compile options, with the gfxrtl
// version and the generator version (a digest of hdl/'s sources) in the key.
// A simulator compiled from a netlist already compiled, in this thread,
// another thread or an earlier run, takes each function's source from the
// cache (hdl/disk-cache.ts) instead of generating it; the structure of the
// generated code (chunks, which loop fits) follows from those sources exactly
// as it did when they were generated. A thread keeps its last few netlists'
// sources in memory too.
import { createHash } from 'node:crypto';
import type { FlatNetlist } from '../../flatten.js';
import { canonicalText } from '../../canonical-text.js';
import { cacheRoot, DiskCache } from '../../disk-cache.js';
import { gfxrtlVersion, sourceDigest } from '../../source-version.js';
import { join } from 'node:path';

export type CodeValue = null | string | string[] | { readonly [k: string]: CodeValue };

/** Sources by role (settle, edge, loop, a batch or stream signature, ...). */
export interface CodeStore {
  /** The netlist's digest (its cache key). */
  readonly key: string;
  /** The stored value of `role`, else what `build` makes (then stored). */
  get<T extends CodeValue>(role: string, build: () => T): T;
  /** Roles this store took from the cache (memory or disk), and roles it generated. */
  readonly use: { readonly hits: number; readonly built: number };
}

const FORMAT = 'gfxrtl-sim-code/1';
/** Netlists whose sources a thread keeps in memory. */
const KEEP = 8;
const memory = new Map<string, Map<string, CodeValue>>();
let disk: DiskCache | null | undefined;
let generator: string | null = null;

function diskCache(): DiskCache | null {
  if (disk === undefined) {
    const root = cacheRoot();
    disk = root === null ? null : new DiskCache(join(root, 'sim'), FORMAT, `${gfxrtlVersion()}-${generatorVersion()}`);
  }
  return disk;
}

/** Forget the cache folder and the sources in memory (tests point $GFXRTL_CACHE_DIR elsewhere). */
export function resetCodeCache(): void {
  disk = undefined;
  memory.clear();
}

/** Digest of hdl/'s sources: the generator (and the flattening it starts from). */
export function generatorVersion(): string {
  return (generator ??= sourceDigest(['hdl']));
}

/** The store of a netlist compiled with `options` (those that shape the code). */
export function codeStore(full: FlatNetlist, options: Readonly<Record<string, unknown>>): CodeStore {
  const key = createHash('sha256')
    .update(`${FORMAT}\0${gfxrtlVersion()}\0${generatorVersion()}\0${canonicalText(options)}\0`)
    .update(canonicalText(full))
    .digest('hex')
    .slice(0, 32);
  let mem = memory.get(key);
  if (mem === undefined) {
    if (memory.size >= KEEP) memory.delete(memory.keys().next().value!);
    memory.set(key, (mem = new Map()));
  }
  const roles = mem;
  const use = { hits: 0, built: 0 };
  return {
    key,
    use,
    get<T extends CodeValue>(role: string, build: () => T): T {
      if (roles.has(role)) {
        use.hits++;
        return roles.get(role) as T;
      }
      const stored = diskCache()?.read(key, role);
      const value = stored !== undefined ? (stored as T) : build();
      if (stored === undefined) {
        use.built++;
        diskCache()?.write(key, role, value);
      } else use.hits++;
      roles.set(role, value);
      return value;
    },
  };
}
