// The typed arrays runBatch and runStream exchange with a testbench, and
// the code that reads a cycle's input from them and writes a cycle's
// output: shared by the one-function loop (runtime/batch.ts), the chunked driver
// (runtime/batch-chunked.ts) and the stream driver (runtime/stream.ts).
import { isMid, isNarrow, limbsOf } from '../passes/layout.js';

export type BatchArray = Int32Array | Uint32Array;
export type BatchFn = (n: number, inputs: BatchArray[], outputs: Uint32Array[]) => void;

/** Canonical form (passes/layout.ts) of entry `at` (default the cycle c) of a
 *  batched input: bits above the port width are dropped, so a signed
 *  Int32Array entry reads as its two's complement. */
export function readInput(arr: string, w: number, at = 'c'): string[] {
  const mask = (e: string, bits: number): string => (bits === 32 ? `${e} | 0` : `${e} & ${2 ** bits - 1}`);
  if (isNarrow(w)) return [mask(`${arr}[${at}]`, w)];
  const k = limbsOf(w);
  const top = w - 32 * (k - 1);
  if (isMid(w)) return [`(${arr}[2 * ${at}] >>> 0) + (${mask(`${arr}[2 * ${at} + 1]`, top)}) * 4294967296`];
  return Array.from({ length: k }, (_, j) => mask(`${arr}[${k} * ${at} + ${j}]`, j === k - 1 ? top : 32));
}

/** Stores the value as entry `at` (default the cycle c); a Uint32Array
 *  store keeps the low 32 bits of the integer part, which is exactly each
 *  word of a mid value. */
export function writeOutput(arr: string, w: number, value: string[], at = 'c'): string {
  if (isNarrow(w)) return `${arr}[${at}] = ${value[0]};`;
  if (isMid(w)) return `${arr}[2 * ${at}] = ${value[0]}; ${arr}[2 * ${at} + 1] = ${value[0]} / 4294967296;`;
  const k = value.length;
  return value.map((l, j) => `${arr}[${k} * ${at} + ${j}] = ${l};`).join(' ');
}
