// Parts of an elaborated design, for pricing one component on its own: an
// instance as a design of its own (for calibration and Yosys), and several
// inventories side by side as one (a component made of more than one
// instance, e.g. depth interpolation = the interpolator + the reciprocal
// units of an earlier stage). The union keeps each part's timing graph
// separate, so its critical path is the worst part's and retiming cuts each.
import { walkInstances } from './hierarchy.js';
import { lowerDesign } from '../opt/lower.js';
import { inventory, type Inventory } from './index.js';
import { sumTallies, tallyItems } from './tally.js';
import { combOperands, type Design, type ModuleIR, type NodeId } from '../ir.js';
import { ParamError } from '../errors.js';

/** Paths of the instances of `design` (the top's path is its module name). */
export function instancePaths(design: Design): string[] {
  return walkInstances(design).map((r) => r.path);
}

/** The instance at `path` as a design: its module as top, the modules under
 *  it children first (as emitVerilog expects). */
export function subDesign(design: Design, path: string): Design {
  const rec = walkInstances(design).find((r) => r.path === path);
  if (rec === undefined) throw new ParamError('instance', path, 'an instance path of the design', { message: `no instance ${path} in ${design.top.name}; instances: ${instancePaths(design).join(', ')}` });
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

// Hardware inside an instance that belongs to a component although the
// instance as a whole does not (OwnedLogic below): stage
// registers holding what the component produces (by name), and the
// combinational fan-in cones of named values only that component reads
// (Blur: the tuple ROM's t output feeds sample in time alone). A cone stops
// at registers, ports and instance outputs.
/** Hardware a component owns inside an instance (registers by name,
 *  combinational cones of named values). */
export interface OwnedLogic {
  readonly path: string;
  readonly registers?: RegExp;
  readonly cones?: RegExp;
}

const WHOLE = new WeakMap<Design, Inventory>();
function wholeInventory(design: Design): Inventory {
  let inv = WHOLE.get(design);
  if (inv === undefined) WHOLE.set(design, (inv = inventory(design)));
  return inv;
}

function coneNodes(module: ModuleIR, roots: RegExp): Set<NodeId> {
  const seen = new Set<NodeId>();
  const stack = module.nodes.filter((n) => n.name !== undefined && n.name !== null && roots.test(n.name) && n.op !== 'reg').map((n) => n.id);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const n = module.nodes[id]!;
    if (n.op === 'reg' || n.op === 'input' || n.op === 'instout') continue;
    seen.add(id);
    stack.push(...combOperands(n));
  }
  return seen;
}

/** The owned hardware of one instance as an inventory of its own (no
 *  timing: registers are startpoints and endpoints, and a cone's delay is
 *  counted in the path of whatever it feeds). */
export function ownedInventory(design: Design, name: string, own: OwnedLogic): Inventory | null {
  const inst = wholeInventory(design).instances.find((i) => i.path === own.path);
  if (inst === undefined) throw new ParamError('instance', own.path, 'an instance path of the design', { message: `no instance ${own.path} in ${design.top.name}; instances: ${instancePaths(design).join(', ')}` });
  // The inventory's items number the lowered trees' nodes (inventory()).
  const rec = walkInstances(lowerDesign(design)).find((r) => r.path === own.path)!;
  const cone = own.cones === undefined ? new Set<NodeId>() : coneNodes(rec.module, own.cones);
  const items = inst.items.filter(
    (it) => (own.registers !== undefined && it.shape.kind === 'reg' && own.registers.test(it.name)) || (it.node !== null && it.shape.kind !== 'reg' && cone.has(it.node)),
  );
  if (items.length === 0) return null;
  const tally = tallyItems(items, { nodes: 0, bits: 0 });
  return { top: name, instances: [{ path: name, module: `${inst.module} owned by ${name}`, depth: 0, items, own: tally, total: tally, children: [] }], total: tally, graph: { topName: name, nodes: [], endpoints: [] } };
}

/** The registers of `design`'s top module whose names match, as an
 *  inventory of their own (no timing: they are startpoints and endpoints). */
export function topRegisters(design: Design, name: string, match: RegExp): Inventory | null {
  return ownedInventory(design, name, { path: design.top.name, registers: match });
}

/** Inventory of one or more instances of `design`, as one component, with
 *  the top-module registers that belong to it (`registers`) and what it owns
 *  inside other instances (`owned`). */
export function componentInventory(design: Design, name: string, paths: readonly string[], registers?: RegExp, owned: readonly OwnedLogic[] = []): Inventory {
  const parts = paths.map((p) => inventory(subDesign(design, p)));
  const regs = registers === undefined ? null : topRegisters(design, `${name} registers`, registers);
  const extra = owned.map((o, k) => ownedInventory(design, `${name} owned ${k}`, o)).filter((x): x is Inventory => x !== null);
  return unionInventory(name, [...parts, ...(regs === null ? [] : [regs]), ...extra]);
}
