// Sample positions for the merge units, which run at MSAA 1, 4, 8 and 16.
// 1x, 4x and 16x are raster-common's table (the same positions `gfxrtl
// samples` prints). 8x is not in raster-common, so it is defined here by the
// same stratified-jitter recipe on a 4 x 2 cell grid (conventions.md here):
// cells 64 wide and 128 tall, one sample per cell, numbered row-major over
// cells, each at 1 + lowbias32(8 * 65536 + s * 2 + axis) mod (side - 1).
import { SAMPLE_OFFSETS, lowbias32, type SampleOffset } from '../raster-common/samples.js';
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

function eightX(): readonly SampleOffset[] {
  const { cols, rows } = cellGrid(8);
  const cw = SUBPIXEL / cols;
  const ch = SUBPIXEL / rows;
  const out: SampleOffset[] = [];
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const s = cy * cols + cx;
      out.push({
        dx: cx * cw + 1 + (lowbias32(8 * 65536 + s * 2) % (cw - 1)),
        dy: cy * ch + 1 + (lowbias32(8 * 65536 + s * 2 + 1) % (ch - 1)),
      });
    }
  }
  return out;
}

const OFFSETS: Readonly<Record<MergeMsaa, readonly SampleOffset[]>> = {
  1: SAMPLE_OFFSETS[1],
  4: SAMPLE_OFFSETS[4],
  8: eightX(),
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
