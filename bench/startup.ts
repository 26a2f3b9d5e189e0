// Start-up of the installed `gfxrtl` command against `node -e 0`, measured
// in the same run: the repository packed and installed into an empty folder
// (pack/install.ts), a project made there by `gfxrtl init` (its
// gfxrtl.config.ts lists TypeScript units and a study, so each start also
// loads the project's TypeScript through ts-hooks). Each command is run
// --runs times, alternating, and the median wall time is printed with its
// ratio to node's own start. The targets (issue #27): `gfxrtl --help`
// within 0.3 s and `gfxrtl units` within 0.6 s wall on an idle machine.
//
//   npx tsx bench/startup.ts [--runs 15] [--keep DIR]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { initProject, packAndInstall } from '../pack/install.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, keep: { type: 'string' } } });
const runs = Number(values.runs);
const dir = values.keep ?? mkdtempSync(join(tmpdir(), 'gfxrtl-startup-'));

console.error(`startup: packing and installing into ${dir} (npm pack builds dist/ first)`);
const installed = packAndInstall(dir);
const project = join(dir, 'project');
initProject(installed, project);

interface Case {
  name: string;
  cmd: string;
  args: string[];
  cwd: string;
}
const cases: Case[] = [
  { name: 'node -e 0', cmd: process.execPath, args: ['-e', '0'], cwd: dir },
  { name: 'gfxrtl --help (no project config)', cmd: installed.bin, args: ['--help'], cwd: installed.empty },
  { name: 'gfxrtl units (no project config)', cmd: installed.bin, args: ['units'], cwd: installed.empty },
  { name: 'gfxrtl --help (init project, TypeScript plugins)', cmd: installed.bin, args: ['--help'], cwd: project },
  { name: 'gfxrtl units (init project, TypeScript plugins)', cmd: installed.bin, args: ['units'], cwd: project },
];

// Wall time, and CPU time (user + system, from /usr/bin/time where there is one): on a busy machine
// the wall time stretches with the load while the CPU time mostly does not.
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
function once(c: Case): { wall: number; cpu: number } {
  const t0 = process.hrtime.bigint();
  let cpu = NaN;
  if (TIME === null) execFileSync(c.cmd, c.args, { cwd: c.cwd, stdio: 'ignore' });
  else {
    const r = spawnSync(TIME, ['-f', '%U %S', c.cmd, ...c.args], { cwd: c.cwd, encoding: 'utf8' });
    const [u, s] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
    cpu = u! + s!;
  }
  return { wall: Number(process.hrtime.bigint() - t0) / 1e9, cpu };
}
const times = new Map<string, { wall: number; cpu: number }[]>(cases.map((c) => [c.name, []]));
for (const c of cases) once(c); // warm the file cache
for (let i = 0; i < runs; i++) for (const c of cases) times.get(c.name)!.push(once(c));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const node = times.get('node -e 0')!;
const nodeWall = median(node.map((t) => t.wall));
const nodeCpu = median(node.map((t) => t.cpu));
console.log(`| command | median wall s (${runs} runs) | x node -e 0 | median CPU s | x node -e 0 |`);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const c of cases) {
  const t = times.get(c.name)!;
  const w = median(t.map((x) => x.wall));
  const u = median(t.map((x) => x.cpu));
  console.log(`| ${c.name} | ${w.toFixed(3)} | ${(w / nodeWall).toFixed(1)} | ${u.toFixed(2)} | ${(u / nodeCpu).toFixed(1)} |`);
}
console.log(`\nload average at the end: ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')} (timings on a busy machine are longer; the ratios are the comparable figure)`);
if (values.keep === undefined) rmSync(dir, { recursive: true, force: true });
