// Which module instance each node of the simulator's netlist belongs to, for
// code shared per module instance (codegen/kernel-plan.ts). flatten() lays
// an instance's own nodes out first and its children's after them, so an
// instance's subtree is one range of flat node ids; the blocks below walk
// the design in flatten's order. Nodes the simulator's passes append after
// flattening belong to the deepest instance holding all their operands.
import type { Design, ModuleIR } from '../../ir.js';
import type { SimNetlist } from '../netlist.js';
import { simCombOperands } from '../netlist.js';

export interface InstanceBlock {
  readonly path: string;
  readonly module: string;
  /** Index of the parent block; -1 for the top. */
  readonly parent: number;
  readonly depth: number;
  /** The subtree's node ids in the flat netlist: [first, end). */
  readonly first: number;
  readonly end: number;
  readonly children: readonly number[];
}

/** Blocks in pre-order (the top first), as flatten lays the design out. */
export function instanceBlocks(design: Design): InstanceBlock[] {
  const out: { path: string; module: string; parent: number; depth: number; first: number; end: number; children: number[] }[] = [];
  let next = 0;
  // An explicit stack: a design may nest deeper than the call stack is tall.
  const stack: { m: ModuleIR; path: string; parent: number; depth: number; child: number; block: number }[] = [];
  const enter = (m: ModuleIR, path: string, parent: number, depth: number): void => {
    const k = out.length;
    out.push({ path, module: m.name, parent, depth, first: next, end: next, children: [] });
    if (parent >= 0) out[parent]!.children.push(k);
    next += m.nodes.length;
    stack.push({ m, path, parent, depth, child: 0, block: k });
  };
  enter(design.top, design.top.name, -1, 0);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const inst = top.m.instances[top.child++];
    if (inst === undefined) {
      out[top.block]!.end = next;
      stack.pop();
    } else enter(inst.module, `${top.path}.${inst.name}`, top.block, top.depth + 1);
  }
  return out;
}

/** Per node of the simulator's netlist: the deepest block it belongs to.
 *  `flatNodes`: how many nodes flatten made (the blocks cover them). */
export function ownerOf(net: SimNetlist, blocks: readonly InstanceBlock[], flatNodes: number): Int32Array {
  const owner = new Int32Array(net.nodes.length);
  // Pre-order: a later block in the list is deeper than any earlier one holding the same node.
  blocks.forEach((b, k) => {
    for (let v = b.first; v < b.end && v < flatNodes; v++) owner[v] = k;
  });
  const common = (a: number, b: number): number => {
    while (a !== b) {
      if (blocks[a]!.depth >= blocks[b]!.depth) a = blocks[a]!.parent;
      else b = blocks[b]!.parent;
      if (a < 0 || b < 0) return 0;
    }
    return a;
  };
  for (let v = flatNodes; v < net.nodes.length; v++) {
    let o = -1;
    for (const x of simCombOperands(net.nodes[v]!)) o = o < 0 ? owner[x]! : common(o, owner[x]!);
    owner[v] = o < 0 ? 0 : o;
  }
  return owner;
}
