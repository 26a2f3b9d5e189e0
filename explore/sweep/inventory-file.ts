// A micro-architecture's operator inventory kept beside its simulation
// (microarch/<id>.inventory), so what only prices it again (the calibration
// loop, a pricing-only sweep) never elaborates the design to inventory it.
// Stored compactly: each module's items once, the timing graph as columns,
// and of each IR node only what timing and pricing read (GraphOp). Read
// back, it is used only when
//  - it was written under the evaluator's version (gfxrtl's own units:
//    gfxrtlVersion(), a digest of every source file, so the same version
//    elaborates the same netlist; a plugin's units have none and are always
//    elaborated), and
//  - its design fingerprint is the one the simulation was cached with, and
//    the inventory read back has that fingerprint.
// Anything else (no file, another version, a damaged file) is a reason to
// elaborate and inventory afresh, never a wrong result.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { graphNode, graphOp, shapeKey, type Endpoint, type GraphNode, type GraphOp, type Inventory, type InstanceInventory, type InventoryItem, type OpShape, type OpUse } from '../../hdl/inventory/index.js';
import { sumTallies, tallyItems, type WiringCount } from '../../hdl/inventory/tally.js';
import { designFingerprint } from './fingerprint.js';
import { MICROARCH_DIR, cacheFileName } from './store.js';

const FORMAT = 'gfxrtl-inventory/2';

/** [shape, count, levels, node (-1: none), name, width] */
type ItemRow = [number, number, number, number, string, number];
/** [shape, count, levels] */
type UseRow = [number, number, number];
/** [path, label, kind, width, drivers, use (-1: none), state, loopDrivers] */
type EndpointRow = [number, string, Endpoint['kind'], number, number[], number, number | string, number[]];

export interface StoredInventory {
  format: typeof FORMAT;
  id: string;
  /** The evaluator's version when it was inventoried. */
  version: string;
  /** designFingerprint of the inventory. */
  design: string;
  top: string;
  shapes: OpShape[];
  uses: UseRow[];
  /** Each module's own items and wiring, once however many instances it has. */
  modules: { items: ItemRow[]; wiring: [number, number] }[];
  /** Pre-order: [path, module name, depth, module row, children (instance indices)]. */
  instances: [string, string, number, number, number[]][];
  graph: {
    topName: string;
    paths: string[];
    /** The nodes' instances as runs: [path (index into paths), nodes], in node order. */
    pathRuns: number[];
    /** Per node: IR id (null: every node's id is its place in its instance's run, as buildTimingGraph lays them out), op (index into ops), width, label (null: `op#id`), use (-1: wiring), pred count. */
    id: number[] | null;
    ops: GraphOp['op'][];
    op: number[];
    width: number[];
    label: (string | null)[];
    use: number[];
    predCount: number[];
    preds: number[];
    /** Nodes that are synchronous read ports. */
    sync: number[];
    storage: [number, string][];
    endpoints: EndpointRow[];
  };
}

/** Where the inventory of micro-architecture `id` is kept in sweep directory `dir`. */
export function inventoryFile(dir: string, id: string): string {
  return join(dir, MICROARCH_DIR, cacheFileName(id).replace(/\.json$/, '.inventory'));
}

export function encodeInventory(inv: Inventory, id: string, version: string): StoredInventory {
  const shapeIdx = new Map<string, number>();
  const shapes: OpShape[] = [];
  const shapeOf = (s: OpShape): number => {
    const k = shapeKey(s);
    let i = shapeIdx.get(k);
    if (i === undefined) shapeIdx.set(k, (i = shapes.push(s) - 1));
    return i;
  };
  const useIdx = new Map<OpUse, number>();
  const uses: UseRow[] = [];
  const useOf = (u: OpUse | null): number => {
    if (u === null) return -1;
    let i = useIdx.get(u);
    if (i === undefined) useIdx.set(u, (i = uses.push([shapeOf(u.shape), u.count, u.levels]) - 1));
    return i;
  };
  // inventory() shares one items array (and tally) among a module's instances.
  const moduleIdx = new Map<readonly InventoryItem[], number>();
  const modules: StoredInventory['modules'] = [];
  const pathIdx = new Map(inv.instances.map((x, i) => [x.path, i]));
  const instances = inv.instances.map((x): StoredInventory['instances'][number] => {
    let m = moduleIdx.get(x.items);
    if (m === undefined) {
      const items = x.items.map((it): ItemRow => [shapeOf(it.shape), it.count, it.levels, it.node ?? -1, it.name, it.width]);
      moduleIdx.set(x.items, (m = modules.push({ items, wiring: [x.own.wiring.nodes, x.own.wiring.bits] }) - 1));
    }
    return [x.path, x.module, x.depth, m, x.children.map((c) => pathIdx.get(c)!)];
  });
  const g = inv.graph;
  const paths: string[] = [];
  const gPathIdx = new Map<string, number>();
  const pathOf = (p: string): number => {
    let i = gPathIdx.get(p);
    if (i === undefined) gPathIdx.set(p, (i = paths.push(p) - 1));
    return i;
  };
  const opIdx = new Map<GraphOp['op'], number>();
  const ids: number[] = [];
  let idsDerived = true;
  const graph: StoredInventory['graph'] = { topName: g.topName, paths, pathRuns: [], id: null, ops: [], op: [], width: [], label: [], use: [], predCount: [], preds: [], sync: [], storage: [], endpoints: [] };
  const runs = graph.pathRuns;
  let runStart = 0;
  for (let v = 0; v < g.nodes.length; v++) {
    const n = g.nodes[v]!;
    const p = pathOf(n.path);
    if (runs.length === 0 || runs[runs.length - 2] !== p) {
      runs.push(p, 0);
      runStart = v;
    }
    runs[runs.length - 1]!++;
    const node = n.node;
    ids.push(node.id);
    if (node.id !== v - runStart) idsDerived = false;
    let o = opIdx.get(node.op);
    if (o === undefined) opIdx.set(node.op, (o = graph.ops.push(node.op) - 1));
    graph.op.push(o);
    graph.width.push(node.width);
    graph.label.push(n.label === `${node.op}#${node.id}` ? null : n.label);
    graph.use.push(useOf(n.use));
    graph.predCount.push(n.preds.length);
    for (const x of n.preds) graph.preds.push(x);
    if (node.sync === true) graph.sync.push(v);
    if (n.storage !== undefined) graph.storage.push([v, n.storage]);
  }
  if (!idsDerived) graph.id = ids;
  graph.endpoints = g.endpoints.map((e): EndpointRow => [pathOf(e.path), e.label, e.kind, e.width, e.drivers, useOf(e.use), e.state, e.loopDrivers]);
  return { format: FORMAT, id, version, design: designFingerprint(inv), top: inv.top, shapes, uses, modules, instances, graph };
}

class Damaged extends Error {}

/** Per node and item the checks throw Damaged themselves: check() takes
 *  its message already formatted, and formatting one for every check that
 *  passed showed in a CPU profile of reading an inventory. */
function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Damaged(what);
}

/** The inventory `s` holds (Damaged when its parts do not fit together). */
export function decodeInventory(s: StoredInventory): Inventory {
  check(s.format === FORMAT, `format ${String(s.format)}`);
  const shape = (i: number): OpShape => {
    if (!(Number.isInteger(i) && i >= 0 && i < s.shapes.length)) throw new Damaged(`shape ${i}`);
    return s.shapes[i]!;
  };
  const uses = s.uses.map(([sh, count, levels]): OpUse => ({ shape: shape(sh), count, levels }));
  const use = (i: number): OpUse | null => {
    if (i === -1) return null;
    if (!(Number.isInteger(i) && i >= 0 && i < uses.length)) throw new Damaged(`use ${i}`);
    return uses[i]!;
  };
  const keys = s.shapes.map(shapeKey);
  const modules = s.modules.map((m) => {
    const items = m.items.map(([sh, count, levels, node, name, width]): InventoryItem => ({ shape: shape(sh), key: keys[sh]!, count, levels, node: node === -1 ? null : node, name, width }));
    const wiring: WiringCount = { nodes: m.wiring[0], bits: m.wiring[1] };
    return { items, own: tallyItems(items, wiring) };
  });
  const instances = s.instances.map(([path, module, depth, m, _children]): InstanceInventory => {
    const own = modules[m];
    check(own !== undefined, `module ${m}`);
    return { path, module, depth, items: own.items, own: own.own, total: own.own, children: [] };
  });
  s.instances.forEach(([, , , , children], i) => {
    for (const c of children) check(c > i && c < instances.length, `child ${c} of instance ${i}`);
    instances[i]!.children = children.map((c) => instances[c]!.path);
  });
  // Children come after their parent in pre-order: summed from the end, as inventory() does.
  for (let i = instances.length - 1; i >= 0; i--) {
    const kids = s.instances[i]![4].map((c) => instances[c]!.total);
    if (kids.length > 0) instances[i]!.total = sumTallies([instances[i]!.own, ...kids]);
  }
  check(instances.length > 0, 'no instances');
  const g = s.graph;
  const n = g.op.length;
  check([g.width, g.label, g.use, g.predCount, ...(g.id !== null ? [g.id] : [])].every((col) => col.length === n), 'graph columns of unequal lengths');
  const sync = new Set(g.sync);
  const storage = new Map(g.storage);
  const inRange = (v: number): boolean => Number.isInteger(v) && v >= 0 && v < n;
  const nodes: GraphNode[] = new Array<GraphNode>(n);
  let k = 0;
  let run = -2;
  let runEnd = 0;
  let runStart = 0;
  let path = '';
  for (let v = 0; v < n; v++) {
    if (v === runEnd) {
      run += 2;
      const p = g.paths[g.pathRuns[run]!];
      check(p !== undefined && g.pathRuns[run + 1]! > 0, `node ${v}'s path`);
      path = p;
      runStart = v;
      runEnd = v + g.pathRuns[run + 1]!;
    }
    const op = g.ops[g.op[v]!];
    if (op === undefined) throw new Damaged(`node ${v}'s op`);
    const id = g.id !== null ? g.id[v]! : v - runStart;
    const preds = g.preds.slice(k, (k += g.predCount[v]!));
    if (!preds.every(inRange)) throw new Damaged(`node ${v}'s preds`);
    nodes[v] = graphNode(path, graphOp(id, op, g.width[v]!, sync.has(v)), g.label[v] ?? `${op}#${id}`, use(g.use[v]!), preds, storage.get(v));
  }
  check(k === g.preds.length && runEnd === n && run === g.pathRuns.length - 2, 'pred counts or path runs');
  const endpoints = g.endpoints.map(([p, label, kind, width, drivers, u, state, loopDrivers]): Endpoint => {
    const path = g.paths[p];
    check(path !== undefined && drivers.every(inRange) && loopDrivers.every(inRange), `endpoint ${label}`);
    return { path, label, kind, width, drivers, use: use(u), state, loopDrivers };
  });
  return { top: s.top, instances, total: instances[0]!.total, graph: { topName: g.topName, nodes, endpoints } };
}

/** Writes the inventory beside the simulation cache. Not fsync'd: a file
 *  lost or cut short is only elaborated again (the rename keeps a kill
 *  from leaving half of one). */
export function writeInventory(dir: string, s: StoredInventory): void {
  const file = inventoryFile(dir, s.id);
  const tmp = `${file}.tmp${process.pid}.${threadId}`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(tmp, JSON.stringify(s));
  renameSync(tmp, file);
}

export type StoredRead = { inventory: Inventory } | { why: string; missing?: true };

/** The stored inventory of `id` in `dir`, when it may stand for elaborating
 *  the design now (see the header), or why not. `design`: the fingerprint
 *  the simulation was cached with; `version`: the evaluator's (undefined:
 *  never). */
export function readInventory(dir: string, id: string, design: string, version: string | undefined): StoredRead {
  if (version === undefined) return { why: 'the study keeps no elaboration version (not one of gfxrtl own units)' };
  const file = inventoryFile(dir, id);
  if (!existsSync(file)) return { why: 'no stored inventory', missing: true };
  let s: StoredInventory;
  try {
    s = JSON.parse(readFileSync(file, 'utf8')) as StoredInventory;
  } catch (e) {
    return { why: `its stored inventory could not be read (${e instanceof Error ? e.message : String(e)})` };
  }
  if (s === null || typeof s !== 'object' || s.format !== FORMAT) return { why: 'its stored inventory is in another format' };
  if (s.id !== id) return { why: `its stored inventory is of ${String(s.id)}` };
  if (s.version !== version) return { why: `its stored inventory was made by another gfxrtl (${String(s.version)}, this is ${version})` };
  if (s.design !== design) return { why: 'its stored inventory is not of the design it was simulated as' };
  let inv: Inventory;
  try {
    inv = decodeInventory(s);
  } catch (e) {
    if (!(e instanceof Damaged) && !(e instanceof TypeError)) throw e;
    return { why: `its stored inventory is damaged (${e.message})` };
  }
  if (designFingerprint(inv) !== design) return { why: 'its stored inventory does not have the fingerprint it was stored with' };
  return { inventory: inv };
}

const said = new Set<string>();

/** Says once per thread and sweep directory that stored inventories were not used, and why (the first). */
export function logElaborated(dir: string, id: string, why: string): void {
  if (said.has(dir)) return;
  said.add(dir);
  process.stderr.write(`sweep: ${id}: ${why}; elaborating and inventorying it (and any other such micro-architecture of ${dir}) again\n`);
}
