// How much of each main-job design is a module instantiated more than once
// (lanes, per-lane units): the share of its timing-graph nodes in the
// second and later instances of a module, which simulator code generated
// per module rather than per instance would not write (and V8 would not
// compile) again. Each instance's own nodes count with its module, so a
// module inside a repeated lane counts as repeated too. Not a test: it
// prints figures.
//
//   npx tsx bench/instance-share.ts [STUDIES] [EVERY]
//
// STUDIES: comma-separated (default blur,hybrid,noblur); EVERY: every k-th
// design of each main-job space in space order (default 3).
import { ParamError } from '../hdl/errors.js';
import { inventory } from '../hdl/inventory/index.js';
import { mainJobSpace } from './driver-ratio.js';

const [studiesArg = 'blur,hybrid,noblur', everyArg = '3'] = process.argv.slice(2);
const every = Number(everyArg);
if (!Number.isInteger(every) || every < 1) throw new ParamError('EVERY', everyArg, 'an integer >= 1', { message: `instance-share: EVERY must be an integer >= 1, got ${everyArg}` });

console.log('study | designs | timing-graph nodes | in repeated instances beyond the first | largest design share');
for (const studyName of studiesArg.split(',')) {
  const { study, domain, entries } = mainJobSpace(studyName);
  let total = 0;
  let repeated = 0;
  let designs = 0;
  let largest = 0;
  for (let i = 0; i < entries.length; i += every) {
    const inv = inventory(study.unit.elaborate(domain.microArch(entries[i]!.params)));
    const own = new Map<string, number>();
    for (const node of inv.graph.nodes) own.set(node.path, (own.get(node.path) ?? 0) + 1);
    const byModule = new Map<string, number[]>();
    for (const inst of inv.instances) {
      const sizes = byModule.get(inst.module) ?? [];
      sizes.push(own.get(inst.path) ?? 0);
      byModule.set(inst.module, sizes);
    }
    let dTotal = 0;
    let dRepeated = 0;
    for (const sizes of byModule.values()) {
      const sum = sizes.reduce((a, b) => a + b, 0);
      dTotal += sum;
      if (sizes.length > 1) dRepeated += sum - Math.max(...sizes);
    }
    total += dTotal;
    repeated += dRepeated;
    largest = Math.max(largest, dRepeated / Math.max(1, dTotal));
    designs++;
  }
  console.log(`${studyName} | ${designs} | ${total} | ${((100 * repeated) / total).toFixed(1)}% | ${(100 * largest).toFixed(1)}%`);
}
