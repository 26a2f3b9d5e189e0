// The batch loop's shape: its cycles unrolled, and the loop split on the
// reset line (splitOnReset, below).
//
// Unrolled: each cycle reads every batched input
// from its typed array and writes every recorded output to its own, and
// TurboFan reloads a typed array's data pointer and length (for the bounds
// check) at every access in a loop: it has no loop-invariant code motion for
// them. Within one iteration's straight-line code those loads are shared, so
// a loop body holding several cycles pays them once per iteration. Measured
// on the scan unit's loop (4 input and 10 output arrays, 78 nodes, runBatch
// alone): 19.3 ns a cycle, 15.7 unrolled twice, 14.0 four times, 12.6
// eight times; without the output stores it ran at 11.1.

/** Cycles per iteration tried, most first; the first whose loop fits. */
const FACTORS = [4, 2];

/** `for` over n cycles of `body` (statements reading the cycle index `c`),
 *  `factor` cycles per iteration, each in a block of its own (its consts
 *  are its own), then the remaining cycles one at a time. */
export function cycleLoop(body: string, factor: number): string {
  if (factor === 1) return `for (let c = 0; c < n; c++) {\n${body}\n}`;
  const copies = Array.from({ length: factor }, (_, k) => `{\nconst c = ${k === 0 ? 'c0' : `c0 + ${k}`};\n${body}\n}`);
  return [`let c0 = 0;`, `for (; c0 + ${factor} <= n; c0 += ${factor}) {`, ...copies, '}', 'for (; c0 < n; c0++) {', 'const c = c0;', body, '}'].join('\n');
}

/** The batch loop over `body` in at most `room` characters where it can be
 *  had: unrolled by the largest factor whose loop still fits with its copy
 *  split on the reset line (splitOnReset); else one cycle per iteration,
 *  split if that fits. */
export function batchCycles(body: string, room: number): string {
  const readsReset = /\bn?rst\b/.test(body);
  for (const factor of FACTORS) {
    const loop = cycleLoop(body, factor);
    if ((readsReset ? 2 * loop.length + 64 : loop.length) <= room) return splitOnReset(loop, room);
  }
  return splitOnReset(cycleLoop(body, 1), room);
}

// Split on reset: the reset line is read once per generated call (withPrologue: rst, and
// nrst, all ones unless reset is high), so within a batch loop it is
// constant. Emitting the loop twice, once under `rst === 0` with rst and
// nrst redeclared as the literals they then equal, lets V8 fold every
// register's `x & nrst` and `rst !== 0 ? init : x` away in the loop that
// runs: a register that holds becomes no work at all. Same values in both
// copies, so bit-exact by construction. (runBatch alone on radix-sort-tile:
// 30.7 -> 26.9 ns a cycle, three alternating runs each.)

/** `loop` (a complete statement) as the two copies, or unchanged when it
 *  does not read the reset line or the copies would not fit in `room`
 *  characters. */
export function splitOnReset(loop: string, room: number): string {
  if (!/\bn?rst\b/.test(loop) || 2 * loop.length + 64 > room) return loop;
  return `if (rst === 0) {\nconst rst = 0, nrst = -1;\n${loop}\n} else {\n${loop}\n}`;
}
