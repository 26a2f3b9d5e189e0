// Generated code as one switch on an FSM's state register (passes/fsm-specialize.ts):
// one case per compared state value, plus a default for the values none of
// them names, each case generated from its specialised netlist. Used by the
// batch and run(n) loops (state in locals) and by settlePorts and the edge
// (state in its slot).
import type { FsmState, SimNetlist } from '../netlist.js';
import type { NodeId } from '../../ir.js';
import { assign, emitWithin, Gen, localRefOf, names, slotRef, slotRefs } from './gen.js';
import { edgeCodeWithin, slotCodeWithin } from './fn.js';
import { valueOf } from './access.js';
import { specializeFsm } from '../passes/fsm-specialize.js';
import { labeler } from '../passes/labels.js';
import type { Layout } from '../passes/layout.js';
import { isComputed, resolveAliases, schedule } from '../passes/schedule.js';

/** Emits into `g` (whose locals are named by localRefOf) the switch whose
 *  cases each run `body` on their own netlist; false (nothing emitted) when
 *  `net` has no FSM state register (net.fsm: the FSM switch pass) or when the switch would take g's text
 *  past `limit` characters (V8 would not optimise the function). */
export function emitFsmSwitch(
  g: Gen,
  net: SimNetlist,
  maskSelect: boolean,
  limit: number,
  body: (gk: Gen, netk: SimNetlist, rootk: Int32Array) => void,
): boolean {
  const fsm = net.fsm ?? null;
  if (fsm === null) return false;
  const before = g.lines.length;
  // Give up as soon as the cases so far pass the limit (a large design's
  // first copy may already): each costs a pass over the netlist.
  let length = g.text().length;
  const cases = statesOf(net, fsm);
  g.emit(`switch (${names(net, fsm.reg)[0]!}) {`);
  for (let i = 0; i < cases.values.length; i++) {
    const { label, netk, rootk } = caseOf(net, cases, i);
    const gk = new Gen(netk, rootk, localRefOf(netk), maskSelect);
    // A case longer than what is left of the limit settles it (overLimit):
    // stop writing it there rather than at its end.
    if (!emitWithin(gk, limit - length, () => body(gk, netk, rootk))) {
      g.lines.length = before;
      return false;
    }
    g.emit(label);
    for (const line of gk.lines) g.emit(line);
    g.emit('break; }');
    length += gk.text().length;
    if (overLimit(length, i, cases.values.length, limit)) {
      g.lines.length = before;
      return false;
    }
  }
  g.emit('}');
  if (g.text().length <= limit) return true;
  g.lines.length = before;
  return false;
}

/** Slot code for the cone of `keep` (compile.ts's settlePorts) as one
 *  switch on the FSM state register's slot, each case the slot code of its
 *  specialised netlist; null when there is no FSM or the code would pass
 *  `limit` characters. Each case stores what its own netlist's `keep`
 *  nodes resolve to (what fsmEdgeCode's case reads); of the `current`
 *  nodes, each also gets its own slot current: one that a case folds to a
 *  constant or to another node has that value copied into its slot. */
export function fsmSlotCode(net: SimNetlist, lay: Layout, keep: NodeId[], current: NodeId[], limit: number): string | null {
  const computedRoots = (ids: NodeId[]): NodeId[] => [...new Set(ids.map((id) => lay.root[id]!))].filter((r) => isComputed(net.nodes[r]!));
  const keptRoots = computedRoots(keep);
  const currentRoots = computedRoots(current);
  return switchOnSlot(net, lay, limit, (netk, layk, budget) => {
    const rootk = layk.root;
    const stored = new Set(keptRoots.map((r) => rootk[r]!));
    const ids = schedule(netk, rootk, labeler(netk), keep);
    const copies = new Gen(netk, rootk, (r, j) => slotRef(netk, layk, r, '', j));
    for (const r of currentRoots) if (rootk[r] !== r || !isComputed(netk.nodes[r]!)) copies.emit(assign('', slotRefs(netk, layk, r), valueOf(copies.ctx, r)));
    const tail = copies.text();
    const slots = slotCodeWithin(netk, layk, ids, (id) => stored.has(id), budget - tail.length - 1);
    return slots === null ? null : `${slots}\n${tail}`;
  });
}

/** The clock edge (compile.ts's edge) as one switch on the state
 *  register's slot, each case edgeCode of its specialised netlist: it reads
 *  the slots of what the edge inputs fold to in that state, which a full
 *  settle and fsmSlotCode both leave current. Null as fsmSlotCode. */
export function fsmEdgeCode(net: SimNetlist, lay: Layout, stateIds: NodeId[], limit: number): string | null {
  return switchOnSlot(net, lay, limit, (netk, layk, budget) => edgeCodeWithin(netk, layk, stateIds, budget));
}

/** `switch` on the FSM state register's slot, one case per specialised
 *  netlist (its layout's root resolving the folded nodes). `caseCode` is
 *  given what is left of the limit, and returns null once its case is sure
 *  to be longer: the switch is then past the limit (overLimit), as the
 *  whole case would have shown (a large design's first case alone was up to
 *  ten times the sweep's limit, written in full to be dropped). */
function switchOnSlot(net: SimNetlist, lay: Layout, limit: number, caseCode: (netk: SimNetlist, layk: Layout, budget: number) => string | null): string | null {
  const fsm = net.fsm ?? null;
  if (fsm === null) return null;
  const cases = statesOf(net, fsm);
  const lines = [`switch (${slotRef(net, lay, fsm.reg)}) {`];
  let length = lines[0]!.length;
  for (let i = 0; i < cases.values.length; i++) {
    const { label, netk, rootk } = caseOf(net, cases, i);
    const code = caseCode(netk, { ...lay, root: rootk }, limit - length - 32);
    if (code === null) return null;
    lines.push(label, code, 'break; }');
    length += code.length + 32;
    if (overLimit(length, i, cases.values.length, limit)) return null;
  }
  lines.push('}');
  return lines.join('\n');
}

/** Whether a switch whose first `done + 1` of `cases` cases took `length`
 *  characters is past `limit`, or is heading well past it (the cases of one
 *  FSM are of similar length), so the remaining copies need not be made. */
function overLimit(length: number, done: number, cases: number, limit: number): boolean {
  return length > limit || (length / (done + 1)) * cases > 1.5 * limit;
}

interface StateCase {
  /** `case k: {`, or `default: {` for the values no compare names (and for
   *  the last value of a register whose every value is compared, so V8
   *  sees every path of the switch end in a case). */
  label: string;
  netk: SimNetlist;
  rootk: Int32Array;
}

/** The specialised netlists of `net`, each made on first use and kept for
 *  all its generated functions (the WeakMaps keyed by netlist then hit
 *  across them too): a switch that passes its limit in its first case
 *  needs no other, and a large design's four specialisations had been made
 *  before its first case was found too long. */
interface StateCases {
  readonly fsm: FsmState;
  readonly values: readonly (number | null)[];
  readonly made: (StateCase | undefined)[];
}
const statesMade = new WeakMap<SimNetlist, StateCases>();
function statesOf(net: SimNetlist, fsm: FsmState): StateCases {
  let s = statesMade.get(net);
  if (s !== undefined) return s;
  const values: (number | null)[] = fsm.covered ? fsm.values : [...fsm.values, null];
  s = { fsm, values, made: [] };
  statesMade.set(net, s);
  return s;
}

/** Case `i` of `net`'s switch, specialised on first use. */
function caseOf(net: SimNetlist, cases: StateCases, i: number): StateCase {
  let c = cases.made[i];
  if (c !== undefined) return c;
  const value = cases.values[i]!;
  const netk = specializeFsm(net, cases.fsm, value);
  const last = cases.fsm.covered && i === cases.values.length - 1;
  c = { label: value === null || last ? 'default: {' : `case ${value}: {`, netk, rootk: resolveAliases(netk, labeler(netk)) };
  cases.made[i] = c;
  return c;
}
