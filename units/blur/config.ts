// Blur configuration: the rendering mode (which front-end units exist), the
// study's knobs TVP, SPF, PMT, STS (in 2 x 2-pixel tiles), STP, and the
// widths every blur unit derives from them, in one place so port widths
// agree; the arithmetic stays in each unit.
import type { ConfigOf, Schema } from '../config.js';
import { BLUR_JITTERS, BLUR_MODES, positionCycles, positionSlots, TILE_BITS, TILE_PERIOD_BITS, type BlurJitter, type BlurMode, type Spf } from '../raster-common/blur-formats.js';
import { COORD_BITS } from '../raster-common/formats.js';
import { localWidths } from '../raster-common/local-widths.js';
import { sampleTimeSchema } from '../sample-time/config.js';

export const blurSchema = {
  render: { kind: 'enum', values: BLUR_MODES, default: 'blur', doc: 'motion: sample in time only; defocus: lens only; blur: both (N = 64 tuples)' },
  tvp: { kind: 'bool', default: false, doc: 'triangle pairs: 4 vertices, one bbox, 5 edge functions' },
  spf: { kind: 'enum', values: ['1', '2', '4'], default: '1', doc: 'cycles per positioned MP sharing the positioning hardware (ceil(verts/spf) slots)' },
  pmt: { kind: 'enum', values: ['1', '2', '3', '4'], default: '2', doc: 'lanes (bbox, iterator, sample test, interpolation), each on its own tuple' },
  sts: { kind: 'enum', values: ['1x1', '2x2', '4x4'], default: '1x1', doc: 'sample-test stamp in 2x2-pixel tiles: k x k tiles tested per cycle per lane' },
  stp: { kind: 'enum', values: ['4.8', '6.8', '8.8', '10.8', '12.8', '14.8'], default: '8.8', doc: 'integer.fraction bits of the bbox-local sample-test datapath' },
  edge: {
    kind: 'enum',
    values: ['multiply', 'incremental'],
    default: 'incremental',
    doc: "lane sample test edge functions: incremental (the study's: E at the box's first sample set up once per positioned MP, then additions only, running sums per stamp; with jitter=tile a narrow multiply per lane for the tile-phase offset) or multiply (two multiplies per edge per tile)",
  },
  time: sampleTimeSchema.time,
  recip: {
    kind: 'enum',
    values: ['unrolled', 'radix4', 'newton'],
    default: 'unrolled',
    doc: "each lane's per-triangle reciprocal of D (hdl/lib/reciprocal.ts): unrolled (25 restoring rows), radix4 (13 radix-4 digit-recurrence rows) or newton (Newton-Raphson from a 64-entry seed table and a remainder correction); the same bits, each one positioned MP a cycle",
  },
  jitter: {
    kind: 'enum',
    values: BLUR_JITTERS,
    default: 'tuple',
    doc: "where a tuple samples in a tile: tuple (the study's: tile origin + jitter(tuple), the same offset in every tile) or tile (the jitter shifted by whole cells per tile phase, a torus of 4 x 4 tiles)",
  },
} as const satisfies Schema;
export type BlurConfig = ConfigOf<typeof blurSchema>;

/** Hybrid: the blur knobs without the mode, which is a runtime input (NoBlur 4x, 16x, motion, blur). */
export const hybridSchema = {
  tvp: blurSchema.tvp,
  spf: blurSchema.spf,
  pmt: blurSchema.pmt,
  sts: blurSchema.sts,
  stp: blurSchema.stp,
  edge: blurSchema.edge,
  time: blurSchema.time,
  recip: blurSchema.recip,
  jitter: blurSchema.jitter,
} as const satisfies Schema;
export type HybridConfig = ConfigOf<typeof hybridSchema>;

/** The hybrid's runtime modes, by the value of its `mode` input. */
export const HYBRID_MODES = ['noblur4', 'noblur16', 'motion', 'blur'] as const;
export type HybridMode = (typeof HYBRID_MODES)[number];

export interface BlurGeometry {
  readonly mode: BlurMode;
  readonly jitter: BlurJitter;
  readonly tvp: boolean;
  readonly spf: Spf;
  readonly pmt: number;
  readonly verts: 3 | 4;
  readonly tris: 1 | 2;
  /** Positioning slots and cycles per positioned MP. */
  readonly slots: number;
  readonly posCycles: number;
  /** Stamp side k in tiles. */
  readonly k: 1 | 2 | 4;
  readonly b: number;
  /** log2 of the stamp side in 1/256 units: 9 + log2 k. */
  readonly stampBits: number;
  /** Low bits of an absolute stamp index that give the tile phase (tile index mod 4) of lane 0. */
  readonly phaseBits: number;
  readonly stampIdxBits: number;
  readonly localStampBits: number;
  readonly localBits: number;
  readonly dBits: number;
  readonly lanes: number;
}

export function blurGeometryOf(cfg: BlurConfig): BlurGeometry {
  const k = cfg.sts === '1x1' ? 1 : cfg.sts === '2x2' ? 2 : 4;
  const b = Number(cfg.stp.split('.')[0]);
  const verts = cfg.tvp ? 4 : 3;
  const spf = Number(cfg.spf) as Spf;
  const stampBits = TILE_BITS + Math.log2(k);
  // Every local width follows from the STP fit (raster-common/local-widths.ts).
  const w = localWidths(b);
  const localBits = w.span;
  return {
    mode: cfg.render,
    jitter: cfg.jitter,
    tvp: cfg.tvp,
    spf,
    pmt: Number(cfg.pmt),
    verts,
    tris: cfg.tvp ? 2 : 1,
    slots: positionSlots(verts, spf),
    posCycles: positionCycles(verts, spf),
    k,
    b,
    stampBits,
    phaseBits: TILE_PERIOD_BITS - Math.log2(k),
    stampIdxBits: COORD_BITS - stampBits,
    localStampBits: localBits - stampBits,
    localBits,
    dBits: w.area,
    lanes: k * k,
  };
}
