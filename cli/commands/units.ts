// `gfxrtl units`: every registered unit (parts indented under their unit),
// its config keys with allowed values and defaults in the words --config
// accepts, and the registered studies with their workloads.
import { allStudies, allUnits, type UnitInfo } from '../../studies/registry.js';
import { describeParam } from '../../units/config.js';
import { checkStudy } from '../../explore/index.js';

function shown(v: string | number | boolean): string {
  return typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v);
}

function printUnit(u: UnitInfo, indent: string): void {
  console.log(`${indent}${u.name}  ${u.summary}`);
  for (const [k, p] of Object.entries(u.schema)) {
    console.log(`${indent}    ${k.padEnd(12)} ${describeParam(p).padEnd(34)} default ${shown(p.default).padEnd(8)} ${p.doc}`);
  }
}

/** Every check a definition can fail without a workload: each study's
 *  contract (swept keys and values, axis and metric names against the row
 *  fields, objectives, displays and their digits, workload bounds) and each
 *  plugin unit elaborated at its defaults (widths its config produces).
 *  Built-in units are elaborated by the test suite. */
function checkAll(): string[] {
  for (const { study } of allStudies()) checkStudy(study);
  const plugins = allUnits().filter((u) => u.source !== undefined);
  for (const u of plugins) u.elaborate('');
  return plugins.map((u) => u.name);
}

export function unitsCommand(): void {
  const elaborated = checkAll();
  const units = allUnits();
  for (const u of units.filter((x) => x.partOf === undefined)) {
    printUnit(u, '');
    const parts = units.filter((x) => x.partOf === u.name);
    if (parts.length > 0) console.log(`    parts (same keys): ${parts.map((p) => p.name).join(', ')}`);
  }
  console.log('\nstudies (gfxrtl study NAME, gfxrtl sweep --study NAME):');
  for (const { study } of allStudies()) {
    const wl = study.workloads.map((w) => w.name).join(', ');
    console.log(`  ${study.name.padEnd(10)} unit ${study.unit.name}; ${study.summary}; work unit ${study.work.name} (${study.work.doc}); workloads: ${wl}`);
  }
  console.log(`\nchecks: ${allUnits().length} units and ${allStudies().length} studies pass their checks${elaborated.length > 0 ? `; plugin units elaborated at their defaults: ${elaborated.join(', ')}` : ''}`);
}
