import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { canCollect, collectHeap, HeapCollector, heldHeapMb, watchHeap } from './thread-heap.js';

// Grows this thread's heap by about `mb` MB of objects that are garbage once it returns.
function grow(mb: number): void {
  let keep: { i: number; s: string }[] = [];
  const per = 2 ** 20 / 48;
  for (let i = 0; i < mb * per; i++) keep.push({ i, s: `x${i}` });
  keep = [];
  void keep;
}
const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('thread heap', () => {
  it('can collect on demand in this Node', () => {
    expect(canCollect()).toBe(true);
    // The flag is put back: a context made later (a study's vm sandbox) sees no gc global, unless node itself was started with --expose-gc.
    if (typeof (globalThis as { gc?: unknown }).gc !== 'function') expect(runInNewContext('typeof gc')).toBe('undefined');
  });

  it('an idle thread that grew its heap collects it; one fed its next job in time does not', async () => {
    collectHeap();
    const idle = new HeapCollector(20, 100, 32);
    grow(200);
    const grown = heldHeapMb();
    expect(grown).toBeGreaterThan(150);

    // A job arrives before IDLE_MS: no collection, the garbage stays.
    idle.idle();
    idle.busy();
    await wait(80);
    expect(idle.collections).toBe(0);
    expect(heldHeapMb()).toBeGreaterThan(grown - 40);

    // Left idle: collected down to what is alive.
    idle.idle();
    await wait(80);
    expect(idle.collections).toBe(1);
    expect(heldHeapMb()).toBeLessThan(grown - 120);

    // Idle again without growing past the slack: not collected again.
    idle.idle();
    await wait(80);
    expect(idle.collections).toBe(1);
    // An idle collector keeps looking while it waits: stopped, so that it does not collect the next test's heap.
    idle.busy();
  });

  it('a heap below the floor is left to V8, however much of it is garbage; settle() collects only a large one', async () => {
    collectHeap();
    const small = new HeapCollector(20, heldHeapMb() + 400, 32);
    const large = new HeapCollector(20, 100, 32);
    grow(200);
    const grown = heldHeapMb();
    small.idle();
    await wait(80);
    expect(small.collections).toBe(0);
    expect(small.settle()).toBeGreaterThan(grown - 40);
    expect(small.collections).toBe(0);
    small.busy();

    expect(large.settle()).toBeLessThan(grown - 120);
    expect(large.collections).toBe(1);
  });

  it('a watched thread (the main thread while a study runs) is collected while busy, until the watch stops', async () => {
    collectHeap();
    const heap = new HeapCollector(20, 100, 32);
    const unwatch = watchHeap(20, heap);
    grow(200);
    await wait(100);
    expect(heap.collections).toBe(1);
    unwatch();
    grow(200);
    await wait(100);
    expect(heap.collections).toBe(1);
  });
});

describe('thread heap under memory pressure', () => {
  it('an idle thread below the floor is collected once the process is short of memory, and looked at again while it waits', async () => {
    collectHeap();
    let residentMb = 100;
    const heap = new HeapCollector(20, heldHeapMb() + 1000, 32, { residentMb: 1000, heapMb: 0, resident: () => residentMb });
    grow(200);
    const grown = heldHeapMb();
    heap.idle();
    await wait(80);
    // Below the floor and no pressure: left to V8.
    expect(heap.collections).toBe(0);
    // Pressure comes from elsewhere while the thread waits: it collects at its next look.
    residentMb = 1500;
    await wait(1300);
    expect(heap.collections).toBe(1);
    expect(heldHeapMb()).toBeLessThan(grown - 120);
    heap.busy();
  }, 10_000);

  it('under pressure a heap below the pressure floor is still left alone', () => {
    collectHeap();
    const heap = new HeapCollector(20, 10_000, 0, { residentMb: 0, heapMb: 10_000, resident: () => 1e9 });
    grow(100);
    expect(heap.worthCollecting).toBe(false);
  });
});
