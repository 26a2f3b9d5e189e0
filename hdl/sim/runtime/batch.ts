// Code for CompiledSimulator.runBatch: like the run(n) loop of codegen/fn.ts
// (all state in locals, one function looping inside), but each iteration
// reads the batched inputs from typed arrays and writes the recorded outputs
// to typed arrays, so a testbench that drives and samples every cycle pays
// no JS call per poke, peek or step. Unlike run(n), the loop computes the
// recorded outputs' cones too (run(n) computes only what next state needs).
// A design whose loop would be too long for V8 to optimise, or carry too
// much wide state in locals, runs the chunked driver at the end of this file.
import type { SimNetlist } from '../netlist.js';
import type { NodeId } from '../../ir.js';
import { assign, emitWithin, Gen, localRefOf, names, slotRef, slotRefs, withPrologue } from '../codegen/gen.js';
import { edgeInLoop, invariantNodes } from '../codegen/fn.js';
import { emitLazy } from '../codegen/lazy.js';
import { valueOf } from '../codegen/access.js';
import { nodeValue } from '../codegen/node.js';
import { resolved, type Compiled } from '../compile.js';
import { labeler } from '../passes/labels.js';
import { isMid, isNarrow, isState, isWide, limbsOf, type Layout } from '../passes/layout.js';
import { helpers, type SimState } from './state.js';
import { edgeInputs, schedule } from '../passes/schedule.js';
import { emitFsmSwitch } from '../codegen/fsm.js';
import { batchCycles } from '../codegen/unroll.js';

/** Longest batch loop source worth generating: compile.ts's loop limit
 *  (V8 stops optimising functions past about 100k characters); above it
 *  runBatch falls back to a per-cycle loop over the slot-array functions. */
export const BATCH_SOURCE_LIMIT = 80_000;
/** As compile.ts: zero-cycle calls give V8 type feedback for the code after
 *  the loop before it optimises the loop itself. */
const WARMUP_CALLS = 200;

// The typed arrays runBatch and runStream exchange with a testbench, and
// the code that reads a cycle's input from them and writes a cycle's
// output: shared by the one-function loop, the chunked driver (below) and
// the stream driver (runtime/stream.ts).
export type BatchArray = Int32Array | Uint32Array;
export type BatchFn = (n: number, inputs: BatchArray[], outputs: Uint32Array[]) => void;

/** Canonical form (passes/layout.ts) of entry `at` (default the cycle c) of a
 *  batched input: bits above the port width are dropped, so a signed
 *  Int32Array entry reads as its two's complement. */
export function readInput(arr: string, w: number, at = 'c'): string[] {
  const mask = (e: string, bits: number): string => (bits === 32 ? `${e} | 0` : `${e} & ${2 ** bits - 1}`);
  if (isNarrow(w)) return [mask(`${arr}[${at}]`, w)];
  const k = limbsOf(w);
  const top = w - 32 * (k - 1);
  if (isMid(w)) return [`(${arr}[2 * ${at}] >>> 0) + (${mask(`${arr}[2 * ${at} + 1]`, top)}) * 4294967296`];
  return Array.from({ length: k }, (_, j) => mask(`${arr}[${k} * ${at} + ${j}]`, j === k - 1 ? top : 32));
}

/** Stores the value as entry `at` (default the cycle c); a Uint32Array
 *  store keeps the low 32 bits of the integer part, which is exactly each
 *  word of a mid value. */
export function writeOutput(arr: string, w: number, value: string[], at = 'c'): string {
  if (isNarrow(w)) return `${arr}[${at}] = ${value[0]};`;
  if (isMid(w)) return `${arr}[2 * ${at}] = ${value[0]}; ${arr}[2 * ${at} + 1] = ${value[0]} / 4294967296;`;
  const k = value.length;
  return value.map((l, j) => `${arr}[${k} * ${at} + ${j}] = ${l};`).join(' ');
}

type Factory = (S: SimState, H: typeof helpers) => BatchFn;

/** Words per cycle of a batched port: one up to 32 bits, else one per
 *  32-bit limb, little-endian. */
export function wordsPerCycle(width: number): number {
  return width <= 32 ? 1 : limbsOf(width);
}

/** Source of the loop: `inputs` are (root) input nodes read from I[k]
 *  (wordsPerCycle words per cycle); `outputs` are nodes stored to O[k] after
 *  the cycle's combinational logic, before its edge. Null as soon as it is
 *  sure to pass `limit` characters (every line written here stays in it). */
export function batchLoopCode(net: SimNetlist, lay: Layout, inputs: NodeId[], outputs: NodeId[], limit: number): string | null {
  const root = lay.root;
  const g = new Gen(net, root, localRefOf(net));
  const batched = new Set(inputs.map((id) => root[id]!));
  const cone = schedule(net, root, labeler(net), [...outputs, ...edgeInputs(net)]);
  const roots: NodeId[] = [];
  for (let i = 0; i < net.nodes.length; i++) if (root[i] === i) roots.push(i);
  const stateIds = roots.filter((id) => isState(net, id));
  inputs.forEach((_, k) => g.emit(`const i${k} = I[${k}];`));
  outputs.forEach((_, k) => g.emit(`const o${k} = O[${k}];`));
  for (const id of roots) {
    if (net.nodes[id]!.op !== 'input') continue;
    // Batched inputs change every cycle; the rest hold their poked value.
    g.emit(assign(batched.has(id) ? 'let' : 'const', names(net, id), slotRefs(net, lay, id)));
  }
  for (const id of stateIds) g.emit(assign('let', names(net, id), slotRefs(net, lay, id)));
  // Logic fed only by constants and unbatched inputs is computed once.
  const invariant = invariantNodes(net, root, cone, (id) => !batched.has(id));
  for (const id of cone) if (invariant.has(id)) g.emit(assign('const', names(net, id), nodeValue(net.nodes[id]!, g.ctx)));
  const bodyStart = g.lines.length;
  inputs.forEach((id, k) => g.emit(assign('', names(net, root[id]!), readInput(`i${k}`, net.nodes[id]!.width))));
  const cycle = (gk: Gen, netk: SimNetlist, rootk: Int32Array, conek: NodeId[]): void => {
    loopBody(gk, netk, rootk, conek.filter((id) => !invariant.has(id)), [...outputs, ...edgeInputs(netk)]);
    outputs.forEach((id, k) => gk.emit(writeOutput(`o${k}`, netk.nodes[id]!.width, valueOf(gk.ctx, id))));
    edgeInLoop(gk, netk, stateIds);
  };
  // Per FSM state a body of its own (codegen/fsm.ts), unless that makes the
  // loop too long for V8 to optimise or for `limit` (then the loop without
  // the switch may still fit).
  const switched = emitFsmSwitch(g, net, true, Math.min(BATCH_SOURCE_LIMIT, limit), (gk, netk, rootk) =>
    cycle(gk, netk, rootk, schedule(netk, rootk, labeler(netk), [...outputs, ...edgeInputs(netk)])),
  );
  if (switched ? g.text().length > limit : !emitWithin(g, limit, () => cycle(g, net, root, cone))) return null;
  const body = g.lines.splice(bodyStart).join('\n');
  g.emit(batchCycles(body, BATCH_SOURCE_LIMIT - g.text().length));
  for (const id of stateIds) g.emit(assign('', slotRefs(net, lay, id), names(net, id)));
  // Batched inputs keep their last value, as after the last poke of a loop.
  for (const id of batched) g.emit(assign('', slotRefs(net, lay, id), names(net, id)));
  return withPrologue(net, g.text(), 'n, I, O');
}

/** The loop body's combinational nodes; those not in `kept` (read after
 *  them: recorded outputs, edge inputs) computed only when read
 *  (codegen/lazy.ts). */
export function loopBody(g: Gen, net: SimNetlist, root: Int32Array, ids: NodeId[], kept: NodeId[]): void {
  const keep = new Set(kept.map((id) => root[id]!));
  const def = (id: NodeId): void => g.emit(assign('const', names(net, id), nodeValue(net.nodes[id]!, g.ctx)));
  emitLazy(g, net, root, ids, (id) => keep.has(id), def);
}

/** Most limbs of wide state the one-function loop carries in locals. */
const MAX_WIDE_STATE_LIMBS = 16;

/** Whether the one-function loop would carry too much wide state in
 *  locals: every limb is a local live around the loop's back edge, where
 *  the chunked driver keeps them in the slot array. Measured with
 *  bench/batch-drivers.ts (runBatch, CPU time, each driver in its own
 *  process): qfm (three registers, 44 limbs) chunked 2.01M vs one loop
 *  1.29M cycles/s; random-wide (24 limbs) even (5.4M vs 5.5M);
 *  minmax-encoder (one 64-bit register, 2 limbs) one loop 33M vs chunked
 *  22-28M; designs without wide state keep the loop (noblur 3.0M either
 *  way, random-s1 faster as one loop). */
export function carriesWideState(c: Compiled): boolean {
  const { net, lay } = c;
  let limbs = 0;
  for (const n of net.nodes) if (lay.root[n.id] === n.id && isState(net, n.id) && isWide(n.width)) limbs += limbsOf(n.width);
  return limbs > MAX_WIDE_STATE_LIMBS;
}

/** The loop as a callable; when its source is too long for V8 to optimise,
 *  or it would carry wide state (unless `always`), the chunked driver of
 *  chunked driver (below) instead. `warm*`: arrays of the kinds the first call
 *  passes, for the warm-up calls. */
export function compileBatch(
  c: Compiled,
  inputs: NodeId[],
  outputs: NodeId[],
  maxSource: number,
  warmIn: BatchArray[],
  warmOut: Uint32Array[],
  always = false,
): BatchFn | null {
  // The loop's source, or the chunked driver's when it carries wide state or would be too long.
  const code = c.code(`batch:${inputs.join(',')}|${outputs.join(',')}|${maxSource}|${always}`, (): { loop: string } | { chunked: string } => {
    if (!always && carriesWideState(c)) return { chunked: chunkedBatchCode(c, inputs, outputs) };
    const src = batchLoopCode(c.net, c.lay, inputs, outputs, maxSource);
    return src === null || src.length > maxSource ? { chunked: chunkedBatchCode(c, inputs, outputs) } : { loop: src };
  });
  if ('chunked' in code) return compileChunkedBatch(c, code.chunked, outputs, warmIn, warmOut);
  const src = code.loop;
  c.sources.push(src);
  const f = (new Function('S', 'H', src) as Factory)(c.state, helpers);
  for (let i = 0; i < WARMUP_CALLS; i++) f(0, warmIn, warmOut);
  return f;
}

// runBatch for designs whose one-function batch loop (above) is too long
// for V8 to optimise: the same per-cycle work, but the combinational logic
// runs as compile.ts's chunk functions (settlePorts, or settle when a
// recorded output is not a port) and the clock edge as its edge function,
// with values crossing chunks through the slot arrays. Only the driver loop
// is generated: it moves each cycle's inputs from the typed arrays into
// their slots and the recorded outputs from their slots into the output
// arrays, so no cycle goes through the per-cycle API (whose wide pokes and
// peeks convert through BigInt).
type ChunkedFactory = (S: SimState, H: typeof helpers, settle: () => void, edge: () => void) => BatchFn;

function chunkedBatchCode(c: Compiled, inputs: NodeId[], outputs: NodeId[]): string {
  const { net, lay } = c;
  const root = lay.root;
  const g = new Gen(net, root, (r, j) => slotRef(net, lay, r, '', j));
  inputs.forEach((_, k) => g.emit(`const i${k} = I[${k}];`));
  outputs.forEach((_, k) => g.emit(`const o${k} = O[${k}];`));
  g.emit('for (let c = 0; c < n; c++) {');
  inputs.forEach((id, k) => g.emit(assign('', slotRefs(net, lay, root[id]!), readInput(`i${k}`, net.nodes[id]!.width))));
  g.emit('SETTLE();');
  outputs.forEach((id, k) => g.emit(writeOutput(`o${k}`, net.nodes[id]!.width, valueOf(g.ctx, id))));
  g.emit('EDGE();');
  g.emit('}');
  return withPrologue(net, g.text(), 'n, I, O');
}

/** The chunked driver from its source (chunkedBatchCode's). */
function compileChunkedBatch(c: Compiled, src: string, outputs: NodeId[], warmIn: BatchArray[], warmOut: Uint32Array[]): BatchFn {
  c.sources.push(src);
  // settlePorts computes what outputs and the edge need; an output that is
  // not a port (a recorded internal signal) needs everything settled.
  const settle = outputs.every((id) => c.portsValid[id] === 1) ? c.settlePorts : c.settle;
  const f = (new Function('S', 'H', 'SETTLE', 'EDGE', src) as ChunkedFactory)(c.state, helpers, resolved(settle), resolved(c.edge));
  for (let i = 0; i < WARMUP_CALLS; i++) f(0, warmIn, warmOut);
  return f;
}
