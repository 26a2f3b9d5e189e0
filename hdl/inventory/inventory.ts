// The operator inventory of a design: per instance (by hierarchical path) the
// hardware its own nodes stand for, and the total of its subtree, so the
// top's total is the whole design. The timing graph rides along so the cost
// model can time the same netlist it prices.
import type { Design, ModuleIR } from '../ir.js';
import { classifyModule, classifyStorage, isWiring, type OpUse } from './classify.js';
import { walkInstances } from './hierarchy.js';
import { shapeKey } from './shapes.js';
import { sumTallies, tallyItems, type InventoryItem, type OpTally, type WiringCount } from './tally.js';
import { buildTimingGraph, labelOf, type TimingGraph } from './timing-graph.js';
import { lowerDesign } from '../opt/lower.js';

export interface InstanceInventory {
  /** `Top.u_a.u_b`; the top's path is its module name. */
  path: string;
  module: string;
  /** 0 for the top. */
  depth: number;
  /** This instance's own hardware, one item per node or storage array. */
  items: InventoryItem[];
  own: OpTally;
  /** own plus every descendant. */
  total: OpTally;
  children: string[];
}

/** What the cost model prices: per instance, its items (operator shapes and counts) and the netlist's timing graph. */
export interface Inventory {
  top: string;
  /** Pre-order: the top first, every parent before its children. */
  instances: InstanceInventory[];
  /** The whole design (the top's total). */
  total: OpTally;
  graph: TimingGraph;
}

/** The operator inventory of an elaborated design: every operator, register, memory and CAM by instance, and the timing graph pricing uses. */
export function inventory(given: Design): Inventory {
  // A library operation (popcount, priority encoder, arg-min/max) is
  // priced and timed as the tree it stands for (hdl/opt/lower.ts).
  const design = lowerDesign(given);
  const records = walkInstances(design);
  // Every instance of a module has the same hardware: classified and
  // tallied once per module (a Blur design has 59 instances of 16 modules),
  // shared by its instances and by the timing graph. Nothing downstream
  // writes to an item, a tally or a use.
  const uses = new Map<ModuleIR, (OpUse | null)[]>();
  const owned = new Map<ModuleIR, { items: InventoryItem[]; own: OpTally }>();
  for (const m of design.modules) {
    const u = classifyModule(m);
    uses.set(m, u);
    owned.set(m, ownHardware(m, u));
  }
  const instances: InstanceInventory[] = records.map((rec) => {
    const { items, own } = owned.get(rec.module)!;
    let depth = 0;
    for (let p = rec.parent; p !== -1; p = records[p]!.parent) depth++;
    return { path: rec.path, module: rec.module.name, depth, items, own, total: own, children: rec.children.map((c) => records[c]!.path) };
  });
  // Children come after their parent in pre-order: sum from the end.
  for (let i = records.length - 1; i >= 0; i--) {
    const kids = records[i]!.children.map((c) => instances[c]!.total);
    if (kids.length > 0) instances[i]!.total = sumTallies([instances[i]!.own, ...kids]);
  }
  return { top: instances[0]!.path, instances, total: instances[0]!.total, graph: buildTimingGraph(design, records, uses) };
}

/** One module's own items (a node's hardware, a storage array and its write ports) and their tally. */
function ownHardware(mod: ModuleIR, uses: readonly (OpUse | null)[]): { items: InventoryItem[]; own: OpTally } {
  const items: InventoryItem[] = [];
  const wiring: WiringCount = { nodes: 0, bits: 0 };
  for (const n of mod.nodes) {
    const use = uses[n.id]!;
    if (use !== null) {
      items.push({ shape: use.shape, key: shapeKey(use.shape), count: use.count, levels: use.levels, node: n.id, name: labelOf(n), width: n.width });
    } else if (isWiring(n) && n.op !== 'input' && n.op !== 'instout') {
      wiring.nodes += 1;
      wiring.bits += n.width;
    }
  }
  for (const { name, use } of classifyStorage(mod)) {
    const s = use.shape;
    const width = s.kind === 'cam' || s.kind === 'camwrite' ? s.keyWidth : 'width' in s ? s.width : 0;
    items.push({ shape: s, key: shapeKey(s), count: use.count, levels: use.levels, node: null, name, width });
  }
  return { items, own: tallyItems(items, wiring) };
}
