// Per-cycle recording of selected signals. Narrow and mid values are kept as
// raw numbers (int32 patterns, integer doubles: no allocation per sample)
// and become BigInts only when the trace is handed out; wide ones are read
// from their limbs as BigInts when sampled.
import type { SignalInfo, Trace } from '../api.js';
import type { Store } from '../passes/layout.js';
import { fromLimbs, type SimState } from './state.js';
import { limbsOf } from '../passes/layout.js';

export interface TracedSlot {
  info: SignalInfo;
  /** The slot array holding the value (passes/layout.ts). */
  store: Store;
  slot: number;
}

export class TraceRecorder {
  private readonly narrow: number[][];
  private readonly wide: bigint[][];

  constructor(
    private readonly topName: string,
    private readonly slots: TracedSlot[],
    private readonly startCycle: number,
  ) {
    this.narrow = slots.map(() => []);
    this.wide = slots.map(() => []);
  }

  /** Record one cycle; the slots must be settled. */
  sample(st: SimState): void {
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i]!;
      if (s.store === 'W') this.wide[i]!.push(fromLimbs(st.W, s.slot, limbsOf(s.info.width)));
      else this.narrow[i]!.push(s.store === 'D' ? st.D[s.slot]! : st.N[s.slot]!);
    }
  }

  finish(): Trace {
    return {
      topName: this.topName,
      signals: this.slots.map((s) => ({ ...s.info })),
      startCycle: this.startCycle,
      values: this.slots.map((s, i) =>
        s.store === 'W' ? this.wide[i]! : this.narrow[i]!.map((v) => BigInt(s.store === 'D' ? v : v >>> 0)),
      ),
    };
  }
}
