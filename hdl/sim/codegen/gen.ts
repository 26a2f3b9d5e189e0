// The generator every generated function body is written with: the
// prologue that loads state arrays, memories, CAMs and helpers into the
// factory's scope (withPrologue), the body collector with its expression
// context (Gen), and the names of locals and slots. codegen/fn.ts (slot
// and edge code), codegen/loop.ts (the run(n) loop), codegen/lazy.ts,
// codegen/fsm.ts and the batch and stream drivers build on it.
import type { SimNetlist } from '../netlist.js';
import type { NodeId } from '../../ir.js';
import { limbOfNumber, literal, literalLimbs, type ExprCtx } from './util.js';
import { isWide, limbsOf, storeOf, type Layout } from '../passes/layout.js';
import { helperPrologue } from '../runtime/state.js';
import { inputSteered } from '../passes/steering.js';
import { InternalError } from '../../errors.js';

/** inputSteered per netlist, computed once for all its generated functions. */
const steeredOf = new WeakMap<SimNetlist, Uint8Array>();
function steered(net: SimNetlist): Uint8Array {
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
export function withPrologue(net: SimNetlist, body: string, params = 'n'): string {
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
  lines.push(...helperLines(uses));
  lines.push(`return function (${params}) {`);
  if (uses('rst') || uses('nrst')) lines.push(RESET_LOCALS);
  lines.push(body, '};');
  return lines.join('\n');
}

/** The prologue's lines binding the helpers (`H_...`) that `uses` says a body names. */
export function helperLines(uses: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const line of helperPrologue.split('\n')) {
    const name = /const (H_\w+) =/.exec(line)?.[1];
    if (name !== undefined && uses(name)) out.push(line);
  }
  return out;
}

/** The reset line's locals, read per call from ctl; nrst: all ones unless
 *  reset is high, for registers that reset to 0. */
export const RESET_LOCALS = 'const rst = ctl[0], nrst = rst !== 0 ? 0 : -1;';

/** Thrown by Gen.emit past the limit set with limitTo; the generator that
 *  set it catches it (an InternalError if one ever escapes). */
export class OverBudget extends InternalError {
  constructor(limit: number) {
    super(`codegen: generated source passed ${limit} characters with no one to catch it`);
  }
}

/** Runs `emit` with `g` limited to `limit` characters (Gen.limitTo):
 *  false, and `g` left half-written, as soon as its text passes them. */
export function emitWithin(g: Gen, limit: number, emit: () => void): boolean {
  if (limit === Infinity) {
    emit();
    return true;
  }
  g.limitTo(limit);
  try {
    emit();
    return true;
  } catch (e) {
    if (e instanceof OverBudget) return false;
    throw e;
  } finally {
    g.limitTo(null);
  }
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
  /** `shareTmps`: the context has shared() (ExprCtx), for straight-line
   *  code whose hoisted locals stay in scope. */
  constructor(net: SimNetlist, root: Int32Array, refRoot: RootRef, maskSelect = true, shareTmps = false) {
    const hoisted = new Map<string, string>();
    const shared = (e: string): string => {
      let t = hoisted.get(e);
      if (t === undefined) hoisted.set(e, (t = this.ctx.tmp(e)));
      return t;
    };
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
      ...(shareTmps && { shared }),
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
    if (this.budget !== null) {
      for (const l of this.pending) this.size += l.length + 1;
      this.size += stmt.length + 1;
      if (this.size - 1 > this.budget) throw new OverBudget(this.budget);
    }
    this.lines.push(...this.pending, stmt);
    this.pending = [];
  }
  private budget: number | null = null;
  private size = 0;
  /** From now on, emit() throws OverBudget once the text would be longer
   *  than `limit` characters (null: no limit). For a generator whose output
   *  contains every line emitted here, so that passing the limit settles
   *  that the output is too long to use, and the rest need not be made. */
  limitTo(limit: number | null): void {
    // One budget at a time: a nested emitWithin on the same Gen would lift
    // the outer one when it ends, or take the outer one's OverBudget for its own.
    if (limit !== null && this.budget !== null) throw new InternalError(`codegen: a budget of ${limit} characters set inside one of ${this.budget}`);
    this.budget = limit;
    this.size = this.lines.reduce((n, l) => n + l.length + 1, 0);
  }
  text(): string {
    return this.lines.join('\n');
  }
}

/** Names of the locals (prefix + id, one per limb when wide). */
export function names(net: SimNetlist, id: NodeId, prefix = 'v'): string[] {
  const w = net.nodes[id]!.width;
  return isWide(w) ? Array.from({ length: limbsOf(w) }, (_, j) => `${prefix}${id}_${j}`) : [`${prefix}${id}`];
}

/** `kw a = e0, b = e1;` (or plain assignments without kw). */
export function assign(kw: 'const' | 'let' | '', lhs: string[], rhs: string[]): string {
  const parts = lhs.map((l, j) => `${l} = ${rhs[j]}`);
  return kw === '' ? `${parts.join('; ')};` : `${kw} ${parts.join(', ')};`;
}

/** The slot (or limb j of the slot) of node id; suffix 'X' for next state. */
export const slotRef = (net: SimNetlist, lay: Layout, id: NodeId, suffix = '', j = 0): string => {
  const s = storeOf(net.nodes[id]!.width);
  return `${s}${suffix}[${lay.slot[id]! + j}]`;
};

export const slotRefs = (net: SimNetlist, lay: Layout, id: NodeId, suffix = ''): string[] =>
  names(net, id).map((_, j) => slotRef(net, lay, id, suffix, j));

/** Reads locals `v<id>` (or `v<id>_<j>`). */
export function localRefOf(net: SimNetlist): RootRef {
  return (r, j) => (isWide(net.nodes[r]!.width) ? `v${r}_${j}` : `v${r}`);
}
