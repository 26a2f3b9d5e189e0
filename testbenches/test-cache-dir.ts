// Vitest setup: the on-disk caches (elaborated designs, generated simulator
// code; hdl/disk-cache.ts) of a test run go to a folder of its own under the
// temporary directory, shared by the run's workers and the CLI processes its
// tests start, never to the repository's out/cache. Folders of runs no
// longer alive are removed.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(tmpdir(), 'gfxrtl-test-cache');
if (process.env['GFXRTL_CACHE_DIR'] === undefined) {
  // The workers' parent is the run's vitest process.
  process.env['GFXRTL_CACHE_DIR'] = join(ROOT, String(process.ppid));
  for (const name of existsSync(ROOT) ? readdirSync(ROOT) : []) {
    const pid = Number(name);
    let alive = Number.isInteger(pid) && pid > 0;
    try {
      if (alive) process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) rmSync(join(ROOT, name), { recursive: true, force: true });
  }
}
