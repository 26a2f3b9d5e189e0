// Elaboration: run the top module's body (and its children's), close every
// module into IR, give each distinct (definition, config) a unique module
// name, and check what can only be checked on the whole design.
import { HdlError, formatLoc } from './errors.js';
import { combOperands, type Design, type ModuleIR, type NodeId, type PortIR, type PortNames } from './ir.js';
import { checkModule } from './check.js';
import { elaborateChild, type ElabContext, type ModuleDef } from './module.js';
import { optimiseModule } from './opt/index.js';
import { keepModules } from './module-reuse.js';
import { nameVariants } from './variant-names.js';
import { isSignal, type SignalTree } from './shape.js';

export interface ElaborateOptions {
  /** Run the netlist passes of hdl/opt (default true). Off only to compare
   *  against the netlist as written (tests, measurements). */
  optimise?: boolean;
  /** Take modules this process already built at the same config instead
   *  of building them again (default true; module-reuse.ts). Off only to
   *  compare a fresh build with a reused one. */
  reuse?: boolean;
}

/** Elaborate, check and optimise: the one Design every backend starts from.
 *  Nodes carry no source line (a stack capture each, about half the time of
 *  a design's elaboration, read by nothing but error messages): a build
 *  that fails is run again with lines recorded, so the error names the
 *  user's line. A module body is a function of its config, so the second
 *  build fails as the first did. */
export function elaborate<C, P extends SignalTree>(def: ModuleDef<C, P>, cfg: C, opts: ElaborateOptions = {}): Design<P> {
  try {
    return elaborateOnce(def, cfg, opts, false);
  } catch (unlocated) {
    elaborateOnce(def, cfg, opts, true);
    // The second build succeeded: the body is not a function of its config alone.
    throw unlocated;
  }
}

function elaborateOnce<C, P extends SignalTree>(def: ModuleDef<C, P>, cfg: C, opts: ElaborateOptions, locations: boolean): Design<P> {
  // Modules built by an earlier elaboration are optimised and checked
  // already (module-reuse.ts); only optimised ones are kept, and a build
  // that records lines builds everything.
  const optimise = opts.optimise !== false;
  const reuse = optimise && !locations && opts.reuse !== false;
  const ctx: ElabContext = { cache: new Map(), defOf: new Map(), configKeyOf: new Map(), configOf: new Map(), locations, reuse, reused: new Set() };
  const child = elaborateChild(ctx, def, cfg);
  const top = child.ir;
  const modules = postOrder(top);
  const design: Design<P> = { top, modules, portNames: portNamesOf(child.ports, child.portOf) };
  const built = modules.filter((m) => !ctx.reused.has(m));
  for (const m of built) checkModule(m);
  const deps = new Map<ModuleIR, Map<string, Set<string>>>();
  for (const m of modules) deps.set(m, checkCombLoops(m, deps));
  if (optimise) {
    for (const m of built) optimiseModule(m);
    // The passes must leave a design the backends accept; a failure here is
    // a bug in a pass, caught before it becomes a wrong simulation.
    for (const m of built) checkModule(m);
  }
  if (reuse) keepModules(ctx, modules);
  nameVariants(modules, (m) => ctx.configOf.get(m), (m) => ctx.configKeyOf.get(m) ?? '', top);
  return design;
}

function postOrder(top: ModuleIR): ModuleIR[] {
  const seen = new Set<ModuleIR>();
  const out: ModuleIR[] = [];
  const visit = (m: ModuleIR): void => {
    if (seen.has(m)) return;
    seen.add(m);
    for (const i of m.instances) visit(i.module);
    out.push(m);
  };
  visit(top);
  return out;
}

/** Find a combinational cycle inside `m`, seeing through child instances by
 *  their port-to-port dependencies. Returns m's own output->inputs summary. */
function checkCombLoops(m: ModuleIR, deps: Map<ModuleIR, Map<string, Set<string>>>): Map<string, Set<string>> {
  const succ = (id: NodeId): NodeId[] => {
    // checkDesign() ran first: ids, instances and their inputs all exist.
    const n = m.nodes[id]!;
    if (n.op !== 'instout') return combOperands(n);
    const inst = m.instances[n.inst]!;
    const childDeps = deps.get(inst.module)?.get(n.port) ?? new Set<string>();
    return [...childDeps].map((p) => inst.inputs[p]!);
  };
  const state = new Uint8Array(m.nodes.length); // 0 new, 1 on stack, 2 done
  const stack: NodeId[] = [];
  const visit = (root: NodeId): void => {
    // Iterative DFS: designs can have chains far deeper than the JS stack.
    const work: [NodeId, number][] = [[root, 0]];
    state[root] = 1;
    stack.push(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      const next = succ(top[0]);
      if (top[1] < next.length) {
        const c = next[top[1]++]!;
        if (state[c] === 1) reportLoop(m, stack.slice(stack.indexOf(c)));
        if (state[c] === 0) {
          state[c] = 1;
          stack.push(c);
          work.push([c, 0]);
        }
      } else {
        state[top[0]] = 2;
        stack.pop();
        work.pop();
      }
    }
  };
  for (let i = 0; i < m.nodes.length; i++) if (state[i] === 0) visit(i);

  // Summary for parents: which inputs each output reaches combinationally.
  const summary = new Map<string, Set<string>>();
  const inputPort = new Map<NodeId, string>();
  for (const p of m.ports) if (p.dir === 'in') inputPort.set(p.node, p.name);
  for (const p of m.ports) {
    if (p.dir !== 'out') continue;
    const reached = new Set<string>();
    const seen = new Set<NodeId>();
    const todo = [p.node];
    while (todo.length) {
      const id = todo.pop() as NodeId;
      if (seen.has(id)) continue;
      seen.add(id);
      const port = inputPort.get(id);
      if (port !== undefined) reached.add(port);
      todo.push(...succ(id));
    }
    summary.set(p.name, reached);
  }
  return summary;
}

function reportLoop(m: ModuleIR, cycle: NodeId[]): never {
  // Name the loop by its named signals (the unnamed operators in between
  // are shown by kind), each with the line that created it.
  const parts = cycle.reverse().map((id) => {
    const n = m.nodes[id]!;
    const what = n.name ?? `<${n.op}>`;
    return n.loc ? `${what} (${formatLoc(n.loc)})` : what;
  });
  const named = cycle.map((id) => m.nodes[id]!).find((n) => n.name);
  throw new HdlError(
    'combinational loop',
    m.name,
    named?.name,
    `${parts.join(' -> ')} -> back to the start; break it with a register`,
    named?.loc,
  );
}

/** The port record as port names; signals that are not ports of the top are left out. */
function portNamesOf(tree: SignalTree | undefined, portOf: ReadonlyMap<NodeId, PortIR>): PortNames | undefined {
  if (tree === undefined) return undefined;
  if (isSignal(tree)) return portOf.get(tree.id)?.name;
  if (Array.isArray(tree)) return (tree as readonly SignalTree[]).map((t) => portNamesOf(t, portOf) ?? '');
  const out: Record<string, PortNames | undefined> = {};
  for (const [k, v] of Object.entries(tree as Record<string, SignalTree | undefined>)) {
    const n = portNamesOf(v, portOf);
    if (n !== undefined) out[k] = n;
  }
  return out;
}
