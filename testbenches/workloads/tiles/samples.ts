// Sample offsets for the tile renderer at 4, 8 and 16 samples per pixel.
// 4x and 16x are raster-common's tables (conventions.md); 8x is the 4 x 2
// cell grid of raster-common/samples-8x.ts, shared with the merge study.
import { SAMPLE_OFFSETS, type SampleOffset } from '../../../units/raster-common/samples.js';
import { SAMPLE_OFFSETS_8X } from '../../../units/raster-common/samples-8x.js';
import { ParamError } from '../../../hdl/errors.js';

export const TILE_SPP = [4, 8, 16] as const;
export type TileSpp = (typeof TILE_SPP)[number];

/** Cells per pixel side for each rate: columns x rows. */
export function cellGrid(spp: TileSpp): { cols: number; rows: number } {
  return spp === 4 ? { cols: 2, rows: 2 } : spp === 8 ? { cols: 4, rows: 2 } : { cols: 4, rows: 4 };
}

export function sampleOffsets(spp: TileSpp): readonly SampleOffset[] {
  if (spp === 8) return SAMPLE_OFFSETS_8X;
  return SAMPLE_OFFSETS[spp];
}

export function checkSpp(spp: number): TileSpp {
  if (!(TILE_SPP as readonly number[]).includes(spp)) throw new ParamError('spp', spp, 'a supported sample count', { message: `tiles: spp=${spp} is not supported; valid ${TILE_SPP.join(', ')}` });
  return spp as TileSpp;
}
