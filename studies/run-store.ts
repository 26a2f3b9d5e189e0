// Simulation runs kept for one process, in files under the temporary
// directory so that every thread of it sees what another simulated: a
// sweep's worker threads, the phase threads of `study --all` and the worker
// threads those start. The main thread names the store (pid, its start time
// and a random token, so a reused pid is never taken for the owner), hands
// it to the threads it starts later through their copy of the environment,
// and removes it at exit; a child process is a main thread of its own and
// starts afresh. What may be shared, and under which key, is each study's
// business (studies/blur/cycle-reuse.ts, studies/sort/run-reuse.ts): this
// module only keeps text by file name.
import { randomUUID } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, threadId } from 'node:worker_threads';
import { ownerAlive, ownerToken } from '../hdl/process-owner.js';

// Per user: another user's folders under a shared temporary directory are
// neither readable nor removable by us, and must never stop a command.
const ROOT = join(tmpdir(), `gfxrtl-cycle-reuse-${typeof process.getuid === 'function' ? process.getuid() : 'user'}`);
const ENV = 'GFXRTL_CYCLE_REUSE_DIR';
const dir = isMainThread || process.env[ENV] === undefined ? join(ROOT, `${ownerToken().replace(' ', '-')}-${randomUUID()}`) : process.env[ENV];
if (isMainThread) process.env[ENV] = dir;

/** The text stored under `name` in this process, or null (none, or unreadable). */
export function readRun(name: string): string | null {
  const f = join(dir, name);
  if (!existsSync(f)) return null;
  try {
    return readFileSync(f, 'utf8');
  } catch {
    return null; // unreadable: simulate again
  }
}

let storeFailed = false;

/** Keeps `text` under `name` for this process's threads (reuse only saves time: a store that fails is given up with a warning). */
export function storeRun(name: string, text: string): void {
  if (storeFailed) return;
  const f = join(dir, name);
  // Written whole, then renamed: another thread never reads half a file.
  const tmp = `${f}.${threadId}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(tmp, text);
    renameSync(tmp, f);
  } catch (e) {
    storeFailed = true;
    process.stderr.write(`gfxrtl: warning: cannot keep simulations for reuse in ${dir} (${(e as NodeJS.ErrnoException).code ?? String(e)}); each is simulated\n`);
  }
}

const exitHooks: (() => void)[] = [];
/** Runs `hook` in the main thread's exit handler, before the store is removed (a study's summary line). */
export function onStoreExit(hook: () => void): void {
  if (isMainThread) exitHooks.push(hook);
}

if (isMainThread) {
  process.on('exit', () => {
    for (const h of exitHooks) h();
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // a store we cannot remove is removed by the next run's sweep of dead stores
    }
  });
  removeDeadStores();
}

/** Stores of processes that died without their exit hook (killed). A
 *  folder that is not ours, or that we cannot read or remove, is left alone
 *  with a warning: a stale cache must never stop a command. */
function removeDeadStores(): void {
  const warn = (what: string): boolean => process.stderr.write(`gfxrtl: warning: ${what}; left alone\n`);
  let names: string[];
  try {
    const st = lstatSync(ROOT);
    if (!st.isDirectory() || (typeof process.getuid === 'function' && st.uid !== process.getuid())) {
      warn(`${ROOT} is not a folder of this user's`);
      return;
    }
    names = readdirSync(ROOT);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') warn(`cannot read ${ROOT} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    return;
  }
  for (const name of names) {
    const path = join(ROOT, name);
    const m = /^(\d+)-(\d+|-)-/.exec(name);
    const owner = m ? { pid: Number(m[1]), start: m[2] === '-' ? null : m[2]! } : null;
    if (owner !== null && ownerAlive(owner)) continue;
    try {
      const st = lstatSync(path);
      if (typeof process.getuid === 'function' && st.uid !== process.getuid()) {
        warn(`${path} belongs to another user`);
        continue;
      }
      rmSync(path, { recursive: true, force: true });
    } catch (e) {
      warn(`cannot remove the stale cache ${path} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
  }
}
