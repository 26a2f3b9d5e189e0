import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuBetween, machineCpu } from './machine-cpu.js';

describe("the machine's CPU time", () => {
  it.runIf(existsSync('/proc/stat'))('counts busy core-seconds while this thread works, and subtracts two readings', () => {
    const a = machineCpu()!;
    const t0 = performance.now();
    let x = 0;
    while (performance.now() - t0 < 300) x += Math.sqrt(x + 1);
    const d = cpuBetween(a, machineCpu()!);
    expect(x).toBeGreaterThan(0);
    // This thread kept one core busy for 0.3 s (the clock ticks every 10 ms).
    expect(d.busy).toBeGreaterThanOrEqual(0.2);
    expect(d.idle).toBeGreaterThanOrEqual(0);
    expect(d.steal).toBeGreaterThanOrEqual(0);
    expect(d.busy + d.idle + d.steal).toBeLessThan(0.3 * 64 + 1);
  });
});
