// NoBlur configuration: the study's micro-architectural knobs that apply
// without blur (TVP, STS, STP) plus the multisample rate, and the widths and
// grid shifts every NoBlur unit derives from them. Deriving them in one place
// keeps the units' port widths consistent; the arithmetic itself stays in
// each unit.
import { COORD_BITS, DEPTH_BITS, DEPTH_RECIP_FRAC_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { lenBitsOf } from '../depth-interp/reciprocal.js';
import { localWidths } from '../raster-common/local-widths.js';
import type { ConfigOf, Schema } from '../config.js';

export const noblurSchema = {
  tvp: { kind: 'bool', default: false, doc: 'triangle pairs: 4 vertices, one bbox, 5 edge functions, two inside tests per sample' },
  sts: { kind: 'enum', values: ['1x1', '2x2', '4x4'], default: '2x2', doc: 'sample-test stamp: k x k samples tested per cycle' },
  stp: { kind: 'enum', values: ['4.8', '6.8', '8.8', '10.8', '12.8', '14.8'], default: '8.8', doc: 'integer.fraction bits of the bbox-local sample-test datapath' },
  msaa: { kind: 'enum', values: ['4', '16'], default: '16', doc: 'samples per pixel' },
  recip: {
    kind: 'enum',
    values: ['unrolled', 'iterative', 'radix4', 'newton'],
    default: 'unrolled',
    doc: 'per-triangle reciprocal (hdl/lib/reciprocal.ts): unrolled (25 restoring rows, one MP a cycle), iterative (one row a cycle; setup waits for it on MPs of fewer than 25 iterator cycles), radix4 (13 radix-4 digit-recurrence rows, three subtracts each; one MP a cycle) or newton (Newton-Raphson from a 64-entry seed table and a remainder correction, one MP a cycle); the same bits',
  },
  edge: {
    kind: 'enum',
    values: ['multiply', 'incremental'],
    default: 'multiply',
    doc: 'edge functions: multiply (two multiplies per edge per lane) or incremental (Pineda: E at the bbox origin set up once per MP with multiplies, running sums per stamp, constant lane offsets by shift-add)',
  },
} as const satisfies Schema;
export type NoblurConfig = ConfigOf<typeof noblurSchema>;

/** MP id tag carried from input to output so results can be traced back. */
export const MP_ID_BITS = 16;
/** Width of the out-of-range counter. */
export const OOR_COUNT_BITS = 32;

/** Everything a NoBlur unit needs to size itself. */
export interface NoblurGeometry {
  readonly tvp: boolean;
  readonly msaa: 4 | 16;
  /** Stamp side k in samples (sample cells). */
  readonly k: 1 | 2 | 4;
  /** Samples per pixel side. */
  readonly kp: 2 | 4;
  /** STP integer bits b. */
  readonly b: number;
  /** log2 of the sample-cell side in 1/256 units (7 at 4x, 6 at 16x). */
  readonly cellBits: number;
  /** log2 of the stamp side in 1/256 units: a coordinate >> stampBits is its stamp index. */
  readonly stampBits: number;
  /** Low bits of an absolute stamp index that give the stamp's place inside its pixel (0 when a stamp covers whole pixels). */
  readonly phaseBits: number;
  /** Bits of an absolute stamp index. */
  readonly stampIdxBits: number;
  /** Bits of a bbox-local stamp index (a box that fits STP has at most 2^this stamps per side). */
  readonly localStampBits: number;
  /** Local coordinate: unsigned b.8. */
  readonly localBits: number;
  /** Edge delta and (p - a): signed b+9. */
  readonly deltaBits: number;
  /** Edge value: signed 2b+17. */
  readonly edgeBits: number;
  /** Edge value of a covered sample, and D: unsigned 2b+16. */
  readonly dBits: number;
  /** N = sum d_i z_i: unsigned 2b+40. */
  readonly numBits: number;
  readonly depthBits: number;
  /** Normalised reciprocal n: P+2 = 26 bits. */
  readonly recipBits: number;
  /** L = bitLength(D) <= dBits: bitLength(dBits) bits (5 at b <= 6, else 6). */
  readonly lenBits: number;
  /** Lanes per stamp, k*k. */
  readonly lanes: number;
  /** Triangles per MP (2 with TVP). */
  readonly tris: 1 | 2;
  /** Vertices per MP. */
  readonly verts: 3 | 4;
}

export function geometryOf(cfg: NoblurConfig): NoblurGeometry {
  const msaa = cfg.msaa === '4' ? 4 : 16;
  const k = cfg.sts === '1x1' ? 1 : cfg.sts === '2x2' ? 2 : 4;
  const kp = msaa === 4 ? 2 : 4;
  const b = Number(cfg.stp.split('.')[0]);
  const cellBits = SUBPIXEL_BITS - Math.log2(kp);
  const stampBits = cellBits + Math.log2(k);
  // Every local width follows from the STP fit (raster-common/local-widths.ts).
  const w = localWidths(b);
  const localBits = w.span;
  return {
    tvp: cfg.tvp,
    msaa,
    k,
    kp,
    b,
    cellBits,
    stampBits,
    phaseBits: Math.max(0, SUBPIXEL_BITS - stampBits),
    stampIdxBits: COORD_BITS - stampBits,
    localStampBits: localBits - stampBits,
    localBits,
    deltaBits: w.delta,
    edgeBits: w.edge,
    dBits: w.area,
    numBits: w.area + DEPTH_BITS,
    depthBits: DEPTH_BITS,
    recipBits: DEPTH_RECIP_FRAC_BITS + 2,
    lenBits: lenBitsOf(w.area),
    lanes: k * k,
    tris: cfg.tvp ? 2 : 1,
    verts: cfg.tvp ? 4 : 3,
  };
}
