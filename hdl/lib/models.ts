// Plain TypeScript reference models for the library's tests: bit loops over
// bigints, written without the library's tree structures or any DSL code.

export function bitsOfValue(x: bigint, w: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < w; i++) if ((x >> BigInt(i)) & 1n) out.push(i);
  return out;
}

export function lowestSet(x: bigint, w: number): number | null {
  return bitsOfValue(x, w)[0] ?? null;
}

export function highestSet(x: bigint, w: number): number | null {
  const b = bitsOfValue(x, w);
  return b.length === 0 ? null : b[b.length - 1]!;
}

/** Round robin: the lowest requester at or after `ptr`, else the lowest. */
export class RoundRobinModel {
  ptr = 0;
  constructor(readonly n: number) {}
  pick(req: bigint): number | null {
    for (let k = 0; k < this.n; k++) {
      const i = (this.ptr + k) % this.n;
      if ((req >> BigInt(i)) & 1n) return i;
    }
    return null;
  }
  clock(req: bigint, advance: boolean): void {
    const g = this.pick(req);
    if (g !== null && advance) this.ptr = (g + 1) % this.n;
  }
}

/** A bounded FIFO that takes when not full and gives when not empty. */
export class QueueModel {
  readonly items: bigint[] = [];
  constructor(readonly depth: number) {}
  get inReady(): boolean {
    return this.items.length < this.depth;
  }
  get outValid(): boolean {
    return this.items.length > 0;
  }
  clock(inValid: boolean, payload: bigint, outReady: boolean): void {
    const take = inValid && this.inReady;
    if (outReady && this.outValid) this.items.shift();
    if (take) this.items.push(payload);
  }
}
