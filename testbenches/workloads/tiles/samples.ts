// Sample offsets for the tile renderer at 4, 8 and 16 samples per pixel.
// 4x and 16x are raster-common's tables (conventions.md). 8x is not defined
// there; we extend the same stratified jittered rule to a non-square grid:
// the pixel is cut into 4 columns x 2 rows of cells (64 x 128 in 1/256
// units), sample s = cy * 4 + cx (row-major over cells), and its offset is
//   dx = cx * 64 + 1 + lowbias32(8 * 65536 + 2s) mod 63
//   dy = cy * 128 + 1 + lowbias32(8 * 65536 + 2s + 1) mod 127
// i.e. jit(S, s, axis) = 1 + lowbias32(S * 65536 + s * 2 + axis) mod (c_axis - 1)
// with each axis' own cell side: strictly inside its cell, on the 1/256 grid,
// the same hash and seed layout as 4x and 16x. (To move into raster-common
// when its Msaa type grows an 8.)
import { lowbias32, SAMPLE_OFFSETS, type SampleOffset } from '../../../units/raster-common/samples.js';
import { SUBPIXEL } from '../../../units/raster-common/formats.js';

export const TILE_SPP = [4, 8, 16] as const;
export type TileSpp = (typeof TILE_SPP)[number];

/** Cells per pixel side for each rate: columns x rows. */
export function cellGrid(spp: TileSpp): { cols: number; rows: number } {
  return spp === 4 ? { cols: 2, rows: 2 } : spp === 8 ? { cols: 4, rows: 2 } : { cols: 4, rows: 4 };
}

function offsets8(): SampleOffset[] {
  const { cols, rows } = cellGrid(8);
  const cw = SUBPIXEL / cols;
  const ch = SUBPIXEL / rows;
  const out: SampleOffset[] = [];
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const s = cy * cols + cx;
      out.push({ dx: cx * cw + 1 + (lowbias32(8 * 65536 + s * 2) % (cw - 1)), dy: cy * ch + 1 + (lowbias32(8 * 65536 + s * 2 + 1) % (ch - 1)) });
    }
  }
  return out;
}

const EIGHT = offsets8();

export function sampleOffsets(spp: TileSpp): readonly SampleOffset[] {
  if (spp === 8) return EIGHT;
  return SAMPLE_OFFSETS[spp];
}

export function checkSpp(spp: number): TileSpp {
  if (!(TILE_SPP as readonly number[]).includes(spp)) throw new Error(`tiles: spp=${spp} is not supported; valid ${TILE_SPP.join(', ')}`);
  return spp as TileSpp;
}
