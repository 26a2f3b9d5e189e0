// Lazy mux arms: logic whose value only a mux arm reads is computed only in
// the cycles that mux selects that arm. An FSM's per-phase datapath (the
// radix sorter's leading-zero counts, used only in its SETUP phase) is then
// skipped in the other phases, where the generated code used to compute
// everything every cycle. Only muxes selected with a branch qualify (not
// those ExprCtx.maskSelect turns into masks: a select that changes with
// the stimulus would mispredict), and only where enough logic hangs under
// one condition to pay for the test (MIN_GUARDED nodes).
//
// A node's guard is a conjunction of conditions "mux select S picks one of
// arms A"; it is needed whenever some consumer needs it, so its guard is
// what all its consumers' guards (each with the arm's condition added)
// have in common. Guards are keyed by the select, not by the mux, so logic
// read by several muxes of one select (the next-state muxes of one FSM
// phase) shares the condition.
import type { SimNetlist } from '../netlist.js';
import { type NodeId } from '../../ir.js';
import { simCombOperands } from '../netlist.js';
import { isNarrow, isWide } from './layout.js';

/** "The narrow select `sel` (of a mux of `cases` cases) picks an arm in `arms`". */
export interface ArmCondition {
  key: string;
  sel: NodeId;
  arms: number[];
  cases: number;
}

/** Per computed node: the conditions under which its value is needed
 *  (none: always). */
export type Guards = Map<NodeId, ArmCondition[]>;

/** Fewest nodes under one condition worth a branch on it. */
const MIN_GUARDED = 3;
/** Longest run of nodes guarded: a little more than fits in one function V8
 *  optimises (compile.ts LOOP_SOURCE_LIMIT, ~40 characters a node). */
const MAX_IDS = 2500;

/**
 * Guards for `ids` (computed roots, dependency order). `always`: nodes whose
 * value is needed every time (stored, output, sampled at the edge); nodes
 * outside `ids` count as available. `branches(sel)`: whether a mux of that
 * select is a branch (not masks).
 */
export function guardsOf(
  net: SimNetlist,
  root: Int32Array,
  ids: NodeId[],
  always: (id: NodeId) => boolean,
  branches: (sel: NodeId) => boolean,
): Guards {
  // Nothing to guard (settle()'s code stores every value; most chunks of a
  // large design have no branch-selected mux): no propagation at all. Nor
  // for a run too long to be one optimised function (compile.ts measures
  // the whole cone as one function before cutting it into chunks, which
  // are then guarded each).
  if (ids.length > MAX_IDS) return new Map();
  if (!ids.some((id) => !always(id) && net.nodes[id]!.op === 'mux')) return new Map();
  // Per node (by position in ids): the distinct roots it reads among ids,
  // in operand order; made once for both propagations and their rounds.
  const inSet = new Set(ids);
  const reads = ids.map((id) => [...new Set(simCombOperands(net.nodes[id]!).map((x) => root[x]!))].filter((o) => inSet.has(o)));
  const walk = { ids, inSet, reads };
  // Counting needs no fixpoint: a select's requirement only weakens guards.
  const first = propagate(net, root, walk, always, branches, null, false);
  const count = new Map<string, number>();
  for (const g of first.values()) for (const c of g) count.set(c.key, (count.get(c.key) ?? 0) + 1);
  const enabled = new Set([...count].filter(([, k]) => k >= MIN_GUARDED).map(([key]) => key));
  if (enabled.size === 0) return new Map();
  const out = propagate(net, root, walk, always, branches, enabled, true);
  for (const [id, g] of out) if (g.length === 0) out.delete(id);
  return out;
}

function propagate(
  net: SimNetlist,
  root: Int32Array,
  walk: { ids: NodeId[]; inSet: Set<NodeId>; reads: NodeId[][] },
  always: (id: NodeId) => boolean,
  branches: (sel: NodeId) => boolean,
  enabled: Set<string> | null,
  fixpoint: boolean,
): Guards {
  const { ids, inSet, reads } = walk;
  const arms = new Map<NodeId, Map<NodeId, ArmCondition>>();
  for (const id of ids) {
    const n = net.nodes[id]!;
    if (n.op === 'mux') arms.set(id, armConditions(net, root, n.sel, n.cases, branches, enabled));
  }
  // A condition's select must be computed wherever the condition is tested
  // (under the conditions before it): a requirement that can weaken the
  // select's guard, and so its cone's; repeated until nothing weakens.
  const selNeeds: Guards = new Map();
  for (;;) {
    const guard: Guards = new Map();
    const meet = (m: Guards, id: NodeId, g: ArmCondition[]): void => {
      const had = m.get(id);
      m.set(id, had === undefined ? g : had.filter((c) => g.some((d) => d.key === c.key)));
    };
    for (const [id, g] of selNeeds) meet(guard, id, g);
    for (let i = ids.length - 1; i >= 0; i--) {
      const id = ids[i]!;
      const n = net.nodes[id]!;
      // A wide value is several locals: always computed (and so is its cone).
      const g = always(id) || isWide(n.width) ? [] : (guard.get(id) ?? []);
      guard.set(id, g);
      const sel = n.op === 'mux' ? root[n.sel]! : -1;
      const byArm = arms.get(id);
      for (const o of reads[i]!) {
        const c = o === sel ? undefined : byArm?.get(o);
        meet(guard, o, c === undefined ? g : [...g, c]);
      }
    }
    if (!fixpoint) return guard;
    let changed = false;
    for (const g of guard.values()) {
      g.forEach((c, k) => {
        if (!inSet.has(c.sel)) return;
        const before = selNeeds.get(c.sel);
        meet(selNeeds, c.sel, g.slice(0, k));
        const after = selNeeds.get(c.sel)!;
        if (before === undefined || before.length !== after.length) changed = true;
      });
    }
    if (!changed) return guard;
  }
}

/** Per case operand (root) of a mux: the condition of the arms it is read
 *  in, unless it is read in every arm or the select is masked. */
function armConditions(
  net: SimNetlist,
  root: Int32Array,
  sel: NodeId,
  cases: NodeId[],
  branches: (sel: NodeId) => boolean,
  enabled: Set<string> | null,
): Map<NodeId, ArmCondition> {
  const out = new Map<NodeId, ArmCondition>();
  const s = root[sel]!;
  if (cases.length < 2 || !isNarrow(net.nodes[s]!.width) || !branches(s)) return out;
  const armsOf = new Map<NodeId, number[]>();
  cases.forEach((c, k) => {
    const r = root[c]!;
    armsOf.set(r, [...(armsOf.get(r) ?? []), k]);
  });
  for (const [r, arms] of armsOf) {
    if (arms.length === cases.length) continue;
    const key = `${s}:${cases.length}:${arms.join(',')}`;
    if (enabled === null || enabled.has(key)) out.set(r, { key, sel: s, arms, cases: cases.length });
  }
  return out;
}

/** JS condition (on the select's expression `sel`, of `width` bits) for a
 *  mux's arms as the balanced compare tree of codegen/node.ts selects them:
 *  an index past the last case selects the last. */
export function conditionCode(c: ArmCondition, sel: string, width: number): string {
  const idx = width === 32 ? `(${sel} >>> 0)` : sel;
  const last = c.cases - 1;
  if (width === 1 && c.cases === 2) return c.arms[0] === 0 ? `${sel} === 0` : `${sel} !== 0`;
  return c.arms.map((k) => (k < last ? `${idx} === ${k}` : `${idx} >= ${last}`)).join(' || ');
}

/** A step of lazy code: a node computed unconditionally, or guarded nodes
 *  computed together under at most two of their guard's conditions: the
 *  outermost (its select is computed every cycle, so it is exact) and the
 *  innermost (the most selective: an FSM's next-state mux chain nests one
 *  phase test per level). Testing only those is safe: when the whole guard
 *  holds, every select in it holds its true value, so the tests pass;
 *  otherwise the block may run on a select not computed this cycle (0),
 *  computing values no reader looks at. */
export type LazyStep = { id: NodeId } | { conds: ArmCondition[]; ids: NodeId[] };

/**
 * `ids` (dependency order) with each guarded node deferred until the first
 * unguarded node that reads it (directly or through other guarded nodes),
 * then computed just before it, in a block under its conditions. A block's
 * conditions only name selects computed before it (they are pulled in too).
 */
export function lazyOrder(net: SimNetlist, root: Int32Array, ids: NodeId[], guards: Guards): LazyStep[] {
  const pending = new Set(ids.filter((id) => guards.has(id)));
  const deps = (id: NodeId): NodeId[] => [
    ...simCombOperands(net.nodes[id]!).map((o) => root[o]!),
    ...(guards.get(id) ?? []).map((c) => c.sel),
  ];
  const out: LazyStep[] = [];
  for (const id of ids) {
    if (guards.has(id)) continue;
    // Depth-first post-order over the pending nodes it needs, without
    // recursion (a long guarded chain would overflow the stack).
    const pulled: NodeId[] = [];
    const stack: { id: NodeId; deps: NodeId[]; k: number }[] = [{ id, deps: deps(id), k: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.k < top.deps.length) {
        const d = top.deps[top.k++]!;
        if (pending.delete(d)) stack.push({ id: d, deps: deps(d), k: 0 });
        continue;
      }
      stack.pop();
      if (top.id !== id) pulled.push(top.id);
    }
    let block: { conds: ArmCondition[]; ids: NodeId[] } | null = null;
    let blockKey = '';
    for (const p of pulled) {
      const g = guards.get(p)!;
      const conds = g.length === 1 ? g : [g[0]!, g[g.length - 1]!];
      const key = conds.map((c) => c.key).join('&');
      if (block !== null && blockKey === key) block.ids.push(p);
      else {
        out.push((block = { conds, ids: [p] }));
        blockKey = key;
      }
    }
    out.push({ id });
  }
  return out;
}
