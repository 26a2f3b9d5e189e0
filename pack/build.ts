// Builds the package's dist/: compiled JavaScript and .d.ts declarations of
// every source folder (tsconfig.build.json), and the few data files the
// compiled code reads beside itself. `npm pack` runs it (prepack), so the
// installed package runs compiled code and never tsx.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');

/** Files read at run time relative to the module that reads them. */
const DATA = [
  // The operator table the cost model's forms are fitted from (synth-models/operator-table.ts).
  'synth-models/yosys/operators.json',
  // The Yosys flow's source is part of the Yosys cache key (synth-models/yosys-cache.ts reads it as text).
  'hdl/verilog/yosys.ts',
  // The project templates `gfxrtl init` copies (cli/commands/init.ts).
  ...readdirSync(join(ROOT, 'cli/init')).map((f) => `cli/init/${f}`),
];

rmSync(DIST, { recursive: true, force: true });
const t0 = Date.now();
execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
for (const f of DATA) {
  mkdirSync(dirname(join(DIST, f)), { recursive: true });
  copyFileSync(join(ROOT, f), join(DIST, f));
}
console.error(`pack/build: dist/ compiled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
