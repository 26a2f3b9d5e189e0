// Bodies of the generated functions. Every body starts with the same
// prologue (state arrays, memories, CAMs, helpers in locals), then one of:
//  - slot code: a run of computed nodes; values defined in the body are
//    locals, others are read from the N/D/W slot arrays, and chosen values are
//    stored back to their slots;
//  - edge code: next-state values into NX/DX/WX, or memory/CAM writes;
//  - loop code: the whole design, n cycles, all state in locals
//    (codegen/loop.ts).
// A wide value is one local (or slot) per limb: v12_0, v12_1, ...
import type { SimNetlist } from '../netlist.js';
import { type NodeId } from '../../ir.js';
import { simCombOperands } from '../netlist.js';
import { nodeValue } from './node.js';
import { nextStateValue, writeStatements } from './edge.js';
import type { Layout } from '../passes/layout.js';
import { emitLazy } from './lazy.js';
import { assign, emitWithin, Gen, localRefOf, names, slotRef, slotRefs } from './gen.js';
import { enableGroups } from './edge-groups.js';

/** Computes `ids` in order; stores those for which `store` holds. Values
 *  not stored are computed only when read (codegen/lazy.ts). */
export function slotCode(net: SimNetlist, lay: Layout, ids: NodeId[], store: (id: NodeId) => boolean): string {
  return slotCodeWithin(net, lay, ids, store, Infinity)!;
}

/** slotCode's source, or null as soon as it passes `limit` characters. */
export function slotCodeWithin(net: SimNetlist, lay: Layout, ids: NodeId[], store: (id: NodeId) => boolean, limit: number): string | null {
  const local = new Set(ids);
  const loc = localRefOf(net);
  // A value from another chunk is read from its slot once, into a local at
  // its first use: the function's own slot stores keep V8 from reusing an
  // earlier load (a large design's chunks read each import ~2.3 times).
  // Not inside a lazy block: the local would be out of scope after it.
  const imported = new Map<string, string>();
  let inBlock = false;
  const g: Gen = new Gen(net, lay.root, (r, j) => {
    if (local.has(r)) return loc(r, j);
    const slot = slotRef(net, lay, r, '', j);
    let t = imported.get(slot);
    if (t === undefined) {
      if (inBlock) return slot;
      t = g.ctx.tmp(slot);
      imported.set(slot, t);
    }
    return t;
  });
  const def = (id: NodeId): void => {
    const d = assign('const', names(net, id), nodeValue(net.nodes[id]!, g.ctx));
    g.emit(store(id) ? `${d} ${assign('', slotRefs(net, lay, id), names(net, id))}` : d);
  };
  if (!emitWithin(g, limit, () => emitLazy(g, net, lay.root, ids, store, def, (open) => (inBlock = open)))) return null;
  return g.text();
}

const slotGen = (net: SimNetlist, lay: Layout): Gen => new Gen(net, lay.root, (r, j) => slotRef(net, lay, r, '', j));

/** A generator that reads each slot once, into a local at its first use,
 *  and hoists each repeated subexpression it is asked to (a stage's enable
 *  mask) once: for clock-edge code, which wants every slot's value from
 *  before the edge (nextStateCode writes only NX/DX/WX; edgeCode commits a
 *  register's slot only after its first read, and later readers take that
 *  read's local). A register's next state reads its own slot twice (the
 *  enable's mask select: q ^ ((q ^ d) & -en)) and every register of a
 *  pipeline stage reads the stage's enable, and V8's optimising compiler
 *  spends most of an edge function's compile time on typed-array accesses:
 *  a Blur next-state chunk of 250 registers read its slots 961 times, and
 *  compiled in 0.6-0.7x the time with each slot read once and each
 *  enable's mask made once (best of nine compiles each, in one process). */
function readOnceGen(net: SimNetlist, lay: Layout): Gen {
  const g: Gen = new Gen(net, lay.root, (r, j) => g.ctx.shared!(slotRef(net, lay, r, '', j)), true, true);
  return g;
}

/** Next state of `stateIds` into NX/DX/WX, from settled slots (which it
 *  does not write: the edge copies NX/DX/WX over them afterwards). */
export function nextStateCode(net: SimNetlist, lay: Layout, stateIds: NodeId[]): string {
  const g = readOnceGen(net, lay);
  for (const id of stateIds) g.emit(assign('', slotRefs(net, lay, id, 'X'), nextStateValue(net.nodes[id]!, g.ctx, 'rst')));
  return g.text();
}

/** The whole clock edge in one function, next states in locals (two-phase
 *  without the NX/DX/WX buffers), for designs small enough to optimise.
 *  Each register is committed to its slot as soon as nothing after it reads
 *  that slot (its own next state, or the memory and CAM writes), not all at
 *  the end: V8's optimising compiler records every live local at each of
 *  the function's thousands of checks, so a next state held to the end cost
 *  time in proportion to registers x checks (a Blur edge of 356 registers:
 *  about 4x the compile time of the interleaved form). */
export function edgeCode(net: SimNetlist, lay: Layout, stateIds: NodeId[]): string {
  return edgeCodeWithin(net, lay, stateIds, Infinity)!;
}

/** edgeCode's source, or null as soon as it is sure to pass `limit`
 *  characters. The budget is on the blocks, each emitted once before the
 *  source is assembled from them, their commits and newlines: a source at
 *  least as long as the blocks (Gen counts a newline per line). */
export function edgeCodeWithin(net: SimNetlist, lay: Layout, stateIds: NodeId[], limit: number): string | null {
  const g = readOnceGen(net, lay);
  const blocks: string[] = [];
  const block = (emit: () => void): void => {
    const at = g.lines.length;
    emit();
    blocks.push(g.lines.splice(at).join('\n'));
  };
  const fits = emitWithin(g, limit, () => {
    for (const id of stateIds) block(() => g.emit(assign('const', names(net, id, 'x'), nextStateValue(net.nodes[id]!, g.ctx, 'rst'))));
    block(() => {
      for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
    });
  });
  if (!fits) return null;
  // The last block that reads each slot (slot references are literal:
  // gen.ts slotRef). Each slot is read once (readOnceGen), by the first
  // block that needs it; blocks after it read the local, which keeps the
  // value from before the edge once the slot is committed.
  const lastRead = new Map<string, number>();
  blocks.forEach((b, k) => {
    for (const m of b.matchAll(/(?<![\w$])[NDW]\[\d+\]/g)) lastRead.set(m[0], k);
  });
  const commits = blocks.map((): string[] => []);
  stateIds.forEach((id, k) => {
    const refs = slotRefs(net, lay, id);
    commits[Math.max(k, ...refs.map((r) => lastRead.get(r) ?? -1))]!.push(assign('', refs, names(net, id, 'x')));
  });
  blocks.forEach((b, k) => {
    if (b !== '') g.emit(b);
    for (const c of commits[k]!) g.emit(c);
  });
  return g.text();
}

export function writeCode(net: SimNetlist, lay: Layout): string {
  const g = slotGen(net, lay);
  for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
  return g.text();
}

/** Nodes of `cone` whose value cannot change while the loop runs: fed only
 *  by constants and nodes for which `fixedInput` holds. */
export function invariantNodes(net: SimNetlist, root: Int32Array, cone: NodeId[], fixedInput: (id: NodeId) => boolean): Set<NodeId> {
  const invariant = new Set<NodeId>();
  const fixed = (id: NodeId): boolean => {
    const n = net.nodes[root[id]!]!;
    return n.op === 'const' || (n.op === 'input' && fixedInput(n.id)) || invariant.has(n.id);
  };
  for (const id of cone) {
    const n = net.nodes[id]!;
    const stored = n.op === 'memread' || n.op === 'cammatch' || n.op === 'camread' || n.op === 'camvalid';
    if (!stored && simCombOperands(n).every(fixed)) invariant.add(id);
  }
  return invariant;
}

/** The loop body's tail: next states, writes, commit into the state locals. */
export function edgeInLoop(g: Gen, net: SimNetlist, stateIds: NodeId[]): void {
  // Registers sharing an enable: one branch per group (codegen/edge-groups.ts).
  const groups = enableGroups(g.ctx, stateIds, (id) => names(net, id, 'x')[0]!, (id) => names(net, id)[0]!);
  for (const id of stateIds) if (!groups.ids.has(id)) g.emit(assign('const', names(net, id, 'x'), nextStateValue(net.nodes[id]!, g.ctx, 'rst')));
  for (const s of groups.statements) g.emit(s);
  for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
  for (const id of stateIds) g.emit(assign('', names(net, id), names(net, id, 'x')));
}
