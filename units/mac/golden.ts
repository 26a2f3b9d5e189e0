// Reference behaviour of Mac in exact rational arithmetic on bigints
// (numerator at a power-of-two scale), with rounding written from the
// definitions rather than as bit manipulation.
import type { MacConfig } from './config.js';

function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/** Round n / 2^k to an integer. */
export function roundScaled(n: bigint, k: number, mode: MacConfig['round']): bigint {
  if (k <= 0) return n << BigInt(-k);
  const d = 1n << BigInt(k);
  const fl = floorDiv(n, d);
  const rem = n - fl * d; // 0 <= rem < d
  if (mode === 'truncate') return fl;
  const twice = 2n * rem;
  if (twice > d) return fl + 1n;
  if (twice < d) return fl;
  return mode === 'halfUp' ? fl + 1n : fl % 2n === 0n ? fl : fl + 1n;
}

export function clampOrWrap(v: bigint, width: number, mode: MacConfig['overflow']): bigint {
  const lo = -(1n << BigInt(width - 1));
  const hi = (1n << BigInt(width - 1)) - 1n;
  if (mode === 'saturate') return v < lo ? lo : v > hi ? hi : v;
  return BigInt.asIntN(width, v);
}

export class MacModel {
  /** Accumulator as a signed integer in units of 2^-fracBits. */
  acc = 0n;
  constructor(private readonly cfg: MacConfig) {}
  cycle(a: bigint, b: bigint, en: boolean, clear: boolean): bigint {
    const out = this.acc;
    const accWidth = this.cfg.accIntBits + this.cfg.fracBits;
    const term = clampOrWrap(roundScaled(a * b, this.cfg.fracBits, this.cfg.round), accWidth, 'saturate');
    const sum = clampOrWrap(this.acc + term, accWidth, this.cfg.overflow);
    if (clear) this.acc = 0n;
    else if (en) this.acc = sum;
    return out;
  }
}
