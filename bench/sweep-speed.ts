// Sweep throughput: design points per second, and where the time goes
// (simulation vs pricing vs the rest), for one or more worker counts.
//
//   npx tsx bench/sweep-speed.ts [--study mac|noblur] [--only k=v,...]
//                                [--param k=v,...] [--workers 0,2]
//                                [--blur k=v,...|none] [--blur-count 256]
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
import { runSweep } from '../explore/sweep/index.js';

const { values } = parseArgs({
  options: {
    study: { type: 'string', default: 'mac' },
    only: { type: 'string' },
    param: { type: 'string' },
    workers: { type: 'string', default: '0,2' },
    // Blur per-mode section: the narrowing, its workload size ('none' skips it).
    blur: { type: 'string', default: 'stp=4.8|8.8,tvp=off,spf=1,pmt=1|2,sts=1x1|2x2' },
    'blur-count': { type: 'string', default: '256' },
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

// Pricing alone, once inventories are known: every Vt x Vdd x depth of one
// micro-architecture (the study unit's defaults), repeated, on one core
// (target >= 100,000 points per CPU-second).
{
  const { inventory } = await import('../hdl/inventory/index.js');
  const { price } = await import('../synth-models/price.js');
  const { findUnit } = await import('../units/registry.js');
  const { design, configText } = findUnit(entry.study.unit.name).elaborate('');
  const inv = inventory(design);
  const opts = entry.study.pipelineRegisters ? { pipelineRegisters: entry.study.pipelineRegisters } : {};
  const points: { vt: 'low' | 'nominal' | 'high'; vdd: number; stages: number }[] = [];
  for (const vt of ['low', 'nominal', 'high'] as const) for (const vdd of [0.81, 0.9, 0.99, 1.08]) for (let stages = 1; stages <= 12; stages++) points.push({ vt, vdd, stages });
  for (const p of points) price(inv, p, opts); // warm: timing and forms per depth
  const rounds = 200;
  // CPU time of this thread, not wall time: the machine is shared, and
  // "per core" means per second the core spent on it.
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) for (const p of points) price(inv, p, opts);
  const wall = (performance.now() - t0) / 1000;
  const cu = process.cpuUsage(c0);
  const cpu = (cu.user + cu.system) / 1e6;
  const n = rounds * points.length;
  console.log(`pricing only (${entry.study.unit.name} ${configText}): ${n} points, ${cpu.toFixed(2)} s CPU (${wall.toFixed(2)} s wall) = ${Math.round(n / cpu)} points per CPU-second (target >= 100000: ${n / cpu >= 100000 ? 'met' : 'NOT met'})`);
}

// Blur and Hybrid, per mode: simulation time and simulated cycles per second
// (cycle-distinct micro-architectures only; the rest reuse a run,
// studies/blur/cycle-reuse.ts), over both cores, Blur then the Hybrid in
// blur mode as `study --all` runs them.
if (values.blur !== 'none') {
  const { formatTotals, simulationTotals } = await import('../studies/blur/cycle-reuse.js');
  const count = Number(values['blur-count']);
  console.log(`\nblur and hybrid per mode (--only ${values.blur}, ${count} triangles, workers auto):`);
  console.log('study mode | micro-archs simulated | reused | simulation s (summed over threads) | simulated cycles | cycles/s');
  for (const name of ['blur', 'hybrid']) {
    const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-bench-'));
    try {
      const e = findStudy(name);
      const only = name === 'hybrid' ? values.blur.split(',').filter((kv) => !kv.startsWith('render=')).join(',') : values.blur;
      const s = await runSweep({ study: { module: e.module, name, params: { count } }, out: dir, workers: 'auto', spec: { only } });
      console.log(`(${name}: ${s.microArchs} micro-architectures, ${(s.wallMs / 1000).toFixed(1)} s wall over ${s.workers} workers)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  // The workers' reports arrive on a broadcast channel: let the last ones land.
  await new Promise((r) => setTimeout(r, 200));
  for (const [k, t] of simulationTotals()) console.log([k, t.simulated, t.reused, (t.simMs / 1000).toFixed(2), t.cycles, Math.round(t.cycles / Math.max(t.simMs / 1000, 1e-9))].join(' | '));
  if (simulationTotals().size === 0) console.log(`(no simulation reported: ${formatTotals() || 'none'})`);
}
