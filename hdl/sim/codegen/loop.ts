// The run(n) loop's body: the whole design for n cycles in one function,
// state in locals (per FSM state a body of its own, codegen/fsm.ts).
import type { SimNetlist } from '../netlist.js';
import type { NodeId } from '../../ir.js';
import { nodeValue } from './node.js';
import type { Layout } from '../passes/layout.js';
import { assign, Gen, localRefOf, names, slotRefs } from './gen.js';
import { edgeInLoop, invariantNodes } from './fn.js';
import { emitFsmSwitch } from './fsm.js';
import { labeler } from '../passes/labels.js';
import { edgeInputs, schedule } from '../passes/schedule.js';

/** The whole design for `n` cycles in one function: inputs are constant for
 *  the run, state lives in locals across iterations and is stored back once
 *  at the end, and only `cone` (what next state depends on) is computed.
 *  `switchedOnly`: null, rather than a loop without the switch, when the
 *  design has an FSM whose switched loop passes fsmLimit. */
export function loopCode(net: SimNetlist, lay: Layout, cone: NodeId[], stateIds: NodeId[], inputIds: NodeId[], fsmLimit = 0, switchedOnly = false): string | null {
  // Inputs are constant for the run, so muxes they steer branch the same
  // way every cycle: branches, which then cost nothing, not masks.
  const g = new Gen(net, lay.root, localRefOf(net), false);
  for (const id of inputIds) g.emit(assign('const', names(net, id), slotRefs(net, lay, id)));
  for (const id of stateIds) g.emit(assign('let', names(net, id), slotRefs(net, lay, id)));
  // Logic fed only by inputs and constants cannot change during the run:
  // computed once, before the loop.
  const invariant = invariantNodes(net, lay.root, cone, () => true);
  for (const id of cone) if (invariant.has(id)) g.emit(assign('const', names(net, id), nodeValue(net.nodes[id]!, g.ctx)));
  g.emit('for (let c = 0; c < n; c++) {');
  // Not lazy (codegen/lazy.ts): measured slower here (radix-sort-tile's
  // step(n) with constant inputs, 80 -> 85-92 ns/cycle), where the phase
  // pattern is fixed and every mux a well-predicted branch already.
  const cycle = (gk: Gen, netk: SimNetlist, conek: NodeId[]): void => {
    for (const id of conek) if (!invariant.has(id)) gk.emit(assign('const', names(netk, id), nodeValue(netk.nodes[id]!, gk.ctx)));
    edgeInLoop(gk, netk, stateIds);
  };
  // Per FSM state a body of its own (codegen/fsm.ts) when it fits fsmLimit.
  const switched = emitFsmSwitch(g, net, false, fsmLimit, (gk, netk, rootk) =>
    cycle(gk, netk, schedule(netk, rootk, labeler(netk), edgeInputs(netk))),
  );
  if (!switched) {
    if (switchedOnly && net.fsm !== undefined && net.fsm !== null) return null;
    cycle(g, net, cone);
  }
  g.emit('}');
  for (const id of stateIds) g.emit(assign('', slotRefs(net, lay, id), names(net, id)));
  return g.text();
}
