// runBatch for designs whose one-function batch loop (runtime/batch.ts) is too long
// for V8 to optimise: the same per-cycle work, but the combinational logic
// runs as compile.ts's chunk functions (settlePorts, or settle when a
// recorded output is not a port) and the clock edge as its edge function,
// with values crossing chunks through the slot arrays. Only the driver loop
// is generated: it moves each cycle's inputs from the typed arrays into
// their slots and the recorded outputs from their slots into the output
// arrays, so no cycle goes through the per-cycle API (whose wide pokes and
// peeks convert through BigInt).
import type { NodeId } from '../../ir.js';
import { assign, Gen, slotRef, slotRefs, withPrologue } from '../codegen/gen.js';
import { valueOf } from '../codegen/access.js';
import type { Compiled } from '../compile.js';
import { helpers, type SimState } from './state.js';
import { readInput, writeOutput, type BatchArray, type BatchFn } from './batch-io.js';

type Factory = (S: SimState, H: typeof helpers, settle: () => void, edge: () => void) => BatchFn;

/** As runtime/batch.ts: zero-cycle calls first, so V8 has type feedback for the
 *  code around the loop when it optimises the driver. */
const WARMUP_CALLS = 200;

export function chunkedBatchCode(c: Compiled, inputs: NodeId[], outputs: NodeId[]): string {
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
export function compileChunkedBatch(c: Compiled, src: string, outputs: NodeId[], warmIn: BatchArray[], warmOut: Uint32Array[]): BatchFn {
  c.sources.push(src);
  // settlePorts computes what outputs and the edge need; an output that is
  // not a port (a recorded internal signal) needs everything settled.
  const settle = outputs.every((id) => c.portsValid[id] === 1) ? c.settlePorts : c.settle;
  const f = (new Function('S', 'H', 'SETTLE', 'EDGE', src) as Factory)(c.state, helpers, settle, c.edge);
  for (let i = 0; i < WARMUP_CALLS; i++) f(0, warmIn, warmOut);
  return f;
}
