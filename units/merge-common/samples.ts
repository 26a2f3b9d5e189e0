// Sample positions for the merge units, which run at MSAA 1, 4, 8 and 16.
// 1x, 4x and 16x are raster-common's table (the same positions `gfxrtl
// samples` prints); 8x is the 4 x 2 cell grid of raster-common/samples-8x.ts,
// shared with the sort study's tiles.
import { SAMPLE_OFFSETS, type SampleOffset } from '../raster-common/samples.js';
import { SAMPLE_OFFSETS_8X } from '../raster-common/samples-8x.js';
import { SUBPIXEL } from '../raster-common/formats.js';

export const MERGE_MSAA_MODES = [1, 4, 8, 16] as const;
export type MergeMsaa = (typeof MERGE_MSAA_MODES)[number];

export function isMergeMsaa(n: number): n is MergeMsaa {
  return (MERGE_MSAA_MODES as readonly number[]).includes(n);
}

/** Cells per pixel along x and y: 8x is 4 columns by 2 rows. */
export function cellGrid(msaa: MergeMsaa): { cols: number; rows: number } {
  switch (msaa) {
    case 1:
      return { cols: 1, rows: 1 };
    case 4:
      return { cols: 2, rows: 2 };
    case 8:
      return { cols: 4, rows: 2 };
    case 16:
      return { cols: 4, rows: 4 };
  }
}

const OFFSETS: Readonly<Record<MergeMsaa, readonly SampleOffset[]>> = {
  1: SAMPLE_OFFSETS[1],
  4: SAMPLE_OFFSETS[4],
  8: SAMPLE_OFFSETS_8X,
  16: SAMPLE_OFFSETS[16],
};

/** Offsets of the samples of one pixel from its top-left corner, 1/256 units. */
export function sampleOffsets(msaa: MergeMsaa): readonly SampleOffset[] {
  return OFFSETS[msaa];
}

/**
 * Rank of each sample by its distance from the pixel centre (0 = nearest;
 * ties go to the lower sample index). The shading-input rule "the covered
 * sample nearest the pixel centre" compares these ranks, so hardware holds a
 * constant table instead of computing distances.
 */
export function centreRanks(msaa: MergeMsaa): readonly number[] {
  return RANKS[msaa];
}

function buildRanks(msaa: MergeMsaa): readonly number[] {
  const offs = OFFSETS[msaa];
  const c = SUBPIXEL / 2;
  const order = offs
    .map((o, s) => ({ s, d: (o.dx - c) ** 2 + (o.dy - c) ** 2 }))
    .sort((a, b) => a.d - b.d || a.s - b.s);
  const rank = new Array<number>(offs.length).fill(0);
  order.forEach((o, r) => (rank[o.s] = r));
  return rank;
}

const RANKS: Readonly<Record<MergeMsaa, readonly number[]>> = { 1: buildRanks(1), 4: buildRanks(4), 8: buildRanks(8), 16: buildRanks(16) };
