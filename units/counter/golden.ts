// Reference behaviour of Counter, written with plain bigints.
import type { CounterConfig } from './config.js';

export class CounterModel {
  value = 0n;
  constructor(private readonly cfg: CounterConfig) {}
  /** Outputs for this cycle's inputs, then advance one clock edge. */
  cycle(en: boolean, clear: boolean): { count: bigint; wrapped: bigint } {
    const modulus = 1n << BigInt(this.cfg.width);
    const step = BigInt(this.cfg.step % 2 ** Math.min(this.cfg.width, 30));
    const next = (this.value + step) % modulus;
    const out = { count: this.value, wrapped: en && !clear && next < this.value ? 1n : 0n };
    if (clear) this.value = 0n;
    else if (en) this.value = next;
    return out;
  }
}
