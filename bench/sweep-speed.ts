// Sweep throughput: design points per second, and where the time goes
// (simulation vs pricing vs the rest), for one or more worker counts.
//
//   npx tsx bench/sweep-speed.ts [--domain mac|noblur] [--only k=v,...]
//                                [--domain-option k=v] [--workers 0,2]
//
// Defaults: the MAC stand-in with 20000 simulated cycles per
// micro-architecture, workers 0 and 2. Each run starts from an empty
// directory (nothing cached). With workers, simulation and pricing times
// are summed over threads, so they can exceed the wall time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDomainOptions } from '../cli/commands/sweep.js';
import { runSweep } from '../synth-models/sweep/index.js';

const { values } = parseArgs({
  options: {
    domain: { type: 'string', default: 'mac' },
    only: { type: 'string' },
    'domain-option': { type: 'string', multiple: true },
    workers: { type: 'string', default: '0,2' },
  },
});
const domainOptions = values['domain-option'] ?? (values.domain === 'mac' ? ['cycles=20000'] : []);
const options = parseDomainOptions(domainOptions);

console.log(`sweep-speed: domain ${values.domain} ${JSON.stringify(options)}${values.only ? `, --only ${values.only}` : ''}`);
console.log('workers | points | micro-archs | wall s | points/s | simulation s | pricing s | other s');
for (const w of values.workers.split(',').map(Number)) {
  const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-bench-'));
  try {
    const s = await runSweep({ domain: { name: values.domain, options }, out: dir, workers: w, ...(values.only && { spec: { only: values.only } }) });
    const wall = s.wallMs / 1000;
    const other = w === 0 ? (s.wallMs - s.evalMs - s.priceMs) / 1000 : NaN;
    console.log(
      [w, s.points, s.microArchs, wall.toFixed(2), (s.points / wall).toFixed(1), (s.evalMs / 1000).toFixed(2), (s.priceMs / 1000).toFixed(2), Number.isNaN(other) ? '(n/a)' : other.toFixed(2)].join(' | '),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Pricing alone, once inventories are known: every Vt x Vdd x depth of one
// micro-architecture, repeated, on one core (target >= 100,000 points/s).
{
  const { loadDomain } = await import('../synth-models/sweep/index.js');
  const { price } = await import('../synth-models/price.js');
  const domain = await loadDomain({ name: values.domain, options });
  const { enumerateParams } = await import('../synth-models/sweep/enumerate.js');
  const { resolveSpec } = await import('../synth-models/sweep/spec.js');
  const params = enumerateParams(domain.axes, resolveSpec(domain.axes, values.only ? { only: values.only } : {}))[0];
  const config = params === undefined ? null : domain.microArch(params);
  if (config !== null && domain.evaluator.inventory !== undefined) {
    const inv = await domain.evaluator.inventory(config);
    const points: { vt: 'low' | 'nominal' | 'high'; vdd: number; stages: number }[] = [];
    for (const vt of ['low', 'nominal', 'high'] as const) for (const vdd of [0.81, 0.9, 0.99, 1.08]) for (let stages = 1; stages <= 12; stages++) points.push({ vt, vdd, stages });
    for (const p of points) price(inv, p, domain.priceOptions ?? {}); // warm: timing and forms per depth
    const rounds = 200;
    // CPU time of this thread, not wall time: the machine is shared, and
    // "per core" means per second the core spent on it.
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) for (const p of points) price(inv, p, domain.priceOptions ?? {});
    const wall = (performance.now() - t0) / 1000;
    const cu = process.cpuUsage(c0);
    const cpu = (cu.user + cu.system) / 1e6;
    const n = rounds * points.length;
    console.log(`pricing only (${domain.evaluator.id(config)}): ${n} points, ${cpu.toFixed(2)} s CPU (${wall.toFixed(2)} s wall) = ${Math.round(n / cpu)} points per CPU-second (target >= 100000)`);
  }
}
