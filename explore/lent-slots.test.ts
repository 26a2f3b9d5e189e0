import { describe, expect, it } from 'vitest';
import { LentSlots } from './lent-slots.js';

/** A LentSlots whose requests to the main thread are recorded. */
function lent(): { slots: LentSlots; asked: number[]; givenBack: number[] } {
  const asked: number[] = [];
  const givenBack: number[] = [];
  return { slots: new LentSlots((id) => asked.push(id), (id) => givenBack.push(id)), asked, givenBack };
}

describe("a phase job's lent slots", () => {
  it("lend the job's own slot first and ask the main thread for every other", async () => {
    const { slots, asked, givenBack } = lent();
    const own = await slots.acquire();
    expect(asked).toEqual([]);
    let second: (() => void) | undefined;
    void slots.acquire().then((r) => (second = r));
    expect(asked).toEqual([1]);
    slots.granted(1);
    await Promise.resolve();
    expect(second).toBeDefined();
    second!();
    second!();
    expect(givenBack).toEqual([1]);
    own();
    // Free again: the next request takes it without asking.
    await slots.acquire();
    expect(asked).toEqual([1]);
  });

  it('hand the own slot, when it is given back, to a request still waiting for the main thread, and give that grant back when it comes', async () => {
    const { slots, asked, givenBack } = lent();
    const own = await slots.acquire();
    let waited: (() => void) | undefined;
    void slots.acquire().then((r) => (waited = r));
    expect(asked).toEqual([1]);
    own();
    await Promise.resolve();
    // Served by the own slot, not by the main thread's late grant.
    expect(waited).toBeDefined();
    slots.granted(1);
    expect(givenBack).toEqual([1]);
    // The slot it holds is the job's own: released, it is free for the next request.
    waited!();
    expect(givenBack).toEqual([1]);
    await slots.acquire();
    expect(asked).toEqual([1]);
  });

  it('serve waiting requests oldest first, and start each job with its own slot free', async () => {
    const { slots, asked } = lent();
    const own = await slots.acquire();
    const order: number[] = [];
    const a = slots.acquire().then((r) => (order.push(1), r));
    void slots.acquire().then(() => order.push(2));
    own();
    (await a)();
    await Promise.resolve();
    expect(order).toEqual([1, 2]);
    expect(asked).toEqual([1, 2]);
    slots.newJob();
    await slots.acquire();
    expect(asked).toEqual([1, 2]);
  }, 5_000);
});
