// A flat graph of the whole design for timing: every node of every instance,
// with its combinational predecessors, instance boundaries dissolved into
// zero-delay edges (a child's input node reads the parent's driver; a
// parent's instout reads the child's output driver). Built here rather than
// shared with hdl/flatten.ts so the inventory depends on the IR alone.
import { camPortOperands, combOperands, type Design, type ModuleIR, type Node } from '../ir.js';
import { classifyModule, type OpUse } from './classify.js';
import { walkInstances, type InstanceRecord } from './hierarchy.js';
import { InternalError } from '../errors.js';

/** What timing, pricing and their reports read of a graph node's IR node:
 *  an inventory read back from a sweep's cache (explore/sweep/inventory-file.ts)
 *  carries these fields alone, not the netlist. */
export interface GraphOp {
  readonly id: Node['id'];
  readonly op: Node['op'];
  readonly width: number;
  /** A synchronous read port (memread only). */
  readonly sync?: boolean;
}

export interface GraphNode {
  /** Instance path. */
  path: string;
  node: GraphOp;
  /** The node's name, or `op#id`. */
  label: string;
  /** Its hardware, null for wiring. */
  use: OpUse | null;
  /** Flat ids of the nodes its current-cycle value depends on. */
  preds: number[];
  /** The memory or CAM whose stored state this node reads (`path.name`),
   *  for finding loops through storage (loops.ts). */
  storage?: string;
}

/** Where a combinational path ends: signals sampled at the clock edge, or
 *  leaving the design. */
export interface Endpoint {
  path: string;
  label: string;
  kind: 'reg' | 'output' | 'memwrite' | 'memaddr' | 'camwrite';
  width: number;
  drivers: number[];
  /** Logic in front of the sampling element whose delay the path includes
   *  (a register's enable mux: the cost model's delay for the reg shape). */
  use: OpUse | null;
  /** The state element this endpoint loads: a register's (or synchronous
   *  read port's) flat node id, or the written memory/CAM (`path.name`). */
  state: number | string;
  /** The drivers through which the next state depends on the present one
   *  (loops.ts): a register's D but not its enable (an enable freezes the
   *  state, as a stall freezes every stage; registers added by pipelining
   *  take the same enable), every input of a memory or CAM write. */
  loopDrivers: number[];
}

export interface TimingGraph {
  topName: string;
  nodes: GraphNode[];
  endpoints: Endpoint[];
}

export function labelOf(n: Node): string {
  return n.name ?? `${n.op}#${n.id}`;
}

/** A graph node's op record: these fields alone, in one of two layouts
 *  (with `sync` for a synchronous read port), never the IR node itself.
 *  The passes that time and price a graph read them for every node of
 *  every netlist a sweep prices: on the IR nodes (a layout per op) those
 *  reads were megamorphic, and a netlist read back from a stored
 *  inventory brought layouts of its own besides. */
export function graphOp(id: number, op: GraphOp['op'], width: number, sync: boolean): GraphOp {
  return sync ? { id, op, width, sync: true } : { id, op, width };
}

/** A graph node, its fields always added in one order (a node that reads
 *  stored state gets `storage` last), so the nodes of every graph, built
 *  or read back from a stored inventory, share their layouts. */
export function graphNode(path: string, node: GraphOp, label: string, use: OpUse | null, preds: number[], storage: string | undefined): GraphNode {
  const g: GraphNode = { path, node, label, use, preds };
  if (storage !== undefined) g.storage = storage;
  return g;
}

/** `uses`: each module's classifyModule, when the caller has it (the inventory does). */
export function buildTimingGraph(design: Design, instances: InstanceRecord[] = walkInstances(design), uses: ReadonlyMap<ModuleIR, readonly (OpUse | null)[]> = new Map()): TimingGraph {
  const nodes: GraphNode[] = [];
  const endpoints: Endpoint[] = [];
  for (const rec of instances) {
    const mod = rec.module;
    const flat = (id: number): number => rec.base + id;
    const use = uses.get(mod) ?? classifyModule(mod);
    for (const n of mod.nodes) {
      const storage =
        n.op === 'memread' ? `${rec.path}.${mod.memories[n.mem]!.name}` : n.op === 'cammatch' || n.op === 'camread' || n.op === 'camvalid' ? `${rec.path}.${mod.cams[n.cam]!.name}` : undefined;
      nodes.push(graphNode(rec.path, graphOp(n.id, n.op, n.width, n.op === 'memread' && n.sync), labelOf(n), use[n.id]!, predsOf(instances, rec, n), storage));
      if (n.op === 'reg') {
        const drivers = operandsOfReg(n).map(flat);
        endpoints.push({ path: rec.path, label: labelOf(n), kind: 'reg', width: n.width, drivers, use: use[n.id]!, state: flat(n.id), loopDrivers: holdFreeDrivers(mod, n.id, n.d).map(flat) });
      } else if (n.op === 'memread' && n.sync) {
        const drivers = (n.en === null ? [n.addr] : [n.addr, n.en]).map(flat);
        endpoints.push({ path: rec.path, label: `${labelOf(n)}.addr`, kind: 'memaddr', width: mod.nodes[n.addr]!.width, drivers, use: null, state: flat(n.id), loopDrivers: [flat(n.addr)] });
      }
    }
    for (const m of mod.memories) {
      m.writePorts.forEach((wp, k) => {
        const drivers = [wp.addr, wp.data, wp.en].map(flat);
        endpoints.push({ path: rec.path, label: `${m.name}.write${k}`, kind: 'memwrite', width: m.width, drivers, use: null, state: `${rec.path}.${m.name}`, loopDrivers: drivers });
      });
    }
    for (const c of mod.cams) {
      c.writePorts.forEach((wp, k) => {
        const drivers = camPortOperands(wp).map(flat);
        endpoints.push({ path: rec.path, label: `${c.name}.write${k}`, kind: 'camwrite', width: c.keyWidth, drivers, use: null, state: `${rec.path}.${c.name}`, loopDrivers: drivers });
      });
    }
    if (rec.parent === -1) {
      for (const p of mod.ports) {
        if (p.dir === 'out') endpoints.push({ path: rec.path, label: p.name, kind: 'output', width: p.width, drivers: [flat(p.node)], use: null, state: -1, loopDrivers: [] });
      }
    }
  }
  return { topName: instances[0]!.path, nodes, endpoints };
}

/** A register's next-state drivers with its hold muxes read as enables.
 *  `when(c) { r := x }` builds D = mux(c, r, x): synthesis maps that hold
 *  to an enable flop, and a select that only chooses between holding and
 *  loading freezes the state exactly as `en:` does, so it is left out of the
 *  loop drivers as `en:` is; what is loaded (x) stays in. A mux none of
 *  whose arms is the register itself is data and stays whole. */
function holdFreeDrivers(mod: Design['modules'][number], reg: number, d: number): number[] {
  const out: number[] = [];
  const visit = (id: number, depth: number): void => {
    const node = mod.nodes[id];
    if (node !== undefined && node.op === 'mux' && depth < 64 && node.cases.includes(reg)) {
      for (const c of node.cases) if (c !== reg) visit(c, depth + 1);
      return;
    }
    out.push(id);
  };
  visit(d, 0);
  return out;
}

function operandsOfReg(n: Node & { op: 'reg' }): number[] {
  return n.en === null ? [n.d] : [n.d, n.en];
}

function predsOf(instances: InstanceRecord[], rec: InstanceRecord, n: Node): number[] {
  if (n.op === 'input' && rec.parent !== -1) {
    const parent = instances[rec.parent]!;
    const inst = parent.module.instances[rec.indexInParent]!;
    const driver = inst.inputs[n.port];
    if (driver === undefined) throw new InternalError(`inventory: ${rec.path}: input port ${n.port} is not driven by ${parent.path}`);
    return [parent.base + driver];
  }
  if (n.op === 'instout') {
    const ci = rec.children[n.inst];
    if (ci === undefined) throw new InternalError(`inventory: ${rec.path}: ${labelOf(n)} reads instance #${n.inst}, which does not exist`);
    const child = instances[ci]!;
    const port = child.module.ports.find((p) => p.dir === 'out' && p.name === n.port);
    if (port === undefined) throw new InternalError(`inventory: ${rec.path}: ${labelOf(n)} reads ${child.path}.${n.port}, which is not an output`);
    return [child.base + port.node];
  }
  return combOperands(n).map((id) => rec.base + id);
}
