// Parts of an elaborated design, for pricing one component on its own: an
// instance as a design of its own (for calibration and Yosys), and several
// inventories side by side as one (a component made of more than one
// instance, e.g. depth interpolation = the interpolator + the reciprocal
// units of an earlier stage). The union keeps each part's timing graph
// separate, so its critical path is the worst part's and retiming cuts each.
import { walkInstances } from '../../hdl/inventory/hierarchy.js';
import { inventory, type Inventory } from '../../hdl/inventory/index.js';
import { sumTallies, tallyItems } from '../../hdl/inventory/tally.js';
import type { Design, ModuleIR } from '../../hdl/ir.js';

/** Paths of the instances of `design` (the top's path is its module name). */
export function instancePaths(design: Design): string[] {
  return walkInstances(design).map((r) => r.path);
}

/** The instance at `path` as a design: its module as top, the modules under
 *  it children first (as emitVerilog expects). */
export function subDesign(design: Design, path: string): Design {
  const rec = walkInstances(design).find((r) => r.path === path);
  if (rec === undefined) throw new Error(`no instance ${path} in ${design.top.name}; instances: ${instancePaths(design).join(', ')}`);
  const modules: ModuleIR[] = [];
  const visit = (m: ModuleIR): void => {
    if (modules.includes(m)) return;
    for (const i of m.instances) visit(i.module);
    modules.push(m);
  };
  visit(rec.module);
  return { top: rec.module, modules };
}

/** Inventories side by side as one. Instance paths are prefixed with each
 *  part's top so they stay distinct. */
export function unionInventory(name: string, parts: readonly Inventory[]): Inventory {
  if (parts.length === 1) return parts[0]!;
  const nodes: Inventory['graph']['nodes'] = [];
  const endpoints: Inventory['graph']['endpoints'] = [];
  const instances: Inventory['instances'] = [];
  parts.forEach((inv, k) => {
    const base = nodes.length;
    const prefix = (p: string): string => `${name}.${k}.${p}`;
    for (const g of inv.graph.nodes) nodes.push({ ...g, path: prefix(g.path), preds: g.preds.map((p) => p + base), ...(g.storage !== undefined && { storage: prefix(g.storage) }) });
    for (const e of inv.graph.endpoints) {
      const state = typeof e.state === 'number' ? (e.state < 0 ? e.state : e.state + base) : prefix(e.state);
      endpoints.push({ ...e, path: prefix(e.path), drivers: e.drivers.map((d) => d + base), state, loopDrivers: e.loopDrivers.map((d) => d + base) });
    }
    for (const i of inv.instances) instances.push({ ...i, path: prefix(i.path), depth: i.depth + 1, children: i.children.map(prefix) });
  });
  return { top: name, instances, total: sumTallies(parts.map((p) => p.total)), graph: { topName: name, nodes, endpoints } };
}

/** The registers of `design`'s top module whose names match, as an
 *  inventory of their own (no timing: they are startpoints and endpoints). */
export function topRegisters(design: Design, name: string, match: RegExp): Inventory | null {
  const top = inventory(design).instances[0]!;
  const items = top.items.filter((it) => it.shape.kind === 'reg' && match.test(it.name));
  if (items.length === 0) return null;
  const own = tallyItems(items, { nodes: 0, bits: 0 });
  return { top: name, instances: [{ path: name, module: `${top.module} stage registers`, depth: 0, items, own, total: own, children: [] }], total: own, graph: { topName: name, nodes: [], endpoints: [] } };
}

/** Inventory of one or more instances of `design`, as one component, with
 *  the top-module registers that belong to it (`registers`). */
export function componentInventory(design: Design, name: string, paths: readonly string[], registers?: RegExp): Inventory {
  const parts = paths.map((p) => inventory(subDesign(design, p)));
  const regs = registers === undefined ? null : topRegisters(design, `${name} registers`, registers);
  return unionInventory(name, regs === null ? parts : [...parts, regs]);
}
