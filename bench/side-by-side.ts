// Two checkouts' main jobs run at once, side by side on this machine: the
// CPU time each took, their ratio, and whether they wrote the same results.
// On a shared host a solo run's wall time moves by 10-30% from one run to
// the next (the Yosys steps, external programs gfxrtl does not change, took
// 33 s in one quiet run and 47-60 s in others an hour later); two jobs run
// at the same time meet the same machine, so their CPU times compare.
//
//   npx tsx bench/side-by-side.ts REF_CHECKOUT [--out DIR]
//   npx tsx bench/side-by-side.ts REF_CHECKOUT --from DIR   (tabulate a run left in DIR)
//
// REF_CHECKOUT is another clone (with node_modules, e.g. a symlink to this
// one's); this checkout is the candidate. Each job is `npm start` with its
// own fresh caches ($GFXRTL_CACHE_DIR, $GFXRTL_YOSYS_CACHE) and output folder.
// Needs /usr/bin/time (GNU time) for the children's CPU time and peak memory.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ParamError } from '../hdl/errors.js';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, from: { type: 'string' } } });
const ref = positionals[0];
if (ref === undefined || !existsSync(join(ref, 'package.json')) || !existsSync(join(ref, 'node_modules'))) {
  throw new ParamError('REF_CHECKOUT', ref ?? '(none)', 'a gfxrtl clone with node_modules', { message: `bench/side-by-side.ts: give the reference checkout (a gfxrtl clone with node_modules), e.g. git clone -q . /tmp/ref && git -C /tmp/ref checkout COMMIT && ln -s "$PWD/node_modules" /tmp/ref/node_modules` });
}
if (!existsSync('/usr/bin/time')) throw new ParamError('/usr/bin/time', 'missing', 'GNU time installed (apt-get install time)', { message: 'bench/side-by-side.ts: needs /usr/bin/time (GNU time) for the jobs\' CPU time and peak memory' });
const out = values.from ?? values.out ?? mkdtempSync(join(tmpdir(), 'gfxrtl-side-by-side-'));
// A folder holding an earlier run's jobs would resume them (their sweeps and
// caches are there): CPU times of a few seconds, nothing measured.
if (values.from === undefined && values.out !== undefined && ['reference', 'candidate'].some((j) => existsSync(join(out, j)))) {
  throw new ParamError('--out', out, 'a new or empty folder (or --from DIR to tabulate the run it holds)', { message: `bench/side-by-side.ts: --out ${out} holds an earlier run (its reference/ or candidate/), which the jobs would resume rather than measure; give a new folder, or --from ${out} to tabulate that run` });
}
mkdirSync(out, { recursive: true });

interface Job {
  readonly name: string;
  readonly dir: string;
  readonly commit: string;
}
const jobs: Job[] = [
  { name: 'reference', dir: resolve(ref), commit: '' },
  { name: 'candidate', dir: HERE, commit: '' },
].map((j) => ({ ...j, commit: execFileSync('git', ['-C', j.dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim() }));

interface Measured {
  readonly wallS: number;
  readonly userS: number;
  readonly sysS: number;
  readonly peakKb: number;
  readonly code: number | null;
}

const measured = (timing: string, code: number | null): Measured => {
  const [wallS, userS, sysS, peakKb] = readFileSync(timing, 'utf8').trim().split('\n').pop()!.split(' ').map(Number) as [number, number, number, number];
  return { wallS, userS, sysS, peakKb, code };
};

function run(j: Job): Promise<Measured> {
  const base = join(out, j.name);
  const timing = join(base, 'time.txt');
  if (values.from !== undefined) return Promise.resolve(measured(timing, null));
  mkdirSync(base, { recursive: true });
  return new Promise((done, fail) => {
    const child = spawn('/usr/bin/time', ['-f', '%e %U %S %M', '-o', timing, 'npm', 'start', '--silent', '--', '--quiet', '--out', join(base, 'report')], {
      cwd: j.dir,
      env: { ...process.env, GFXRTL_CACHE_DIR: join(base, 'cache'), GFXRTL_YOSYS_CACHE: join(base, 'yosys-cache') },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    child.on('error', fail);
    child.on('close', (code) => done(measured(timing, code)));
  });
}

console.log(`side by side: ${jobs.map((j) => `${j.name} ${j.commit} (${j.dir})`).join(', ')}; load ${loadavg().map((l) => l.toFixed(2)).join(' / ')}; into ${out}`);
const [a, b] = await Promise.all(jobs.map(run));
const cpu = (m: Measured): number => m.userS + m.sysS;
console.log('| job | commit | wall (both at once) | CPU user + sys | peak resident memory | exit |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
[a!, b!].forEach((m, i) => console.log(`| ${jobs[i]!.name} | ${jobs[i]!.commit} | ${m.wallS.toFixed(1)} s | ${m.userS.toFixed(1)} + ${m.sysS.toFixed(1)} = ${cpu(m).toFixed(1)} s | ${m.peakKb.toLocaleString('en-US')} kB | ${m.code ?? '(saved)'} |`));
console.log(`candidate / reference CPU: ${(cpu(b!) / cpu(a!)).toFixed(3)}`);

// The results: each study's index.md (its paths and run times aside) and points.csv.
const norm = (text: string, root: string): string =>
  text
    .split(root)
    .join('OUT')
    .replace(/\d+(\.\d+)? (ms|s|min)\b/g, 'T')
    .replace(/[\d.]+ ?(k|M)? ?(points|cycles)\/s/g, 'R');
const reports = join(out, 'reference', 'report');
const studies = existsSync(reports) ? readdirSync(reports).filter((n) => existsSync(join(reports, n, 'index.md'))) : [];
let same = 0;
const differ: string[] = [];
for (const s of studies) {
  for (const f of ['index.md', 'points.csv']) {
    const p = (j: string): string => join(out, j, 'report', s, f);
    if (!existsSync(p('reference')) || !existsSync(p('candidate'))) continue;
    const x = norm(readFileSync(p('reference'), 'utf8'), join(out, 'reference', 'report'));
    const y = norm(readFileSync(p('candidate'), 'utf8'), join(out, 'candidate', 'report'));
    if (x === y) same++;
    else differ.push(`${s}/${f}`);
  }
}
console.log(differ.length === 0 ? `results: the same (${same} files: every study's index.md, paths and run times aside, and points.csv)` : `results DIFFER: ${differ.join(', ')} (${same} files the same)`);

