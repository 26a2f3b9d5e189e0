// Whose shading inputs a pixel of a merged quad uses (merge-units.md):
// 1. the fragment covering the pixel centre (the earlier one if both do);
// 2. else the fragment owning the covered sample nearest the centre;
// 3. else (a helper pixel) copy a covered neighbour: horizontal, vertical,
//    then diagonal.
// Both golden models keep, per pixel, the chosen source and how it won
// (centre bit, best centre rank), so a merge is a per-pixel comparison.
import { centreRanks, type MergeMsaa } from './samples.js';

export interface PixelChoice {
  /** Source triangle, or -1 when the pixel has no covered sample. */
  readonly src: number;
  readonly centre: boolean;
  /** Centre rank of the source's nearest covered sample (meaningless when src = -1). */
  readonly rank: number;
}

export const NO_CHOICE: PixelChoice = { src: -1, centre: false, rank: 0 };

/** The choice a lone fragment of triangle `tri` makes for a pixel it covers with `cov`. */
export function lonePixelChoice(tri: number, cov: number, centre: boolean, msaa: MergeMsaa): PixelChoice {
  if (cov === 0) return NO_CHOICE;
  const ranks = centreRanks(msaa);
  let best = Infinity;
  for (let s = 0; s < msaa; s++) if ((cov >>> s) & 1) best = Math.min(best, ranks[s] ?? Infinity);
  return { src: tri, centre, rank: best };
}

/**
 * Of two disjoint fragments of one pixel, both covered, the later (`b`)
 * keeps the shading when it covers the centre or a sample nearer it and the
 * earlier (`a`) does not cover the centre (the earlier wins a tie).
 */
export function laterKeepsShading(a: PixelChoice, b: PixelChoice): boolean {
  return !a.centre && (b.centre || b.rank < a.rank);
}

/** Combine the choices of two disjoint fragments of one pixel; `a` arrived first. */
export function combineChoice(a: PixelChoice, b: PixelChoice): PixelChoice {
  if (a.src < 0) return b;
  if (b.src < 0) return a;
  return laterKeepsShading(a, b) ? b : a;
}

/** Final per-pixel sources of a quad, helper pixels filled from a neighbour. */
export function resolveSources(choices: readonly PixelChoice[]): number[] {
  return choices.map((c, p) => {
    if (c.src >= 0) return c.src;
    for (const n of [p ^ 1, p ^ 2, p ^ 3]) {
      const nb = choices[n];
      if (nb !== undefined && nb.src >= 0) return nb.src;
    }
    return -1;
  });
}
