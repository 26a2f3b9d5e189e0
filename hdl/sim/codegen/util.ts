// Snippets shared by the code generators, and the context through which they
// name values. Generated code only ever sees a node's value through ctx.ref,
// so the same generators serve locals (the fast loop) and slot arrays.
import type { SimNetlist } from '../netlist.js';
import type { NodeId } from '../../ir.js';
import { isMid, isWide, limbsOf } from '../passes/layout.js';
import { InternalError } from '../../errors.js';

export interface ExprCtx {
  net: SimNetlist;
  /** Expression for the value of node `id` (wires resolved), in its
   *  representation (passes/layout.ts): int32 pattern for width <= 32, integer
   *  double for 33..52 (mid). Not for wide nodes: use limb. */
  ref(id: NodeId): string;
  /** Limb j (int32 pattern of bits 32j..32j+31) of node `id`, any width;
   *  '0' past its top limb. */
  limb(id: NodeId, j: number): string;
  width(id: NodeId): number;
  /** Hoists `expr` into a fresh local evaluated just before the node. */
  tmp(expr: string): string;
  /** Where the generator shares hoisted locals (codegen/gen.ts Gen's
   *  shareTmps): `expr` in the local it already has, or a new one. Only for
   *  expressions whose value is the same wherever they appear (of consts and
   *  slots the code does not write). Absent elsewhere, where a local per use
   *  would only lengthen the code. */
  shared?: (expr: string) => string;
  /** The value of `id` when it is a constant (wires resolved), else null. */
  constValue(id: NodeId): bigint | null;
  /** Emits a statement just before the node (helper calls on scratch limbs). */
  pre(stmt: string): void;
  /** Whether a narrow mux or enable steered by node `id` is selected with
   *  masks rather than a branch (codegen/narrow.ts narrowMux): in code whose
   *  inputs change every cycle, when `id` depends on a top-level input
   *  (passes/steering.ts). The step(n) loop, inputs constant, always branches. */
  maskSelect(id: NodeId): boolean;
}

/** Name of the generated local holding memory `i` (and CAM keys/valid bits). */
export const memVar = (i: number): string => `m${i}`;
export const camKeyVar = (i: number): string => `ck${i}`;
export const camValidVar = (i: number): string => `cv${i}`;
export const camCareVar = (i: number): string => `cc${i}`;

/** The int32 pattern of all ones at width w (w <= 32). */
export function onesN(w: number): string {
  return w === 32 ? '-1' : String(2 ** w - 1);
}

/** Reduce an int32-valued expression to canonical width-w form. */
export function wrapN(e: string, w: number): string {
  return w === 32 ? `((${e}) | 0)` : `((${e}) & ${onesN(w)})`;
}

/** Sign-extend a canonical width-w value to int32. */
export function sxN(e: string, w: number): string {
  return w === 32 ? e : `((${e}) << ${32 - w} >> ${32 - w})`;
}

/** The unsigned value (as a JS number) of a canonical width-w value. */
export function uN(e: string, w: number): string {
  return w === 32 ? `(${e} >>> 0)` : e;
}

/** A literal in the representation of a narrow or mid `width`: mid double or int32 pattern. */
export function literal(value: bigint, width: number): string {
  const v = BigInt.asUintN(width, value);
  if (isWide(width)) throw new InternalError(`literal: ${width} bits is wide; use literalLimbs`);
  if (isMid(width)) return String(v);
  const n = Number(BigInt.asIntN(32, v));
  return n < 0 ? `(${n})` : String(n);
}

/** The limbs (int32 patterns, little-endian) of a constant of any width. */
export function literalLimbs(value: bigint, width: number): string[] {
  const v = BigInt.asUintN(width, value);
  return Array.from({ length: limbsOf(width) }, (_, j) => {
    const n = Number(BigInt.asIntN(32, v >> BigInt(32 * j)));
    return n < 0 ? `(${n})` : String(n);
  });
}

/** Limb j of a narrow or mid value expression `e` of width w. */
export function limbOfNumber(e: string, w: number, j: number): string {
  if (j === 0) return isMid(w) ? `(${e} | 0)` : e;
  // A mid value is below 2^52, so its high word is below 2^20 and `| 0`
  // truncates the exact quotient.
  if (j === 1 && isMid(w)) return `((${e} / 4294967296) | 0)`;
  return '0';
}

/** Largest value a width-w unsigned operand can take, saturating past 2^53. */
export function maxOf(w: number): number {
  return w >= 53 ? Number.MAX_SAFE_INTEGER : 2 ** w - 1;
}

/** A JS boolean expression as int32 0/1, without a branch. */
export function bit(cond: string): string {
  return `((${cond}) | 0)`;
}


/** Unsigned value of a narrow or mid operand as a JS number (exact, < 2^52). */
export function num(x: ExprCtx, id: NodeId): string {
  return uN(x.ref(id), x.width(id));
}

/** Two's-complement value of a narrow or mid operand as a JS number. */
export function snum(x: ExprCtx, id: NodeId): string {
  const w = x.width(id);
  if (!isMid(w)) return sxN(x.ref(id), w);
  const a = x.ref(id);
  return `(${a} >= ${2 ** (w - 1)} ? ${a} - ${2 ** w} : ${a})`;
}

/** A choice among values of k limbs each: the limbs, or a condition picking
 *  between two choices. */
export type Choice = string[] | { cond: string; then: Choice; else: Choice };

/** Serial of chooseLimbs' locals: unique in every generated function. */
let chosen = 0;

/** The limbs of a choice as locals set by one if/else tree, emitted before
 *  the node: one branch per condition for the whole value, where a
 *  conditional expression per limb branches once per limb (measured ~12%
 *  faster on the QFM, whose 512-bit stage registers pass through muxes). */
export function chooseLimbs(x: ExprCtx, k: number, c: Choice): string[] {
  const id = chosen++;
  const names = Array.from({ length: k }, (_, j) => `u${id}_${j}`);
  const body = (c: Choice): string =>
    Array.isArray(c) ? names.map((n, j) => `${n} = ${c[j]};`).join(' ') : `if (${c.cond}) { ${body(c.then)} } else { ${body(c.else)} }`;
  x.pre(`let ${names.join(', ')}; ${body(c)}`);
  return names;
}
