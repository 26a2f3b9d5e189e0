// The MP bounding box on the sample (or stamp) grid, and the STP fit check.
// The sample test runs on coordinates made relative to the bbox origin so that
// small MPs need few integer bits; whether an MP's local coordinates fit a
// reduced-precision (STP) datapath is decided here, from the bbox alone, the
// same way the hardware must decide it (conventions.md, "bbox and STP").

import {
  type Msaa,
  type StampSize,
  type StpIntBits,
  SUBPIXEL_BITS,
  sampleCellSize,
} from './formats.js';
import type { Point } from './edge.js';
import { ParamError } from '../../hdl/errors.js';

/**
 * A bbox in sample cells (inclusive), aligned to a stamp of k x k cells, and
 * the same box in 1/256 units: origin (ox, oy) and size w x h.
 */
export interface StampBBox {
  readonly stamp: StampSize;
  readonly cellSize: number;
  readonly cx0: number;
  readonly cy0: number;
  readonly cx1: number;
  readonly cy1: number;
  readonly ox: number;
  readonly oy: number;
  readonly w: number;
  readonly h: number;
  /** Stamps the iterator visits: (cx1 - cx0 + 1) / k by (cy1 - cy0 + 1) / k. */
  readonly stampsX: number;
  readonly stampsY: number;
}

/**
 * bbox of the vertices: min/max of the sample cells that hold the extreme
 * coordinates (cell = floor(coord / cellSize)), widened outward to stamp
 * boundaries (multiples of k cells). Contains every vertex and every sample
 * that could be covered.
 */
export function stampBBox(verts: readonly Point[], msaa: Msaa, stamp: StampSize): StampBBox {
  if (verts.length === 0) throw new ParamError('verts', verts, 'at least one vertex', { message: 'stampBBox: no vertices' });
  const c = sampleCellSize(msaa);
  const xs = verts.map((v) => v.x);
  const ys = verts.map((v) => v.y);
  const lo = (coord: number): number => Math.floor(Math.floor(coord / c) / stamp) * stamp;
  const hi = (coord: number): number => Math.floor(Math.floor(coord / c) / stamp) * stamp + stamp - 1;
  const cx0 = lo(Math.min(...xs));
  const cy0 = lo(Math.min(...ys));
  const cx1 = hi(Math.max(...xs));
  const cy1 = hi(Math.max(...ys));
  return {
    stamp,
    cellSize: c,
    cx0,
    cy0,
    cx1,
    cy1,
    ox: cx0 * c,
    oy: cy0 * c,
    w: (cx1 - cx0 + 1) * c,
    h: (cy1 - cy0 + 1) * c,
    stampsX: (cx1 - cx0 + 1) / stamp,
    stampsY: (cy1 - cy0 + 1) / stamp,
  };
}

/**
 * STP fit: every bbox-local coordinate (vertex or sample minus the bbox origin)
 * lies in [0, w - 1] x [0, h - 1], so it is representable as an unsigned
 * fixed-point number with `intBits` integer and 8 fractional bits exactly when
 * w <= 2^(intBits+8) and h <= 2^(intBits+8), i.e. the box is at most
 * 2^intBits pixels on each side.
 */
export function fitsStp(box: StampBBox, intBits: StpIntBits): boolean {
  const limit = 2 ** (intBits + SUBPIXEL_BITS);
  return box.w <= limit && box.h <= limit;
}

/** The smallest STP integer width the MP fits, in pixels-per-side terms: ceil(log2(max(w, h) / 256)), at least 0. */
export function minStpIntBits(box: StampBBox): number {
  const side = Math.max(box.w, box.h);
  let bits = 0;
  while (2 ** (bits + SUBPIXEL_BITS) < side) bits++;
  return bits;
}
