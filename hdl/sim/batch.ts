// Code for CompiledSimulator.runBatch: like the run(n) loop of codegen-fn.ts
// (all state in locals, one function looping inside), but each iteration
// reads the batched inputs from typed arrays and writes the recorded outputs
// to typed arrays, so a testbench that drives and samples every cycle pays
// no JS call per poke, peek or step. Unlike run(n), the loop computes the
// recorded outputs' cones too (run(n) computes only what next state needs).
import type { FlatNetlist } from '../flatten.js';
import { combOperands, type NodeId } from '../ir.js';
import { Gen, prologue, slotRef } from './codegen-fn.js';
import { nextStateExpr, writeStatements } from './codegen-edge.js';
import { nodeExpr } from './codegen-node.js';
import type { Compiled } from './compile.js';
import { labeler } from './labels.js';
import { isState, type Layout } from './layout.js';
import { helpers, type SimState } from './runtime.js';
import { edgeInputs, schedule } from './schedule.js';

/** Longest batch loop source worth generating: compile.ts's loop limit
 *  (V8 stops optimising functions past about 100k characters); above it
 *  runBatch falls back to a per-cycle loop over the slot-array functions. */
export const BATCH_SOURCE_LIMIT = 80_000;
/** As compile.ts: zero-cycle calls give V8 type feedback for the code after
 *  the loop before it optimises the loop itself. */
const WARMUP_CALLS = 200;

export type BatchArray = Int32Array | Uint32Array;
export type BatchFn = (n: number, inputs: BatchArray[], outputs: Uint32Array[]) => void;

type RawFn = (S: SimState, H: typeof helpers, n: number, I: BatchArray[], O: Uint32Array[]) => void;

/** Source of the loop: `inputs` are (root) input nodes of at most 32 bits
 *  read from I[k][c]; `outputs` are nodes of at most 32 bits stored to
 *  O[k][c] after the cycle's combinational logic, before its edge. */
export function batchLoopCode(net: FlatNetlist, lay: Layout, inputs: NodeId[], outputs: NodeId[]): string {
  const root = lay.root;
  const ref = (id: NodeId): string => slotRef(net, lay, id);
  const g = new Gen(net, root, (r) => `v${r}`);
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
    g.emit(`${batched.has(id) ? 'let' : 'const'} v${id} = ${ref(id)};`);
  }
  for (const id of stateIds) g.emit(`let v${id} = ${ref(id)};`);
  // Logic fed only by constants and unbatched inputs is computed once.
  const invariant = new Set<NodeId>();
  const fixed = (id: NodeId): boolean => {
    const n = net.nodes[root[id]!]!;
    return n.op === 'const' || (n.op === 'input' && !batched.has(n.id)) || invariant.has(n.id);
  };
  for (const id of cone) {
    const n = net.nodes[id]!;
    if (n.op !== 'memread' && n.op !== 'cammatch' && n.op !== 'camread' && n.op !== 'camvalid' && combOperands(n).every(fixed)) invariant.add(id);
  }
  for (const id of cone) if (invariant.has(id)) g.emit(`const v${id} = ${nodeExpr(net.nodes[id]!, g.ctx)};`);
  g.emit('for (let c = 0; c < n; c++) {');
  inputs.forEach((id, k) => {
    // Canonical int32 form (layout.ts): bits above the port width are
    // dropped, so a signed Int32Array entry reads as its two's complement.
    const w = net.nodes[id]!.width;
    g.emit(`v${root[id]} = ${w === 32 ? `i${k}[c] | 0` : `i${k}[c] & ${2 ** w - 1}`};`);
  });
  for (const id of cone) if (!invariant.has(id)) g.emit(`const v${id} = ${nodeExpr(net.nodes[id]!, g.ctx)};`);
  outputs.forEach((id, k) => g.emit(`o${k}[c] = ${g.ctx.ref(id)};`));
  for (const id of stateIds) g.emit(`const x${id} = ${nextStateExpr(net.nodes[id]!, g.ctx, 'rst')};`);
  for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
  for (const id of stateIds) g.emit(`v${id} = x${id};`);
  g.emit('}');
  for (const id of stateIds) g.emit(`${ref(id)} = v${id};`);
  // Batched inputs keep their last value, as after the last poke of a loop.
  for (const id of batched) g.emit(`${ref(id)} = v${id};`);
  return `${prologue(net)}\n${g.text()}`;
}

/** The loop as a callable, or null when its source is too long for V8 to
 *  optimise (the caller then loops per cycle). `warm*`: arrays of the kinds
 *  the first call passes, for the warm-up calls. */
export function compileBatch(
  c: Compiled,
  inputs: NodeId[],
  outputs: NodeId[],
  maxSource: number,
  warmIn: BatchArray[],
  warmOut: Uint32Array[],
): BatchFn | null {
  const src = batchLoopCode(c.net, c.lay, inputs, outputs);
  if (src.length > maxSource) return null;
  c.sources.push(src);
  const f = new Function('S', 'H', 'n', 'I', 'O', src) as RawFn;
  const { state } = c;
  const H = helpers;
  for (let i = 0; i < WARMUP_CALLS; i++) f(state, H, 0, warmIn, warmOut);
  return (n, I, O) => f(state, H, n, I, O);
}
