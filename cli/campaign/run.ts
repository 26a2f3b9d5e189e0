// Runs campaign cases and classifies each (case.ts): in this process where
// the case allows (cli/run-in-process.ts, through the same boundary the
// command uses), as a real `gfxrtl` process where it needs one (signals,
// start-up environment, plugins, special standard output). Each case gets
// a scratch folder of its own; the files in it are compared before and after.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../run-in-process.js';
import { changedFiles, classify, type Case, type Run, type Verdict } from './case.js';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(REPO, 'cli', 'gfxrtl.mjs');

/** Every path under `dir` with its kind, size and a hash of its contents (links not followed). */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      const st = lstatSync(p);
      const rel = relative(dir, p);
      if (st.isDirectory()) {
        out.set(rel, 'dir');
        walk(p);
      } else if (st.isFile()) out.set(rel, `file ${st.size} ${createHash('sha1').update(readFileSync(p)).digest('hex')}`);
      else out.set(rel, st.isSymbolicLink() ? 'link' : 'other');
    }
  };
  walk(dir);
  return out;
}

function lay(c: Case, dir: string): void {
  for (const [name, text] of Object.entries(c.files ?? {})) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  c.setup?.(dir);
}

const sub = (dir: string, xs: readonly string[]): string[] => xs.map((a) => a.replaceAll('DIR', dir));

async function runInProcess(c: Case, dir: string): Promise<Run> {
  const saved = process.cwd();
  process.chdir(REPO);
  try {
    const r = await runCli(sub(dir, c.args));
    return { ...r, timedOut: false };
  } finally {
    process.chdir(saved);
  }
}

function runSpawned(c: Case, dir: string, args: readonly string[] = c.args): Promise<Run> {
  return new Promise((done, fail) => {
    const env: NodeJS.ProcessEnv = { ...process.env, GFXRTL_DEBUG: '' };
    for (const [k, v] of Object.entries(c.env ?? {})) env[k] = v.replaceAll('DIR', dir);
    let outFd: number | null = null;
    let stdio: ('pipe' | 'ignore' | number)[] = ['ignore', 'pipe', 'pipe'];
    if (c.stdout === 'full') stdio = ['ignore', (outFd = openSync('/dev/full', 'w')), 'pipe'];
    else if (c.stdout !== undefined && c.stdout !== 'closed') stdio = ['ignore', (outFd = openSync(join(dir, c.stdout), 'w')), 'pipe'];
    const child = spawn(process.execPath, [BIN, ...sub(dir, args)], { cwd: REPO, env, stdio });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      // A reader that takes one line and goes, as `| head -1` does.
      if (c.stdout === 'closed' && stdout.includes('\n')) child.stdout?.destroy();
    });
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, c.timeoutMs ?? 180_000);
    // The signal goes once the run has started its work (its file exists), then `after` ms.
    const sig = c.signal
      ? setInterval(() => {
          if (c.signal!.when !== undefined && !existsSync(join(dir, c.signal!.when))) return;
          clearInterval(sig);
          setTimeout(() => child.kill(c.signal!.name), c.signal!.after);
        }, 100)
      : undefined;
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      if (sig) clearInterval(sig);
      if (outFd !== null) closeSync(outFd);
      done({ code, signal, stdout, stderr, timedOut });
    });
  });
}

export async function runCase(c: Case, root: string): Promise<Verdict> {
  const dir = mkdtempSync(join(root, 'case-'));
  const t0 = performance.now();
  try {
    lay(c, dir);
    const before = snapshot(dir);
    let r = c.spawn ? await runSpawned(c, dir) : await runInProcess(c, dir);
    if (c.then !== undefined && !r.timedOut && [130, 143].includes(r.code ?? -1)) {
      // The resume must finish the interrupted work.
      const again = await runSpawned({ ...c, signal: undefined } as Case, dir, c.then);
      if (again.code !== 0) r = { ...again, stderr: `resume failed (exit ${again.code}): ${again.stderr}` , code: again.code === null ? null : 70 };
    }
    const v = classify(c, r, changedFiles(before, snapshot(dir)));
    return { id: c.id, group: c.group, ...v, ms: performance.now() - t0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `cases` (spawned ones `parallel` at a time) and returns every verdict, in case order. */
export async function runCases(cases: readonly Case[], opts: { parallel?: number; onVerdict?: (v: Verdict) => void } = {}): Promise<Verdict[]> {
  const root = mkdtempSync(join(tmpdir(), 'gfxrtl-campaign-'));
  const verdicts = new Map<string, Verdict>();
  try {
    const report = (v: Verdict): void => {
      verdicts.set(v.id, v);
      opts.onVerdict?.(v);
    };
    const spawned = cases.filter((c) => c.spawn);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < spawned.length) report(await runCase(spawned[next++]!, root));
    };
    // Spawned cases first, a few at a time; then the in-process ones, one by
    // one: an in-process case holds this event loop (a child's exit would
    // wait behind it and look like a hang) and captures this process's
    // standard error (a report printed meanwhile would join its lines).
    await Promise.all(Array.from({ length: opts.parallel ?? 2 }, worker));
    for (const c of cases.filter((x) => !x.spawn)) report(await runCase(c, root));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return cases.map((c) => verdicts.get(c.id)!);
}
