// Flattening: one netlist for the whole instance tree, so that a backend that
// does not care about hierarchy (the simulator) schedules every node globally.
// Instance boundaries disappear into `wire` nodes (zero-cost aliases), which
// keeps every child port peekable under its hierarchical path.
import type { CamIR, Design, DisplayFormat, MemoryIR, ModuleIR, Node, NodeId } from './ir.js';
import { mapNode, type Renumber } from './map-node.js';
import { InternalError } from './errors.js';

/** What a flat signal is (the simulator's SignalInfo kinds). */
export type FlatSignalKind = 'input' | 'output' | 'reg' | 'wire' | 'memread' | 'cammatch' | 'node';

export interface FlatSignal {
  /** Dot path rooted at the top module name: `Top.u_child.sig`. */
  path: string;
  /** Flat node id (may be a wire; backends resolve aliases). */
  node: NodeId;
  kind: FlatSignalKind;
  display?: DisplayFormat;
}

export interface FlatNetlist {
  topName: string;
  /** nodes[i].id === i. No `instout`; `input` only for top-level inputs.
   *  Named nodes carry their full path as `name`. */
  nodes: Node[];
  /** `name` is the hierarchical path; port node ids are flat. */
  memories: MemoryIR[];
  cams: CamIR[];
  /** Unique paths: ports first, then named nodes, then unnamed ones as `path.#id`. */
  signals: FlatSignal[];
  /** The top module's input ports: the only drivable nodes besides state. */
  inputs: FlatSignal[];
  /** The top module's output ports. */
  outputs: FlatSignal[];
}

export function flatten(design: Design): FlatNetlist {
  const topName = design.top.name;
  const out: FlatNetlist = { topName, nodes: [], memories: [], cams: [], signals: [], inputs: [], outputs: [] };
  const taken = new Set<string>();
  const addSignal = (s: FlatSignal): boolean => {
    if (taken.has(s.path)) return false;
    taken.add(s.path);
    out.signals.push(s);
    return true;
  };
  flattenInstance(design.top, topName, null, out, addSignal);
  // Unnamed nodes last, so `signals` lists what users named before internals.
  out.signals = [...out.signals.filter((s) => s.kind !== 'node'), ...out.signals.filter((s) => s.kind === 'node')];
  return out;
}

type AddSignal = (s: FlatSignal) => boolean;

/** Appends module `m` instantiated at `path` to `out`. `drivers` maps each
 *  input port to the flat node driving it (null for the top, whose inputs
 *  stay real inputs). Returns each output port's flat driving node. */
function flattenInstance(
  m: ModuleIR,
  path: string,
  drivers: Record<string, NodeId> | null,
  out: FlatNetlist,
  addSignal: AddSignal,
): Map<string, NodeId> {
  const base = out.nodes.length;
  const g = (local: NodeId): NodeId => {
    if (!Number.isInteger(local) || local < 0 || local >= m.nodes.length) {
      throw new InternalError(`module ${m.name} (at ${path}): reference to node ${local}, which does not exist`);
    }
    return base + local;
  };
  // Reserve this module's id range first: children are appended after it,
  // and their input drivers point back into it.
  for (let i = 0; i < m.nodes.length; i++) out.nodes.push(m.nodes[i]!);

  const memBase = out.memories.length;
  for (const mem of m.memories) {
    out.memories.push({
      ...mem,
      name: `${path}.${mem.name}`,
      writePorts: mem.writePorts.map((p) => ({ addr: g(p.addr), data: g(p.data), en: g(p.en) })),
    });
  }
  const camBase = out.cams.length;
  for (const cam of m.cams) {
    out.cams.push({
      ...cam,
      name: `${path}.${cam.name}`,
      writePorts: cam.writePorts.map((p) => ({ index: g(p.index), key: p.key === null ? null : g(p.key), ...(p.care === undefined ? {} : { care: g(p.care) }), valid: g(p.valid), en: g(p.en) })),
    });
  }

  // Signals before children: parents list ahead of their instances.
  for (const p of m.ports) {
    const node = g(p.node);
    const s: FlatSignal = { path: `${path}.${p.name}`, node, kind: p.dir === 'in' ? 'input' : 'output' };
    const display = p.display ?? m.nodes[p.node]?.display;
    if (display) s.display = display;
    addSignal(s);
    if (drivers === null) (p.dir === 'in' ? out.inputs : out.outputs).push(s);
  }
  m.nodes.forEach((n, local) => {
    const node = base + local;
    const s: FlatSignal =
      n.name !== undefined
        ? { path: `${path}.${n.name}`, node, kind: kindOf(n) }
        : { path: `${path}.#${local}`, node, kind: 'node' };
    if (n.display) s.display = n.display;
    addSignal(s);
  });

  const childOutputs = m.instances.map((inst) => {
    const childPath = `${path}.${inst.name}`;
    const ports = new Set(inst.module.ports.filter((p) => p.dir === 'in').map((p) => p.name));
    for (const name of Object.keys(inst.inputs)) {
      if (!ports.has(name)) {
        throw new InternalError(`instance ${childPath} (module ${inst.module.name}): connects "${name}", which is not an input port`);
      }
    }
    const drv: Record<string, NodeId> = {};
    for (const name of ports) {
      const local = inst.inputs[name];
      if (local === undefined) {
        throw new InternalError(`instance ${childPath} (module ${inst.module.name}): input port "${name}" is not connected`);
      }
      drv[name] = g(local);
    }
    return flattenInstance(inst.module, childPath, drv, out, addSignal);
  });

  // One renumbering for the module's nodes (not closures made per node).
  const renumber: Renumber = { node: g, mem: (i) => memBase + i, cam: (i) => camBase + i };
  m.nodes.forEach((n, local) => {
    if (n.id !== local) throw new InternalError(`module ${m.name}: nodes[${local}] has id ${n.id}`);
    out.nodes[base + local] = remapNode(n, base + local, path, m, renumber, drivers, childOutputs);
  });

  const outputs = new Map<string, NodeId>();
  for (const p of m.ports) if (p.dir === 'out') outputs.set(p.name, g(p.node));
  return outputs;
}

function kindOf(n: Node): FlatSignalKind {
  switch (n.op) {
    case 'reg':
    case 'memread':
    case 'cammatch':
    case 'input':
      return n.op;
    default:
      return 'wire';
  }
}

/** Ids as they are (a boundary wire names its driver's flat id already). */
const SAME: Renumber = { node: (x) => x, mem: (i) => i, cam: (i) => i };

function remapNode(
  n: Node,
  id: NodeId,
  path: string,
  m: ModuleIR,
  renumber: Renumber,
  drivers: Record<string, NodeId> | null,
  childOutputs: Map<string, NodeId>[],
): Node {
  const name = n.name === undefined ? undefined : `${path}.${n.name}`;
  // Instance boundaries become wires to the node on the other side.
  if (n.op === 'input' && drivers !== null) {
    const driver = drivers[n.port];
    if (driver === undefined) throw new InternalError(`module ${m.name} (at ${path}): input node for unknown port "${n.port}"`);
    return mapNode({ ...n, op: 'wire', a: driver }, id, name, SAME);
  }
  if (n.op === 'instout') {
    const driver = childOutputs[n.inst]?.get(n.port);
    if (driver === undefined) {
      throw new InternalError(`module ${m.name} (at ${path}): instance output ${n.inst}.${n.port} does not exist`);
    }
    return mapNode({ ...n, op: 'wire', a: driver }, id, name, SAME);
  }
  if (n.op === 'memread' && (n.mem < 0 || n.mem >= m.memories.length)) throw new InternalError(`module ${m.name}: memread of memory ${n.mem}`);
  if ((n.op === 'cammatch' || n.op === 'camread' || n.op === 'camvalid') && (n.cam < 0 || n.cam >= m.cams.length)) throw new InternalError(`module ${m.name}: ${n.op} of CAM ${n.cam}`);
  return mapNode(n, id, name, renumber);
}
