// A study's per-micro-architecture table for the docs (docs/studies/): every
// micro-architecture of its space simulated by its driver on a workload,
// one Markdown row each, with the study's one throughput definition.
//   npx tsx bench/study-table.ts [study] [workload] [k=v,...]   (default: noblur default)
import { findStudy } from '../studies/registry.js';
import { checkCounts, enumerateMicroArchs, resolveSpec, selectWorkload, simulatorOf, studyDomain } from '../explore/sweep/index.js';
import { formatValue } from '../explore/sweep/spec.js';

const [name = 'noblur', workload, paramText = ''] = process.argv.slice(2);
const { study } = findStudy(name);
const params = Object.fromEntries(paramText.split(',').filter((s) => s !== '').map((kv) => [kv.split('=')[0]!, Number(kv.split('=')[1])]));
const ref = { ...(workload !== undefined && { workload }), params };
const domain = studyDomain(study, ref);
const wl = selectWorkload(study, ref);
const keys = domain.axes.map((a) => a.key);
const w = study.work.name;
const counters = study.counterDisplay ?? [];
const head = [...keys, `${w}s`, 'cycles', `cycles/${w}`, `${w}s/cycle`, ...counters.map((c) => c.key)];
const rows: string[] = [`| ${head.join(' | ')} |`, `| ${head.map((_, i) => (i < keys.length ? '---' : '---:')).join(' | ')} |`];
const entries = enumerateMicroArchs(domain, resolveSpec(domain.axes));
const t0 = Date.now();
for (const e of entries) {
  const config = domain.microArch(e.params);
  const design = domain.evaluator.elaborate(config);
  const input = wl.def.build(wl.params, wl.seed, config);
  const c = await study.driver.run({ config, design, simulator: () => simulatorOf(design), workload: input, workloadName: wl.def.name, seed: wl.seed, wantToggles: false, wantRecords: false });
  checkCounts(study.name, wl.def.name, e.id, c);
  const cells = [
    ...keys.map((k) => formatValue(e.params[k]!)),
    String(c.work),
    String(c.cycles),
    (c.cycles / c.work).toFixed(2),
    (c.work / c.cycles).toFixed(4),
    ...counters.map((k) => {
      const v = c.counters?.[k.key];
      return v === undefined ? '—' : Number.isInteger(v) ? String(v) : v.toFixed(Math.min(k.digits ?? 3, 3));
    }),
  ];
  rows.push(`| ${cells.join(' | ')} |`);
  process.stderr.write(`\r${rows.length - 2}/${entries.length} micro-architectures, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
process.stderr.write('\n');
console.log(`Study ${study.name}, workload ${wl.def.name}: ${wl.def.describe(wl.params, wl.seed)}; seed ${wl.seed}. One ${w}: ${study.work.doc}.\n`);
console.log(rows.join('\n'));
