// Bit toggles per signal over a simulation, for activity-based power
// (synth-models/activity.ts, activityFromToggles): after each settle,
// popcount(value xor previous value) is added to the signal's count. Keys are
// the simulator's hierarchical paths, which is how the inventory names the
// signal an operator drives. Narrow signals are read through number handles;
// wider ones through peek.
import type { CompiledSimulator } from '../hdl/sim/index.js';

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function popcountBig(x: bigint): number {
  let n = 0;
  for (; x > 0n; x >>= 32n) n += popcount32(Number(x & 0xffffffffn));
  return n;
}

export class ToggleCounter {
  private readonly narrow: { read(): number }[] = [];
  private readonly narrowPrev: Int32Array;
  private readonly narrowCount: Float64Array;
  private readonly wide: string[] = [];
  private readonly widePrev: bigint[];
  private readonly wideCount: Float64Array;
  private readonly narrowPaths: string[] = [];
  private samples = 0;

  constructor(private readonly sim: CompiledSimulator) {
    for (const s of sim.signals()) {
      if (s.width <= 32) {
        this.narrow.push(sim.handle(s.path));
        this.narrowPaths.push(s.path);
      } else this.wide.push(s.path);
    }
    this.narrowPrev = new Int32Array(this.narrow.length);
    this.narrowCount = new Float64Array(this.narrow.length);
    this.widePrev = this.wide.map(() => 0n);
    this.wideCount = new Float64Array(this.wide.length);
  }

  /** Call once per cycle with the design settled. The first call only
   *  records the starting values. */
  sample(): void {
    const first = this.samples === 0;
    for (let i = 0; i < this.narrow.length; i++) {
      const v = this.narrow[i]!.read() | 0;
      if (!first) this.narrowCount[i]! += popcount32(v ^ this.narrowPrev[i]!);
      this.narrowPrev[i] = v;
    }
    for (let i = 0; i < this.wide.length; i++) {
      const v = this.sim.peek(this.wide[i]!);
      if (!first) this.wideCount[i]! += popcountBig(v ^ this.widePrev[i]!);
      this.widePrev[i] = v;
    }
    this.samples++;
  }

  /** Toggle counts by path, over `cycles` cycle-to-cycle transitions. */
  result(): { counts: Record<string, number>; cycles: number } {
    const counts: Record<string, number> = {};
    this.narrowPaths.forEach((p, i) => (counts[p] = this.narrowCount[i]!));
    this.wide.forEach((p, i) => (counts[p] = this.wideCount[i]!));
    return { counts, cycles: Math.max(0, this.samples - 1) };
  }
}
