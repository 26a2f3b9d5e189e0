// Pricing of two checkouts side by side: this checkout's and a reference's
// inventory reader, enumeration and pricing read and price one sweep's
// stored inventories in turn, micro-architecture by micro-architecture, in
// two threads (the 2-core machine's cores) for a stretch of time. A pricing
// change of a few percent is lost in the host's drift: solo rounds of the
// same code moved by 7.3-9.6 ms per micro-architecture within a minute;
// whole rounds alternated in one thread gave the same code ratios of
// 0.96-1.15; and one thread per side, at once, 1.015-1.087 (each thread
// had a core of its own, and the cores' speeds differ). Taking turns a few
// milliseconds apart on each core, both sides meet the same machine. It
// prints each side's thread CPU per micro-architecture, reading (JSON.parse
// aside) and pricing apart, their ratios, and whether both priced every
// point to the same figures.
//
//   npx tsx bench/pricing-ab.ts REF_CHECKOUT [--dir SWEEP_DIR] [--seconds 60]
//                               [--fresh STUDY[:DESIGNS]]
//
// --fresh: instead of reading the stored inventories, each side elaborates
// DESIGNS (default 48) of STUDY's main-job space once and inventories them
// afresh each turn, as a simulation sweep prices what it has just
// elaborated (priced at the sweep directory's spec and knobs).
// REF_CHECKOUT: another clone with node_modules (e.g. git worktree add
// /tmp/ref COMMIT && ln -s "$PWD/node_modules" /tmp/ref/node_modules).
// Without --dir it first runs the narrowed Hybrid sweep that
// bench/pricing-speed.ts uses. Not a test: nothing here fails.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { ParamError, UserError } from '../hdl/errors.js';
import { inventoryFile } from '../explore/sweep/inventory-file.js';
import { readManifest } from '../explore/sweep/index.js';
import { spawnWorker } from '../explore/sweep/spawn.js';
import { findStudy } from '../studies/registry.js';
import { pricingSweepDir } from './pricing-sweep.js';
import type { SideData, SideReport } from './pricing-ab-worker.js';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { dir: { type: 'string' }, seconds: { type: 'string', default: '60' }, fresh: { type: 'string' } } });
const ref = positionals[0];
if (ref === undefined || !existsSync(join(ref, 'synth-models', 'price.ts'))) {
  throw new ParamError('REF_CHECKOUT', ref ?? '(none)', 'a gfxrtl clone with node_modules', { message: 'bench/pricing-ab.ts: give the reference checkout, e.g. git worktree add /tmp/ref COMMIT && ln -s "$PWD/node_modules" /tmp/ref/node_modules' });
}
const seconds = Number(values.seconds);
if (!(seconds > 0)) throw new ParamError('--seconds', values.seconds, 'a positive number', { message: `pricing-ab: --seconds must be a positive number, got ${values.seconds}` });

const fresh = values.fresh === undefined ? null : { study: values.fresh.split(':')[0]!, designs: Number(values.fresh.split(':')[1] ?? 48) };
if (fresh !== null) {
  findStudy(fresh.study); // a clear error for a study that does not exist, here rather than in a thread
  if (!(Number.isInteger(fresh.designs) && fresh.designs >= 1)) throw new ParamError('--fresh', values.fresh, 'STUDY or STUDY:DESIGNS, DESIGNS an integer >= 1', { message: `pricing-ab: --fresh takes STUDY or STUDY:DESIGNS (an integer >= 1), got ${values.fresh}` });
}

const sweep = await pricingSweepDir('pricing-ab', values.dir);
try {
  const manifest = readManifest(sweep.dir);
  if (manifest === null) throw new UserError(`pricing-ab: ${sweep.dir} holds no sweep.json; give a sweep directory (--dir)`);
  const { spec, knobs } = manifest.identity;
  const files = manifest.identity.microArchs.map((m) => inventoryFile(sweep.dir, m.id)).filter((f) => existsSync(f));
  if (files.length === 0) throw new UserError(`pricing-ab: ${sweep.dir} holds no stored inventories (a sweep stores them when run with keepInventories, as gfxrtl sweep does)`);
  const sides = [
    { name: 'reference', root: resolve(ref) },
    { name: 'candidate', root: HERE },
  ];
  // Two threads (the machine's cores), each running both sides in turn.
  const workers: Worker[] = [0, 1].map(() => spawnWorker(new URL('./pricing-ab-worker', import.meta.url), { roots: sides.map((s) => s.root), files, fresh, spec, knobs } satisfies SideData));
  const next = (w: Worker): Promise<unknown> =>
    new Promise((res, rej) => {
      w.once('message', res);
      w.once('error', rej);
    });
  await Promise.all(workers.map(next));
  const got = workers.map((w) => next(w) as Promise<SideReport[]>);
  for (const w of workers) w.postMessage('go');
  await new Promise((res) => setTimeout(res, seconds * 1000));
  for (const w of workers) w.postMessage('stop');
  const byThread = await Promise.all(got);
  await Promise.all(workers.map((w) => w.terminate()));
  const [r, c] = [0, 1].map((s) => byThread.reduce<SideReport>((a, t) => ({ microArchs: a.microArchs + t[s]!.microArchs, readMs: a.readMs + t[s]!.readMs, priceMs: a.priceMs + t[s]!.priceMs, digest: t[s]!.digest }), { microArchs: 0, readMs: 0, priceMs: 0, digest: '' })) as [SideReport, SideReport];
  const same = byThread.every((t) => t[0]!.digest === r.digest && t[1]!.digest === c.digest);
  const per = (x: SideReport, ms: number): number => ms / x.microArchs;
  const what = fresh === null ? `${files.length} stored inventories of ${manifest.identity.study.name} in ${sweep.dir}` : `${fresh.designs} ${fresh.study} main-job designs inventoried afresh each turn, priced as ${sweep.dir}'s spec`;
  console.log(`pricing-ab: ${what}, both sides in turn in two threads for ${seconds} s`);
  console.log(`| side | checkout | micro-archs ${fresh === null ? 'read' : 'inventoried'} and priced | ${fresh === null ? 'read' : 'inventory'} ms per micro-arch | price ms per micro-arch |`);
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const [s, x] of [[sides[0]!, r], [sides[1]!, c]] as const) console.log(`| ${s.name} | ${s.root} | ${x.microArchs} | ${per(x, x.readMs).toFixed(3)} | ${per(x, x.priceMs).toFixed(3)} |`);
  console.log(`candidate / reference: pricing ${(per(c, c.priceMs) / per(r, r.priceMs)).toFixed(3)}, ${fresh === null ? 'reading' : 'inventory'} ${(per(c, c.readMs) / per(r, r.readMs)).toFixed(3)}, both ${(per(c, c.readMs + c.priceMs) / per(r, r.readMs + r.priceMs)).toFixed(3)}`);
  console.log(`figures: ${same && r.digest === c.digest ? 'the same at every point' : `DIFFERENT (reference ${r.digest.slice(0, 16)}, candidate ${c.digest.slice(0, 16)})`}`);
} finally {
  sweep.done();
}
