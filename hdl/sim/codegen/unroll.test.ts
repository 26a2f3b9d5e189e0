// The unrolled batch loop runs every cycle exactly once, in order, whatever
// n is, and is chosen by the room it has (runtime/batch.test.ts checks the
// generated loops against the per-cycle API on random circuits).
import { describe, expect, it } from 'vitest';
import { batchCycles, cycleLoop } from './unroll.js';

/** Runs `loop` with a body that records its cycle index. */
function cyclesRun(loop: string, n: number): number[] {
  const run = new Function('n', 'seen', `${loop}\nreturn seen;`) as (n: number, seen: number[]) => number[];
  return run(n, []);
}

describe('cycleLoop', () => {
  it.each([1, 2, 4])('visits cycles 0..n-1 once each, in order, %i per iteration', (factor) => {
    const loop = cycleLoop('seen.push(c);', factor);
    for (let n = 0; n <= 11; n++) expect(cyclesRun(loop, n)).toEqual(Array.from({ length: n }, (_, c) => c));
  });

  it('gives each copy its own block, so a cycle may declare its consts', () => {
    const loop = cycleLoop('const v = c * 2; seen.push(v);', 4);
    expect(cyclesRun(loop, 6)).toEqual([0, 2, 4, 6, 8, 10]);
  });
});

describe('batchCycles', () => {
  const body = 'seen.push(c); // '.padEnd(100, 'x');
  it('unrolls by four when that fits, by two when only that fits, else not at all', () => {
    expect(batchCycles(body, 10_000)).toContain('c0 += 4');
    const two = cycleLoop(body, 2).length;
    expect(batchCycles(body, two)).toContain('c0 += 2');
    expect(batchCycles(body, two - 1)).toBe(cycleLoop(body, 1));
  });

  it('leaves room for the copy split on the reset line when the body reads it', () => {
    const withReset = `${body} if (rst !== 0) seen.pop();`;
    const four = cycleLoop(withReset, 4).length;
    expect(batchCycles(withReset, 2 * four + 64)).toContain('c0 += 4');
    expect(batchCycles(withReset, 2 * four + 64)).toMatch(/^if \(rst === 0\)/);
    expect(batchCycles(withReset, 2 * four + 63)).not.toContain('c0 += 4');
  });
});
