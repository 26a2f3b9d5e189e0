// Pricing a real study's micro-architectures from their stored inventories,
// in this thread: what a pricing-only sweep and the calibration loop do per
// micro-architecture (read its inventory, then price every physical point
// of the sweep's spec), and how much CPU the process spends beside this
// thread while it does (V8's optimising compiler and collector run on
// threads of their own, and the bench:study figure counts only the
// pricing thread's).
//
//   npx tsx bench/pricing-speed.ts [--dir SWEEP_DIR] [--rounds 3]
//
// Without --dir it first runs the narrowed Hybrid sweep the speed notes
// use (docs/speed.md), which simulates for about a minute, into a
// temporary directory. Each round decodes every inventory afresh (a
// sweep worker meets each once); the first round also pays V8's warm-up.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { decodeInventory, inventoryFile, type StoredInventory } from '../explore/sweep/inventory-file.js';
import { physicalPoints, readManifest } from '../explore/sweep/index.js';
import { threadCpuMs } from '../explore/thread-cpu.js';
import { ParamError, UserError } from '../hdl/errors.js';
import { pricingSweepDir } from './pricing-sweep.js';
import { priceFigures } from '../synth-models/price.js';

const { values } = parseArgs({ options: { dir: { type: 'string' }, rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new ParamError('--rounds', values.rounds, 'an integer >= 1', { message: `pricing-speed: --rounds must be an integer >= 1, got ${values.rounds}` });

const sweep = await pricingSweepDir('pricing-speed', values.dir);
const dir = sweep.dir;
try {
  const manifest = readManifest(dir);
  if (manifest === null) throw new UserError(`pricing-speed: ${dir} holds no sweep.json; give a sweep directory (--dir)`);
  const { spec, knobs } = manifest.identity;
  // The sweep's micro-architectures, each where the sweep keeps its inventory.
  const files = manifest.identity.microArchs.map((m) => inventoryFile(dir, m.id)).filter((f) => existsSync(f));
  if (files.length === 0) throw new UserError(`pricing-speed: ${dir} holds no stored inventories (a sweep stores them when run with keepInventories, as gfxrtl sweep does)`);
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const cpu = (): number => {
    const t = threadCpuMs();
    if (t === null) throw new UserError('pricing-speed: this system gives no per-thread CPU time (Linux /proc/thread-self), which the figure is made of');
    return t;
  };
  console.log(`pricing-speed: ${manifest.identity.study.name}, ${files.length} stored inventories in ${dir}`);
  console.log('round | points | read ms per micro-arch (thread CPU) | pricing points per CPU-second (this thread) | process CPU / thread CPU while pricing');
  for (let r = 0; r < rounds; r++) {
    let points = 0;
    let readMs = 0;
    let priceMs = 0;
    let processMs = 0;
    for (const text of texts) {
      const c0 = cpu();
      const inv = decodeInventory(JSON.parse(text) as StoredInventory);
      const c1 = cpu();
      const p0 = process.cpuUsage();
      const ps = physicalPoints(inv, { spec, knobs });
      for (const p of ps) priceFigures(inv, p, { knobs, arith: spec.arith });
      const p1 = process.cpuUsage(p0);
      const c2 = cpu();
      points += ps.length;
      readMs += c1 - c0;
      priceMs += c2 - c1;
      processMs += (p1.user + p1.system) / 1000;
    }
    console.log(`${r} | ${points} | ${(readMs / texts.length).toFixed(2)} | ${Math.round(points / (priceMs / 1000))} | ${(processMs / priceMs).toFixed(2)}`);
  }
} finally {
  sweep.done();
}
