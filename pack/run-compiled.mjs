#!/usr/bin/env node
// `npm start`'s runner: the gfxrtl command from JavaScript compiled out of
// this checkout's TypeScript, not through tsx. Under tsx every thread the
// main job starts (sweep workers, phase threads, the experiments' farms:
// about 30) registers tsx's loader, which runs on a thread of its own and
// answers every import of the thread's few hundred modules (a --cpu-prof of
// every thread of the job: those loader threads were busy about 21 s). Run
// side by side with the same commit through tsx, the job from tsc's build
// took 390 s of CPU against 415 s; from this runner (with b3d54c2's
// canonicalText), 362 s against 396 s for the commit before; the results
// the same (docs/speed.md).
//
// The sources are transpiled file by file with esbuild (as tsx does, types
// stripped, nothing checked: `npm test` type-checks) into
// .gfxrtl-run/<digest>/, keyed by a digest of every source, so an edit
// gives a fresh tree and an unchanged checkout reuses its own (about 0.5 s
// to build 520 files). Each file carries an inline source map and the runner is started
// with --enable-source-maps, so stack traces, and the source locations
// elaboration records from them (Verilog headers, design pages), name the
// .ts files and lines exactly as under tsx.
//
//   node pack/run-compiled.mjs ARGS...   (the gfxrtl command's arguments)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Worker threads take their source-map setting from the process's flags (process.setSourceMapsEnabled is this thread's alone).
if (!process.execArgv.includes('--enable-source-maps')) {
  const r = spawnSync(process.execPath, ['--enable-source-maps', ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? (r.signal !== null ? 128 + (({ SIGINT: 2, SIGTERM: 15 })[r.signal] ?? 1) : 1));
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The folders the command's code lives in (tsconfig.build.json's). */
const DIRS = ['api', 'hdl', 'units', 'studies', 'testbenches', 'synth-models', 'explore', 'waveforms', 'cli'];
/** TypeScript read as text at run time (synth-models/yosys-cache.ts keys the Yosys cache by the flow's source). */
const READ_AS_TEXT = ['hdl/verilog/yosys.ts'];
const TREES = join(ROOT, '.gfxrtl-run');
/** Trees of other sources are removed once this old (sweeps record the sources' URLs, never a tree's: explore/sweep/module-url.ts). */
const STALE_MS = 24 * 3600 * 1000;

function filesUnder(dir) {
  const out = [];
  for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

const sources = DIRS.flatMap((d) => filesUnder(join(ROOT, d))).filter((f) => !/\.test\.ts$/.test(f) && !/\.d\.ts$/.test(f));
const esbuildVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules/esbuild/package.json'), 'utf8')).version;
const hash = createHash('sha256').update(`esbuild ${esbuildVersion}\0`).update(readFileSync(fileURLToPath(import.meta.url))).update(readFileSync(join(ROOT, 'package.json')));
for (const f of sources) hash.update(relative(ROOT, f)).update('\0').update(readFileSync(f)).update('\0');
const digest = hash.digest('hex').slice(0, 16);
const tree = join(TREES, digest);

if (!existsSync(join(tree, 'cli/main.js'))) {
  const t0 = Date.now();
  const tmp = `${tree}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  const { build } = await import('esbuild');
  const ts = sources.filter((f) => f.endsWith('.ts'));
  await build({ entryPoints: ts, outdir: tmp, outbase: ROOT, format: 'esm', platform: 'node', target: 'node20', sourcemap: 'inline', sourcesContent: false, logLevel: 'error' });
  // Data files beside the code that reads them, and a package.json: ES modules, and the version the caches are keyed by.
  for (const f of [...sources.filter((s) => !s.endsWith('.ts')), ...READ_AS_TEXT.map((r) => join(ROOT, r))]) {
    const to = join(tmp, relative(ROOT, f));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(f, to);
  }
  writeFileSync(join(tmp, 'package.json'), readFileSync(join(ROOT, 'package.json')));
  try {
    renameSync(tmp, tree);
  } catch (e) {
    // Another run built the same tree meanwhile: use it.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(join(tree, 'cli/main.js'))) throw e;
  }
  process.stderr.write(`gfxrtl: compiled ${ts.length} sources into ${relative(ROOT, tree)} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  for (const old of readdirSync(TREES)) {
    const p = join(TREES, old);
    if (old !== digest && Date.now() - statSync(p).mtimeMs > STALE_MS) rmSync(p, { recursive: true, force: true });
  }
}
// Where the copy and the sources are, for the threads too (explore/sweep/module-url.ts).
process.env.GFXRTL_RUN_TREE = tree;
process.env.GFXRTL_SOURCE_ROOT = ROOT;
await import(pathToFileURL(join(tree, 'cli/main.js')).href);
