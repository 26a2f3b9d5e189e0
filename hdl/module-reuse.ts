// Modules built once per process: a sweep elaborates hundreds of
// micro-architectures whose submodules mostly repeat (in the Blur study's
// main-job space, 85% of a design's nodes lie in modules another design
// already had: the same definition at the same config). A module body is a
// function of its config, and a module is optimised and checked on its own
// (hdl/opt/optimise.ts, hdl/check.ts checkModule), so the optimised, checked
// module of a (definition, config) is kept here after a successful
// elaboration, and a later elaboration takes a copy instead of running the
// body, the optimiser and the checks again. Only configs of plain data are
// kept (a function or an object of a class could differ where the key,
// stableKey's JSON, does not).
import type { CamIR, DisplayFormat, InstanceIR, MemoryIR, ModuleIR, Node, NodeId, PortIR, SourceLoc } from './ir.js';
import { mapCamPort, mapMemPort } from './map-node.js';
import type { ElabContext, ElaboratedChild, ModuleDef } from './module.js';
import type { SignalTree } from './shape.js';
import { mapTree } from './shape.js';
import { HdlError } from './errors.js';
import type { Owner, NodeSpec, Signal } from './signal.js';
import type { ScalarType } from './types.js';

type AnyDef = ModuleDef<never, SignalTree>;

interface Kept {
  /** The optimised module under its definition's name; its instances' `module` is filled in per copy. */
  ir: ModuleIR;
  /** Each instance's module: its definition, config key and config. */
  children: { def: AnyDef; key: string; cfg: unknown }[];
  /** The port record and port of each port node, as instance() reads them (names, types, directions). */
  ports: SignalTree;
  portOf: Map<NodeId, PortIR>;
  cfg: unknown;
}

/** Nodes kept, at most KEEP_NODES (then the store starts again empty). A
 *  main-job sweep worker keeps about 10 MB of Blur modules, 50 MB of
 *  NoBlur's (half of each space, 1,500-3,000 nodes a design). */
const KEEP_NODES = 500_000;
let kept = new WeakMap<AnyDef, Map<string, Kept>>();
let keptNodes = 0;

/** Forget every kept module (tests that compare a fresh build with a copy). */
export function forgetBuiltModules(): void {
  kept = new WeakMap();
  keptNodes = 0;
}

/** Whether a config is plain data: what stableKey's JSON tells apart exactly. */
export function isPlainConfig(v: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (v === null || v === undefined) return true;
  switch (typeof v) {
    case 'string':
    case 'boolean':
    case 'bigint':
      return true;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0);
    case 'object': {
      if (Array.isArray(v)) return v.every((x) => isPlainConfig(x, depth + 1));
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      return Object.values(v as Record<string, unknown>).every((x) => isPlainConfig(x, depth + 1));
    }
    default:
      return false;
  }
}

/** A copy of the kept module for (def, key) in this elaboration, or
 *  undefined when none is kept. `loc` is where this elaboration first
 *  instantiates it (the module's line, as a fresh build records it); its
 *  children come through `child` (this elaboration's, a kept copy, or built
 *  if the store has lost them). */
export function reuseModule(
  ctx: ElabContext,
  def: AnyDef,
  key: string,
  loc: SourceLoc | undefined,
  child: (def: AnyDef, cfg: unknown, loc: SourceLoc | undefined) => ElaboratedChild,
): ElaboratedChild | undefined {
  const k = kept.get(def)?.get(key);
  if (k === undefined) return undefined;
  const instances: InstanceIR[] = k.ir.instances.map((inst, i) => {
    const c = k.children[i]!;
    return { ...inst, module: child(c.def, c.cfg, inst.loc).ir, inputs: { ...inst.inputs } };
  });
  const ir = copyModule(k.ir, instances);
  if (loc !== undefined) ir.loc = loc;
  ctx.reused.add(ir);
  return { ir, ports: k.ports, portOf: k.portOf };
}

/** Keep every module of a successful elaboration that is not kept yet: the
 *  design's modules are optimised and checked, not yet renamed. */
export function keepModules(ctx: ElabContext, modules: readonly ModuleIR[]): void {
  for (const m of modules) {
    // The top's config is the whole micro-architecture's: a sweep does not
    // elaborate it twice in one process.
    if (ctx.reused.has(m) || m === modules[modules.length - 1]) continue;
    const def = ctx.defOf.get(m);
    const key = ctx.configKeyOf.get(m);
    if (def === undefined || key === undefined) continue;
    const cfg = ctx.configOf.get(m);
    if (!isPlainConfig(cfg)) continue;
    let byKey = kept.get(def);
    if (byKey?.has(key)) continue;
    const built = ctx.cache.get(def)?.get(key);
    if (built === undefined) continue;
    const children: Kept['children'] = [];
    let plain = true;
    for (const inst of m.instances) {
      // A child at a config of functions or objects is built again from
      // the stored config on reuse: the parent is kept only when none is.
      const cd = ctx.defOf.get(inst.module);
      const ck = ctx.configKeyOf.get(inst.module);
      const cc = ctx.configOf.get(inst.module);
      if (cd === undefined || ck === undefined || !isPlainConfig(cc)) plain = false;
      else children.push({ def: cd, key: ck, cfg: cc });
    }
    if (!plain) continue;
    if (keptNodes >= KEEP_NODES) forgetBuiltModules();
    if (byKey === undefined || !kept.has(def)) kept.set(def, (byKey = new Map()));
    // Lines as plain records: a captured stack holds its frames (and the
    // builders they ran in) until it is read.
    const ir = copyModule(m, m.instances.map((inst) => ({ ...inst, inputs: { ...inst.inputs }, ...(inst.loc !== undefined && { loc: plainLoc(inst.loc) }) })));
    ir.name = def.name;
    delete ir.loc;
    for (const x of [...ir.memories, ...ir.cams]) if (x.loc !== undefined) x.loc = plainLoc(x.loc);
    byKey.set(key, { ir, children, ports: detachedPorts(built, m.name), portOf: new Map([...built.portOf].map(([id, p]) => [id, { ...p }])), cfg });
    keptNodes += m.nodes.length;
  }
}

/** A node's own copy: its fields in the same order, its operand lists not shared. */
function copyNode(n: Node): Node {
  const c = { ...n };
  if (c.op === 'mux') c.cases = c.cases.slice();
  else if (c.op === 'concat') c.parts = c.parts.slice();
  else if (c.op === 'argmin' || c.op === 'argmax') c.keys = c.keys.slice();
  return c;
}

function plainLoc(l: SourceLoc): SourceLoc {
  return { file: l.file, line: l.line, column: l.column };
}

/** A module with fresh node, port, memory and CAM objects (a design's user
 *  may change its own; the kept module must not change with it). */
function copyModule(m: ModuleIR, instances: InstanceIR[]): ModuleIR {
  const same = { node: (id: NodeId) => id, mem: (i: number) => i, cam: (i: number) => i };
  const memories: MemoryIR[] = m.memories.map((mem) => ({ ...mem, writePorts: mem.writePorts.map((p) => mapMemPort(p, same.node)) }));
  const cams: CamIR[] = m.cams.map((c) => ({ ...c, writePorts: c.writePorts.map((p) => mapCamPort(p, same.node)) }));
  const out: ModuleIR = {
    name: m.name,
    ports: m.ports.map((p) => ({ ...p })),
    nodes: m.nodes.map(copyNode),
    instances,
    memories,
    cams,
  };
  if (m.loc !== undefined) out.loc = m.loc;
  return out;
}

/** The port record with each signal moved onto an owner that knows only
 *  the ports' names: it keeps neither the builder nor the netlist as
 *  written alive, and refuses any new logic. */
function detachedPorts(built: ElaboratedChild, moduleName: string): SignalTree {
  const names = new Map<NodeId, string>();
  const owner: Owner = {
    moduleName,
    describe: (id) => names.get(id) ?? `<#${id}>`,
    addNode: (_s: NodeSpec, _w: number, _d?: DisplayFormat): NodeId => closed(moduleName),
    fail: (kind, signal, detail) => {
      throw new HdlError(kind, moduleName, signal, detail);
    },
    assign: () => closed(moduleName),
    rename: () => closed(moduleName),
  };
  return mapTree(built.ports, (s) => {
    names.set(s.id, s.label);
    const Ctor = s.constructor as new (o: Owner, id: NodeId, t: ScalarType) => Signal;
    return new Ctor(owner, s.id, s.type);
  });
}

function closed(moduleName: string): never {
  throw new HdlError('module closed', moduleName, undefined, 'a port of an elaborated module was used to build logic outside an instance of it');
}
