// Emits a run of computed nodes with passes/guards.ts's lazy mux arms: unguarded
// nodes as `const`, guarded ones as `let` locals assigned in an `if` block
// just before their first reader (0 in the cycles their arm is not picked,
// when no reader looks at them).
import type { SimNetlist } from '../netlist.js';
import type { NodeId } from '../../ir.js';
import { assign, names, type Gen } from './gen.js';
import { nodeValue } from './node.js';
import { conditionCode, guardsOf, lazyOrder } from '../passes/guards.js';

/** Fewest nodes in a lazy block: fewer cost more to test than to compute. */
const MIN_BLOCK = 3;

/**
 * Emits `ids` into `g`. `always`: nodes needed every cycle (outputs, values
 * sampled at the edge or stored); `def(id)` emits an unguarded node (the
 * caller's own form, e.g. with a slot store); `block(open)` is told when
 * code goes into or out of a guarded block (slotCode must not cache slot
 * reads there).
 */
export function emitLazy(
  g: Gen,
  net: SimNetlist,
  root: Int32Array,
  ids: NodeId[],
  always: (id: NodeId) => boolean,
  def: (id: NodeId) => void,
  block: (open: boolean) => void = () => {},
): void {
  // Without the lazy arms pass (compile.ts PASSES): every node in order.
  if (net.lazyArms !== true) {
    ids.forEach(def);
    return;
  }
  const x = g.ctx;
  // A select read straight from a register is a pipeline's valid or data
  // bit, which follows the stimulus cycle by cycle: its branch mispredicts
  // and the block costs more than it saves (NoBlur's stage-valid-gated
  // inside tests: batched 0.64x -> 0.48x of Verilator). Decoded conditions
  // (an FSM phase compare, an occupancy AND) hold for many cycles.
  const guards = guardsOf(net, root, ids, always, (sel) => !x.maskSelect(sel) && net.nodes[sel]!.op !== 'reg');
  if (guards.size === 0) {
    ids.forEach(def);
    return;
  }
  for (const step of lazyOrder(net, root, ids, guards)) {
    if ('id' in step) {
      def(step.id);
      continue;
    }
    // A block too small to pay for its test is computed in place: its
    // operands are all defined by now (0 when not computed this cycle).
    if (step.ids.length < MIN_BLOCK) {
      step.ids.forEach(def);
      continue;
    }
    const cond = step.conds.map((c) => `(${conditionCode(c, x.ref(c.sel), x.width(c.sel))})`).join(' && ');
    g.emit(`let ${step.ids.map((id) => `${names(net, id)[0]!} = 0`).join(', ')};`);
    g.emit(`if (${cond}) {`);
    block(true);
    for (const id of step.ids) g.emit(assign('', names(net, id), nodeValue(net.nodes[id]!, x)));
    block(false);
    g.emit('}');
  }
}
