// The thread's CPU clock counts the thread's own work, not its waits and
// not another thread's.
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { childrenCpuMs, threadCpuMs } from './thread-cpu.js';

const spin = (ms: number): void => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe.runIf(threadCpuMs() !== null)('threadCpuMs', () => {
  it('advances by the time the thread runs, not by the time it waits', async () => {
    const a = threadCpuMs()!;
    await new Promise((r) => setTimeout(r, 300));
    const b = threadCpuMs()!;
    spin(200);
    const c = threadCpuMs()!;
    expect(b - a).toBeLessThan(100);
    // A busy loop of 200 ms wall runs for some of it (how much depends on the machine's load), never for more.
    expect(c - b).toBeGreaterThan(0);
    expect(c - b).toBeLessThan(260);
  });

  it('does not count another thread busy meanwhile', async () => {
    const a = threadCpuMs()!;
    const w = new Worker('const end = performance.now() + 400; while (performance.now() < end);', { eval: true });
    await new Promise((r) => w.on('exit', r));
    expect(threadCpuMs()! - a).toBeLessThan(150);
  });
});

describe.runIf(childrenCpuMs() !== null)('childrenCpuMs', () => {
  it("counts an ended child's CPU, and not this process's own", async () => {
    const a = childrenCpuMs()!;
    const own0 = process.cpuUsage();
    spin(150);
    const own = process.cpuUsage(own0);
    // Counting this process's own CPU would add at least the spin's.
    expect(childrenCpuMs()! - a).toBeLessThan((own.user + own.system) / 1000);
    const child = spawn(process.execPath, ['-e', 'const end = performance.now() + 400; while (performance.now() < end);']);
    await new Promise((r) => child.on('exit', r));
    // The child spun for 400 ms wall (some of it waiting for a core on a loaded machine) and started a Node: well above zero.
    expect(childrenCpuMs()! - a).toBeGreaterThan(50);
  });
});
