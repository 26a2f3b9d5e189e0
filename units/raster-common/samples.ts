// Sample positions for MSAA. Each pixel is cut into sqrt(S) x sqrt(S) square
// cells and holds one sample per cell, at an offset inside the cell that is
// pseudo-random but fixed: the same for every pixel, derived from (S, sample
// index) by a documented integer hash, so hardware can hold it in a small table
// and anyone can recompute it. Offsets are on the 1/256 grid and strictly
// inside the cell (never on a cell border), so the cells stay stratified.

import {
  COORD_INT_BITS,
  type Msaa,
  SCREEN_PIXELS,
  SUBPIXEL,
  sampleCellSize,
  samplesPerSide,
} from './formats.js';
import { ParamError } from '../../hdl/errors.js';

/** A sample's offset from its pixel's top-left corner, in 1/256 units (0..255). */
export interface SampleOffset {
  readonly dx: number;
  readonly dy: number;
}

/**
 * lowbias32 (C. Wellons' integer hash): the one hash behind the jitter table.
 * Public so conventions.md's table can be checked from the formula.
 */
export function lowbias32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Jitter of sample s along one axis (0 = x, 1 = y) inside its cell of side c:
 * 1 + lowbias32(S * 65536 + s * 2 + axis) mod (c - 1), in 1..c-1.
 */
export function cellJitter(msaa: Msaa, s: number, axis: 0 | 1): number {
  const c = sampleCellSize(msaa);
  return 1 + (lowbias32(msaa * 65536 + s * 2 + axis) % (c - 1));
}

function buildOffsets(msaa: Msaa): readonly SampleOffset[] {
  // 1x is the pixel centre: the conventional single-sample position.
  if (msaa === 1) return [{ dx: SUBPIXEL / 2, dy: SUBPIXEL / 2 }];
  const k = samplesPerSide(msaa);
  const c = sampleCellSize(msaa);
  const out: SampleOffset[] = [];
  for (let cy = 0; cy < k; cy++) {
    for (let cx = 0; cx < k; cx++) {
      const s = cy * k + cx; // row-major over cells
      out.push({ dx: cx * c + cellJitter(msaa, s, 0), dy: cy * c + cellJitter(msaa, s, 1) });
    }
  }
  return out;
}

/** Per-pixel sample offsets, indexed by sample index s (row-major over cells). */
export const SAMPLE_OFFSETS: Readonly<Record<Msaa, readonly SampleOffset[]>> = {
  1: buildOffsets(1),
  4: buildOffsets(4),
  16: buildOffsets(16),
};

/** One sample position on the screen. */
export interface SamplePos {
  readonly px: number;
  readonly py: number;
  readonly s: number;
  /** Absolute position in 1/256 units: px * 256 + dx[s], py * 256 + dy[s]. */
  readonly sx: number;
  readonly sy: number;
}

/** A rectangle of pixels: top-left pixel (x, y) and size w x h. */
export interface PixelRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The position of sample s of pixel (px, py). */
export function samplePos(msaa: Msaa, px: number, py: number, s: number): SamplePos {
  const off = SAMPLE_OFFSETS[msaa][s];
  if (off === undefined) throw new ParamError('sample', s, 'an index for the MSAA mode', { message: `sample index ${s} out of range for ${msaa}x MSAA` });
  return { px, py, s, sx: px * SUBPIXEL + off.dx, sy: py * SUBPIXEL + off.dy };
}

/**
 * Every sample of every pixel in the rectangle, ordered by pixel row (py), then
 * pixel column (px), then sample index s. Throws if the rectangle leaves the
 * 2^14 x 2^14 screen that 14.8 coordinates address.
 */
export function listSamples(msaa: Msaa, rect: PixelRect): SamplePos[] {
  const { x, y, w, h } = rect;
  for (const [name, v] of [['x', x], ['y', y], ['w', w], ['h', h]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new ParamError('rect', v, 'a non-negative integer', { message: `listSamples: rect.${name} = ${v} is not a non-negative integer` });
  }
  if (x + w > SCREEN_PIXELS || y + h > SCREEN_PIXELS) {
    throw new ParamError('rect', `${x},${y},${w},${h}`, 'a rectangle inside the screen', { message: `listSamples: rect ${x},${y},${w},${h} leaves the ${COORD_INT_BITS}-bit (${SCREEN_PIXELS} px) screen` });
  }
  const out: SamplePos[] = [];
  for (let py = y; py < y + h; py++) {
    for (let px = x; px < x + w; px++) {
      for (let s = 0; s < msaa; s++) out.push(samplePos(msaa, px, py, s));
    }
  }
  return out;
}
