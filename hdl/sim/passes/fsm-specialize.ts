// FSM next-state per state. A control FSM compares its state register
// against constants everywhere: each register's next value is a chain of
// muxes on `phase == k`, and enables AND in `phase == k`. Every cycle the
// generic code evaluates every compare and every mux of every chain, though
// within one state all of them are fixed. The loop code can instead switch
// on the state register once per cycle and run, per state value, a copy of
// the netlist in which the register's compares are constants and the logic
// they decide is folded away: muxes become wires to the taken arm, ANDs and
// ORs with a decided operand become constants or wires. The phase persists
// for many cycles in a sorter or a sequencer, so the one switch predicts
// well, where the muxes it replaces each cost a compare and a select.
//
// The proof is structural and local: in the copy for value k, a node
// eq(R, c) with R the state register and c a constant is the constant
// (k == c); the copy for "none of the compared constants" has every such
// compare false. Folding then only applies identities of and/or/xor/not/mux
// on operands folded before them (a node is folded only when an operand was,
// so logic that never depended on R, such as loop-invariant logic, keeps its
// node untouched). Node ids are kept, so names, slots and the edge code mean
// the same in every copy.
import type { FsmState, SimNetlist, SimNode } from '../netlist.js';
import type { Node, NodeId } from '../../ir.js';
import { labeler } from './labels.js';
import { throughWires } from './netlist-walk.js';
import { resolveAliases, schedule } from './schedule.js';
import { InternalError } from '../../errors.js';

/** State registers this narrow at most get a switch (2^3 values: at most
 *  nine copies of the loop body). */
export const FSM_STATE_BITS = 3;
/** Fewest distinct constants a register must be compared with. */
const MIN_COMPARED = 2;

/** The operands of eq/ne node n when one is (through wires) `reg` and the
 *  other a constant: that constant, else null. */
function comparedConst(nodes: readonly SimNode[], n: SimNode, reg: NodeId): bigint | null {
  if (n.op !== 'eq' && n.op !== 'ne') return null;
  const a = throughWires(nodes, n.a);
  const b = throughWires(nodes, n.b);
  const other = a === reg ? b : b === reg ? a : -1;
  if (other < 0) return null;
  const o = nodes[other]!;
  return o.op === 'const' ? o.value : null;
}

/** The register most compared against constants, if any register of at
 *  most FSM_STATE_BITS bits is compared with MIN_COMPARED distinct ones and
 *  can hold its value (canHold). */
export function findFsmState(net: SimNetlist): FsmState | null {
  const nodes = net.nodes;
  const consts = new Map<NodeId, Set<number>>();
  const uses = new Map<NodeId, number>();
  for (const n of nodes) {
    if (n.op !== 'eq' && n.op !== 'ne') continue;
    for (const side of [n.a, n.b]) {
      const r = throughWires(nodes, side);
      const rn = nodes[r]!;
      if (rn.op !== 'reg' || rn.width > FSM_STATE_BITS) continue;
      const c = comparedConst(nodes, n, r);
      if (c === null) continue;
      let set = consts.get(r);
      if (set === undefined) consts.set(r, (set = new Set()));
      set.add(Number(c));
      uses.set(r, (uses.get(r) ?? 0) + 1);
    }
  }
  let best: FsmState | null = null;
  let bestUses = 0;
  for (const [reg, set] of consts) {
    const u = uses.get(reg)!;
    if (set.size < MIN_COMPARED || u <= bestUses || !canHold(nodes, reg)) continue;
    const values = [...set].sort((x, y) => x - y);
    best = { reg, values, covered: values.length === 2 ** nodes[reg]!.width };
    bestUses = u;
  }
  return best;
}

/** Every computed node of a netlist in dependency order, once per netlist
 *  (specializeFsm runs once per state value). */
const orderOf = new WeakMap<SimNetlist, NodeId[]>();

/** Mux arms followed from a register's next value, at most. */
const HOLD_SEARCH = 256;

/** Whether register `reg` keeps its value in some condition: it has an
 *  enable, or its next value is (through wires and mux arms) itself. A
 *  state holds for a while; a register that never holds (a counter, a
 *  shift register) changes every cycle, and a switch on it would pick a
 *  different case every cycle. */
function canHold(nodes: readonly SimNode[], reg: NodeId): boolean {
  const r = nodes[reg]!;
  if (r.op !== 'reg') return false;
  if (r.en !== null) return true;
  const seen = new Set<NodeId>();
  const todo = [r.d];
  while (todo.length > 0 && seen.size < HOLD_SEARCH) {
    const id = throughWires(nodes, todo.pop()!);
    if (id === reg) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    const n = nodes[id]!;
    if (n.op === 'mux') todo.push(...n.cases);
  }
  return false;
}

/** Counts of what specialisation folded, for tests. */
export interface FoldStats {
  consts: number;
  wires: number;
}

/** `net` with `fsm.reg` known to hold `value` (null: a value none of the
 *  compared constants equals). A new object; `net` is not changed. */
export function specializeFsm(net: SimNetlist, fsm: FsmState, value: number | null, stats?: FoldStats): SimNetlist {
  if (value !== null && !fsm.values.includes(value)) throw new InternalError(`fsm-specialize: ${value} is not a compared value of node ${fsm.reg}`);
  const nodes: SimNode[] = net.nodes.slice();
  /** Value of each node folded to a constant here. */
  const folded = new Map<NodeId, bigint>();
  /** Nodes folded to a wire: their target. */
  const alias = new Map<NodeId, NodeId>();
  const resolve = (id: NodeId): NodeId => {
    let r = throughWires(net.nodes, id);
    for (let a = alias.get(r); a !== undefined; a = alias.get(r)) r = throughWires(net.nodes, a);
    return r;
  };
  /** Folded value of operand id, or an original constant's when `plain`. */
  const valueOf = (id: NodeId, plain: boolean): bigint | null => {
    const r = resolve(id);
    const f = folded.get(r);
    if (f !== undefined) return f;
    const n = net.nodes[r]!;
    return plain && n.op === 'const' ? n.value : null;
  };
  const tainted = (id: NodeId): boolean => {
    const r = resolve(id);
    return folded.has(r) || r !== throughWires(net.nodes, id);
  };
  let order = orderOf.get(net);
  if (order === undefined) {
    const label = labeler(net);
    orderOf.set(net, (order = schedule(net, resolveAliases(net, label), label)));
  }
  for (const id of order) {
    const n = net.nodes[id]!;
    const c = comparedConst(net.nodes, n, fsm.reg);
    if (c !== null) {
      const equal = value !== null && BigInt(value) === c;
      folded.set(id, (n.op === 'eq') === equal ? 1n : 0n);
      continue;
    }
    let to: bigint | NodeId | null = null;
    switch (n.op) {
      case 'not': {
        const a = valueOf(n.a, false);
        if (a !== null) to = ~a & maskOf(n.width);
        break;
      }
      case 'and':
      case 'or':
      case 'xor': {
        if (!tainted(n.a) && !tainted(n.b)) break;
        const a = valueOf(n.a, true);
        const b = valueOf(n.b, true);
        if (a !== null && b !== null) to = n.op === 'and' ? a & b : n.op === 'or' ? a | b : a ^ b;
        else if (a !== null || b !== null) to = binaryWithConst(n.op, (a ?? b)!, a !== null ? n.b : n.a, maskOf(n.width));
        break;
      }
      case 'mux': {
        const s = valueOf(n.sel, false);
        if (s === null || s >= BigInt(n.cases.length)) break;
        const arm = n.cases[Number(s)]!;
        const armConst = valueOf(arm, true);
        to = armConst !== null ? armConst : nodes[resolve(arm)]!.width === n.width ? arm : null;
        break;
      }
      default:
        break;
    }
    if (to === null) continue;
    if (typeof to === 'bigint') folded.set(id, to);
    else alias.set(id, to);
  }
  for (const [id, v] of folded) nodes[id] = { ...headOf(nodes[id]!), id, op: 'const', value: v } as Node;
  for (const [id, to] of alias) nodes[id] = { ...headOf(nodes[id]!), id, op: 'wire', a: resolve(to) } as Node;
  if (stats) {
    stats.consts += folded.size;
    stats.wires += alias.size;
  }
  return { ...net, nodes };
}

/** All ones at `width` bits, made once per width: specializeFsm runs over
 *  every node once per FSM state, and a BigInt per node was about a tenth
 *  of a Blur design's compilation. */
const masks: bigint[] = [];
function maskOf(width: number): bigint {
  return (masks[width] ??= (1n << BigInt(width)) - 1n);
}

/** and/or/xor with one constant operand k and the other `x`: the constant
 *  it reduces to, `x` itself, or null when it reduces to neither. */
function binaryWithConst(op: 'and' | 'or' | 'xor', k: bigint, x: NodeId, mask: bigint): bigint | NodeId | null {
  if (op === 'and') return k === 0n ? 0n : k === mask ? x : null;
  if (op === 'or') return k === mask ? mask : k === 0n ? x : null;
  return k === 0n ? x : null;
}

/** The fields a rewritten node keeps: width, name and source location. */
function headOf(n: SimNode): Pick<Node, 'width'> & Partial<Pick<Node, 'name' | 'loc' | 'display'>> {
  return { width: n.width, ...(n.name === undefined ? {} : { name: n.name }), ...(n.loc ? { loc: n.loc } : {}), ...(n.display ? { display: n.display } : {}) };
}
