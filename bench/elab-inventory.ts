// Elaboration and inventory of the main job's micro-architectures (#24):
// what every sweep task pays before it simulates or prices. Elaborates a
// fixed spread of each study's main-job space (mainJobSpace, the configs
// `npm start` sweeps) with the unit's own elaborate (no design cache), then
// takes the inventory, and prints CPU ms per design for each phase: the
// elaboration (DSL build, checks, netlist passes), the design cache's
// write and read-back (designToJson + JSON text, JSON text + designFromJson)
// and the inventory. Not a test: nothing here fails.
//
//   npx tsx bench/elab-inventory.ts [blur=40,hybrid=20,noblur=20] [--digest] [--label L --write]
//
// --label L --write also writes the table to docs/results/elab-inventory-L.md.
// --digest also prints one sha256 over every picked design's Verilog,
// inventory and design JSON (a check that a speed-up changed nothing).
// CPU time of this process: the machine is shared, CPU time moves less
// with its load than wall time. For a profile of the same run:
//   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/elab-inventory.ts
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { mainJobSpace, spreadPicks } from './driver-ratio.js';
import { cpuMs } from './cpu-timing.js';
import { inventory } from '../hdl/inventory/index.js';
import { designFromJson, designToJson, type DesignJson } from '../hdl/design-json.js';
import { emitVerilog } from '../hdl/verilog/emit.js';
import type { Design } from '../hdl/ir.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { digest: { type: 'boolean', default: false }, label: { type: 'string' }, write: { type: 'boolean', default: false } },
});
if (values.write && values.label === undefined) {
  console.error('bench/elab-inventory.ts: --write needs --label L (the file is docs/results/elab-inventory-L.md)');
  process.exit(2);
}
const counts = Object.fromEntries((positionals[0] ?? 'blur=40,hybrid=20,noblur=20').split(',').map((s) => {
  const [k, v] = s.split('=');
  return [k!, Number(v ?? 20)];
}));

const nodes = (d: Design): number => d.modules.reduce((s, m) => s + m.nodes.length, 0);
const digest = createHash('sha256');
const bigints = (k: string, v: unknown): unknown => (k === 'loc' ? undefined : typeof v === 'bigint' ? `${v}n` : v);

interface Row { study: string; designs: number; nodes: number; elaborate: number; toJson: number; fromJson: number; inventory: number }
const rows: Row[] = [];
for (const [studyName, count] of Object.entries(counts)) {
  const { study, domain, entries } = mainJobSpace(studyName);
  // Spread over the space: first, last and evenly between.
  const picks = spreadPicks(entries, count);
  // One design elaborated and inventoried first, so module loading and V8's warm-up are not counted.
  inventory(study.unit.elaborate(domain.microArch(picks[0]!.params)));
  const row: Row = { study: studyName, designs: picks.length, nodes: 0, elaborate: 0, toJson: 0, fromJson: 0, inventory: 0 };
  for (const e of picks) {
    const m = domain.microArch(e.params);
    let t = cpuMs();
    const design = study.unit.elaborate(m);
    row.elaborate += cpuMs() - t;
    t = cpuMs();
    const text = JSON.stringify(designToJson(design));
    row.toJson += cpuMs() - t;
    t = cpuMs();
    designFromJson(JSON.parse(text) as DesignJson);
    row.fromJson += cpuMs() - t;
    t = cpuMs();
    const inv = inventory(design);
    row.inventory += cpuMs() - t;
    row.nodes += nodes(design);
    if (values.digest) digest.update(`${studyName} ${e.id}\n`).update(JSON.stringify(emitVerilog(design))).update(JSON.stringify(inv, bigints)).update(text);
  }
  rows.push(row);
}

const per = (x: number, r: Row): string => (x / r.designs).toFixed(1);
const lines = ['| study | designs | IR nodes / design | elaborate ms | design JSON write ms | read-back ms | inventory ms | total ms / design |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
for (const r of rows) {
  const total = r.elaborate + r.toJson + r.fromJson + r.inventory;
  lines.push(`| ${r.study} | ${r.designs} | ${Math.round(r.nodes / r.designs)} | ${per(r.elaborate, r)} | ${per(r.toJson, r)} | ${per(r.fromJson, r)} | ${per(r.inventory, r)} | ${per(total, r)} |`);
}
const load = loadavg()[0]!.toFixed(2);
lines.push('', `CPU ms per design, this process, designs in space order; load ${load} at the end.`);
if (values.digest) lines.push(`digest ${digest.digest('hex')}`);
console.log(lines.join('\n'));
if (values.write) {
  const file = `docs/results/elab-inventory-${values.label}.md`;
  const head = `# Elaboration and inventory per main-job design (${values.label})\n\n\`npx tsx bench/elab-inventory.ts ${positionals.join(' ')}${values.digest ? ' --digest' : ''} --label ${values.label} --write\` at ${gitHead()}, ${new Date().toISOString().slice(0, 16)} UTC.\n\n`;
  writeFileSync(file, head + lines.join('\n') + '\n');
  console.log(`wrote ${file}`);
}

function gitHead(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'an unknown commit';
  }
}
