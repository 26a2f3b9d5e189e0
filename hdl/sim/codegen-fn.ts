// Bodies of the generated functions. Every body starts with the same
// prologue (state arrays, memories, CAMs, helpers in locals), then one of:
//  - slot code: a run of computed nodes; values defined in the body are
//    locals, others are read from the N/D/W slot arrays, and chosen values are
//    stored back to their slots;
//  - edge code: next-state values into NX/DX/WX, or memory/CAM writes;
//  - loop code: the whole design, n cycles, all state in locals.
// A wide value is one local (or slot) per limb: v12_0, v12_1, ...
import type { FlatNetlist } from '../flatten.js';
import { combOperands, type NodeId } from '../ir.js';
import { limbOfNumber, literal, literalLimbs, type ExprCtx } from './codegen-util.js';
import { nodeValue } from './codegen-node.js';
import { nextStateValue, writeStatements } from './codegen-edge.js';
import { isWide, limbsOf, storeOf, type Layout } from './layout.js';
import { helperPrologue } from './runtime.js';
import { inputSteered } from './steering.js';
import { emitLazy } from './codegen-lazy.js';
import { enableGroups } from './codegen-edge-groups.js';
import { emitFsmSwitch } from './codegen-fsm.js';
import { labeler } from './labels.js';
import { edgeInputs, schedule } from './schedule.js';
import { InternalError } from '../errors.js';

/** inputSteered per netlist, computed once for all its generated functions. */
const steeredOf = new WeakMap<FlatNetlist, Uint8Array>();
function steered(net: FlatNetlist): Uint8Array {
  let s = steeredOf.get(net);
  if (s === undefined) steeredOf.set(net, (s = inputSteered(net)));
  return s;
}

/** Source of a factory, called once with (S, H), that returns the generated
 *  function `function (params) { body }`. The state arrays, memories, CAMs
 *  and helpers the body names are loaded once, into the factory's scope:
 *  a poke/peek/step testbench calls two small functions per cycle, and each
 *  would otherwise pay for those loads (and a wrapper passing S and H) on
 *  every call. Only the reset line is read per call. The arrays are never
 *  replaced (a clock edge copies into them), so capturing them is safe. */
export function withPrologue(net: FlatNetlist, body: string, params = 'n'): string {
  const uses = (name: string): boolean => new RegExp(`\\b${name}\\b`).test(body);
  const lines = ["'use strict';"];
  const state = ['N', 'D', 'W', 'NX', 'DX', 'WX'].filter(uses).map((k) => `${k} = S.${k}`);
  if (uses('rst') || uses('nrst')) state.push('ctl = S.ctl');
  if (state.length > 0) lines.push(`const ${state.join(', ')};`);
  net.memories.forEach((_, i) => {
    if (uses(`m${i}`)) lines.push(`const m${i} = S.mems[${i}];`);
  });
  net.cams.forEach((_, i) => {
    if (uses(`ck${i}`) || uses(`cv${i}`) || uses(`cc${i}`)) {
      lines.push(`const ck${i} = S.camKeys[${i}], cv${i} = S.camValid[${i}], cc${i} = S.camCare[${i}];`);
    }
  });
  for (const line of helperPrologue.split('\n')) {
    const name = /const (H_\w+) =/.exec(line)?.[1];
    if (name !== undefined && uses(name)) lines.push(line);
  }
  lines.push(`return function (${params}) {`);
  // nrst: all ones unless reset is high, for registers that reset to 0.
  if (uses('rst') || uses('nrst')) lines.push('const rst = ctl[0], nrst = rst !== 0 ? 0 : -1;');
  lines.push(body, '};');
  return lines.join('\n');
}

/** Where a root's value is read from: `name` for narrow and mid values, and
 *  `name(j)` per limb for wide ones. */
export type RootRef = (r: NodeId, j: number) => string;

/** Collects one body; `tmp` locals are flushed before the statement using them. */
export class Gen {
  readonly lines: string[] = [];
  private pending: string[] = [];
  private tmps = 0;
  readonly ctx: ExprCtx;
  constructor(net: FlatNetlist, root: Int32Array, refRoot: RootRef, maskSelect = true) {
    const konst = (id: NodeId) => {
      const n = net.nodes[root[id]!]!;
      return n.op === 'const' ? n : null;
    };
    this.ctx = {
      net,
      ref: (id) => {
        const r = root[id]!;
        const n = net.nodes[r]!;
        if (isWide(n.width)) throw new InternalError(`codegen: node ${id} is ${n.width} bits wide; read it by limbs`);
        return n.op === 'const' ? literal(n.value, n.width) : refRoot(r, 0);
      },
      limb: (id, j) => {
        const r = root[id]!;
        const n = net.nodes[r]!;
        if (j >= limbsOf(n.width)) return '0';
        if (n.op === 'const') return literalLimbs(n.value, n.width)[j]!;
        return isWide(n.width) ? refRoot(r, j) : limbOfNumber(refRoot(r, 0), n.width, j);
      },
      constValue: (id) => konst(id)?.value ?? null,
      width: (id) => net.nodes[id]!.width,
      tmp: (e) => {
        const t = `t${this.tmps++}`;
        this.pending.push(`const ${t} = ${e};`);
        return t;
      },
      pre: (s) => {
        this.pending.push(s);
      },
      maskSelect: maskSelect ? (id) => steered(net)[id] === 1 : () => false,
    };
  }
  emit(stmt: string): void {
    this.lines.push(...this.pending, stmt);
    this.pending = [];
  }
  text(): string {
    return this.lines.join('\n');
  }
}

/** Names of the locals (prefix + id, one per limb when wide). */
export function names(net: FlatNetlist, id: NodeId, prefix = 'v'): string[] {
  const w = net.nodes[id]!.width;
  return isWide(w) ? Array.from({ length: limbsOf(w) }, (_, j) => `${prefix}${id}_${j}`) : [`${prefix}${id}`];
}

/** `kw a = e0, b = e1;` (or plain assignments without kw). */
export function assign(kw: 'const' | 'let' | '', lhs: string[], rhs: string[]): string {
  const parts = lhs.map((l, j) => `${l} = ${rhs[j]}`);
  return kw === '' ? `${parts.join('; ')};` : `${kw} ${parts.join(', ')};`;
}

/** The slot (or limb j of the slot) of node id; suffix 'X' for next state. */
export const slotRef = (net: FlatNetlist, lay: Layout, id: NodeId, suffix = '', j = 0): string => {
  const s = storeOf(net.nodes[id]!.width);
  return `${s}${suffix}[${lay.slot[id]! + j}]`;
};

export const slotRefs = (net: FlatNetlist, lay: Layout, id: NodeId, suffix = ''): string[] =>
  names(net, id).map((_, j) => slotRef(net, lay, id, suffix, j));

/** Reads locals `v<id>` (or `v<id>_<j>`). */
export function localRefOf(net: FlatNetlist): RootRef {
  return (r, j) => (isWide(net.nodes[r]!.width) ? `v${r}_${j}` : `v${r}`);
}

/** Computes `ids` in order; stores those for which `store` holds. Values
 *  not stored are computed only when read (codegen-lazy.ts). */
export function slotCode(net: FlatNetlist, lay: Layout, ids: NodeId[], store: (id: NodeId) => boolean): string {
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
  emitLazy(g, net, lay.root, ids, store, def, (open) => (inBlock = open));
  return g.text();
}

const slotGen = (net: FlatNetlist, lay: Layout): Gen => new Gen(net, lay.root, (r, j) => slotRef(net, lay, r, '', j));

/** Next state of `stateIds` into NX/DX/WX, from settled slots. */
export function nextStateCode(net: FlatNetlist, lay: Layout, stateIds: NodeId[]): string {
  const g = slotGen(net, lay);
  for (const id of stateIds) g.emit(assign('', slotRefs(net, lay, id, 'X'), nextStateValue(net.nodes[id]!, g.ctx, 'rst')));
  return g.text();
}

/** The whole clock edge in one function, next states in locals (two-phase
 *  without the NX/DX/WX buffers), for designs small enough to optimise. */
export function edgeCode(net: FlatNetlist, lay: Layout, stateIds: NodeId[]): string {
  const g = slotGen(net, lay);
  for (const id of stateIds) g.emit(assign('const', names(net, id, 'x'), nextStateValue(net.nodes[id]!, g.ctx, 'rst')));
  for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
  for (const id of stateIds) g.emit(assign('', slotRefs(net, lay, id), names(net, id, 'x')));
  return g.text();
}

export function writeCode(net: FlatNetlist, lay: Layout): string {
  const g = slotGen(net, lay);
  for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
  return g.text();
}

/** Nodes of `cone` whose value cannot change while the loop runs: fed only
 *  by constants and nodes for which `fixedInput` holds. */
export function invariantNodes(net: FlatNetlist, root: Int32Array, cone: NodeId[], fixedInput: (id: NodeId) => boolean): Set<NodeId> {
  const invariant = new Set<NodeId>();
  const fixed = (id: NodeId): boolean => {
    const n = net.nodes[root[id]!]!;
    return n.op === 'const' || (n.op === 'input' && fixedInput(n.id)) || invariant.has(n.id);
  };
  for (const id of cone) {
    const n = net.nodes[id]!;
    const stored = n.op === 'memread' || n.op === 'cammatch' || n.op === 'camread' || n.op === 'camvalid';
    if (!stored && combOperands(n).every(fixed)) invariant.add(id);
  }
  return invariant;
}

/** The loop body's tail: next states, writes, commit into the state locals. */
export function edgeInLoop(g: Gen, net: FlatNetlist, stateIds: NodeId[]): void {
  // Registers sharing an enable: one branch per group (codegen-edge-groups.ts).
  const groups = enableGroups(g.ctx, stateIds, (id) => names(net, id, 'x')[0]!, (id) => names(net, id)[0]!);
  for (const id of stateIds) if (!groups.ids.has(id)) g.emit(assign('const', names(net, id, 'x'), nextStateValue(net.nodes[id]!, g.ctx, 'rst')));
  for (const s of groups.statements) g.emit(s);
  for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
  for (const id of stateIds) g.emit(assign('', names(net, id), names(net, id, 'x')));
}

/** The whole design for `n` cycles in one function: inputs are constant for
 *  the run, state lives in locals across iterations and is stored back once
 *  at the end, and only `cone` (what next state depends on) is computed. */
export function loopCode(net: FlatNetlist, lay: Layout, cone: NodeId[], stateIds: NodeId[], inputIds: NodeId[], fsmLimit = 0): string {
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
  // Not lazy (codegen-lazy.ts): measured slower here (radix-sort-tile's
  // step(n) with constant inputs, 80 -> 85-92 ns/cycle), where the phase
  // pattern is fixed and every mux a well-predicted branch already.
  const cycle = (gk: Gen, netk: FlatNetlist, conek: NodeId[]): void => {
    for (const id of conek) if (!invariant.has(id)) gk.emit(assign('const', names(netk, id), nodeValue(netk.nodes[id]!, gk.ctx)));
    edgeInLoop(gk, netk, stateIds);
  };
  // Per FSM state a body of its own (codegen-fsm.ts) when it fits fsmLimit.
  const switched = emitFsmSwitch(g, net, false, fsmLimit, (gk, netk, rootk) =>
    cycle(gk, netk, schedule(netk, rootk, labeler(netk), edgeInputs(netk))),
  );
  if (!switched) cycle(g, net, cone);
  g.emit('}');
  for (const id of stateIds) g.emit(assign('', slotRefs(net, lay, id), names(net, id)));
  return g.text();
}
