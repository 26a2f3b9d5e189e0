// Verilator builds take seconds; the same design and testbench are built
// again and again by tests and benchmarks. Builds are cached in a directory
// named by a hash of everything that goes into them (sources, flags, tool
// version), built in a private temporary directory and renamed into place,
// so parallel test workers never see a half-built model.
import { parseJson } from '../../hdl/json-input.js';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function cacheRoot(): string {
  const env = process.env['GFXRTL_EDA_CACHE'];
  if (env !== undefined && env !== '') return env;
  return privateRoot ?? (privateRoot = userRoot());
}

let privateRoot: string | undefined;

/** The user's own cache folder under the temporary directory. Builds are
 *  programs this process runs, so a folder of that name that is not ours
 *  (another user's, or not a folder) is never used: a private one is, with
 *  a warning. */
function userRoot(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  const root = join(tmpdir(), `gfxrtl-eda-cache${uid === null ? '' : `-${uid}`}`);
  try {
    const st = lstatSync(root);
    if (st.isDirectory() && (uid === null || st.uid === uid)) return root;
  } catch {
    return root; // not there yet: ours to create
  }
  const own = mkdtempSync(join(tmpdir(), 'gfxrtl-eda-cache-'));
  process.stderr.write(`gfxrtl: warning: ${root} is not a folder of this user's; Verilator builds are cached in ${own} for this run\n`);
  return own;
}

export interface CachedBuild {
  dir: string;
  /** True when an earlier build was reused. */
  cached: boolean;
  /** Wall-clock seconds the build took (when it was made, if cached). */
  buildSeconds: number;
}

/** Writes `files` into a fresh directory, runs `build` there, and keeps the
 *  result under a key hashed from `files` and `key`. */
export async function cachedBuild(
  kind: string,
  files: Map<string, string>,
  key: string,
  build: (dir: string) => Promise<void>,
): Promise<CachedBuild> {
  const hash = createHash('sha256');
  hash.update(`${kind}\0${key}\0`);
  for (const [name, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${name}\0${text}\0`);
  const dir = join(cacheRoot(), `${kind}-${hash.digest('hex').slice(0, 24)}`);
  const stamp = join(dir, 'build.json');
  if (existsSync(stamp)) return { dir, cached: true, buildSeconds: await recordedSeconds(stamp) };

  await mkdir(cacheRoot(), { recursive: true });
  const work = await mkdtemp(join(cacheRoot(), `${kind}-tmp-`));
  try {
    for (const [name, text] of files) await writeFile(join(work, name), text);
    const start = performance.now();
    await build(work);
    const buildSeconds = (performance.now() - start) / 1000;
    await writeFile(join(work, 'build.json'), JSON.stringify({ buildSeconds }));
    try {
      await rename(work, dir);
    } catch (e) {
      // Another worker finished the same build first: use theirs.
      if (!existsSync(stamp)) throw e;
      await rm(work, { recursive: true, force: true });
      return { dir, cached: true, buildSeconds: await recordedSeconds(stamp) };
    }
    return { dir, cached: false, buildSeconds };
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    throw e;
  }
}

async function recordedSeconds(stamp: string): Promise<number> {
  let parsed: unknown;
  try {
    parsed = parseJson(await readFile(stamp, 'utf8'), stamp).value;
  } catch {
    return 0; // a torn stamp: the build is there, its time unknown
  }
  if (typeof parsed === 'object' && parsed !== null && 'buildSeconds' in parsed && typeof parsed.buildSeconds === 'number') {
    return parsed.buildSeconds;
  }
  return 0;
}

export { runTool } from '../../hdl/verilog/run-tool.js';
