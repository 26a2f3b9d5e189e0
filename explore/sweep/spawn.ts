// Starts a worker thread on a module that may be TypeScript. Under tsx or
// vitest the entry is a .ts file, so it is started through a two-line
// bootstrap that registers tsx's loader inside the thread first: Worker's
// execArgv `--import tsx` does not take effect for the worker's own entry.
// Shared by the sweep's pool and the studies' own experiment threads.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InternalError } from '../../hdl/errors.js';

/** `base` names the entry without its extension (new URL('./worker', import.meta.url)); the .ts file wins. */
export function spawnWorker(base: URL, workerData: unknown): Worker {
  for (const ext of ['.ts', '.js']) {
    const url = new URL(`${base.href}${ext}`);
    if (!existsSync(fileURLToPath(url))) continue;
    if (ext === '.js') return new Worker(url, { workerData });
    const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    const api = pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href;
    const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
    return new Worker(code, { eval: true, workerData });
  }
  throw new InternalError(`worker entry ${fileURLToPath(base)}.ts (or .js) not found`);
}
