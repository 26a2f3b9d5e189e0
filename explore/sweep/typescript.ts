// Importing a module by URL that may be TypeScript: a user's unit, study or
// gfxrtl.config.ts. From the sources (tsx, vitest) TypeScript loads as it
// is. The compiled package bundles each such module with the project files
// it imports (esbuild; packages stay external, so 'gfxrtl' is the installed
// package, shared with the CLI) into node_modules/.cache/gfxrtl/, and
// imports the bundle: a start with unchanged files reads a few file dates
// and starts neither esbuild nor a module-hook thread. Where no
// node_modules folder is above the module, ts-hooks.js is registered in
// this thread instead. Sweep workers import their study through here too.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runnableModuleUrl } from './module-url.js';
import { UserError } from '../../hdl/errors.js';

const FROM_SOURCES = import.meta.url.endsWith('.ts');
let registered = false;

interface BundleMeta {
  /** Every file bundled, with the date and size it had. */
  inputs: { file: string; mtimeMs: number; size: number }[];
}

function cacheDirFor(file: string): string | null {
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) return join(dir, 'node_modules', '.cache', 'gfxrtl');
  }
  return null;
}

function fresh(meta: string): boolean {
  if (!existsSync(meta)) return false;
  const m = JSON.parse(readFileSync(meta, 'utf8')) as BundleMeta;
  return m.inputs.every((i) => {
    if (!existsSync(i.file)) return false;
    const s = statSync(i.file);
    return s.mtimeMs === i.mtimeMs && s.size === i.size;
  });
}

/** The bundle of `file` (built when missing or stale), as a URL; null where there is no cache folder. */
async function bundled(file: string): Promise<string | null> {
  const dir = cacheDirFor(file);
  if (dir === null) return null;
  const key = createHash('sha256').update(file).digest('hex').slice(0, 16);
  const out = join(dir, `${basename(file).replace(/\.m?ts$/, '')}-${key}.mjs`);
  const meta = `${out}.json`;
  if (!fresh(meta)) {
    const esbuild = await import('esbuild');
    const cwd = dirname(file);
    let r: Awaited<ReturnType<typeof esbuild.build>>;
    try {
      r = await esbuild.build({ entryPoints: [file], absWorkingDir: cwd, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', outfile: out, metafile: true, sourcemap: 'inline', logLevel: 'silent', write: true });
    } catch (e) {
      // esbuild's own message is a count; its first error says what and where.
      const first = (e as { errors?: { text: string; location: { file: string; line: number; column: number } | null }[] }).errors?.[0];
      if (first === undefined) throw e;
      // A plugin that does not compile is its author's mistake, named at its place.
      throw new UserError(`${first.location ? `${first.location.file}:${first.location.line}:${first.location.column}: ` : ''}${first.text}`);
    }
    const inputs = Object.keys(r.metafile?.inputs ?? {}).map((f) => resolve(cwd, f)).map((f) => ({ file: f, mtimeMs: statSync(f).mtimeMs, size: statSync(f).size }));
    mkdirSync(dir, { recursive: true });
    writeFileSync(meta, JSON.stringify({ inputs } satisfies BundleMeta));
  }
  return pathToFileURL(out).href;
}

/** Why the module at `url` (a sweep folder's record, a command's) cannot be
 *  imported here, or null. A folder records its study by source URL
 *  (module-url.ts); from compiled JavaScript gfxrtl imports its own
 *  checkout's sources from its compiled copy, and another checkout's, whose
 *  copy it does not know, not at all: that was an internal error ("Cannot
 *  find module .../index.js"). */
export function whyNotImportable(given: string): string | null {
  if (!given.startsWith('file:')) return null;
  const file = fileURLToPath(runnableModuleUrl(given));
  if (existsSync(file)) return null;
  const source = file.replace(/\.js$/, '.ts');
  if (source !== file && existsSync(source)) {
    // tsx (gfxrtl from a clone, vitest) imports index.js as its index.ts.
    if (FROM_SOURCES) return null;
    return 'is the source of another gfxrtl checkout, which this one (running from compiled JavaScript) cannot load; run gfxrtl from that checkout (its npm start or its gfxrtl), or sweep again with this one';
  }
  return 'is not there (moved or deleted since it was recorded)';
}

/** Imports `url` (a file: URL), a .ts/.mts file through its cached bundle (or, with no cache folder, ts-hooks.js). */
export async function importModule(given: string): Promise<unknown> {
  const url = runnableModuleUrl(given);
  if (FROM_SOURCES || !/\.m?ts$/.test(new URL(url).pathname)) return import(url);
  const bundle = await bundled(fileURLToPath(url));
  if (bundle !== null) return import(bundle);
  if (!registered) {
    register(new URL('./ts-hooks.js', import.meta.url));
    registered = true;
  }
  return import(url);
}
