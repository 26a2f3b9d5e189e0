// Which values a testbench changes every cycle: those that depend, through
// combinational logic within the cycle, on a top-level input. A mux or an
// enable steered by such a value is as unpredictable as the stimulus, so
// code whose inputs change every cycle selects it with masks; one steered
// only by state (an FSM, a counter) repeats its pattern, and a branch on it
// predicts well and costs less than the masks (codegen/narrow.ts narrowMux).
import type { SimNetlist } from '../netlist.js';
import { type NodeId } from '../../ir.js';
import { simCombOperands } from '../netlist.js';

/** Per node: 1 when its value depends combinationally on a top-level input. */
export function inputSteered(net: SimNetlist): Uint8Array {
  const UNKNOWN = 0;
  const NO = 1;
  const YES = 2;
  const seen = new Uint8Array(net.nodes.length);
  // Depth-first without recursion: a 10,000-node chain would overflow the stack.
  const stack: NodeId[] = [];
  for (let start = 0; start < net.nodes.length; start++) {
    if (seen[start] !== UNKNOWN) continue;
    stack.push(start);
    while (stack.length > 0) {
      const id = stack[stack.length - 1]!;
      const n = net.nodes[id]!;
      if (n.op === 'input') {
        seen[id] = YES;
        stack.pop();
        continue;
      }
      const ops = simCombOperands(n);
      const pending = ops.filter((o) => seen[o] === UNKNOWN);
      if (pending.length > 0) {
        stack.push(...pending);
        continue;
      }
      seen[id] = ops.some((o) => seen[o] === YES) ? YES : NO;
      stack.pop();
    }
  }
  return seen.map((s) => (s === YES ? 1 : 0));
}
