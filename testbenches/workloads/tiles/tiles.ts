// Cutting a rendered frame into tiles of (SPID, sample position) pairs, as
// pass 2 of the sort back end reads them: per tile, in the sample buffer's
// order (pixel row, pixel column, sample), every covered sample's primitive
// id, its shading coordinates (the pixel grid: the pixel's absolute x, y)
// Morton-encoded, and its position in the tile (py_local * T + px_local) *
// spp + s. Background samples have no SPID and are not sorted.
import { mortonEncode } from '../../../units/spid-encoder/golden.js';
import type { Frame } from './render.js';
import { ParamError } from '../../../hdl/errors.js';

export const TILE_SIZES = [32, 64, 128] as const;
export type TileSize = (typeof TILE_SIZES)[number];

export interface Tile {
  readonly tx: number;
  readonly ty: number;
  readonly size: number;
  readonly spp: number;
  readonly pid: Uint32Array;
  /** Morton(sx, sy) of the shading coordinates. */
  readonly xy: Uint32Array;
  readonly val: Uint32Array;
  /** Pixels with at least one covered sample. */
  readonly coveredPixels: number;
}

export function checkTileSize(n: number): TileSize {
  if (!(TILE_SIZES as readonly number[]).includes(n)) throw new ParamError('tile', n, 'a supported tile size', { message: `tiles: tile=${n} is not supported; valid ${TILE_SIZES.join(', ')}` });
  return n as TileSize;
}

/** Bits of the value (sample position in the tile) for a tile size and rate. */
export function valueBits(size: number, spp: number): number {
  return Math.ceil(Math.log2(size * size * spp));
}

export function cutTiles(frame: Frame, size: number): Tile[] {
  const tiles: Tile[] = [];
  for (let ty = 0; ty * size < frame.height; ty++) for (let tx = 0; tx * size < frame.width; tx++) tiles.push(cutTile(frame, size, tx, ty));
  return tiles;
}

/** One tile of a cut: its pairs in the sample buffer's order. */
export function cutTile(frame: Frame, size: number, tx: number, ty: number): Tile {
  const { width, height, spp, pid } = frame;
  const x1 = Math.min(width, (tx + 1) * size);
  const y1 = Math.min(height, (ty + 1) * size);
  let n = 0;
  for (let py = ty * size; py < y1; py++) for (let i = (py * width + tx * size) * spp; i < (py * width + x1) * spp; i++) if (pid[i]! >= 0) n++;
  const p = new Uint32Array(n);
  const xy = new Uint32Array(n);
  const val = new Uint32Array(n);
  let k = 0;
  let covered = 0;
  for (let py = ty * size; py < y1; py++) {
    const ly = py - ty * size;
    for (let px = tx * size; px < x1; px++) {
      const lx = px - tx * size;
      const base = (py * width + px) * spp;
      let m = -1;
      for (let s = 0; s < spp; s++) {
        const id = pid[base + s]!;
        if (id < 0) continue;
        if (m < 0) {
          m = mortonEncode(px, py);
          covered++;
        }
        p[k] = id;
        xy[k] = m;
        val[k] = (ly * size + lx) * spp + s;
        k++;
      }
    }
  }
  return { tx, ty, size, spp, pid: p, xy, val, coveredPixels: covered };
}

/** A tile of a cut without its pairs: what the sort study reads of every
 *  tile but the few it simulates (counts, and the key ranges the sorter's
 *  pass count follows from), from one pass over the frame instead of the
 *  pairs of every tile (three 32-bit words per sample: 360 MB a cut at
 *  16 spp). */
export interface TileSummary {
  readonly tx: number;
  readonly ty: number;
  readonly size: number;
  readonly pairs: number;
  readonly coveredPixels: number;
  /** Smallest and largest primitive id (0 and 0 when empty). */
  readonly pidLo: number;
  readonly pidHi: number;
  /** Bits in which the tile's Morton words are not all equal (the OR of every word XOR any one of them). */
  readonly xyDiffer: number;
}

export function summariseTiles(frame: Frame, size: number): TileSummary[] {
  const { width, height, spp, pid } = frame;
  const tilesX = Math.ceil(width / size);
  const n = tilesX * Math.ceil(height / size);
  const pairs = new Float64Array(n);
  const covered = new Float64Array(n);
  const lo = new Float64Array(n).fill(Infinity);
  const hi = new Float64Array(n).fill(-Infinity);
  const or = new Int32Array(n);
  const and = new Int32Array(n).fill(-1);
  for (let py = 0; py < height; py++) {
    const row = Math.floor(py / size) * tilesX;
    for (let px = 0; px < width; px++) {
      const t = row + Math.floor(px / size);
      const base = (py * width + px) * spp;
      let any = false;
      for (let s = 0; s < spp; s++) {
        const id = pid[base + s]!;
        if (id < 0) continue;
        any = true;
        pairs[t]! += 1;
        if (id < lo[t]!) lo[t] = id;
        if (id > hi[t]!) hi[t] = id;
      }
      if (!any) continue;
      covered[t]! += 1;
      const m = mortonEncode(px, py);
      or[t]! |= m;
      and[t]! &= m;
    }
  }
  return Array.from({ length: n }, (_, t) => {
    const empty = pairs[t] === 0;
    return { tx: t % tilesX, ty: Math.floor(t / tilesX), size, pairs: pairs[t]!, coveredPixels: covered[t]!, pidLo: empty ? 0 : lo[t]!, pidHi: empty ? 0 : hi[t]!, xyDiffer: empty ? 0 : (or[t]! ^ and[t]!) >>> 0 };
  });
}

/** The first tile (in cut order) with the most pairs. */
export function busiestOf(tiles: readonly TileSummary[]): TileSummary {
  return tiles.reduce((a, b) => (b.pairs > a.pairs ? b : a));
}

/** A tile's pairs as the sorter's records. */
export function tilePairs(t: Tile): { pid: number; xy: number; val: number }[] {
  return Array.from(t.pid, (pid, i) => ({ pid, xy: t.xy[i]!, val: t.val[i]! }));
}
