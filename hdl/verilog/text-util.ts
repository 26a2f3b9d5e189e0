// Small printing helpers shared by the module printer's parts.
import type { DisplayFormat, ModuleIR, NodeId } from '../ir.js';
import type { Refs } from './refs.js';
import { InternalError } from '../errors.js';

export const range = (width: number): string => (width === 1 ? '' : `[${width - 1}:0] `);

export function displayNote(d: DisplayFormat | undefined): string {
  if (d === undefined || d.kind === 'uint') return '';
  if (d.kind === 'sint') return '  // signed';
  if (d.kind === 'enum') return `  // ${d.names.map((n, i) => `${i} ${n}`).join(', ')}`;
  return `  // ${d.signed ? 'signed' : 'unsigned'} fixed ${d.intBits}.${d.fracBits}`;
}

/** Verilator -Wall reports unread signals; where the IR really has them
 *  (a port nothing reads, bits a slice drops) the waiver says why. */
export function waive(reason: string, lines: string[], indent = '  '): string[] {
  return [`${indent}// ${reason}`, `${indent}// verilator lint_off UNUSED`, ...lines, `${indent}// verilator lint_on UNUSED`];
}

export function unusedReason(r: Refs, id: NodeId): string | null {
  if (r.fullyUsed(id)) return null;
  const used = r.used[id]!;
  return used === 0n ? 'Not read in this module.' : `Only bits ${bitRanges(used, r.width(id))} are read here.`;
}

/** `[7:4], [1]` for the set bits of `bits`, most significant first. */
export function bitRanges(bits: bigint, width: number): string {
  const out: string[] = [];
  for (let hi = width - 1; hi >= 0; hi--) {
    if (((bits >> BigInt(hi)) & 1n) === 0n) continue;
    let lo = hi;
    while (lo > 0 && ((bits >> BigInt(lo - 1)) & 1n) === 1n) lo--;
    out.push(hi === lo ? `[${hi}]` : `[${hi}:${lo}]`);
    hi = lo;
  }
  return out.join(', ');
}

export function checkWidth(m: ModuleIR, what: string, expected: number, actual: number): void {
  if (expected !== actual) throw new InternalError(`module ${m.name}: ${what} is ${expected} bits but is driven by ${actual} bits`);
}
