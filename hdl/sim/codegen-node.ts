// One expression per computed node: picks the narrow (int32), mid (exact
// double) or exact (BigInt) generator, and handles the operators whose code does not depend
// on arithmetic width: muxes, memory reads and CAM searches.
import type { Node, NodeId } from '../ir.js';
import { isMid, isNarrow, isWide } from './layout.js';
import { narrowExpr } from './codegen-narrow.js';
import { midExpr } from './codegen-mid.js';
import { wideExpr } from './codegen-wide.js';
import { camCareVar, camKeyVar, camValidVar, maxOf, memVar, uN, type ExprCtx } from './codegen-util.js';

export function nodeExpr(n: Node, x: ExprCtx): string {
  switch (n.op) {
    case 'mux':
      return muxExpr(n.sel, n.cases, x);
    case 'memread':
      return memReadExpr(n.mem, n.addr, x);
    case 'cammatch': {
      if (x.net.cams[n.cam]!.ternary) {
        const args = `(${camKeyVar(n.cam)}, ${camCareVar(n.cam)}, ${camValidVar(n.cam)}, ${x.ref(n.key)}${n.mask === undefined ? '' : `, ${x.ref(n.mask)}`})`;
        if (isNarrow(n.width)) return `H_camMatchTernary32${args}`;
        return isMid(n.width) ? `Number(H_camMatchTernaryBig${args})` : `H_camMatchTernaryBig${args}`;
      }
      const masked = n.mask === undefined ? '' : 'Masked';
      const args = `(${camKeyVar(n.cam)}, ${camValidVar(n.cam)}, ${x.ref(n.key)}${n.mask === undefined ? '' : `, ${x.ref(n.mask)}`})`;
      if (isNarrow(n.width)) return `H_camMatch${masked}32${args}`;
      return isMid(n.width) ? `Number(H_camMatch${masked}Big${args})` : `H_camMatch${masked}Big${args}`;
    }
    case 'camread':
      return indexedReadExpr(camKeyVar(n.cam), x.net.cams[n.cam]!.entries, x.net.cams[n.cam]!.keyWidth, n.index, x);
    case 'camvalid': {
      const args = `(${camValidVar(n.cam)})`;
      if (isNarrow(n.width)) return `H_camValid32${args}`;
      return isMid(n.width) ? `Number(H_camValidBig${args})` : `H_camValidBig${args}`;
    }
    case 'const':
    case 'input':
    case 'wire':
    case 'reg':
    case 'instout':
      throw new Error(`nodeExpr: ${n.op} is not computed`);
    default: {
      const ws = operandWidths(n, x);
      if (isNarrow(n.width) && ws.every(isNarrow)) return narrowExpr(n, x);
      if (!isWide(n.width) && !ws.some(isWide)) return midExpr(n, x);
      return wideExpr(n, x);
    }
  }
}

function operandWidths(n: Node, x: ExprCtx): number[] {
  if ('parts' in n) return n.parts.map((p) => x.width(p));
  const out = [x.width((n as { a: NodeId }).a)];
  if ('b' in n) out.push(x.width(n.b));
  return out;
}

/** Balanced compare tree on the case index: log2(cases) comparisons, and an
 *  index past the end falls into the last case for free. (Mask-based
 *  selection measured slower: muxes are usually steered by control state,
 *  whose branches predict well.) */
function muxExpr(sel: NodeId, cases: NodeId[], x: ExprCtx): string {
  const last = cases.length - 1;
  if (last === 0) return x.ref(cases[0]!);
  const ws = x.width(sel);
  const idx = isWide(ws)
    ? x.tmp(`(${x.ref(sel)} < ${last}n ? Number(${x.ref(sel)}) : ${last})`)
    : uN(x.ref(sel), ws);
  const tree = (lo: number, hi: number): string => {
    if (lo === hi) return x.ref(cases[lo]!);
    const mid = (lo + hi + 1) >> 1;
    return `(${idx} < ${mid} ? ${tree(lo, mid - 1)} : ${tree(mid, hi)})`;
  };
  return tree(0, last);
}

/** Combinational read; out-of-range addresses read 0. */
export function memReadExpr(mem: number, addr: NodeId, x: ExprCtx): string {
  const m = x.net.memories[mem]!;
  return indexedReadExpr(memVar(mem), m.depth, m.width, addr, x);
}

/** Entry `addr` of an indexed store of `size` words of `width` bits (a
 *  memory, or a CAM's keys); 0 past the end. */
function indexedReadExpr(store: string, size: number, width: number, addr: NodeId, x: ExprCtx): string {
  const zero = isWide(width) ? '0n' : '0';
  const wa = x.width(addr);
  if (isWide(wa)) {
    const a = x.tmp(x.ref(addr));
    return `(${a} < ${size}n ? ${store}[Number(${a})] : ${zero})`;
  }
  const a = uN(x.ref(addr), wa);
  if (maxOf(wa) < size) return `${store}[${a}]`;
  return `(${a} < ${size} ? ${store}[${a}] : ${zero})`;
}

/** Statement that stores `value` at `addr` of an indexed store of `size`
 *  entries when `en` is set; out-of-range addresses are ignored. */
export function guardedStore(target: string, size: number, addr: NodeId, en: NodeId, value: string, x: ExprCtx): string {
  const wa = x.width(addr);
  if (isWide(wa)) {
    return `if (${x.ref(en)} !== 0) { const a = ${x.ref(addr)}; if (a < ${size}n) ${target}[Number(a)] = ${value}; }`;
  }
  const a = uN(x.ref(addr), wa);
  if (maxOf(wa) < size) return `if (${x.ref(en)} !== 0) ${target}[${a}] = ${value};`;
  return `if (${x.ref(en)} !== 0) { const a = ${a}; if (a < ${size}) ${target}[a] = ${value}; }`;
}
