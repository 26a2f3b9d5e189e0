// The instance tree, walked once: every instance gets a dot-separated path
// rooted at the top module's name (`Top.u_lane0.u_test`, the same naming the
// simulator uses) and a block of flat ids, so that node `id` of instance `i`
// is flat node `instances[i].base + id`.
import type { Design, ModuleIR } from '../ir.js';
import { InternalError } from '../errors.js';

export interface InstanceRecord {
  path: string;
  module: ModuleIR;
  /** Index of the parent record, -1 for the top. */
  parent: number;
  /** Index of this instance in the parent's `instances`, -1 for the top. */
  indexInParent: number;
  /** Record indices of the children, in the module's instance order. */
  children: number[];
  /** First flat id of this instance's nodes. */
  base: number;
}

/** Pre-order (a parent before its children, the top first). */
export function walkInstances(design: Design): InstanceRecord[] {
  const out: InstanceRecord[] = [];
  let next = 0;
  const visit = (module: ModuleIR, path: string, parent: number, indexInParent: number, stack: string[]): number => {
    if (stack.includes(module.name)) {
      throw new InternalError(`inventory: module ${module.name} instantiates itself (${[...stack, module.name].join(' -> ')})`);
    }
    const me = out.length;
    out.push({ path, module, parent, indexInParent, children: [], base: next });
    next += module.nodes.length;
    module.instances.forEach((inst, k) => {
      const child = visit(inst.module, `${path}.${inst.name}`, me, k, [...stack, module.name]);
      out[me]!.children.push(child);
    });
    return me;
  };
  visit(design.top, design.top.name, -1, -1, []);
  return out;
}
