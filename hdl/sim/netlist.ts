// The simulator's netlist: the flat design netlist (hdl/flatten.ts) plus
// kernel operations, node kinds that no design contains and that only the
// simulator's passes make (passes/) and its code generators compute
// (codegen/). A kernel is the exact meaning of a piece of the design's
// logic in a form cheaper to run as JavaScript; its node lists its operands
// like any other, so scheduling, chunking and liveness see exactly its
// inputs, and its meaning is in the node, not in a table beside it.
import type { FlatNetlist } from '../flatten.js';
import { combOperands, operands, type Node, type NodeId } from '../ir.js';

/** One (index, enable, data) triple a scatter ORs into its table. */
export interface ScatterTerm {
  idx: NodeId;
  en: NodeId | null;
  d: NodeId;
}

/** A decoded select's scatter (passes/decoded-select.ts): into a zeroed
 *  table, T[idx] |= d & -en for every term, then entry keys[r] is limb r
 *  of the value (32 bits a limb). */
export interface ScatterNode {
  id: NodeId;
  width: number;
  /** Never named, no source: a kernel is no signal of the design. */
  name?: undefined;
  loc?: undefined;
  display?: undefined;
  op: 'scatter';
  keys: number[];
  terms: ScatterTerm[];
}

/** The kernel operations. */
export type KernelNode = ScatterNode;

/** A node of the simulator's netlist: a design node or a kernel. */
export type SimNode = Node | KernelNode;

/** A control FSM's state register (passes/fsm-specialize.ts), which the
 *  generated code switches on once per cycle (codegen/fsm.ts). */
export interface FsmState {
  /** The state register (a root `reg` node). */
  reg: NodeId;
  /** Distinct constants it is compared with by eq/ne, ascending. */
  values: number[];
  /** Whether every value of the register is in `values` (no default copy). */
  covered: boolean;
}

/** The flat netlist whose nodes may be kernels, with what the passes found
 *  for the code generators. A FlatNetlist is one (no kernels, no FSM), so
 *  every pass and generator taking a SimNetlist takes it too. */
export interface SimNetlist extends Omit<FlatNetlist, 'nodes'> {
  nodes: SimNode[];
  /** The FSM switch pass's state register; absent or null: no switch. */
  fsm?: FsmState | null;
  /** The lazy arms pass: logic only a mux arm reads is computed only when
   *  the arm is selected (codegen/lazy.ts); absent: every node in order. */
  lazyArms?: boolean;
}

/** Whether `n` is a kernel operation rather than a design node. */
export function isKernel(n: SimNode): n is KernelNode {
  return n.op === 'scatter';
}

/** Every node `n` reads (ir.ts operands, for kernels too). */
export function simOperands(n: SimNode): NodeId[] {
  if (isKernel(n)) return n.terms.flatMap((t) => (t.en === null ? [t.idx, t.d] : [t.idx, t.en, t.d]));
  return operands(n);
}

/** The nodes `n` reads within the cycle (ir.ts combOperands; a kernel is
 *  combinational). */
export function simCombOperands(n: SimNode): NodeId[] {
  return isKernel(n) ? simOperands(n) : combOperands(n);
}
