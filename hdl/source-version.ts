// Which gfxrtl a cached artifact came from: the package version and a digest
// of every source file that can change what elaboration, simulator code
// generation or pricing produce (all non-test TypeScript of the library,
// the units, the studies, the cost model, the engine, the testbenches and
// the CLI). Any edit to any of them gives another version, so an on-disk
// cache written by other code is never read as this code's. Computed once
// per process (the main thread hands it to its worker threads through the
// environment).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['hdl', 'units', 'studies', 'synth-models', 'explore', 'testbenches', 'cli', 'waveforms'];
const ENV = 'GFXRTL_SOURCE_VERSION';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true }).map((d) => (d.isDirectory() ? `${d.name}/` : d.name));
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    if (name.endsWith('/')) out.push(...sourceFiles(join(dir, name)));
    else if (/\.(ts|js|mjs|json)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(join(dir, name));
  }
  return out;
}

/** Digest of `dirs` (repository-relative) with their files' names and contents. */
export function sourceDigest(dirs: readonly string[]): string {
  const h = createHash('sha256');
  for (const d of dirs) {
    for (const f of sourceFiles(join(ROOT, d))) h.update(relative(ROOT, f)).update('\0').update(readFileSync(f)).update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

let version: string | null = null;

/** gfxrtl's package version: its package.json is beside the sources in a
 *  checkout, one folder up from them in the installed package (dist/). */
function packageVersion(): string {
  for (const dir of [ROOT, join(ROOT, '..')]) {
    let text: string;
    try {
      text = readFileSync(join(dir, 'package.json'), 'utf8');
    } catch {
      continue;
    }
    try {
      const pkg = JSON.parse(text) as { name?: unknown; version?: unknown };
      if (pkg.name === 'gfxrtl' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not gfxrtl's package.json: the next folder up
    }
  }
  // Neither: the source digest alone tells versions apart.
  return '0';
}

/** `<package version>+<source digest>`. */
export function gfxrtlVersion(): string {
  if (version !== null) return version;
  const inherited = isMainThread ? undefined : process.env[ENV];
  if (inherited !== undefined) return (version = inherited);
  version = `${packageVersion()}+${sourceDigest(DIRS)}`;
  if (isMainThread) process.env[ENV] = version;
  return version;
}

/** Whether a module (a file: URL) is one of gfxrtl's own source files, whose
 *  content gfxrtlVersion() covers (a plugin's is not: a cache of what it
 *  computes could not tell when it changed). */
export function isGfxrtlSource(moduleUrl: string): boolean {
  if (!moduleUrl.startsWith('file:')) return false;
  const rel = relative(ROOT, fileURLToPath(moduleUrl));
  const top = rel.split(sep)[0] ?? '';
  return rel !== '' && !rel.startsWith('..') && DIRS.includes(top) && !rel.split(sep).includes('node_modules');
}
