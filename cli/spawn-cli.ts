// Test support for the bad-input tests: runs the real `gfxrtl` (through
// tsx, as a user would) in a scratch directory, and says what it printed,
// its exit code and whether it touched the directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './run-in-process.js';

const BIN = resolve(dirname(fileURLToPath(import.meta.url)), 'gfxrtl.mjs');

export interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function spawnCli(args: readonly string[], cwd: string): Promise<Spawned> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, GFXRTL_DEBUG: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

export function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), 'gfxrtl-bad-'));
}

/** Every path under `dir` with its size and mtime: equal before and after
 *  means the run wrote nothing there. */
export function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      const st = statSync(p, { throwIfNoEntry: false });
      out.push(`${p} ${st?.size ?? '-'} ${st?.mtimeMs ?? '-'}`);
      if (st?.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

/** A bad-input case: args (with DIR for the scratch directory), and what
 *  the one line must say. */
export interface BadCase {
  args: string[];
  says: RegExp;
  /** Run as a real process (tsx start-up, ~2 s on a busy machine); the
   *  rest run in-process through the same boundary (cli/run-in-process.ts). */
  spawn?: boolean;
}

/** Runs the cases (spawned ones four at a time: start-up dominates) and checks each:
 *  exit code 2, exactly one line on stderr naming the mistake, no stack,
 *  nothing written to the scratch directory. Returns failures as text. */
export async function checkBadCases(cases: readonly BadCase[], dir: string): Promise<string[]> {
  const problems: string[] = [];
  const before = snapshot(dir);
  for (let i = 0; i < cases.length; i += 4) {
    const batch = [...cases.slice(i, i + 4)];
    const runs: Spawned[] = [];
    for (const c of batch.filter((x) => !x.spawn)) runs.push(await runCli(c.args.map((a) => a.replaceAll('DIR', dir))));
    runs.push(...(await Promise.all(batch.filter((x) => x.spawn).map((c) => spawnCli(c.args.map((a) => a.replaceAll('DIR', dir)), dir)))));
    batch.sort((a, b) => Number(a.spawn ?? false) - Number(b.spawn ?? false));
    runs.forEach((r, k) => {
      const c = batch[k]!;
      const lines = r.stderr.trimEnd().split('\n');
      const what = `gfxrtl ${c.args.join(' ')}`;
      if (r.code !== 2) problems.push(`${what}: exit ${r.code}, expected 2 (stderr: ${r.stderr.slice(0, 300)})`);
      else if (lines.length !== 1 || !lines[0]!.startsWith('gfxrtl: ')) problems.push(`${what}: expected one 'gfxrtl: ' line, got: ${r.stderr.slice(0, 300)}`);
      else if (!c.says.test(lines[0]!)) problems.push(`${what}: '${lines[0]}' does not match ${c.says}`);
    });
  }
  const after = snapshot(dir);
  if (after.join('\n') !== before.join('\n')) problems.push(`files changed in ${dir}:\n${after.filter((x) => !before.includes(x)).join('\n')}`);
  return problems;
}
