// The per-triangle reciprocal of depth interpolation, n = ceil(2^R / D) with
// R = L + 24 and L = bitLength(D) (conventions.md, "Depth"), built as the
// hardware would build it rather than as one wide divide:
//
//  1. Normalise: a leading-zero counting shifter gives Dn = D << (W - L) in
//     [2^(W-1), 2^W) and L = W - lz (W = dBits = 2b + 16, the widest D a box
//     that fits STP can have). Then 2^R / D = 2^(W+24) / Dn exactly, so
//     n = ceil(2^(W+24) / Dn) (conventions.md states it for W = 44).
//  2. The library's normalised reciprocal of Dn (hdl/lib/reciprocal.ts), in
//     the architecture the config names: 'restoring' (25 rows of a (W+1)-bit
//     subtract and a W-bit mux, the quotient of the all-ones dividend),
//     'radix4' (13 digit-recurrence rows of three subtracts) or 'newton'
//     (Newton-Raphson from a 64-entry seed table, two iterations and a
//     remainder-sign correction): the same bits, different area and delay.
//
// Done once per triangle in the setup stage, not per sample.
import { cat, defineModule, mux, uint, type UInt } from '../../hdl/index.js';
import { normalisedReciprocal, type ReciprocalArch } from '../../hdl/lib/reciprocal.js';
import { DEPTH_RECIP_FRAC_BITS } from '../raster-common/formats.js';

export interface ReciprocalConfig {
  /** Width W of D. */
  readonly dBits: number;
  /** The library reciprocal's architecture (default 'restoring'). */
  readonly arch?: ReciprocalArch;
}

export const RECIP_BITS = DEPTH_RECIP_FRAC_BITS + 2;
/** Width of L = bitLength(D) for a D of `dBits` bits: L <= dBits, so
 *  bitLength(dBits) bits (6 up to dBits = 63; 5 at b = 4 and 6, where
 *  D < 2^24 and 2^28). */
export function lenBitsOf(dBits: number): number {
  return dBits.toString(2).length;
}

/** Leading-zero count and normalised value, one power-of-two stage at a time. */
export function normalise(d: UInt): { dn: UInt; lz: UInt } {
  const w = d.width;
  let cur = d;
  const lzBits: UInt[] = [];
  for (let s = 2 ** Math.floor(Math.log2(w - 1)); s >= 1; s /= 2) {
    const zeros = cur.bits(w - 1, w - s).eq(0);
    cur = mux(zeros, cur.bits(w - s - 1, 0).shl(s), cur);
    lzBits.push(zeros);
  }
  return { dn: cur, lz: cat(...lzBits) };
}

export const Reciprocal = defineModule('Reciprocal', (m, cfg: ReciprocalConfig) => {
  const w = cfg.dBits;
  const d = m.input('d', uint(w));
  const n = m.output('n', uint(RECIP_BITS));
  const lenBits = lenBitsOf(w);
  const len = m.output('len', uint(lenBits));
  const { dn, lz } = normalise(d);
  len.drive(m.lit(w, uint(lenBits)).subWrap(lz.zext(lenBits)));
  n.drive(normalisedReciprocal(dn.named('dn'), DEPTH_RECIP_FRAC_BITS, cfg.arch ?? 'restoring'));
  return { d, n, len };
});
