// Code for CompiledSimulator.runBatch: like the run(n) loop of codegen/fn.ts
// (all state in locals, one function looping inside), but each iteration
// reads the batched inputs from typed arrays and writes the recorded outputs
// to typed arrays, so a testbench that drives and samples every cycle pays
// no JS call per poke, peek or step. Unlike run(n), the loop computes the
// recorded outputs' cones too (run(n) computes only what next state needs).
import type { FlatNetlist } from '../../flatten.js';
import type { NodeId } from '../../ir.js';
import { assign, Gen, localRefOf, names, slotRefs, withPrologue } from '../codegen/gen.js';
import { edgeInLoop, invariantNodes } from '../codegen/fn.js';
import { emitLazy } from '../codegen/lazy.js';
import { valueOf } from '../codegen/access.js';
import { nodeValue } from '../codegen/node.js';
import type { Compiled } from '../compile.js';
import { labeler } from '../passes/labels.js';
import { isState, isWide, limbsOf, type Layout } from '../passes/layout.js';
import { readInput, writeOutput, type BatchArray, type BatchFn } from './batch-io.js';
import { helpers, type SimState } from './state.js';
import { edgeInputs, schedule } from '../passes/schedule.js';
import { chunkedBatchCode, compileChunkedBatch } from './batch-chunked.js';
import { emitFsmSwitch } from '../codegen/fsm.js';
import { batchCycles } from '../codegen/unroll.js';

/** Longest batch loop source worth generating: compile.ts's loop limit
 *  (V8 stops optimising functions past about 100k characters); above it
 *  runBatch falls back to a per-cycle loop over the slot-array functions. */
export const BATCH_SOURCE_LIMIT = 80_000;
/** As compile.ts: zero-cycle calls give V8 type feedback for the code after
 *  the loop before it optimises the loop itself. */
const WARMUP_CALLS = 200;


type Factory = (S: SimState, H: typeof helpers) => BatchFn;

/** Words per cycle of a batched port: one up to 32 bits, else one per
 *  32-bit limb, little-endian. */
export function wordsPerCycle(width: number): number {
  return width <= 32 ? 1 : limbsOf(width);
}

/** Source of the loop: `inputs` are (root) input nodes read from I[k]
 *  (wordsPerCycle words per cycle); `outputs` are nodes stored to O[k] after
 *  the cycle's combinational logic, before its edge. */
export function batchLoopCode(net: FlatNetlist, lay: Layout, inputs: NodeId[], outputs: NodeId[], fsmSwitch = true): string {
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
  const cycle = (gk: Gen, netk: FlatNetlist, rootk: Int32Array, conek: NodeId[]): void => {
    loopBody(gk, netk, rootk, conek.filter((id) => !invariant.has(id)), [...outputs, ...edgeInputs(netk)]);
    outputs.forEach((id, k) => gk.emit(writeOutput(`o${k}`, netk.nodes[id]!.width, valueOf(gk.ctx, id))));
    edgeInLoop(gk, netk, stateIds);
  };
  // Per FSM state a body of its own (codegen/fsm.ts), unless that makes the
  // loop too long for V8 to optimise.
  const switched =
    fsmSwitch &&
    emitFsmSwitch(g, net, true, BATCH_SOURCE_LIMIT, (gk, netk, rootk) =>
      cycle(gk, netk, rootk, schedule(netk, rootk, labeler(netk), [...outputs, ...edgeInputs(netk)])),
    );
  if (!switched) cycle(g, net, root, cone);
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
export function loopBody(g: Gen, net: FlatNetlist, root: Int32Array, ids: NodeId[], kept: NodeId[]): void {
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
 *  runtime/batch-chunked.ts instead. `warm*`: arrays of the kinds the first call
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
    const src = batchLoopCode(c.net, c.lay, inputs, outputs);
    return src.length > maxSource ? { chunked: chunkedBatchCode(c, inputs, outputs) } : { loop: src };
  });
  if ('chunked' in code) return compileChunkedBatch(c, code.chunked, outputs, warmIn, warmOut);
  const src = code.loop;
  c.sources.push(src);
  const f = (new Function('S', 'H', src) as Factory)(c.state, helpers);
  for (let i = 0; i < WARMUP_CALLS; i++) f(0, warmIn, warmOut);
  return f;
}
