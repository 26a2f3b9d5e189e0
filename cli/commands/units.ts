import { describeParam } from '../../units/config.js';
import { allUnits } from '../../units/registry.js';

export function unitsCommand(): void {
  for (const u of allUnits()) {
    console.log(`${u.name}  ${u.summary}`);
    for (const [k, p] of Object.entries(u.schema)) {
      console.log(`    ${k.padEnd(12)} ${describeParam(p).padEnd(34)} default ${String(p.default).padEnd(8)} ${p.doc}`);
    }
  }
}
