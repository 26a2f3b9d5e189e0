// Everything decided about a module before any text is printed: which nodes
// appear at all, what each is called, which output ports a node declares
// directly, and the order combinational nodes are declared in.
import type { ModuleIR, Node, NodeId } from '../ir.js';
import { camPortOperands, combOperands, operands } from '../ir.js';
import { NameTable, sanitizeIdentifier } from './names.js';
import { evalPure } from '../opt/eval.js';
import { InternalError } from '../errors.js';

export interface ModulePlan {
  /** Verilog port name per ModuleIR.ports index. */
  portNames: string[];
  /** Verilog name per node id; undefined for dead nodes and inline constants. */
  nodeNames: (string | undefined)[];
  /** Value of each unnamed node that is a constant (possibly extended,
   *  sliced or concatenated): printed as a literal where it is read. */
  inlineValues: (bigint | undefined)[];
  live: boolean[];
  /** Output port index a node is declared as: a node named like its port,
   *  or an unnamed node that nothing else reads. */
  boundToPort: Map<NodeId, number>;
  /** A named `wire` node -> the unnamed node it renames. The unnamed node is
   *  printed under the wire's name (`wire [7:0] sum = a + b;` rather than
   *  `_n3 = a + b; sum = _n3;`) and the wire node itself is not printed. */
  aliasOf: Map<NodeId, NodeId>;
  memoryNames: string[];
  camKeyNames: string[];
  camValidNames: string[];
  /** Care-mask arrays of ternary CAMs ('' for the others). */
  camCareNames: string[];
  instanceNames: string[];
  /** Live combinational nodes, every operand before its reader. */
  combOrder: NodeId[];
  /** Allocates names for helpers (genvars, dangling instance outputs). */
  names: NameTable;
}

/** The node whose declaration carries `id`'s name (see aliasOf). */
export function printedNode(plan: ModulePlan, id: NodeId): NodeId {
  return plan.aliasOf.get(id) ?? id;
}

/** Nodes that hold state: declared `reg` and assigned at the clock edge. */
export function isState(n: Node): boolean {
  return n.op === 'reg' || (n.op === 'memread' && n.sync);
}

export function planModule(m: ModuleIR): ModulePlan {
  m.nodes.forEach((n, i) => {
    if (n.id !== i) throw new InternalError(`module ${m.name}: nodes[${i}] has id ${n.id}`);
    if (n.op === 'const' && (n.value < 0n || n.value >> BigInt(n.width) !== 0n)) {
      throw new InternalError(`module ${m.name}: constant ${n.value} (node ${n.name ?? n.id}) does not fit in ${n.width} bits`);
    }
  });
  const live = liveness(m);
  const inlineValues = foldConstants(m);
  const readers = readerCounts(m, live);
  const aliasOf = new Map<NodeId, NodeId>();
  for (const n of m.nodes) {
    if (!live[n.id] || n.op !== 'wire' || n.name === undefined) continue;
    const a = m.nodes[n.a]!;
    if (a.name === undefined && a.op !== 'input' && inlineValues[a.id] === undefined && readers[a.id] === 1) aliasOf.set(n.id, a.id);
  }
  const names = new NameTable(['clock', 'reset']);
  const portNames = m.ports.map((p) => names.claim(p.name));
  const nodeNames: (string | undefined)[] = m.nodes.map(() => undefined);
  const boundToPort = new Map<NodeId, number>();

  m.ports.forEach((p, i) => {
    const n = m.nodes[p.node];
    if (n === undefined) throw new InternalError(`module ${m.name}: port ${p.name} refers to missing node ${p.node}`);
    if (p.dir === 'in') {
      if (n.op !== 'input') throw new InternalError(`module ${m.name}: input port ${p.name} is node ${p.node}, a ${n.op}`);
      nodeNames[p.node] = portNames[i];
    }
  });
  // A node the DSL named like the port it drives *is* that port: print
  // `assign y = ...` rather than a `y_1` wire plus `assign y = y_1`.
  // The same goes for an unnamed node whose only reader is the port.
  m.ports.forEach((p, i) => {
    const n = m.nodes[p.node]!;
    if (p.dir !== 'out' || n.op === 'input' || inlineValues[n.id] !== undefined || boundToPort.has(p.node)) return;
    const sameName = n.name !== undefined && sanitizeIdentifier(n.name) === sanitizeIdentifier(p.name);
    const onlyReader = n.name === undefined && readers[n.id] === 1;
    if (!sameName && !onlyReader) return;
    const printed = aliasOf.get(p.node) ?? p.node;
    boundToPort.set(printed, i);
    nodeNames[p.node] = portNames[i];
    nodeNames[printed] = portNames[i];
  });

  const memoryNames = m.memories.map((mem) => names.claim(mem.name));
  const camKeyNames = m.cams.map((c) => names.claim(`${c.name}_key`));
  const camValidNames = m.cams.map((c) => names.claim(`${c.name}_valid`));
  const camCareNames = m.cams.map((c) => (c.ternary ? names.claim(`${c.name}_care`) : ''));
  const instanceNames = m.instances.map((inst) => names.claim(inst.name));

  for (const n of m.nodes) {
    if (!live[n.id] || nodeNames[n.id] !== undefined || n.name === undefined) continue;
    nodeNames[n.id] = names.claim(n.name);
    const renamed = aliasOf.get(n.id);
    if (renamed !== undefined) nodeNames[renamed] = nodeNames[n.id];
  }
  for (const n of m.nodes) {
    if (!live[n.id] || nodeNames[n.id] !== undefined || inlineValues[n.id] !== undefined) continue;
    nodeNames[n.id] = names.claim(`_n${n.id}`);
  }

  return {
    portNames,
    nodeNames,
    inlineValues,
    live,
    boundToPort,
    aliasOf,
    memoryNames,
    camKeyNames,
    camValidNames,
    camCareNames,
    instanceNames,
    combOrder: combinationalOrder(m, live, nodeNames).filter((id) => !aliasOf.has(id)),
    names,
  };
}

/** Values of unnamed nodes built from constants by rewiring alone (what
 *  the DSL makes of a literal: `{3'd0, 1'd1}` is printed `4'd1`). Named
 *  nodes are never folded away: the name is what the reader looks for. */
function foldConstants(m: ModuleIR): (bigint | undefined)[] {
  const memo = new Map<NodeId, bigint | undefined>();
  const value = (id: NodeId): bigint | undefined => {
    if (memo.has(id)) return memo.get(id);
    memo.set(id, undefined); // a loop through here is not constant
    const n = m.nodes[id];
    let v: bigint | undefined;
    if (n !== undefined && n.name === undefined) v = foldNode(m, n, value);
    memo.set(id, v);
    return v;
  };
  return m.nodes.map((n) => value(n.id));
}

/** Only rewiring is folded here (the netlist passes fold arithmetic before
 *  any backend runs); the values come from the passes' own evaluator. */
const REWIRING: ReadonlySet<Node['op']> = new Set<Node['op']>(['const', 'wire', 'zext', 'not', 'slice', 'sext', 'concat']);

function foldNode(m: ModuleIR, n: Node, value: (id: NodeId) => bigint | undefined): bigint | undefined {
  return REWIRING.has(n.op) ? evalPure(n, value, (id) => m.nodes[id]!.width) : undefined;
}

/** A node is printed if the DSL named it or something printed reads it.
 *  Unnamed dead logic is dropped: it has no name to look for and would only
 *  need lint waivers. */
function liveness(m: ModuleIR): boolean[] {
  const live = m.nodes.map(() => false);
  const stack: NodeId[] = [];
  const mark = (id: NodeId): void => {
    if (m.nodes[id] === undefined) throw new InternalError(`module ${m.name}: reference to missing node ${id}`);
    if (!live[id]) {
      live[id] = true;
      stack.push(id);
    }
  };
  for (const n of m.nodes) if (n.name !== undefined || n.op === 'input') mark(n.id);
  for (const p of m.ports) mark(p.node);
  for (const mem of m.memories) for (const w of mem.writePorts) [w.addr, w.data, w.en].forEach(mark);
  for (const cam of m.cams) for (const w of cam.writePorts) camPortOperands(w).forEach(mark);
  for (const inst of m.instances) Object.values(inst.inputs).forEach(mark);
  while (stack.length > 0) operands(m.nodes[stack.pop()!]!).forEach(mark);
  return live;
}

/** How many places read each node: operands of printed nodes, output
 *  ports, memory and CAM write ports, instance inputs. */
function readerCounts(m: ModuleIR, live: boolean[]): number[] {
  const count = m.nodes.map(() => 0);
  const read = (id: NodeId): void => {
    count[id]!++;
  };
  for (const n of m.nodes) if (live[n.id]) operands(n).forEach(read);
  for (const p of m.ports) if (p.dir === 'out') read(p.node);
  for (const mem of m.memories) for (const w of mem.writePorts) [w.addr, w.data, w.en].forEach(read);
  for (const cam of m.cams) for (const w of cam.writePorts) camPortOperands(w).forEach(read);
  for (const inst of m.instances) Object.values(inst.inputs).forEach(read);
  return count;
}

/** Depth-first topological order over combinational operands; a cycle here
 *  means the IR was not checked, and the error names the loop. */
function combinationalOrder(m: ModuleIR, live: boolean[], names: (string | undefined)[]): NodeId[] {
  const order: NodeId[] = [];
  const state = m.nodes.map(() => 0); // 0 new, 1 on the stack, 2 done
  const path: NodeId[] = [];
  const visit = (id: NodeId): void => {
    if (state[id] === 2) return;
    if (state[id] === 1) {
      const loop = path.slice(path.indexOf(id)).map((x) => names[x] ?? `node ${x}`);
      throw new InternalError(`module ${m.name}: combinational loop through ${loop.join(' -> ')}`);
    }
    state[id] = 1;
    path.push(id);
    for (const o of combOperands(m.nodes[id]!)) visit(o);
    path.pop();
    state[id] = 2;
    order.push(id);
  };
  for (const n of m.nodes) if (live[n.id]) visit(n.id);
  return order.filter((id) => {
    const n = m.nodes[id]!;
    return names[id] !== undefined && n.op !== 'input' && !isState(n) && n.op !== 'instout';
  });
}
