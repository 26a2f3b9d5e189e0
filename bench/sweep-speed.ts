// Sweep throughput: design points per second, and where the time goes
// (simulation vs pricing vs the rest), for one or more worker counts.
//
//   npx tsx bench/sweep-speed.ts [--study mac|noblur] [--only k=v,...]
//                                [--param k=v,...] [--workers 0,2]
//
// Defaults: the MAC stand-in with 20000 simulated cycles per
// micro-architecture, workers 0 and 2. Each run starts from an empty
// directory (nothing cached). With workers, simulation and pricing times
// are summed over threads, so they can exceed the wall time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findStudy } from '../studies/registry.js';
import { runSweep } from '../synth-models/sweep/index.js';

const { values } = parseArgs({
  options: {
    study: { type: 'string', default: 'mac' },
    only: { type: 'string' },
    param: { type: 'string' },
    workers: { type: 'string', default: '0,2' },
  },
});
const paramText = values.param ?? (values.study === 'mac' ? 'cycles=20000' : '');
const params = Object.fromEntries(paramText.split(',').filter((s) => s !== '').map((kv) => [kv.split('=')[0]!, Number(kv.split('=')[1])]));
const entry = findStudy(values.study);

console.log(`sweep-speed: study ${values.study} ${JSON.stringify(params)}${values.only ? `, --only ${values.only}` : ''}`);
console.log('workers | points | micro-archs | wall s | points/s | simulation s | pricing s | other s');
for (const w of values.workers.split(',').map(Number)) {
  const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-bench-'));
  try {
    const s = await runSweep({ study: { module: entry.module, name: entry.study.name, params }, out: dir, workers: w, ...(values.only && { spec: { only: values.only } }) });
    const wall = s.wallMs / 1000;
    const other = w === 0 ? (s.wallMs - s.evalMs - s.priceMs) / 1000 : NaN;
    console.log(
      [w, s.points, s.microArchs, wall.toFixed(2), (s.points / wall).toFixed(1), (s.evalMs / 1000).toFixed(2), (s.priceMs / 1000).toFixed(2), Number.isNaN(other) ? '(n/a)' : other.toFixed(2)].join(' | '),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
