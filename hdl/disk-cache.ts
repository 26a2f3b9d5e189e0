// A content-addressed cache on disk for artifacts that are pure functions of
// their key (generated simulator code, elaborated netlists): one JSON file
// per (key, name) under DIR/<version>/<key>/, written aside and renamed into place, so
// concurrent writers (sweep workers, two runs) never leave a torn file and
// the last complete one wins. Every file holds its format, key, name and
// the digest of its value; a file whose header or digest does not match
// what is asked for (another version's, a foreign or corrupted file) is
// never used: it is logged and rebuilt. A folder that cannot be written is
// logged once, and the process carries on without the cache. The first
// write of a process's main thread removes other versions' folders (their
// entries can never be read by this code).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, threadId } from 'node:worker_threads';

/** Where caches live unless $GFXRTL_CACHE_DIR says; $GFXRTL_CACHE=off turns them off. */
export function cacheRoot(): string | null {
  if (process.env['GFXRTL_CACHE'] === 'off') return null;
  return process.env['GFXRTL_CACHE_DIR'] ?? join('out', 'cache');
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface Entry {
  format: string;
  key: string;
  name: string;
  sha: string;
  value: Json;
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** An entry's text up to its value: JSON.stringify(entry) is this, the value's JSON, and '}'. */
function entryHead(format: string, key: string, name: string, sha: string): string {
  return `${JSON.stringify({ format, key, name, sha } satisfies Omit<Entry, 'value'>).slice(0, -1)},"value":`;
}

export class DiskCache {
  private disabled = false;
  private pruned = !isMainThread;
  /** This version's folder. */
  readonly dir: string;

  /** `base`: the cache's folder (a subfolder per version); `format`: names
   *  the kind and layout of its entries; `version`: the code's. */
  constructor(
    readonly base: string,
    readonly format: string,
    readonly version: string,
    private readonly log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
  ) {
    this.dir = join(base, version.replace(/[^A-Za-z0-9_.+-]/g, '_'));
  }

  /** The value stored under (key, name), or undefined (absent, or not this cache's: logged). */
  read(key: string, name: string): Json | undefined {
    if (this.disabled) return undefined;
    const file = this.file(key, name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const e = JSON.parse(text) as Partial<Entry>;
      // The value's text as write() left it (its digest's input), without writing the value out again.
      const head = entryHead(this.format, key, name, e.sha ?? '');
      const valueText = text.startsWith(head) && text.endsWith('}') ? text.slice(head.length, -1) : JSON.stringify(e.value ?? null);
      if (e.format === this.format && e.key === key && e.name === name && e.sha === digest(valueText)) return e.value as Json;
    } catch {
      // torn or foreign: rebuilt below
    }
    this.log(`cache: ${file} is not a ${this.format} entry for this key (another version's, or damaged); rebuilding it`);
    return undefined;
  }

  write(key: string, name: string, value: Json): void {
    if (this.disabled) return;
    const dir = join(this.dir, key);
    const file = this.file(key, name);
    const valueText = JSON.stringify(value);
    // JSON.stringify(entry), with the value written once: a design is MBs of text (the elaboration cache).
    const text = `${entryHead(this.format, key, name, digest(valueText))}${valueText}}`;
    const tmp = `${file}.${process.pid}.${threadId}.tmp`;
    if (!this.pruned) this.prune();
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(tmp, text);
      renameSync(tmp, file);
    } catch (e) {
      this.disabled = true;
      this.log(`cache: cannot write ${dir} (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); carrying on without the cache in this process (set GFXRTL_CACHE_DIR to a writable folder, or GFXRTL_CACHE=off)`);
    }
  }

  /** Other versions' folders: never read by this code. */
  private prune(): void {
    this.pruned = true;
    let names: string[];
    try {
      names = readdirSync(this.base);
    } catch {
      return;
    }
    const own = this.dir.slice(this.base.length + 1);
    for (const n of names) if (n !== own) rmSync(join(this.base, n), { recursive: true, force: true });
  }

  /** A readable prefix of the name and its digest (names may be long signatures). */
  private file(key: string, name: string): string {
    return join(this.dir, key, `${name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 40)}-${digest(name).slice(0, 16)}.json`);
  }
}
