// Netlist optimisation of one module, run by elaborate() before any backend:
// constant folding and propagation, local simplification (simplify.ts),
// common-subexpression elimination by structural hashing, and removal of
// logic nothing can observe. Module boundaries stay: a module is optimised
// on its own, the same for every instance, and its ports keep their names.
//
// What stays observable: every named node (ports, registers, wires given a
// name with wire() or named(), memory read ports, CAM match vectors,
// instance connections) is kept under its name, with its value unchanged.
// Only unnamed operators are merged, replaced or dropped, so unnamed
// internals (`Top.#17` in the simulator) are renumbered. Memories and CAMs
// are kept even when nothing reads them; write ports whose enable is
// constant 0 are dropped.
import { mapCamPort, mapMemPort, mapNode } from '../map-node.js';
import { camPortOperands, combOperands, isBinary, isUnary, operands, type ModuleIR, type Node, type NodeId } from '../ir.js';
import type { NodeSpec } from '../signal.js';
import { Ranges } from './range.js';
import { COMMUTATIVE, PURE_OPS, simplify, type Kit } from './simplify.js';
import { InternalError } from '../errors.js';

export interface OptStats {
  nodesBefore: number;
  nodesAfter: number;
}

export function optimiseModule(m: ModuleIR): OptStats {
  const nodesBefore = m.nodes.length;
  const nodes: Node[] = m.nodes.slice();
  const repl: NodeId[] = nodes.map((_, i) => i);
  const resolve = (id: NodeId): NodeId => {
    let r = id;
    while (repl[r] !== r) r = repl[r]!;
    // Path compression keeps long replacement chains cheap.
    for (let x = id; repl[x] !== r; ) {
      const next = repl[x]!;
      repl[x] = r;
      x = next;
    }
    return r;
  };
  const isPure = (n: Node): boolean => n.name === undefined && PURE_OPS.has(n.op);
  // Pure operators read through every wire, named or not: `x.named('s')`
  // and `x` are one value. Names come back for printing in preferNames().
  const through = (id: NodeId): NodeId => {
    let r = resolve(id);
    for (let n = nodes[r]!; n.op === 'wire'; n = nodes[r]!) r = resolve(n.a);
    return r;
  };
  const built = new HashedNodes(nodes, {
    pushed: (id) => repl.push(id),
    settled: (id, r) => {
      if (r !== id) repl[id] = r;
    },
  });

  const identity = { mem: (i: number) => i, cam: (i: number) => i };
  for (const id of topoOrder(m.nodes)) {
    const n = nodes[id]!;
    if (!isPure(n)) continue;
    built.origin = n;
    const r = built.settle(mapNode(n, id, undefined, { node: through, ...identity }));
    if (r !== id) repl[id] = r;
  }

  // Named and stateful nodes keep their identity; their operands move to
  // the surviving nodes, and constant enables become plain flops.
  const constOf = built.kit.constOf;
  for (let id = 0; id < nodes.length; id++) {
    // Settled pure nodes already read final ids.
    if (resolve(id) !== id || isPure(nodes[id]!)) continue;
    let n = mapNode(nodes[id]!, id, nodes[id]!.name, { node: resolve, ...identity });
    if (n.op === 'reg' && n.en !== null) {
      const en = constOf(n.en);
      if (en === 0n || n.d === id) n = { ...n, d: id, en: null };
      else if (en === 1n) n = { ...n, en: null };
    }
    if (n.op === 'memread' && n.en !== null && constOf(n.en) === 1n) n = { ...n, en: null };
    nodes[id] = n;
  }
  for (const mem of m.memories) mem.writePorts = mem.writePorts.map((p) => mapMemPort(p, resolve)).filter((p) => constOf(p.en) !== 0n);
  for (const cam of m.cams) cam.writePorts = cam.writePorts.map((p) => mapCamPort(p, resolve)).filter((p) => constOf(p.en) !== 0n);
  for (const inst of m.instances) for (const p of Object.keys(inst.inputs)) inst.inputs[p] = resolve(inst.inputs[p]!);
  for (const p of m.ports) p.node = resolve(p.node);

  preferNames(m, nodes, (id) => resolve(id) === id);
  compact(m, nodes, (id) => resolve(id) === id);
  return { nodesBefore, nodesAfter: m.nodes.length };
}

/** Nodes built through simplify() and a structural hash, so that each is
 *  the simplest form of itself and equal nodes are one: how the optimiser
 *  settles every pure node, and how lower.ts appends the tree a library
 *  operation stands for to an optimised module. `pushed` hears of every
 *  node appended, `settled` of the node it became. */
export class HashedNodes {
  private readonly hash = new Map<string, NodeId>();
  /** The node being rebuilt: what made nodes take their source location from. */
  origin: Node | undefined;
  readonly kit: Kit;

  constructor(
    readonly nodes: Node[],
    private readonly hooks: { pushed?(id: NodeId): void; settled?(id: NodeId, r: NodeId): void } = {},
  ) {
    const constOf = (id: NodeId): bigint | undefined => {
      const n = nodes[id]!;
      return n.op === 'const' ? n.value : undefined;
    };
    this.kit = {
      node: (id) => nodes[id]!,
      constOf,
      make: (spec, width) => this.make(spec, width),
      constant: (value, width) => this.make({ op: 'const', value }, width),
      ranges: new Ranges((id) => nodes[id]!),
    };
  }

  /** Node `n` simplified and hashed: the id it settles to (its own, with
   *  `n` stored there, or an existing node's). */
  settle(n: Node): NodeId {
    const r = simplify(n, this.kit);
    if (typeof r === 'number') return r;
    const key = keyOf(r);
    const hit = key === null ? undefined : this.hash.get(key);
    if (hit !== undefined) return hit;
    this.nodes[r.id] = r;
    if (key !== null) this.hash.set(key, r.id);
    return r.id;
  }

  /** A new node for `spec`, or the existing node it equals. */
  make(spec: NodeSpec, width: number): NodeId {
    const id = this.nodes.length;
    const n = { ...spec, id, width } as Node;
    if (this.origin?.loc) n.loc = this.origin.loc;
    this.nodes.push(n);
    this.hooks.pushed?.(id);
    const r = this.settle(n);
    this.hooks.settled?.(id, r);
    return r;
  }

  /** Existing node `n` (already settled) joins the hash: later equal nodes share it. */
  seed(n: Node): void {
    const key = keyOf(n);
    if (key !== null && !this.hash.has(key)) this.hash.set(key, n.id);
  }
}

/** Structural hash key of a pure node (operands already canonical). */
function keyOf(n: Node): string | null {
  if (isUnary(n)) return `${n.op}${n.width}:${n.a}`;
  if (isBinary(n)) return COMMUTATIVE.has(n.op) && n.b < n.a ? `${n.op}${n.width}:${n.b}:${n.a}` : `${n.op}${n.width}:${n.a}:${n.b}`;
  switch (n.op) {
    case 'const':
      return `const${n.width}:${n.value}`;
    case 'slice':
      return `slice${n.width}:${n.a}:${n.lo}`;
    case 'mux':
      return `mux${n.width}:${n.sel}:${n.cases.join(',')}`;
    case 'concat':
      return `concat${n.width}:${n.parts.join(',')}`;
    case 'prienc':
      return `prienc${n.width}:${n.a}:${n.highest ? 'hi' : 'lo'}`;
    case 'argmin':
    case 'argmax':
      return `${n.op}${n.width}:${n.valid}:${n.keys.join(',')}:${n.signed ? 's' : 'u'}${n.latest ? 'l' : 'e'}`;
    default:
      // Inputs, state and instance outputs are never merged.
      return null;
  }
}

/** Every node after its combinational operands (the design has no
 *  combinational loop: elaborate() checked that first). */
function topoOrder(nodes: Node[]): NodeId[] {
  const order: NodeId[] = [];
  const state = new Uint8Array(nodes.length);
  for (let root = 0; root < nodes.length; root++) {
    if (state[root]) continue;
    const work: [NodeId, number][] = [[root, 0]];
    state[root] = 1;
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const next = combOperands(nodes[top[0]]!);
      if (top[1] < next.length) {
        const c = next[top[1]++]!;
        if (state[c] === 0) {
          state[c] = 1;
          work.push([c, 0]);
        }
      } else {
        order.push(top[0]);
        work.pop();
      }
    }
  }
  return order;
}

/** After sharing, a value that the user named is read under that name
 *  (Verilog prints `sum` rather than `_n12`; the wire is free everywhere). */
function preferNames(m: ModuleIR, nodes: Node[], alive: (id: NodeId) => boolean): void {
  const nameOf = new Map<NodeId, NodeId>();
  for (let id = 0; id < nodes.length; id++) {
    const n = nodes[id]!;
    if (!alive(id) || n.op !== 'wire' || n.name === undefined) continue;
    const src = nodes[n.a]!;
    if (src.name === undefined && src.op !== 'const' && !nameOf.has(n.a)) nameOf.set(n.a, id);
  }
  if (nameOf.size === 0) return;
  const named = (id: NodeId): NodeId => nameOf.get(id) ?? id;
  const identity = { mem: (i: number) => i, cam: (i: number) => i };
  for (let id = 0; id < nodes.length; id++) {
    const n = nodes[id]!;
    if (!alive(id) || (n.op === 'wire' && n.name !== undefined)) continue;
    if (operands(n).some((o) => nameOf.has(o))) nodes[id] = mapNode(n, id, n.name, { node: named, ...identity });
  }
  for (const mem of m.memories) mem.writePorts = mem.writePorts.map((p) => mapMemPort(p, named));
  for (const cam of m.cams) cam.writePorts = cam.writePorts.map((p) => mapCamPort(p, named));
}

/** Drop what no port, name, state or storage write reaches; renumber. */
function compact(m: ModuleIR, nodes: Node[], alive: (id: NodeId) => boolean): void {
  const live = new Uint8Array(nodes.length);
  const stack: NodeId[] = [];
  const mark = (id: NodeId): void => {
    if (!live[id]) {
      live[id] = 1;
      stack.push(id);
    }
  };
  for (let id = 0; id < nodes.length; id++) {
    const n = nodes[id]!;
    if (alive(id) && (n.name !== undefined || !PURE_OPS.has(n.op))) mark(id);
  }
  for (const p of m.ports) mark(p.node);
  for (const mem of m.memories) for (const p of mem.writePorts) [p.addr, p.data, p.en].forEach(mark);
  for (const cam of m.cams) for (const p of cam.writePorts) camPortOperands(p).forEach(mark);
  for (const inst of m.instances) Object.values(inst.inputs).forEach(mark);
  while (stack.length > 0) operands(nodes[stack.pop()!]!).forEach(mark);

  const newId = new Int32Array(nodes.length).fill(-1);
  let k = 0;
  for (let id = 0; id < nodes.length; id++) if (live[id]) newId[id] = k++;
  const g = (id: NodeId): NodeId => {
    const r = newId[id]!;
    if (r < 0) throw new InternalError(`optimise: module ${m.name} still reads removed node ${id}`);
    return r;
  };
  const r = { node: g, mem: (i: number) => i, cam: (i: number) => i };
  m.nodes = nodes.filter((_, id) => live[id]).map((n) => mapNode(n, g(n.id), n.name, r));
  for (const p of m.ports) p.node = g(p.node);
  for (const mem of m.memories) mem.writePorts = mem.writePorts.map((p) => mapMemPort(p, g));
  for (const cam of m.cams) cam.writePorts = cam.writePorts.map((p) => mapCamPort(p, g));
  for (const inst of m.instances) for (const p of Object.keys(inst.inputs)) inst.inputs[p] = g(inst.inputs[p]!);
}
