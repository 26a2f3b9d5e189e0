// Compiles a flat netlist to JavaScript functions (new Function). First the
// simulator's passes (PASSES, below; passes/) make the simulator's netlist
// (netlist.ts) from the design's; then the generators (codegen/) write:
//  - settle(): every combinational node into the N/D/W slot arrays, so any
//    signal can be peeked; settlePorts(): only what top-level outputs and
//    the next edge need (a poke/peek/step testbench's whole cycle);
//    edge(): one clock edge from settled slots.
//  - run(n): n cycles computing only the next-state cone. For designs whose
//    loop function V8 will optimise, one function keeps all state in locals
//    and loops inside (the fast path of step(n)); larger designs run chunk
//    functions that pass only cross-chunk values through the slot arrays.
// Everything is split into chunks because V8 does not optimise functions
// past a bytecode size (about 60 KB), and its compile time grows faster
// than linearly with function size.
import type { FlatNetlist } from '../flatten.js';
import type { NodeId } from '../ir.js';
import { simCombOperands, type SimNetlist } from './netlist.js';
import { withPrologue } from './codegen/gen.js';
import { edgeCodeWithin, nextStateCode, slotCode, slotCodeWithin, writeCode } from './codegen/fn.js';
import { loopCode } from './codegen/loop.js';
import { isState, layout, limbsOf, storeOf, type Layout } from './passes/layout.js';
import { allocState, ensureScratch, helpers, toLimbs, type SimState } from './runtime/state.js';
import { edgeInputs, isComputed, resolveAliases, schedule } from './passes/schedule.js';
import { labeler } from './passes/labels.js';
import { fsmEdgeCode, fsmSlotCode } from './codegen/fsm.js';
import { checkNetlist } from './passes/netlist-check.js';
import { pruneToPorts } from './passes/prune.js';
import { rewriteDecodedSelects } from './passes/decoded-select.js';
import { mergeCompares } from './passes/merged-compares.js';
import { findFsmState } from './passes/fsm-specialize.js';
import { codeStore, type CodeValue } from './runtime/code-cache.js';
import type { InstanceBlock } from './passes/instances.js';
import { commitCode, edgeSteps, ownSource, planner as kernelPlanner, settleSteps, stepsCaller, type KernelSteps } from './codegen/kernel-plan.js';

export interface CompileOptions {
  /** Computed nodes per generated chunk function (default 250). */
  chunkSize?: number;
  /** 'auto' (default): the single-function loop when V8 will optimise it. */
  loopMode?: 'auto' | 'always' | 'never';
  /** Longest generated source kept as one function (default: what V8 still
   *  optimises); tests lower it to exercise the chunked code shapes. */
  maxFunctionSource?: number;
  /** 'all' (default): every signal stays peekable. 'ports': logic and state
   *  that can never reach a top-level output are dropped, as Verilator does;
   *  peeking them is then an error. */
  observe?: 'all' | 'ports';
  /** A pass of SIM_PASSES set false is not run (every pass is on by
   *  default). Each pass is exact, so switching one off changes speed only;
   *  the differential tests run with each off in turn. */
  passes?: Partial<Record<SimPass, boolean>>;
  /** Generate settle() on its first call and run()'s loop on its first
   *  call for more than a few cycles, instead of here: a testbench that
   *  drives the design through runStream or runBatch (a sweep's driver)
   *  calls neither but to reset, and they are a large part of the code
   *  generated (the full settle is every node). Each call then goes through
   *  one more function. Default false. */
  lazy?: boolean;
  /** Take generated sources from the code cache and put new ones in it
   *  (runtime/code-cache.ts: by the netlist's digest, in memory and on disk under
   *  cacheRoot()). Default false. */
  cache?: boolean;
  /** A large design's settlePorts and clock edge as code per module
   *  instance, shared by text with every instance (of this design or a
   *  later one in this thread) that writes the same (codegen/kernel-plan.ts):
   *  a design's first runs cost less, its later runs a little more. Needs
   *  the design's instance blocks (createSimulator passes them); not with
   *  `observe: 'ports'` (pruning renumbers the nodes) or a `chunkSize`.
   *  Default false. */
  kernels?: boolean;
}

export interface Compiled {
  net: SimNetlist;
  lay: Layout;
  state: SimState;
  /** Compute every combinational node into the slot arrays. */
  settle(): void;
  /** Compute only what top-level outputs and the next clock edge need;
   *  afterwards the slots of nodes flagged in `portsValid` are current. */
  settlePorts(): void;
  /** Per node (aliases resolved): valid after settlePorts alone. */
  portsValid: Uint8Array;
  /** One clock edge from settled slots; leaves combinational slots stale. */
  edge(): void;
  /** `n` clock edges from the current state; leaves combinational slots stale. */
  run(n: number): void;
  /** Whether run() is the single-function loop (with `lazy`, known once run() is made). */
  readonly loopMode: boolean;
  /** Generated sources, for debugging. */
  sources: string[];
  /** Sources by role: the code cache's, or made here when not caching. */
  code<T extends CodeValue>(role: string, build: () => T): T;
  /** Every source this simulator has asked for so far came from the code
   *  cache (this thread's, another's or an earlier run's): nothing generated. */
  readonly codeReused: boolean;
}

/** A generated function, its state bound (withPrologue). */
type GenFn = (n: number) => void;
type Factory = (S: SimState, H: typeof helpers) => GenFn;

const DEFAULT_CHUNK = 250;
/** Loop sources up to this length compile below V8's optimisation limit
 *  (measured: 106k characters optimised, 122k did not), with margin. */
const LOOP_SOURCE_LIMIT = 80_000;
/** V8 allocates a function's feedback vector only once it has executed
 *  several times its own bytecode size. */
const LOOP_WARMUP_CALLS = 200;
/** Cycles a lazy run() steps one at a time instead of making its loop. */
const FEW_CYCLES = 16;

/** The simulator's passes over its netlist, in the order they run. Each
 *  makes the netlist cheaper to run as JavaScript without changing any
 *  value the design computes, and each can be switched off by name
 *  (CompileOptions.passes). */
const PASSES = {
  /** Field-by-field equalities AND-ed in one tree as one compare of the
   *  joined fields (passes/merged-compares.ts). */
  mergeCompares: (net: SimNetlist): SimNetlist => mergeCompares(net).net,
  /** One-hot AND-OR trees as indexed reads (muxes) and scatter kernels
   *  (passes/decoded-select.ts). */
  decodedSelects: (net: SimNetlist): SimNetlist => rewriteDecodedSelects(net),
  /** The control FSM whose state register the generated code switches on
   *  once per cycle (passes/fsm-specialize.ts, codegen/fsm.ts). */
  fsmSwitch: (net: SimNetlist): SimNetlist => ({ ...net, fsm: findFsmState(net) }),
  /** Logic that only a mux arm reads computed in the cycles that select the
   *  arm (passes/guards.ts, codegen/lazy.ts). A sweep runs without it
   *  (explore/sweep/study-ref.ts): its analysis and the branches it adds
   *  cost a design's first runs more than they save. */
  lazyArms: (net: SimNetlist): SimNetlist => ({ ...net, lazyArms: true }),
};

/** A pass of the simulator (PASSES). */
export type SimPass = keyof typeof PASSES;
/** The simulator's passes by name, in the order they run. */
export const SIM_PASSES = Object.keys(PASSES) as SimPass[];

/** The netlist the code generators compile: the design's flat netlist,
 *  pruned to what the ports show when `observe` is 'ports' (that choice is
 *  what may be peeked, not speed), checked, then through each pass that
 *  `passes` leaves on. */
export function simNetlist(full: FlatNetlist, opts: CompileOptions = {}): SimNetlist {
  const observed = opts.observe === 'ports' ? pruneToPorts(full) : full;
  checkNetlist(observed, labeler(observed));
  let net: SimNetlist = observed;
  for (const pass of SIM_PASSES) if (opts.passes?.[pass] !== false) net = PASSES[pass](net);
  return net;
}

/** `blocks`: the design's instance blocks (passes/instances.ts), for `kernels`. */
export function compile(full: FlatNetlist, opts: CompileOptions = {}, blocks?: readonly InstanceBlock[]): Compiled {
  const net = simNetlist(full, opts);
  const label = labeler(net);
  const root = resolveAliases(net, label);
  const lay = layout(net, root);
  ensureScratch(scratchLimbs(net));
  const state = allocState(net, lay);
  initSlots(net, lay, state);
  const sources: string[] = [];
  // What shapes the code besides the design's netlist: observe and the
  // passes switched off.
  const off = SIM_PASSES.filter((p) => opts.passes?.[p] === false);
  const shaping = { chunkSize: opts.chunkSize ?? null, loopMode: opts.loopMode ?? 'auto', maxFunctionSource: opts.maxFunctionSource ?? null, observe: opts.observe ?? 'all', passesOff: off, kernels: opts.kernels === true };
  const store = opts.cache === true ? codeStore(full, shaping) : null;
  const code = <T extends CodeValue>(role: string, build: () => T): T => (store === null ? build() : store.get(role, build));
  // A local: imported bindings may be accessors under transpilers.
  const H = helpers;
  const make = (body: string): GenFn => {
    const src = withPrologue(net, body);
    sources.push(src);
    return (new Function('S', 'H', src) as Factory)(state, H);
  };
  const call = (fns: GenFn[]): (() => void) => {
    // One function (every small design): called directly, no wrapper.
    if (fns.length === 1) return fns[0]! as () => void;
    return ownCaller(fns, state);
  };

  const chunkSize = opts.chunkSize ?? DEFAULT_CHUNK;
  const maxSource = opts.maxFunctionSource ?? LOOP_SOURCE_LIMIT;
  const stateIds = rootsWhere(net, root, (id) => isState(net, id));
  const makeSettle = (): (() => void) => call(code('settle', () => chunks(schedule(net, root, label), chunkSize).map((ids) => slotCode(net, lay, ids, () => true))).map(make));
  // Lazily: every function made on its first call (an FSM's switched code
  // is generated here all the same, since which slots settlePorts leaves
  // current, portsValid, depends on whether it exists).
  const later = <F extends (n: number) => void>(f: () => F): F => (opts.lazy === true ? lazily(f) : f());
  const settle = later(makeSettle);
  // Code per module instance (codegen/kernel-plan.ts), when asked for and
  // the blocks cover the netlist flatten made.
  const planner =
    opts.kernels === true && blocks !== undefined && blocks.length > 0 && blocks[0]!.end === full.nodes.length && opts.observe !== 'ports' && opts.chunkSize === undefined
      ? kernelPlanner(net, lay, blocks, full.nodes.length, maxSource)
      : null;
  const viaKernels = (steps: KernelSteps | null): (() => void) | null => {
    if (steps === null) return null;
    sources.push(...steps.sources);
    return stepsCaller(steps, state, make);
  };
  // Even an edge (or a cone) that would fit one function: its kernels are
  // optimised once per thread, the one function once per design (30 Blur
  // designs, before kernels waited for an instance to recur: first runs
  // 9.3-10.4 s so, 11.1-11.4 s with fused edges and one-function cones
  // kept, 13.6-14.3 s without kernels).
  const kernelEdge = (): (() => void) | null => (planner === null ? null : viaKernels(code('kernelEdge', () => edgeSteps(planner, stateIds, chunkSize))));
  const plainEdge = later(() => kernelEdge() ?? edgeFn(code('edge', () => edgeBodies(net, lay, stateIds, chunkSize, maxSource)), make, state));

  const edgeIn = edgeInputs(net);
  const cone = schedule(net, root, label, edgeIn);
  const coneFns = (role: string, ids: () => NodeId[], keep: NodeId[]): GenFn[] =>
    code(role, () => coneFunctions(net, lay, ids(), keep, chunkSize, maxSource, opts.chunkSize === undefined)).map(make);
  const portKeep = [...net.outputs.map((o) => o.node), ...edgeIn];
  // One switch on an FSM's state, when there is one (codegen/fsm.ts): the
  // edge reads what each state folds its inputs to, so settlePorts keeps
  // only the outputs' own slots current (with the unswitched edge, all of
  // portKeep's).
  const outs = net.outputs.map((o) => o.node);
  const fsmEdge = code('fsmEdge', () => (opts.chunkSize === undefined ? fsmEdgeCode(net, lay, stateIds, maxSource) : null));
  const fsmPorts = code('fsmPorts', () => (opts.chunkSize === undefined ? fsmSlotCode(net, lay, portKeep, fsmEdge === null ? portKeep : outs, maxSource) : null));
  const switchedEdge = fsmPorts !== null && fsmEdge !== null ? later(() => make(fsmEdge) as () => void) : null;
  const kernelPorts = (): (() => void) | null => (planner === null ? null : viaKernels(code('kernelPorts', () => settleSteps(planner, schedule(net, root, label, portKeep), portKeep))));
  const settlePorts = later(() => (fsmPorts !== null ? (make(fsmPorts) as () => void) : (kernelPorts() ?? call(coneFns('settlePorts', () => schedule(net, root, label, portKeep), portKeep)))));
  const edge = switchedEdge ?? plainEdge;
  const portsValid = validAfter(net, root, switchedEdge === null ? portKeep : outs);
  const hasState = stateIds.length + net.memories.length + net.cams.length > 0;
  let loopMode = false;
  const inputIds = rootsWhere(net, root, (id) => net.nodes[id]!.op === 'input');
  const makeRun = (): ((n: number) => void) => {
    // A design with a switched edge (an FSM) keeps its switch: when the
    // switched loop is too long, settlePorts and the edge per cycle, both
    // switched, rather than one loop computing every state's logic every
    // cycle. The radix sorter (k=4, one key a cycle) under the sweep's
    // 20,000-character limit: step(n) over a 262,144-pair tile's passes
    // 227-260 ms with the unswitched loop, 77-88 ms so (bench/driver-ratio.ts
    // read its driver at 0.44x of runBatch).
    const loopSrc = code('loop', () => (opts.loopMode === 'never' || !hasState ? null : loopCode(net, lay, cone, stateIds, inputIds, maxSource, switchedEdge !== null && opts.loopMode !== 'always')));
    if (loopSrc !== null && (opts.loopMode === 'always' || loopSrc.length <= maxSource)) {
      const loop = make(loopSrc);
      // Zero-cycle calls run the loads and stores around the loop, so V8 has
      // type feedback for them when it compiles the hot loop (else optimised
      // code deoptimises at the first store after the loop, run after run).
      for (let i = 0; i < LOOP_WARMUP_CALLS; i++) loop(0);
      loopMode = true;
      return loop;
    }
    // The switched edge reads what settlePorts leaves current.
    // The functions themselves, not their lazy wrappers, in the loop.
    const coneStep = switchedEdge === null ? call(coneFns('coneStep', () => cone, edgeIn)) : resolved(settlePorts);
    const clock = resolved(edge);
    return (n) => {
      for (let c = 0; c < n; c++) {
        coneStep();
        clock();
      }
    };
  };
  // Lazily, a few cycles (a reset) step through settlePorts and the edge,
  // which compute everything an edge needs, rather than generate the loop.
  const loop = lazily(makeRun);
  const run =
    opts.lazy === true
      ? (n: number): void => {
          if (n > FEW_CYCLES) return loop(n);
          for (let c = 0; c < n; c++) {
            settlePorts();
            edge();
          }
        }
      : makeRun();
  return {
    net,
    lay,
    state,
    settle,
    settlePorts,
    portsValid,
    edge,
    run,
    get loopMode(): boolean {
      return loopMode;
    },
    sources,
    code,
    get codeReused(): boolean {
      return store !== null && store.use.built === 0 && store.use.hits > 0;
    },
  };
}

/** A function made by `make` on its first call. */
function lazily<F extends (n: number) => void>(make: () => F): F {
  let f: F | null = null;
  // One argument, not rest and spread: the simulator's functions take at most a cycle count, and a
  // spread call allocates every cycle.
  const wrapper = ((n: number) => (f ??= make())(n)) as F;
  LAZY.set(wrapper, () => (f ??= make()));
  return wrapper;
}

const LAZY = new WeakMap<object, () => unknown>();

/** The function itself behind a lazily made one (making it now). */
export function resolved<F extends (n: number) => void>(f: F): F {
  const get = LAZY.get(f);
  return get === undefined ? f : (get() as F);
}

/** One caller per simulator (kernel-plan.ts ownSource), calling its chunk
 *  functions in order, then `after` (an edge's commit of the next state). */
function ownCaller(fns: GenFn[], state: SimState, after: readonly string[] = []): () => void {
  const src = ownSource(`'use strict';\n${fns.map((_, i) => `const f${i} = F[${i}];`).join('\n')}\nreturn function () {\n${[...fns.map((_, i) => `f${i}(0);`), ...after].join('\n')}\n};`);
  const { N, D, W, NX, DX, WX } = state;
  return (new Function('F', 'N', 'D', 'W', 'NX', 'DX', 'WX', src) as (...a: unknown[]) => () => void)(fns, N, D, W, NX, DX, WX);
}

/** Slot code over a cone storing only what is read outside its function
 *  (or listed in `keep`): one function when V8 will optimise it, else chunks.
 *  `grow`: chunks of about half the optimisable source rather than
 *  `chunkSize` nodes, since every value crossing chunks goes through the
 *  slot arrays (pmu, 7,000 nodes: 1.25x faster at ~1,000 nodes a chunk
 *  than at 250). */
function coneFunctions(
  net: SimNetlist,
  lay: Layout,
  ids: NodeId[],
  keep: NodeId[],
  chunkSize: number,
  maxSource: number,
  grow: boolean,
): string[] {
  const code = (size: number): string[] =>
    coneChunks(net, lay, ids, size, keep).map((c) => slotCode(net, lay, c.ids, (id) => c.exported.has(id)));
  // One function when its source fits; written only up to maxSource, since
  // a sweep's designs mostly do not fit (the whole cone's source, written
  // only to be measured and dropped, was about a third of the code generation
  // in a Blur design's first run).
  const [whole] = coneChunks(net, lay, ids, Math.max(ids.length, 1), keep);
  if (whole === undefined) return [];
  const single = slotCodeWithin(net, lay, whole.ids, (id) => whole.exported.has(id), maxSource);
  if (single !== null) return [single];
  if (!grow) return code(chunkSize);
  // The chunk size from the source's length, measured on chunks of
  // chunkSize nodes (a little longer than the one function would be: each
  // stores what the others read).
  let parts = code(chunkSize);
  const total = parts.reduce((s, src) => s + src.length, 0);
  let size = Math.max(chunkSize, Math.floor((ids.length * maxSource) / (2 * total)));
  if (size === chunkSize) return parts;
  for (;;) {
    parts = code(size);
    const longest = Math.max(...parts.map((src) => src.length));
    if (size <= chunkSize || longest <= maxSource) return parts;
    // Chunks store what other chunks read, which the one function did not:
    // shrink in proportion to the overshoot rather than halving.
    size = Math.max(chunkSize, Math.min(size - 1, Math.floor((0.9 * size * maxSource) / longest)));
  }
}

/** Per node: is its slot current once `kept` nodes are stored? Inputs,
 *  constants and state always are. */
function validAfter(net: SimNetlist, root: Int32Array, kept: NodeId[]): Uint8Array {
  const valid = new Uint8Array(net.nodes.length);
  for (const id of kept) valid[root[id]!] = 1;
  net.nodes.forEach((n, id) => {
    if (!isComputed(n)) valid[id] = 1;
  });
  for (let id = 0; id < net.nodes.length; id++) valid[id] = valid[root[id]!]!;
  return valid;
}

/** The edge's bodies: one fused function when it is small enough to
 *  optimise; else next states in chunks into NX/DX/WX, and the writes. */
function edgeBodies(net: SimNetlist, lay: Layout, stateIds: NodeId[], chunkSize: number, maxSource: number): { fused: string } | { next: string[]; write: string } {
  const fused = edgeCodeWithin(net, lay, stateIds, maxSource);
  if (fused !== null && fused.length <= maxSource) return { fused };
  return { next: chunks(stateIds, chunkSize).map((ids) => nextStateCode(net, lay, ids)), write: writeCode(net, lay) };
}

/** The edge from its bodies; chunked, one copy commits all next states. */
function edgeFn(bodies: { fused: string } | { next: string[]; write: string }, make: (body: string) => GenFn, state: SimState): () => void {
  if ('fused' in bodies) return make(bodies.fused) as () => void;
  return ownCaller([...bodies.next.map(make), make(bodies.write)], state, commitCode(state));
}

/** The cone in chunks, each knowing which of its values other chunks read
 *  or `keep` lists (only those go through the slot arrays). */
function coneChunks(
  net: SimNetlist,
  lay: Layout,
  cone: NodeId[],
  size: number,
  keep: NodeId[],
): { ids: NodeId[]; exported: Set<NodeId> }[] {
  const parts = chunks(cone, size);
  const chunkOf = new Map<NodeId, number>();
  parts.forEach((ids, k) => ids.forEach((id) => chunkOf.set(id, k)));
  const exported = parts.map(() => new Set<NodeId>());
  const mark = (id: NodeId, reader: number): void => {
    const r = lay.root[id]!;
    const k = chunkOf.get(r);
    if (k !== undefined && k !== reader && isComputed(net.nodes[r]!)) exported[k]!.add(r);
  };
  parts.forEach((ids, k) => ids.forEach((id) => simCombOperands(net.nodes[id]!).forEach((o) => mark(o, k))));
  for (const id of keep) mark(id, -1);
  return parts.map((ids, k) => ({ ids, exported: exported[k]! }));
}

/** Constants are written once; registers start at their init value (0 when
 *  they have none), matching the start state the Verilog backend emits. */
function initSlots(net: SimNetlist, lay: Layout, st: SimState): void {
  net.nodes.forEach((n, id) => {
    if (lay.root[id] !== id) return;
    const v = n.op === 'const' ? n.value : n.op === 'reg' && n.init !== null ? n.init : null;
    if (v === null) return;
    const bits = BigInt.asUintN(n.width, v);
    const s = storeOf(n.width);
    if (s === 'W') toLimbs(bits, st.W, lay.slot[id]!, limbsOf(n.width));
    else if (s === 'D') st.D[lay.slot[id]!] = Number(bits);
    else st.N[lay.slot[id]!] = Number(BigInt.asIntN(32, bits));
  });
}

/** Most limbs a helper call of this design passes: widest node or key, and
 *  the widest CAM match vector. */
function scratchLimbs(net: SimNetlist): number {
  let w = 32;
  for (const n of net.nodes) w = Math.max(w, n.width);
  for (const c of net.cams) w = Math.max(w, c.keyWidth, c.entries);
  return limbsOf(w) + 1;
}

function rootsWhere(net: SimNetlist, root: Int32Array, pred: (id: NodeId) => boolean): NodeId[] {
  const out: NodeId[] = [];
  for (let i = 0; i < net.nodes.length; i++) if (root[i] === i && pred(i)) out.push(i);
  return out;
}

function chunks<T>(xs: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}
