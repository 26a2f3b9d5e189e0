// Starts a worker thread on a module that may be TypeScript. Under tsx or
// vitest the entry is a .ts file, so it is started through a two-line
// bootstrap that registers tsx's loader inside the thread first: Worker's
// execArgv `--import tsx` does not take effect for the worker's own entry.
// Shared by the sweep's pool and the studies' own experiment threads.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { InternalError } from '../../hdl/errors.js';

let tiering = false;
/** Worker isolates optimise hot code on their own thread, not on a
 *  background compiler thread (V8 reads its flags when an isolate starts,
 *  so this applies to workers started from now on, not to the main thread).
 *  A worker simulates each design once, and a freshly compiled simulator's
 *  functions are interpreted until V8's optimising compiler has finished
 *  with them: concurrently, the interpreter runs the design about 50x
 *  slower for all the time the compiler thread takes (and that thread
 *  competes with the other worker for the machine's cores); on the
 *  worker's own thread the compile happens once, then the optimised code
 *  runs. A NoBlur sweep of 48 micro-architectures took 14% less CPU time
 *  so (45.4 s against 52.6 s, loaded machine); the results are the same
 *  code's. */
function optimiseOnWorkerThreads(): void {
  if (tiering) return;
  tiering = true;
  setFlagsFromString('--no-concurrent-recompilation');
}

/** `base` names the entry without its extension (new URL('./worker', import.meta.url)); the .ts file wins. */
export function spawnWorker(base: URL, workerData: unknown): Worker {
  optimiseOnWorkerThreads();
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
