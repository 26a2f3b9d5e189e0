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
  return summaries(tallyTiles(frame, size));
}

/** Per tile of one size, in cut order: what a summary is made of. A
 *  coarser tile's tally is its finer tiles' combined (sums, min, max, OR,
 *  AND), so one pass over the frame serves every size that is a multiple
 *  of the finest. */
interface Tally {
  readonly size: number;
  readonly tilesX: number;
  readonly tilesY: number;
  readonly pairs: Float64Array;
  readonly covered: Float64Array;
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  /** OR and AND of the tile's Morton words (their XOR: the bits that differ). */
  readonly or: Int32Array;
  readonly and: Int32Array;
}

function emptyTally(size: number, tilesX: number, tilesY: number): Tally {
  const n = tilesX * tilesY;
  return { size, tilesX, tilesY, pairs: new Float64Array(n), covered: new Float64Array(n), lo: new Float64Array(n).fill(Infinity), hi: new Float64Array(n).fill(-Infinity), or: new Int32Array(n), and: new Int32Array(n).fill(-1) };
}

function tallyTiles(frame: Frame, size: number): Tally {
  const { width, height, spp, pid } = frame;
  const tl = emptyTally(size, Math.ceil(width / size), Math.ceil(height / size));
  const { tilesX, pairs, covered, lo, hi, or, and } = tl;
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
  return tl;
}

/** The tally of tiles `size` (a multiple of fine.size) from the finer tiles they are made of. */
function coarsen(fine: Tally, size: number, width: number, height: number): Tally {
  const f = size / fine.size;
  const tl = emptyTally(size, Math.ceil(width / size), Math.ceil(height / size));
  for (let fy = 0; fy < fine.tilesY; fy++) {
    for (let fx = 0; fx < fine.tilesX; fx++) {
      const i = fy * fine.tilesX + fx;
      const t = Math.floor(fy / f) * tl.tilesX + Math.floor(fx / f);
      tl.pairs[t]! += fine.pairs[i]!;
      tl.covered[t]! += fine.covered[i]!;
      if (fine.lo[i]! < tl.lo[t]!) tl.lo[t] = fine.lo[i]!;
      if (fine.hi[i]! > tl.hi[t]!) tl.hi[t] = fine.hi[i]!;
      tl.or[t]! |= fine.or[i]!;
      tl.and[t]! &= fine.and[i]!;
    }
  }
  return tl;
}

function summaries(tl: Tally): TileSummary[] {
  const { size, tilesX, pairs, covered, lo, hi, or, and } = tl;
  return Array.from({ length: tilesX * tl.tilesY }, (_, t) => {
    const empty = pairs[t] === 0;
    return { tx: t % tilesX, ty: Math.floor(t / tilesX), size, pairs: pairs[t]!, coveredPixels: covered[t]!, pidLo: empty ? 0 : lo[t]!, pidHi: empty ? 0 : hi[t]!, xyDiffer: empty ? 0 : (or[t]! ^ and[t]!) >>> 0 };
  });
}

/** summariseTiles for several sizes from one pass over the frame when each
 *  is a multiple of the smallest (32, 64, 128): the sort study summarises a
 *  16-spp frame at three sizes, and each pass reads every sample. */
export function summariseTileSizes(frame: Frame, sizes: readonly number[]): Map<number, TileSummary[]> {
  const out = new Map<number, TileSummary[]>();
  if (sizes.length === 0) return out;
  const finest = Math.min(...sizes);
  const fine = tallyTiles(frame, finest);
  for (const size of sizes) {
    if (out.has(size)) continue;
    const tl = size === finest ? fine : size % finest === 0 ? coarsen(fine, size, frame.width, frame.height) : tallyTiles(frame, size);
    out.set(size, summaries(tl));
  }
  return out;
}

/** The first tile (in cut order) with the most pairs. */
export function busiestOf(tiles: readonly TileSummary[]): TileSummary {
  return tiles.reduce((a, b) => (b.pairs > a.pairs ? b : a));
}

/** A tile's pairs as the sorter's records. */
export function tilePairs(t: Tile): { pid: number; xy: number; val: number }[] {
  return Array.from(t.pid, (pid, i) => ({ pid, xy: t.xy[i]!, val: t.val[i]! }));
}
