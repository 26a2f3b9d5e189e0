// 8x MSAA sample positions. raster-common's Msaa type (and so the NoBlur
// rasterizer and `gfxrtl samples`) stops at 16x with 1x/4x/16x only; the
// merge and sort studies also run at 8x. One definition serves both, by the
// same stratified-jitter recipe as 4x and 16x on a non-square grid: the
// pixel is cut into 4 columns x 2 rows of cells (64 x 128 in 1/256 units),
// sample s = cy * 4 + cx (row-major over cells), each strictly inside its
// cell at 1 + lowbias32(8 * 65536 + 2s + axis) mod (side - 1), with each
// axis' own cell side.
import { SUBPIXEL } from './formats.js';
import { lowbias32, type SampleOffset } from './samples.js';

/** Cells per pixel at 8x: 4 columns by 2 rows. */
export const GRID_8X = { cols: 4, rows: 2 } as const;

function build(): readonly SampleOffset[] {
  const { cols, rows } = GRID_8X;
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

/** The 8 sample offsets of a pixel from its top-left corner, 1/256 units. */
export const SAMPLE_OFFSETS_8X: readonly SampleOffset[] = build();
