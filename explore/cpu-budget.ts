// The main job's CPU slots. `gfxrtl study --all` runs several studies'
// phases at once (pipeline.ts): one study's report beside another's sweep,
// a Yosys cross-check beside a calibration loop. So that the two cores are
// kept busy but not oversubscribed (more threads than cores run no faster,
// and each live thread holds its memory), every unit of CPU work takes a
// slot of one budget (as many slots as cores) before it starts and gives it
// back when done: a sweep's task or a farm's job before it is sent to its
// worker, a phase that runs in one thread (a report, an experiment, a
// calibration loop, Yosys) for its whole length.
//
// Waiters are served lowest priority number first, then in arrival order
// (those asking in one turn of the event loop are served together):
// the pipeline gives the global study's chain (its simulation sweep and
// calibration loop, which every other study's pricing waits for) the
// lowest number. Work started inside `withCpuBudget` finds its budget and
// priority through `cpuGate` (an AsyncLocalStorage context: the sweep's pool
// and the job farm need no new parameter); outside one, the gate is null
// and work starts at once, as before.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ParamError } from '../hdl/errors.js';

/** Gives a slot back (a second call does nothing). */
export type Release = () => void;

/** Where slots come from: the budget itself, or (in a phase thread, phase-worker.ts) the main thread's budget through messages. */
export interface SlotSource {
  acquire(priority: number): Promise<Release>;
}

interface Waiter {
  readonly priority: number;
  readonly grant: () => void;
}

export class CpuBudget implements SlotSource {
  private free: number;
  private readonly waiting: Waiter[] = [];
  private serving = false;

  constructor(readonly slots: number) {
    if (!(Number.isInteger(slots) && slots >= 1)) throw new ParamError('slots', slots, 'an integer >= 1', { message: `CPU budget: slots must be an integer >= 1, got ${slots}` });
    this.free = slots;
  }

  /** Slots in use now. */
  get busy(): number {
    return this.slots - this.free;
  }

  /** Waiters not yet served. */
  get queued(): number {
    return this.waiting.length;
  }

  /** A slot, when one is free and no waiter with a lower priority number (or the same, arrived earlier) is left. */
  acquire(priority: number): Promise<Release> {
    return new Promise((resolve) => {
      const grant = (): void => {
        let held = true;
        resolve(() => {
          if (!held) return;
          held = false;
          this.free++;
          this.serveSoon();
        });
      };
      this.waiting.push({ priority, grant });
      this.serveSoon();
    });
  }

  /** `f` holding one slot. */
  run<T>(priority: number, f: () => Promise<T>): Promise<T> {
    return withSlot(this, priority, f);
  }

  // Served once the requests made in this turn of the event loop are all in:
  // at the job's start every study asks at once, and the global study's
  // chain must not find both slots taken by whoever asked first.
  private serveSoon(): void {
    if (this.serving) return;
    this.serving = true;
    setImmediate(() => {
      this.serving = false;
      this.serve();
    });
  }

  private serve(): void {
    while (this.free > 0 && this.waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < this.waiting.length; i++) if (this.waiting[i]!.priority < this.waiting[best]!.priority) best = i;
      const [w] = this.waiting.splice(best, 1);
      this.free--;
      w!.grant();
    }
  }
}

/** The priority of work that only fills slots no other waiter wants (served after every study's chain). */
export const IDLE_PRIORITY = Number.MAX_SAFE_INTEGER;

/** `f` holding one slot of `slots`. */
export async function withSlot<T>(slots: SlotSource, priority: number, f: () => Promise<T>): Promise<T> {
  const release = await slots.acquire(priority);
  try {
    return await f();
  } finally {
    release();
  }
}

/** Whose work runs here: the budget, the priority its slots are asked at, and the study (for logs and the profile). */
export interface CpuContext {
  readonly budget: SlotSource;
  readonly priority: number;
  readonly study: string;
}

const context = new AsyncLocalStorage<CpuContext>();

/** Runs `f` (and everything it starts) under `c`. */
export function withCpuBudget<T>(c: CpuContext, f: () => T): T {
  return context.run(c, f);
}

/** The context the caller runs under, if any. */
export function cpuContext(): CpuContext | undefined {
  return context.getStore();
}

/** How work started here waits for a slot: null when it runs under no budget (start at once). Read it where the work is set up (a pool's start): the context follows awaits, not events. */
export function cpuGate(): (() => Promise<Release>) | null {
  const c = context.getStore();
  return c === undefined ? null : () => c.budget.acquire(c.priority);
}
