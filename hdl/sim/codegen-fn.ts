// Bodies of the generated functions. Every body starts with the same
// prologue (state arrays, memories, CAMs, helpers in locals), then one of:
//  - slot code: a run of computed nodes; values defined in the body are
//    locals, others are read from the N/D/W slot arrays, and chosen values are
//    stored back to their slots;
//  - edge code: next-state values into NX/DX/WX, or memory/CAM writes;
//  - loop code: the whole design, n cycles, all state in locals.
import type { FlatNetlist } from '../flatten.js';
import { combOperands, type NodeId } from '../ir.js';
import { literal, type ExprCtx } from './codegen-util.js';
import { nodeExpr } from './codegen-node.js';
import { nextStateExpr, writeStatements } from './codegen-edge.js';
import { storeOf, type Layout } from './layout.js';
import { helperPrologue } from './runtime.js';

export function prologue(net: FlatNetlist): string {
  const lines = ["'use strict';", 'const N = S.N, D = S.D, W = S.W, NX = S.NX, DX = S.DX, WX = S.WX, rst = S.ctl[0];'];
  net.memories.forEach((_, i) => lines.push(`const m${i} = S.mems[${i}];`));
  net.cams.forEach((c, i) => lines.push(`const ck${i} = S.camKeys[${i}], cv${i} = S.camValid[${i}];${c.ternary ? ` const cc${i} = S.camCare[${i}];` : ''}`));
  lines.push(helperPrologue);
  return lines.join('\n');
}

/** Collects one body; `tmp` locals are flushed before the statement using them. */
export class Gen {
  readonly lines: string[] = [];
  private pending: string[] = [];
  private tmps = 0;
  readonly ctx: ExprCtx;
  constructor(net: FlatNetlist, root: Int32Array, refRoot: (id: NodeId) => string) {
    this.ctx = {
      net,
      ref: (id) => {
        const r = root[id]!;
        const n = net.nodes[r]!;
        return n.op === 'const' ? literal(n.value, n.width) : refRoot(r);
      },
      width: (id) => net.nodes[id]!.width,
      tmp: (e) => {
        const t = `t${this.tmps++}`;
        this.pending.push(`const ${t} = ${e};`);
        return t;
      },
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

export const slotRef = (net: FlatNetlist, lay: Layout, id: NodeId, suffix = ''): string =>
  `${storeOf(net.nodes[id]!.width)}${suffix}[${lay.slot[id]}]`;

/** Computes `ids` in order; stores those for which `store` holds. */
export function slotCode(net: FlatNetlist, lay: Layout, ids: NodeId[], store: (id: NodeId) => boolean): string {
  const local = new Set(ids);
  const g = new Gen(net, lay.root, (r) => (local.has(r) ? `v${r}` : slotRef(net, lay, r)));
  for (const id of ids) {
    const def = `const v${id} = ${nodeExpr(net.nodes[id]!, g.ctx)};`;
    g.emit(store(id) ? `${def} ${slotRef(net, lay, id)} = v${id};` : def);
  }
  return g.text();
}

/** Next state of `stateIds` into NX/WX, from settled slots. */
export function nextStateCode(net: FlatNetlist, lay: Layout, stateIds: NodeId[]): string {
  const g = new Gen(net, lay.root, (r) => slotRef(net, lay, r));
  for (const id of stateIds) g.emit(`${slotRef(net, lay, id, 'X')} = ${nextStateExpr(net.nodes[id]!, g.ctx, 'rst')};`);
  return g.text();
}

/** The whole clock edge in one function, next states in locals (two-phase
 *  without the NX/WX buffers), for designs small enough to optimise. */
export function edgeCode(net: FlatNetlist, lay: Layout, stateIds: NodeId[]): string {
  const g = new Gen(net, lay.root, (r) => slotRef(net, lay, r));
  for (const id of stateIds) g.emit(`const x${id} = ${nextStateExpr(net.nodes[id]!, g.ctx, 'rst')};`);
  for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
  for (const id of stateIds) g.emit(`${slotRef(net, lay, id)} = x${id};`);
  return g.text();
}

export function writeCode(net: FlatNetlist, lay: Layout): string {
  const g = new Gen(net, lay.root, (r) => slotRef(net, lay, r));
  for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
  return g.text();
}

/** The whole design for `n` cycles in one function: inputs are constant for
 *  the run, state lives in locals across iterations and is stored back once
 *  at the end, and only `cone` (what next state depends on) is computed. */
export function loopCode(net: FlatNetlist, lay: Layout, cone: NodeId[], stateIds: NodeId[], inputIds: NodeId[]): string {
  const g = new Gen(net, lay.root, (r) => `v${r}`);
  for (const id of inputIds) g.emit(`const v${id} = ${slotRef(net, lay, id)};`);
  for (const id of stateIds) g.emit(`let v${id} = ${slotRef(net, lay, id)};`);
  // Logic fed only by inputs and constants cannot change during the run:
  // computed once, before the loop.
  const invariant = new Set<NodeId>();
  const fixed = (id: NodeId): boolean => {
    const n = net.nodes[lay.root[id]!]!;
    return n.op === 'const' || n.op === 'input' || invariant.has(n.id);
  };
  for (const id of cone) {
    const n = net.nodes[id]!;
    if (n.op !== 'memread' && n.op !== 'cammatch' && n.op !== 'camread' && n.op !== 'camvalid' && combOperands(n).every(fixed)) invariant.add(id);
  }
  for (const id of cone) if (invariant.has(id)) g.emit(`const v${id} = ${nodeExpr(net.nodes[id]!, g.ctx)};`);
  g.emit('for (let c = 0; c < n; c++) {');
  for (const id of cone) if (!invariant.has(id)) g.emit(`const v${id} = ${nodeExpr(net.nodes[id]!, g.ctx)};`);
  for (const id of stateIds) g.emit(`const x${id} = ${nextStateExpr(net.nodes[id]!, g.ctx, 'rst')};`);
  for (const s of writeStatements(g.ctx, 'rst')) g.emit(s);
  for (const id of stateIds) g.emit(`v${id} = x${id};`);
  g.emit('}');
  for (const id of stateIds) g.emit(`${slotRef(net, lay, id)} = v${id};`);
  return g.text();
}
