// Right-hand sides for combinational nodes. Each IR operator becomes one
// Verilog operator whose operands already have the widths the IR promises, so
// Verilog's context-width rules never widen or truncate anything behind the
// reader's back; the IR semantics Verilog does not give for free (divide by
// zero, mux selectors past the last case) are written out explicitly.
import type { Node, NodeId } from '../ir.js';
import { allOnes, literal } from './literal.js';
import type { EmitOptions } from './options.js';
import type { Refs } from './refs.js';
import { InternalError } from '../errors.js';

/** Verilator's fixed buffer for signed multiply and wide divide (16 words). */
export const VERILATOR_MULS_MAX_BITS = 512;

/** Either a single expression or a procedural `case` (for wide muxes). */
export type CombBody = { kind: 'expr'; text: string } | { kind: 'case'; sel: string; items: [string, string][]; last: string };

const BINARY: Record<string, string> = {
  add: '+',
  sub: '-',
  and: '&',
  or: '|',
  xor: '^',
  eq: '==',
  ne: '!=',
  ltu: '<',
  leu: '<=',
  shl: '<<',
  shru: '>>',
};

export function combBody(n: Node, r: Refs, opts: EmitOptions = {}): CombBody {
  return n.op === 'mux' ? muxBody(n.sel, n.cases, r) : { kind: 'expr', text: combExpr(n, r, opts) };
}

function combExpr(n: Node, r: Refs, opts: EmitOptions): string {
  switch (n.op) {
    case 'const':
      return literal(n.value, n.width);
    case 'wire':
      return r.ref(n.a);
    case 'add':
    case 'sub':
    case 'and':
    case 'or':
    case 'xor':
    case 'eq':
    case 'ne':
    case 'ltu':
    case 'leu':
    case 'shl':
    case 'shru':
      return `${r.ref(n.a)} ${BINARY[n.op]} ${r.ref(n.b)}`;
    case 'lts':
      return `$signed(${r.ref(n.a)}) < $signed(${r.ref(n.b)})`;
    case 'les':
      return `$signed(${r.ref(n.a)}) <= $signed(${r.ref(n.b)})`;
    // `>>>` only fills with the sign when its operand is signed.
    case 'shrs':
      return `$signed(${r.ref(n.a)}) >>> ${r.ref(n.b)}`;
    case 'not':
      return `~${r.ref(n.a)}`;
    case 'redand':
      return `&${r.ref(n.a)}`;
    case 'redor':
      return `|${r.ref(n.a)}`;
    case 'redxor':
      return `^${r.ref(n.a)}`;
    // Operands are extended to the product width first: the low bits of an
    // N-bit product of N-bit operands are the same signed or unsigned, and
    // no operand is silently widened by context.
    case 'mulu':
      return `${r.zext(n.a, n.width)} * ${r.zext(n.b, n.width)}`;
    // $signed lets synthesis see a W x W signed multiplier rather than a
    // 2W x 2W one; past 512 bits Verilator refuses signed multiplies
    // (VL_MULS_MAX_WORDS), and the unsigned form has the same low bits.
    case 'muls':
      if (n.width > VERILATOR_MULS_MAX_BITS) return `${r.sext(n.a, n.width)} * ${r.sext(n.b, n.width)}`;
      return `$signed(${r.sext(n.a, n.width)}) * $signed(${r.sext(n.b, n.width)})`;
    case 'divu':
      return divuExpr(n.a, n.b, n.width, r, opts);
    case 'concat':
      return n.parts.length === 1 ? r.ref(n.parts[0]!) : `{${n.parts.map((p) => r.ref(p)).join(', ')}}`;
    case 'slice':
      return r.bits(n.a, n.lo + n.width - 1, n.lo);
    case 'zext':
      return r.zext(n.a, n.width);
    case 'sext':
      return r.sext(n.a, n.width);
    default:
      throw new InternalError(`internal: ${n.op} node ${n.id} is not a combinational operator`);
  }
}

/** Divide by zero gives all ones, as in every gfxrtl backend (and RISC-V).
 *  A divisor wider than the dividend is split rather than truncated: if its
 *  high bits are set it exceeds the dividend, so the quotient is 0. */
function divuExpr(a: NodeId, b: NodeId, w: number, r: Refs, opts: EmitOptions): string {
  const wb = r.width(b);
  let byZero = `(${r.ref(b)} == ${literal(0n, wb)}) ? ${allOnes(w)}`;
  if (opts.icarusWideDivideByOne && Math.max(w, wb) > 64) byZero += ` : (${r.ref(b)} == ${literal(1n, wb)}) ? ${r.ref(a)}`;
  if (wb <= w) return `${byZero} : ${r.ref(a)} / ${r.zext(b, w)}`;
  const high = wb - 1 === w ? r.bits(b, w, w) : `|${r.bits(b, wb - 1, w)}`;
  return `${byZero} : ${high} ? ${literal(0n, w)} : ${r.ref(a)} / ${r.bits(b, w - 1, 0)}`;
}

/** cases[sel], with any selector value past the last case choosing the last
 *  case (the `default`). Cases no selector value can reach are not printed. */
function muxBody(sel: NodeId, cases: NodeId[], r: Refs): CombBody {
  const ws = r.width(sel);
  const reachable = ws >= 31 ? cases.length : Math.min(cases.length, 2 ** ws);
  const last = cases[reachable - 1]!;
  if (reachable === 1) return { kind: 'expr', text: r.ref(last) };
  if (reachable === 2) {
    const s = ws === 1 ? r.ref(sel) : `(${r.ref(sel)} == ${literal(0n, ws)})`;
    const [whenSet, whenClear] = ws === 1 ? [cases[1]!, cases[0]!] : [cases[0]!, cases[1]!];
    return { kind: 'expr', text: `${s} ? ${r.ref(whenSet)} : ${r.ref(whenClear)}` };
  }
  const items: [string, string][] = [];
  for (let k = 0; k < reachable - 1; k++) items.push([literal(BigInt(k), ws), r.ref(cases[k]!)]);
  return { kind: 'case', sel: r.ref(sel), items, last: r.ref(last) };
}
