// Blur sampling: the N = 64 (u, v, t) tuples and where each tuple samples
// inside every 2 x 2-pixel tile. Every table is derived from lowbias32 (the
// MSAA jitter hash, samples.ts) with documented keys, so anyone can rebuild
// it; hardware holds the tables as constants (blur.md, "Blur sampling").
//
//   tuple i = 0..63:
//     lens cell (i mod 8, i div 8) of an 8 x 8 grid on [-1, 1)^2, jittered:
//       u = -1024 + 256 (i mod 8) + h(i, 0) mod 256     (signed 1.10 raw)
//       v = -1024 + 256 (i div 8) + h(i, 1) mod 256
//     time stratum bitrev6(i) of 64, jittered:
//       t = 64 bitrev6(i) + h(i, 2) mod 64                (0.12 raw)
//     xy cell c = (37 i + 11) mod 64 of the tile's 8 x 8 grid of 64-unit cells:
//       jx = 64 (c mod 8) + 1 + h(i, 3) mod 63,  jy = 64 (c div 8) + 1 + h(i, 4) mod 63
//   h(i, k) = lowbias32(0xB1000 + 8 i + k)
//
//   sample of tuple i in tile (tx, ty), 1/256 units, jitter=tuple (the study's):
//     sx = 512 tx + jx,  sy = 512 ty + jy
//
//   jitter=tile shifts the pattern by tile phase (tx mod 4, ty mod 4),
//   p = (ty mod 4) 4 + (tx mod 4):
//     ax = lowbias32(0xB2000 + 2 p) mod 8,  ay = lowbias32(0xB2000 + 2 p + 1) mod 8
//     sx = 512 tx + (jx + 64 ax) mod 512,  sy = 512 ty + (jy + 64 ay) mod 512
//
// Each tuple gives each tile exactly one sample (64 tuples per 4 pixels = 16
// per pixel, the 16x MSAA density). The three permutations (lens cell, time
// stratum, xy cell) decorrelate u, v, t and position. A tile shift moves
// whole 64-unit cells around the tile as a torus, so every tile keeps one
// sample per xy cell over the 64 tuples either way.
import {
  BLUR_TUPLES,
  type BlurJitter,
  LENS_UV_MIN,
  TILE,
  TILE_PERIOD,
  TIME_ONE,
  XY_CELL_BITS,
} from './blur-formats.js';
import { lowbias32 } from './samples.js';
import { ParamError } from '../../hdl/errors.js';

export interface BlurTuple {
  readonly i: number;
  /** Lens u, v: signed 1.10 raw. */
  readonly u: number;
  readonly v: number;
  /** Shutter time: 0.12 raw. */
  readonly t: number;
  /** Sample offset inside a tile before the tile shift, 1/256 units (1..511). */
  readonly jx: number;
  readonly jy: number;
}

function bitrev6(i: number): number {
  let r = 0;
  for (let b = 0; b < 6; b++) if (i & (1 << b)) r |= 1 << (5 - b);
  return r;
}

function h(i: number, k: number): number {
  return lowbias32(0xb1000 + 8 * i + k);
}

const CELL = 2 ** XY_CELL_BITS;

function buildTuples(): readonly BlurTuple[] {
  const out: BlurTuple[] = [];
  const lensCell = 2 * -LENS_UV_MIN / 8;
  const timeCell = TIME_ONE / BLUR_TUPLES;
  for (let i = 0; i < BLUR_TUPLES; i++) {
    const c = (37 * i + 11) % 64;
    out.push({
      i,
      u: LENS_UV_MIN + lensCell * (i % 8) + (h(i, 0) % lensCell),
      v: LENS_UV_MIN + lensCell * Math.floor(i / 8) + (h(i, 1) % lensCell),
      t: timeCell * bitrev6(i) + (h(i, 2) % timeCell),
      jx: CELL * (c % 8) + 1 + (h(i, 3) % (CELL - 1)),
      jy: CELL * Math.floor(c / 8) + 1 + (h(i, 4) % (CELL - 1)),
    });
  }
  return out;
}

/** The 64 tuples, by index. */
export const BLUR_TUPLE_TABLE: readonly BlurTuple[] = buildTuples();

/** jitter=tile: shift in whole xy cells (0..7 per axis), by phase p = (ty mod 4) 4 + (tx mod 4). */
export const TILE_SHIFT_TABLE: readonly { readonly ax: number; readonly ay: number }[] = Array.from(
  { length: TILE_PERIOD * TILE_PERIOD },
  (_, p) => ({ ax: lowbias32(0xb2000 + 2 * p) % 8, ay: lowbias32(0xb2000 + 2 * p + 1) % 8 }),
);

export function blurTuple(i: number): BlurTuple {
  const t = BLUR_TUPLE_TABLE[i];
  if (t === undefined) throw new ParamError('tuple', i, '0..BLUR_TUPLES-1', { message: `blur tuple index ${i} out of range (0..${BLUR_TUPLES - 1})` });
  return t;
}

const mod = (a: number, n: number): number => ((a % n) + n) % n;

/** One blur sample: tuple i in tile (tx, ty), absolute position in 1/256 units. */
export interface BlurSamplePos {
  readonly tx: number;
  readonly ty: number;
  readonly tuple: number;
  readonly sx: number;
  readonly sy: number;
}

export function blurSamplePos(tx: number, ty: number, tuple: number, jitter: BlurJitter): BlurSamplePos {
  const { jx, jy } = blurTuple(tuple);
  if (jitter === 'tuple') return { tx, ty, tuple, sx: TILE * tx + jx, sy: TILE * ty + jy };
  const shift = TILE_SHIFT_TABLE[mod(ty, TILE_PERIOD) * TILE_PERIOD + mod(tx, TILE_PERIOD)]!;
  return { tx, ty, tuple, sx: TILE * tx + mod(jx + CELL * shift.ax, TILE), sy: TILE * ty + mod(jy + CELL * shift.ay, TILE) };
}

/** Every (tile, tuple) sample of the tiles that touch a pixel rectangle, by ty, tx, tuple. */
export function listBlurSamples(rect: { x: number; y: number; w: number; h: number }, jitter: BlurJitter): BlurSamplePos[] {
  const tx0 = Math.floor(rect.x / 2);
  const ty0 = Math.floor(rect.y / 2);
  const tx1 = Math.floor((rect.x + rect.w - 1) / 2);
  const ty1 = Math.floor((rect.y + rect.h - 1) / 2);
  const out: BlurSamplePos[] = [];
  for (let ty = ty0; ty <= ty1; ty++) for (let tx = tx0; tx <= tx1; tx++) for (let i = 0; i < BLUR_TUPLES; i++) out.push(blurSamplePos(tx, ty, i, jitter));
  return out;
}
