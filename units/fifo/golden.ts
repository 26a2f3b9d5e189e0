// Reference behaviour of Fifo: a bounded queue of bigints.
import type { FifoConfig } from './config.js';

export class FifoModel {
  private readonly q: bigint[] = [];
  constructor(private readonly cfg: FifoConfig) {}
  get capacity(): number {
    return Number(this.cfg.depth);
  }
  /** Outputs seen this cycle, then the transfers at the clock edge. */
  cycle(enqValid: boolean, enqData: bigint, deqReady: boolean): { enqReady: boolean; deqValid: boolean; deqData: bigint | null; count: number } {
    const out = { enqReady: this.q.length < this.capacity, deqValid: this.q.length > 0, deqData: this.q[0] ?? null, count: this.q.length };
    if (out.deqValid && deqReady) this.q.shift();
    if (out.enqReady && enqValid) this.q.push(enqData);
    return out;
  }
}
