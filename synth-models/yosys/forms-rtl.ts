// Structural Verilog of every operator architecture the cost model chooses
// among (operator-forms.ts), built bit by bit so Yosys keeps the structure
// (it would turn a behavioural `a + b` into its own Brent-Kung adder), and
// the behavioural form, which is what Yosys builds from our emitted Verilog
// and so what the area cross-check sees:
//
//   add, sub  ripple | brent-kung | kogge-stone | yosys (a + b, a - b)
//   cmp       ripple | prefix-tree | yosys (a < b, unsigned)
//   mul       array (carry-save) | booth4-wallace | yosys (a * b, unsigned)
//   eq, mux2  yosys (a == b, s ? a : b)
//
// and the forms synthesis folds a constant operand into: 'const' (a op K,
// K with half its bits set), 'one' (a + 1, a - 1: a half-adder chain) and,
// for cmp, 'wrap' (a + 1 < a beside the a + 1 it tests, see wrapTest).
//
// Add and sub produce `width` bits (the inventory's result width), mul 2w.
import { BitNet, type Bit } from './bitnet.js';
import { InternalError, ParamError } from '../../hdl/errors.js';

export type RtlKind = 'add' | 'sub' | 'cmp' | 'mul' | 'eq' | 'mux2';
export type RtlForm = 'ripple' | 'brent-kung' | 'kogge-stone' | 'prefix-tree' | 'array' | 'booth4-wallace' | 'yosys' | 'const' | 'one' | 'wrap';

/** 'const': one operand a constant (what Yosys folds it to), b = the
 *  alternating pattern 0101...01, a constant with half its bits set. */
export const RTL_FORMS: Readonly<Record<RtlKind, readonly RtlForm[]>> = {
  add: ['ripple', 'brent-kung', 'kogge-stone', 'yosys', 'const', 'one'],
  sub: ['ripple', 'brent-kung', 'kogge-stone', 'yosys', 'const', 'one'],
  cmp: ['ripple', 'prefix-tree', 'yosys', 'const', 'wrap'],
  mul: ['array', 'booth4-wallace', 'yosys', 'const'],
  eq: ['yosys', 'const'],
  mux2: ['yosys', 'const'],
};

/** The constant operand of the 'const' forms. */
export function halfOnes(w: number): bigint {
  let k = 0n;
  for (let i = 0; i < w; i += 2) k |= 1n << BigInt(i);
  return k;
}

export interface OperatorRtl {
  module: string;
  verilog: string;
  /** The structural netlist (null for the behavioural form), to check. */
  net: BitNet | null;
  out: readonly Bit[];
}

/** Inputs as the generator names them: a, b (and s for mux2). */
export function moduleName(kind: RtlKind, form: RtlForm, width: number): string {
  return `${kind}_${form.replace(/-/g, '_')}_${width}`;
}

function behavioural(kind: RtlKind, w: number, module: string): string {
  const ports = (out: number, extra = ''): string => `module ${module}(input [${w - 1}:0] a, input [${w - 1}:0] b,${extra} output [${out - 1}:0] y);`;
  const body: Record<RtlKind, [string, string]> = {
    add: [ports(w), 'assign y = a + b;'],
    sub: [ports(w), 'assign y = a - b;'],
    cmp: [ports(1), 'assign y = a < b;'],
    mul: [ports(2 * w), 'assign y = a * b;'],
    eq: [ports(1), 'assign y = a == b;'],
    mux2: [ports(w, ' input s,'), 'assign y = s ? a : b;'],
  };
  const [head, line] = body[kind];
  return `${head}\n  ${line}\nendmodule\n`;
}

/** a op K, K = halfOnes(w) (sub: K - a, the constant on the side Yosys
 *  cannot fold into an adder's carry-in; mux2: s ? a : K, an AND or an OR
 *  with s per bit). */
function withConstant(kind: RtlKind, w: number, module: string): string {
  const k = `${w}'d${halfOnes(w)}`;
  if (kind === 'mux2') return `module ${module}(input [${w - 1}:0] a, input s, output [${w - 1}:0] y);\n  assign y = s ? a : ${k};\nendmodule\n`;
  const out = kind === 'mul' ? 2 * w : kind === 'cmp' || kind === 'eq' ? 1 : w;
  const expr: Partial<Record<RtlKind, string>> = { add: `a + ${k}`, sub: `${k} - a`, cmp: `a < ${k}`, mul: `a * ${k}`, eq: `a == ${k}` };
  return `module ${module}(input [${w - 1}:0] a, output [${out - 1}:0] y);\n  assign y = ${expr[kind]!};\nendmodule\n`;
}

/** a + 1 (add) or a - 1 (sub): what Yosys folds an add of the constant 1
 *  to, a half-adder chain (an increment by 2^j leaves the j low bits as
 *  wires and is this chain over the rest). */
function byOne(kind: RtlKind, w: number, module: string): string {
  return `module ${module}(input [${w - 1}:0] a, output [${w - 1}:0] y);\n  assign y = a ${kind === 'sub' ? '-' : '+'} ${w}'d1;\nendmodule\n`;
}

/** The wrap test of an incrementer, s = a + 1 and y = s < a, both kept (the
 *  sum is the value a counter or pointer loads). Both operands of the
 *  compare are functions of a alone, so ABC shares the compare's per-bit
 *  terms with the incrementer's carries. The row is the pair; the cost
 *  model prices the compare as the pair less the incrementer (WRAP_BASE). */
function wrapTest(w: number, module: string): string {
  return `module ${module}(input [${w - 1}:0] a, output [${w - 1}:0] s, output y);\n  assign s = a + ${w}'d1;\n  assign y = s < a;\nendmodule\n`;
}

/** What a 'wrap' row is measured against: the incrementer it shares with. */
export const WRAP_BASE = { kind: 'add', form: 'one' } as const satisfies { kind: RtlKind; form: RtlForm };

/** Carries c[0..w] of g/p with carry-in, through a prefix network. */
type Network = 'ripple' | 'brent-kung' | 'kogge-stone';
function carries(n: BitNet, g0: readonly Bit[], p0: readonly Bit[], cin: Bit, network: Network): Bit[] {
  const w = g0.length;
  const g = [...g0];
  const p = [...p0];
  g[0] = n.or(g[0]!, n.and(p[0]!, cin));
  const black = (j: number, k: number): void => {
    g[j] = n.or(g[j]!, n.and(p[j]!, g[k]!));
    p[j] = n.and(p[j]!, p[k]!);
  };
  if (network === 'ripple') {
    for (let j = 1; j < w; j++) g[j] = n.or(g[j]!, n.and(p[j]!, g[j - 1]!));
  } else if (network === 'kogge-stone') {
    for (let d = 1; d < w; d *= 2) {
      const [gOld, pOld] = [[...g], [...p]];
      for (let j = d; j < w; j++) {
        g[j] = n.or(gOld[j]!, n.and(pOld[j]!, gOld[j - d]!));
        p[j] = n.and(pOld[j]!, pOld[j - d]!);
      }
    }
  } else {
    // Brent and Kung (1982): an up-sweep over power-of-two spans, then a
    // down-sweep filling the carries in between.
    const lg = Math.ceil(Math.log2(Math.max(2, w)));
    for (let i = 1; i <= lg; i++) for (let j = 2 ** i - 1; j < w; j += 2 ** i) black(j, j - 2 ** (i - 1));
    for (let i = lg; i > 0; i--) for (let j = 2 ** i + 2 ** (i - 1) - 1; j < w; j += 2 ** i) black(j, j - 2 ** (i - 1));
  }
  return [cin, ...g];
}

function adder(n: BitNet, a: readonly Bit[], b: readonly Bit[], cin: Bit, network: Network): Bit[] {
  const g = a.map((x, i) => n.and(x, b[i]!));
  const p = a.map((x, i) => n.xor(x, b[i]!));
  const c = carries(n, g, p, cin, network);
  return p.map((x, i) => n.xor(x, c[i]!));
}

function bits(n: BitNet, name: string, w: number): Bit[] {
  return Array.from({ length: w }, (_, i) => n.input(name, i));
}

/** Reduces columns of bits (index = weight) to at most two per column with
 *  full and half adders, a Wallace level at a time. */
function wallace(n: BitNet, cols: Bit[][]): Bit[][] {
  let c = cols.map((x) => x.filter((b) => b !== '0'));
  while (c.some((x) => x.length > 2)) {
    const next: Bit[][] = c.map(() => []);
    c.forEach((col, j) => {
      let k = 0;
      for (; k + 3 <= col.length; k += 3) {
        const [s, cy] = n.fa(col[k]!, col[k + 1]!, col[k + 2]!);
        next[j]!.push(s);
        if (j + 1 < next.length) next[j + 1]!.push(cy);
      }
      if (col.length - k === 2 && col.length > 2) {
        next[j]!.push(n.xor(col[k]!, col[k + 1]!));
        if (j + 1 < next.length) next[j + 1]!.push(n.and(col[k]!, col[k + 1]!));
      } else {
        for (; k < col.length; k++) next[j]!.push(col[k]!);
      }
    });
    c = next.map((x) => x.filter((b) => b !== '0'));
  }
  return c;
}

function finalAdd(n: BitNet, cols: Bit[][], network: Network): Bit[] {
  const a = cols.map((x) => x[0] ?? '0');
  const b = cols.map((x) => x[1] ?? '0');
  return adder(n, a, b, '0', network);
}

/** Carry-save array: each partial-product row is added into the running
 *  sum and carry vectors by a row of full adders; a ripple adder ends it. */
function arrayMultiplier(n: BitNet, w: number): Bit[] {
  const a = bits(n, 'a', w);
  const b = bits(n, 'b', w);
  const width = 2 * w;
  const S: Bit[] = Array.from({ length: width }, (_, j) => (j < w ? n.and(a[j]!, b[0]!) : '0'));
  let C: Bit[] = Array(width).fill('0');
  for (let i = 1; i < w; i++) {
    // this row consumes the carries of columns i..i+w-1 and makes i+1..i+w
    const nextC: Bit[] = C.map((x, j) => (j >= i && j <= i + w ? '0' : x));
    for (let j = i; j < i + w; j++) {
      const [s, cy] = n.fa(S[j]!, C[j]!, n.and(a[j - i]!, b[i]!));
      S[j] = s;
      if (j + 1 < width) nextC[j + 1] = cy;
    }
    C = nextC;
  }
  return adder(n, S, C, '0', 'ripple');
}

/** Radix-4 Booth recoding of b (unsigned: a zero above its top bit), rows of
 *  (w+1)-bit selectors with the usual sign-extension constant, a Wallace
 *  tree, and a Kogge-Stone final adder. */
function boothWallace(n: BitNet, w: number): Bit[] {
  const width = 2 * w;
  const cols: Bit[][] = Array.from({ length: width }, () => []);
  const put = (j: number, x: Bit): void => {
    if (j < width) cols[j]!.push(x);
  };
  const rows = Math.floor(w / 2) + 1;
  let constant = 0n;
  for (let i = 0; i < rows; i++) {
    const hi = n.input('b', 2 * i + 1);
    const mid = n.input('b', 2 * i);
    const lo = n.input('b', 2 * i - 1);
    const one = n.xor(mid, lo);
    const two = n.or(n.and(hi, n.and(n.not(mid), n.not(lo))), n.and(n.not(hi), n.and(mid, lo)));
    const neg = hi;
    for (let j = 0; j <= w; j++) put(2 * i + j, n.xor(n.or(n.and(one, n.input('a', j)), n.and(two, n.input('a', j - 1))), neg));
    put(2 * i, neg);
    put(2 * i + w + 1, n.not(neg));
    constant -= 1n << BigInt(w + 1 + 2 * i);
  }
  const k = ((constant % (1n << BigInt(width))) + (1n << BigInt(width))) % (1n << BigInt(width));
  for (let j = 0; j < width; j++) if ((k >> BigInt(j)) & 1n) put(j, '1');
  // A column's constant ones fold into its neighbours: add them as bits, the
  // tree's half adders with a '1' input reduce to inverters and wires.
  return finalAdd(n, wallace(n, cols), 'kogge-stone');
}

/** Unsigned a < b: the carry out of a + ~b + 1 is clear. */
function comparator(n: BitNet, w: number, tree: boolean): Bit[] {
  const a = bits(n, 'a', w);
  const nb = bits(n, 'b', w).map((x) => n.not(x));
  const g = a.map((x, i) => n.and(x, nb[i]!));
  const p = a.map((x, i) => n.xor(x, nb[i]!));
  if (!tree) return [n.not(carries(n, g, p, '1', 'ripple')[w]!)];
  // A balanced tree of black cells over (g, p) pairs, the carry-in folded in
  // at bit 0: log2 w levels, w - 1 cells.
  let level: [Bit, Bit][] = g.map((x, i) => [x, p[i]!]);
  level[0] = [n.or(level[0]![0], level[0]![1]), '0'];
  while (level.length > 1) {
    const next: [Bit, Bit][] = [];
    for (let i = 0; i + 1 < level.length; i += 2) {
      const [gl, pl] = level[i]!;
      const [gh, ph] = level[i + 1]!;
      next.push([n.or(gh, n.and(ph, gl)), n.and(ph, pl)]);
    }
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  return [n.not(level[0]![0])];
}

export function operatorRtl(kind: RtlKind, form: RtlForm, w: number): OperatorRtl {
  const module = moduleName(kind, form, w);
  if (!RTL_FORMS[kind].includes(form)) throw new ParamError('form', form, 'a form of the operator', { message: `forms-rtl: ${kind} has no form '${form}' (forms: ${RTL_FORMS[kind].join(', ')})` });
  if (!(Number.isInteger(w) && w >= 2)) throw new ParamError('width', w, 'an integer >= 2', { message: `forms-rtl: width must be an integer >= 2, got ${w}` });
  if (form === 'yosys') return { module, verilog: behavioural(kind, w, module), net: null, out: [] };
  if (form === 'const') return { module, verilog: withConstant(kind, w, module), net: null, out: [] };
  if (form === 'one') return { module, verilog: byOne(kind, w, module), net: null, out: [] };
  if (form === 'wrap') return { module, verilog: wrapTest(w, module), net: null, out: [] };
  const n = new BitNet([
    { name: 'a', width: w },
    { name: 'b', width: w },
  ]);
  let out: Bit[];
  if (kind === 'add' || kind === 'sub') {
    const a = bits(n, 'a', w);
    const b = bits(n, 'b', w).map((x) => (kind === 'sub' ? n.not(x) : x));
    out = adder(n, a, b, kind === 'sub' ? '1' : '0', form as Network);
  } else if (kind === 'cmp') out = comparator(n, w, form === 'prefix-tree');
  else if (kind === 'mul') out = form === 'array' ? arrayMultiplier(n, w) : boothWallace(n, w);
  else throw new InternalError(`forms-rtl: ${kind} has only the behavioural form`);
  return { module, verilog: n.verilog(module, { name: 'y', bits: out }), net: n, out };
}

/** What the operator computes, by plain integer arithmetic (the check). */
export function reference(kind: RtlKind, w: number, a: bigint, b: bigint): bigint {
  const mask = (1n << BigInt(w)) - 1n;
  switch (kind) {
    case 'add':
      return (a + b) & mask;
    case 'sub':
      return (a - b) & mask;
    case 'cmp':
      return a < b ? 1n : 0n;
    case 'mul':
      return a * b;
    case 'eq':
      return a === b ? 1n : 0n;
    case 'mux2':
      return a;
  }
}
