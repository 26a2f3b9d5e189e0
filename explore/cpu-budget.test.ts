import { describe, expect, it } from 'vitest';
import { CpuBudget, cpuContext, cpuGate, withCpuBudget, withSlot } from './cpu-budget.js';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('the CPU budget', () => {
  it('never grants more slots than it has, and serves the lowest priority number first, then arrival order, whoever asked first in a turn of the event loop', async () => {
    const b = new CpuBudget(2);
    const order: string[] = [];
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const job = (name: string, priority: number): Promise<void> =>
      withSlot(b, priority, async () => {
        order.push(name);
        peak = Math.max(peak, ++running);
        await new Promise<void>((r) => gates.push(r));
        running--;
      });
    const all = [job('a', 5), job('b', 5), job('c', 9), job('d', 1), job('e', 5), job('f', 1)];
    await tick();
    // All asked in one turn: d and f (priority 1) take both slots although a and b asked first; the rest wait.
    expect(order).toEqual(['d', 'f']);
    expect(b.busy).toBe(2);
    expect(b.queued).toBe(4);
    while (gates.length > 0) {
      gates.shift()!();
      await tick();
      await tick();
    }
    await Promise.all(all);
    expect(order).toEqual(['d', 'f', 'a', 'b', 'e', 'c']);
    expect(peak).toBe(2);
    expect(b.busy).toBe(0);
  });

  it('gives a slot back once however often its release is called', async () => {
    const b = new CpuBudget(1);
    const r = await b.acquire(0);
    r();
    r();
    expect(b.busy).toBe(0);
    const r2 = await b.acquire(0);
    expect(b.busy).toBe(1);
    r2();
  });

  it('is found by work started inside withCpuBudget, across awaits, and not outside it', async () => {
    const b = new CpuBudget(1);
    expect(cpuGate()).toBeNull();
    await withCpuBudget({ budget: b, priority: 3, study: 'x' }, async () => {
      await tick();
      expect(cpuContext()?.study).toBe('x');
      const gate = cpuGate();
      expect(gate).not.toBeNull();
      const release = await gate!();
      expect(b.busy).toBe(1);
      release();
    });
    expect(cpuContext()).toBeUndefined();
  });

  it('refuses a budget of no slots, naming the parameter', () => {
    expect(() => new CpuBudget(0)).toThrow(/slots must be an integer >= 1, got 0/);
  });
});
