// Sized Verilog literals. Every literal carries its width so that Verilator's
// WIDTH checks see exactly the widths the IR has.
import { mask } from '../ir.js';

/** `8'd42`, `100'h3_ffff...`: decimal while short enough to read, else hex. */
export function literal(value: bigint, width: number): string {
  const v = value & mask(width);
  if (v < 1024n) return `${width}'d${v.toString(10)}`;
  return `${width}'h${v.toString(16)}`;
}

/** All ones at `width` bits, as the replication that reads as "all ones". */
export function allOnes(width: number): string {
  return width === 1 ? `1'b1` : `{${width}{1'b1}}`;
}

/** ceil(log2(n)) for n >= 1. */
export function clog2(n: number): number {
  let k = 0;
  while (2 ** k < n) k++;
  return k;
}
