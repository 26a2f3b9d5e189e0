// How much of each main-job design is a module instantiated more than once
// (lanes, per-lane units): the share of its timing-graph nodes in the
// second and later instances of a module, which simulator code generated
// per module rather than per instance would not write (and V8 would not
// compile) again. Each instance's own nodes count with its module, so a
// module inside a repeated lane counts as repeated too.
//
// It also checks what such code would rely on, for the outermost repeated
// instances (a module with more instances than one, no ancestor of which
// is repeated): that no combinational path leaves the instance and comes
// back into it within a cycle (so its logic can be evaluated as one block
// between the logic that feeds it and the logic it feeds), and that every
// instance of the module is the same netlist (operators, widths, paths
// within the instance and edges inside it, in node order). Not a test: it
// prints figures.
//
//   npx tsx bench/instance-share.ts [STUDIES] [EVERY]
//
// STUDIES: comma-separated (default blur,hybrid,noblur); EVERY: every k-th
// design of each main-job space in space order (default 3).
import { ParamError } from '../hdl/errors.js';
import { graphArrays, type GraphArrays } from '../hdl/inventory/graph-arrays.js';
import { inventory } from '../hdl/inventory/index.js';
import { mainJobSpace } from './driver-ratio.js';
import { nodesByInstance, signature } from './instance-signature.js';

const [studiesArg = 'blur,hybrid,noblur', everyArg = '3'] = process.argv.slice(2);
const every = Number(everyArg);
if (!Number.isInteger(every) || every < 1) throw new ParamError('EVERY', everyArg, 'an integer >= 1', { message: `instance-share: EVERY must be an integer >= 1, got ${everyArg}` });

/** Whether a combinational path leaves `inside` and comes back into it (through nodes outside, none of them state). */
function reEntered(ga: GraphArrays, ids: readonly number[]): boolean {
  const inside = new Uint8Array(ga.n);
  for (const v of ids) inside[v] = 1;
  const seen = new Uint8Array(ga.n);
  const stack: number[] = [];
  const visit = (u: number): boolean => {
    for (let k = ga.succStart[u]!; k < ga.succStart[u + 1]!; k++) {
      const s = ga.succ[k]!;
      if (ga.state[s] || seen[s]) continue;
      if (inside[s]) {
        if (!inside[u]) return true;
        continue;
      }
      seen[s] = 1;
      stack.push(s);
    }
    return false;
  };
  for (const v of ids) if (visit(v)) return true;
  while (stack.length > 0) if (visit(stack.pop()!)) return true;
  return false;
}

console.log('study | designs | timing-graph nodes | in repeated instances beyond the first | largest design share | outermost repeated instances | re-entered within a cycle | modules whose instances differ');
for (const studyName of studiesArg.split(',')) {
  const { study, domain, entries } = mainJobSpace(studyName);
  let total = 0;
  let repeated = 0;
  let designs = 0;
  let largest = 0;
  let outermost = 0;
  let reentrant = 0;
  let differing = 0;
  for (let i = 0; i < entries.length; i += every) {
    const inv = inventory(study.unit.elaborate(domain.microArch(entries[i]!.params)));
    const ga = graphArrays(inv.graph);
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
    // The outermost repeated instances: instances are in pre-order, so an ancestor comes first.
    const moduleOf = new Map(inv.instances.map((x) => [x.path, x.module]));
    const isRepeated = (path: string): boolean => (byModule.get(moduleOf.get(path)!)?.length ?? 0) > 1;
    const under = nodesByInstance(ga, inv.instances.map((x) => x.path));
    const signatures = new Map<string, string>();
    const differs = new Set<string>();
    for (const inst of inv.instances) {
      if (!isRepeated(inst.path)) continue;
      const parts = inst.path.split('.');
      if (parts.slice(1, -1).some((_, k) => isRepeated(parts.slice(0, k + 2).join('.')))) continue;
      outermost++;
      const ids = under.get(inst.path)!;
      if (reEntered(ga, ids)) reentrant++;
      const sig = signature(inv, ga, inst.path, ids);
      const first = signatures.get(inst.module);
      if (first === undefined) signatures.set(inst.module, sig);
      else if (first !== sig) differs.add(inst.module);
    }
    differing += differs.size;
  }
  console.log(`${studyName} | ${designs} | ${total} | ${((100 * repeated) / total).toFixed(1)}% | ${(100 * largest).toFixed(1)}% | ${outermost} | ${reentrant} | ${differing}`);
}
