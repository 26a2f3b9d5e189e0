// The CPU slots a phase thread's job hands the work it farms out (the sort
// study's experiment runs its scenes on a job farm). The job holds one slot
// of the main job's budget, taken before it was sent; its thread only waits
// while the farm runs, so that slot is lent to the farm's first job, and each
// further job asks the main thread for one more.
//
// The slot the job holds goes to whoever waits for a slot when it is given
// back, even if that one has already asked the main thread: the main thread
// may serve such a request late (the pipeline asks at IDLE_PRIORITY, behind
// every study's chain), and the farm's last job then waited for it while the
// job's own slot stood free (npm run bench:study with the deferred requests
// and without this: a core 84-96% idle from 95 to 115 s, while Blur's sweep
// held the other). A grant that comes for a request served so is given back
// at once.
import type { Release, SlotSource } from './cpu-budget.js';

interface Waiter {
  readonly id: number;
  readonly serve: (release: Release) => void;
}

export class LentSlots implements SlotSource {
  private ownFree = true;
  private readonly waiting: Waiter[] = [];
  private asked = 0;

  /** `ask(id)` asks the main thread for a slot; `giveBack(id)` returns the slot it granted for `id`. */
  constructor(
    private readonly ask: (id: number) => void,
    private readonly giveBack: (id: number) => void,
  ) {}

  /** A new job starts holding its own slot, lent to its first request. */
  newJob(): void {
    this.ownFree = true;
  }

  acquire(): Promise<Release> {
    if (this.ownFree) {
      this.ownFree = false;
      return Promise.resolve(this.ownRelease());
    }
    const id = ++this.asked;
    return new Promise((serve) => {
      this.waiting.push({ id, serve });
      this.ask(id);
    });
  }

  /** The main thread granted request `id`. */
  granted(id: number): void {
    const i = this.waiting.findIndex((w) => w.id === id);
    if (i < 0) return this.giveBack(id);
    const [w] = this.waiting.splice(i, 1);
    let held = true;
    w!.serve(() => {
      if (!held) return;
      held = false;
      this.giveBack(id);
    });
  }

  private ownRelease(): Release {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.waiting.shift();
      if (next === undefined) this.ownFree = true;
      else next.serve(this.ownRelease());
    };
  }
}
