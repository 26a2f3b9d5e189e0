// Bad input to the sweep family (sweep, study, merge, report, calibrate):
// one 'gfxrtl:' line, exit 2, before any calibration or simulation runs,
// and nothing written.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { checkBadCases, scratchDir } from './spawn-cli.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = scratchDir();
afterAll(() => rmSync(DIR, { recursive: true, force: true }));
writeFileSync(join(DIR, 'huge-knobs.json'), '{"areaFactor": 1e308, "energyFactor": 1, "delayFactor": 1}');
writeFileSync(join(DIR, 'dup-knobs.json'), '{"knobs": {"areaFactor": 1, "energyFactor": 1, "energyFactor": 2, "delayFactor": 1}}');
writeFileSync(join(DIR, 'bad-knobs.json'), '{"areaFactor": 1,');
// Inside the bounds of cost table 4 (energy 0.25-3), outside the cited ones.
writeFileSync(join(DIR, 'loose-knobs.json'), '{"areaFactor": 1, "energyFactor": 0.3, "delayFactor": 0.6}');
writeFileSync(join(DIR, 'old-knobs.json'), '{"format": "gfxrtl-calibration/2", "costTableVersion": 4, "knobs": {"areaFactor": 1, "energyFactor": 1, "delayFactor": 0.6}}');
writeFileSync(join(DIR, 'a-file'), 'x');
// A shard whose sweep is still running: its lock names a live process (this one).
mkdirSync(join(DIR, 'running'));
writeFileSync(join(DIR, 'running', '.lock'), String(process.pid));
const cores = availableParallelism();

it('sweep and study: bad values, ranges and files, before any work', async () => {
  const problems = await checkBadCases(
    [
      { args: ['sweep', '--out', 'DIR/s', '--workers', String(cores + 1)], spawn: true, says: new RegExp(`--workers "${cores + 1}" .*0\\.\\.${cores} \\(this machine has ${cores} cores`) },
      { args: ['sweep', '--out', 'DIR/s', '--workers', 'abc'], says: /--workers "abc"/ },
      { args: ['sweep', '--out', 'DIR/s', '--explore', 'foo'], says: /sweep: --explore foo: unknown exploration strategy; valid: bound, grid/ },
      { args: ['study', 'noblur', '--out', 'DIR/s', '--explore', 'foo'], says: /study: --explore foo: unknown exploration strategy; valid: bound, grid/ },
      { args: ['sweep', '--out', 'DIR/s', '--workers', '-1'], says: /--workers "-1"/ },
      { args: ['sweep', '--out', 'DIR/s', '--stages', '100000'], says: /stages 100000 .*1\.\.64/ },
      { args: ['sweep', '--out', 'DIR/s', '--stages', '2.5'], says: /stages 2\.5/ },
      { args: ['sweep', '--out', 'DIR/s', '--clocks', '50'], says: /clock 50 .*GHz in \(0, 7\.6\]/ },
      { args: ['sweep', '--out', 'DIR/s', '--stages', '1,2', '--clocks', '1'], says: /--clocks applies to --stages auto only/ },
      { args: ['sweep', '--out', 'DIR/s', '--knobs', 'DIR/huge-knobs.json'], spawn: true, says: /huge-knobs\.json:1:\d+ \(areaFactor\): knob areaFactor = 1e\+308 is outside its range 0\.\d+\.\.2\.5 / },
      { args: ['sweep', '--out', 'DIR/s', '--knobs', 'DIR/loose-knobs.json'], says: /loose-knobs\.json:1:\d+ \(energyFactor\): knob energyFactor = 0\.3 is outside its range 0\.\d+\.\.1\.\d+ / },
      { args: ['sweep', '--out', 'DIR/s', '--knobs', 'DIR/old-knobs.json'], says: /old-knobs\.json: fitted with cost table version 4, this is version \d+ \(knobs areaFactor 0\.\d+\.\.2\.5, energyFactor .*\); rerun gfxrtl calibrate/ },
      { args: ['sweep', '--out', 'DIR/s', '--knobs', 'DIR/dup-knobs.json'], says: /dup-knobs\.json:1:\d+ .*duplicate key "energyFactor"/ },
      { args: ['sweep', '--out', 'DIR/s', '--knobs', 'DIR/bad-knobs.json'], says: /bad-knobs\.json:1:\d+/ },
      { args: ['sweep', '--out', 'DIR/s', '--knobs', 'DIR/none.json'], says: /none\.json: no such file/ },
      { args: ['sweep', '--out', 'DIR/a-file'], says: /--out .*a-file.*not a directory/ },
      { args: ['sweep', '--out', 'DIR/s', '--param', 'count=1,count=2'], says: /--param gives count twice/ },
      { args: ['sweep', '--out', 'DIR/s', '--seed', 'x'], says: /--seed "x"/ },
      { args: ['sweep', '--out', 'DIR/s', '--only', 'vdd=9'], says: /vdd=9 is not valid/ },
      { args: ['sweep', '--out', 'DIR/s', '--shard', '3/2'], says: /shard/ },
      { args: ['study', '--out', 'DIR/st', '--workers', 'abc'], spawn: true, says: /study: --workers "abc"/ },
      { args: ['study', '--out', 'DIR/st', '--only', 'nokey=1'], says: /unknown key "nokey"/ },
      { args: ['study', '--out', 'DIR/a-file'], says: /--out .*not a directory/ },
      { args: ['study', 'nostudy', '--out', 'DIR/st'], says: /nostudy/ },
    ],
    DIR,
  );
  expect(problems).toEqual([]);
});

it('merge, report, calibrate: refused before writing', async () => {
  const problems = await checkBadCases(
    [
      { args: ['merge', 'DIR/running', '--out', 'DIR/m'], spawn: true, says: /running is still being written by sweep process \d+/ },
      { args: ['merge', 'DIR/nosweep', '--out', 'DIR/m'], says: /not a sweep directory/ },
      { args: ['report', 'DIR/nosweep', '--rate', 'fast'], says: /--rate fast is not a positive number/ },
      { args: ['report', 'DIR/nosweep', '--limits', '1,-1'], says: /--limits -1/ },
      { args: ['calibrate', '--out', 'DIR/a-file'], says: /--out .*not a directory/ },
      { args: ['calibrate', '--out', 'DIR/c', '--study', 'nostudy'], says: /nostudy/ },
      { args: ['calibrate', '--out', 'DIR/c', '--sweep', 'DIR/nosweep'], says: /--sweep .*nosweep holds no sweep \(no sweep\.json\)/ },
      { args: ['calibrate', '--out', 'DIR/c', '--study', 'noblur', '--sweep', 'DIR/nosweep'], says: /--sweep needs a study whose calibration picks its design from a sweep \(blur\); noblur's does not/ },
    ],
    DIR,
  );
  expect(problems).toEqual([]);
});

it('an interrupted sweep exits 130, never says finished, and prints the command that resumes it', async () => {
  const child = spawn(process.execPath, [join(ROOT, 'cli', 'gfxrtl.mjs'), 'sweep', '--out', join(DIR, 'int'), '--only', 'sts=1x1', '--workers', '0'], { cwd: DIR });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    // Interrupt once the sweep has started (its first line), before it can finish.
    if (/already done/.test(stderr) && child.exitCode === null && !child.killed) child.kill('SIGINT');
  });
  const code = await new Promise<number | null>((r) => child.on('close', r));
  expect(code).toBe(130);
  expect(stderr).not.toMatch(/finished|: complete;/);
  expect(stderr).toMatch(/to resume, rerun: gfxrtl sweep --out .*int --only sts=1x1 --workers 0/);
});

it('a sweep stopped by SIGTERM exits 143 with its finished micro-architectures on disk, and the same command resumes it', { timeout: 180_000 }, async () => {
  const out = join(DIR, 'term');
  const args = [join(ROOT, 'cli', 'gfxrtl.mjs'), 'sweep', '--out', out, '--only', 'sts=1x1,msaa=16,edge=multiply,tvp=on,recip=unrolled', '--workers', '0'];
  const points = (): string[] => (existsSync(join(out, 'points.jsonl')) ? readFileSync(join(out, 'points.jsonl'), 'utf8').split('\n').filter((l) => l !== '') : []);
  const child = spawn(process.execPath, args, { cwd: DIR });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // Terminate once a micro-architecture's points are on disk, before the last.
  const poll = setInterval(() => {
    if (points().length > 0 && child.exitCode === null && !child.killed) child.kill('SIGTERM');
  }, 50);
  const code = await new Promise<number | null>((r) => child.on('close', r));
  clearInterval(poll);
  expect(code, stderr).toBe(143);
  expect(stderr).not.toMatch(/finished|: complete;/);
  expect(stderr).toMatch(/INTERRUPTED, incomplete; .* (\d+) of (\d+) micro-architectures/);
  expect(stderr).toMatch(/to resume, rerun: gfxrtl sweep --out .*term --only \S+ --workers 0/);
  const [, doneFirst, total] = /(\d+) of (\d+) micro-architectures/.exec(stderr)!.map(Number) as [number, number, number];
  expect(doneFirst).toBeGreaterThan(0);
  expect(doneFirst).toBeLessThan(total);
  const partial = points();
  expect(partial.length).toBeGreaterThan(0);

  const again = spawn(process.execPath, args, { cwd: DIR });
  let stderr2 = '';
  again.stderr.on('data', (d: Buffer) => (stderr2 += d.toString()));
  expect(await new Promise<number | null>((r) => again.on('close', r)), stderr2).toBe(0);
  // Only the micro-architectures the first run did not finish are simulated again.
  expect(stderr2).toMatch(new RegExp(`: complete; \\d+ points .* ${total - doneFirst} of ${total} micro-architectures simulated this run`));
  const full = points();
  expect(full.length).toBeGreaterThan(partial.length);
  // The first run's points are kept as they were, but for the Pareto flags
  // (recomputed over the whole sweep).
  const unflagged = (l: string): string => l.replace(/"pareto":(true|false),/, '');
  const fullSet = new Set(full.map(unflagged));
  expect(partial.filter((p) => !fullSet.has(unflagged(p)))).toEqual([]);
});
