// One value per computed node: picks the narrow (int32), mid (exact double)
// or limb generator, and handles the operators whose code does not depend on
// arithmetic width: muxes and memory reads (CAMs: codegen/cam.ts).
import type { Node, NodeId } from '../../ir.js';
import { isNarrow, isWide, limbsOf } from '../passes/layout.js';
import { narrowExpr, narrowMux } from './narrow.js';
import { midExpr } from './mid.js';
import { amountNum, limbsExpr, lowerLimbs } from './limbs.js';
import { camMatchValue, camReadValue, camValidValue } from './cam.js';
import { libraryOpValue } from './libops.js';
import { chooseLimbs, memVar, uN, type Choice, type ExprCtx } from './util.js';
import { indexedRead, valueOf } from './access.js';
import { InternalError } from '../../errors.js';
import type { ScatterNode, SimNode } from '../netlist.js';

/** The node's value: one expression, or one per limb for a wide node. */
export function nodeValue(n: SimNode, x: ExprCtx): string[] {
  switch (n.op) {
    case 'scatter':
      return scatterValue(n, x);
    case 'mux':
      return muxValue(n.sel, n.cases, n.width, x);
    case 'memread':
      return memReadValue(n.mem, n.addr, x);
    case 'cammatch':
      return camMatchValue(n.cam, n.key, n.mask, n.width, x);
    case 'camread':
      return camReadValue(n.cam, n.index, x);
    case 'camvalid':
      return camValidValue(n.cam, n.width, x);
    case 'popcount':
    case 'prienc':
    case 'argmin':
    case 'argmax':
      return [libraryOpValue(n, x)];
    case 'const':
    case 'input':
    case 'wire':
    case 'reg':
    case 'instout':
      throw new InternalError(`nodeValue: ${n.op} is not computed`);
    default: {
      if (isWide(n.width)) return limbsExpr(n, x);
      const ws = operandWidths(n, x);
      if (isNarrow(n.width) && ws.every(isNarrow)) return [narrowExpr(n, x)];
      if (!ws.some(isWide)) return [midExpr(n, x)];
      return [lowerLimbs(limbsExpr(n, x), n.width)];
    }
  }
}

function operandWidths(n: Node, x: ExprCtx): number[] {
  if ('parts' in n) return n.parts.map((p) => x.width(p));
  const out = [x.width((n as { a: NodeId }).a)];
  if ('b' in n) out.push(x.width(n.b));
  return out;
}

/** A decoded select's scatter (passes/decoded-select.ts): zero the entries
 *  read, OR each triple into its index's entry of the scratch table, read
 *  the entries out as limbs. */
function scatterValue(n: ScatterNode, x: ExprCtx): string[] {
  const T = 'H_R';
  const stmts = n.keys.map((key) => `${T}[${key}] = 0;`);
  for (const t of n.terms) {
    const d = x.ref(t.d);
    stmts.push(`${T}[${x.ref(t.idx)}] |= ${t.en === null ? d : `${d} & -${x.ref(t.en)}`};`);
  }
  x.pre(stmts.join(' '));
  return n.keys.map((key) => `${T}[${key}]`);
}

/** Balanced compare tree on the case index: log2(cases) comparisons, and an
 *  index past the end falls into the last case for free. (Mask-based
 *  selection measured slower when muxes are steered by control state,
 *  whose branches predict well, as in the step(n) loop with constant
 *  inputs; a narrow mux of few cases steered by the stimulus in code whose
 *  inputs change every cycle is masks, see ExprCtx.maskSelect.) A wide mux
 *  is one if/else tree setting every limb (chooseLimbs). */
function muxValue(sel: NodeId, cases: NodeId[], w: number, x: ExprCtx): string[] {
  const last = cases.length - 1;
  const vals = cases.map((c) => valueOf(x, c));
  if (last === 0) return vals[0]!;
  const ws = x.width(sel);
  const masked = x.maskSelect(sel) && isNarrow(w) && isNarrow(ws) ? narrowMux(x.ref(sel), ws, vals.map((v) => v[0]!)) : null;
  if (masked !== null) return [masked];
  const idx = isWide(ws) ? x.tmp(amountNum(sel, last, x)) : uN(x.ref(sel), ws);
  if (isWide(w)) {
    const choice = (lo: number, hi: number): Choice => {
      if (lo === hi) return vals[lo]!;
      const mid = (lo + hi + 1) >> 1;
      return { cond: `${idx} < ${mid}`, then: choice(lo, mid - 1), else: choice(mid, hi) };
    };
    return chooseLimbs(x, limbsOf(w), choice(0, last));
  }
  const tree = (lo: number, hi: number): string => {
    if (lo === hi) return vals[lo]![0]!;
    const mid = (lo + hi + 1) >> 1;
    return `(${idx} < ${mid} ? ${tree(lo, mid - 1)} : ${tree(mid, hi)})`;
  };
  return [tree(0, last)];
}

/** Combinational read; out-of-range addresses read 0 (wide memories keep a
 *  spare zero word past the end for them). */
export function memReadValue(mem: number, addr: NodeId, x: ExprCtx): string[] {
  const m = x.net.memories[mem]!;
  return indexedRead(memVar(mem), m.depth, m.width, addr, x);
}

