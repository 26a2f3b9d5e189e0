// Number formats of the blur front end (sample in time, radius, sample in
// lens) and of blur sampling, as named constants shared by the DSL units,
// their golden models, the workload and the testbenches. The prose (lens
// model, rounding, why each width) is in blur.md next to this file.

/** Fractional bits of the shutter time t: unsigned 0.12, t in [0, 1). */
export const TIME_BITS = 12;
export const TIME_ONE = 2 ** TIME_BITS;

/** Lens coordinates u, v: signed 1.10, raw in [-1024, 1023], meaning raw / 1024 in [-1, 1). */
export const LENS_UV_FRAC_BITS = 10;
export const LENS_UV_BITS = LENS_UV_FRAC_BITS + 1;
export const LENS_UV_MIN = -(2 ** LENS_UV_FRAC_BITS);
export const LENS_UV_MAX = 2 ** LENS_UV_FRAC_BITS - 1;

/** Defocus radius r: signed 6.8 pixels (1/256 units), saturated to +-RADIUS_MAX. */
export const RADIUS_BITS = 14;
export const RADIUS_MAX = 2 ** (RADIUS_BITS - 1) - 1;

/** Lens CoC at infinity A: unsigned 8.8 pixels (1/256 units). Wide because
 *  workload depths sit in a narrow far band, where A (1 - F/z) is a small
 *  fraction of A. */
export const LENS_A_BITS = 16;
export const LENS_A_MAX = 2 ** LENS_A_BITS - 1;
/** Focus depth F: 0.24, like vertex depth. */
export const LENS_F_BITS = 24;

/**
 * The radius divider delivers q = floor(A F / z) saturated to 2^QUOT_BITS - 1.
 * A - q < -RADIUS_MAX as soon as q > A + RADIUS_MAX <= 2^16 + 2^13 - 2, so
 * 17 quotient bits are enough for the saturated result to be exact.
 */
export const RADIUS_QUOT_BITS = 17;

/** Tuples (u, v, t) per MP at full blur. */
export const BLUR_TUPLES = 64;
export const TUPLE_BITS = 6;

/** A blur tile is 2 x 2 pixels: 512 x 512 in 1/256 units. One sample per tile per tuple. */
export const TILE_BITS = 9;
export const TILE = 2 ** TILE_BITS;
/** The tile jitter pattern repeats every TILE_PERIOD tiles per axis. */
export const TILE_PERIOD_BITS = 2;
export const TILE_PERIOD = 2 ** TILE_PERIOD_BITS;
/** xy strata inside a tile: 8 x 8 cells of 64 units; tile shifts move whole cells. */
export const XY_CELL_BITS = 6;

/**
 * Where a tuple's sample sits in a tile (blur.md, "Blur sampling"):
 * - tuple: the study's pattern, sample = tile origin + jitter(tuple), the
 *   same offset in every tile, so a lane's edge values step by additions
 *   from one start value per positioned MP;
 * - tile: the jitter shifted by whole cells per tile phase (a torus of 4 x 4
 *   tiles), which breaks the repetition from tile to tile and costs each
 *   lane a 3-bit add (multiply form) or a narrow multiply (incremental form).
 */
export const BLUR_JITTERS = ['tuple', 'tile'] as const;
export type BlurJitter = (typeof BLUR_JITTERS)[number];

/** Blur rendering modes: which front-end units exist. */
export const BLUR_MODES = ['motion', 'defocus', 'blur'] as const;
export type BlurMode = (typeof BLUR_MODES)[number];

export function usesTime(mode: BlurMode): boolean {
  return mode !== 'defocus';
}
export function usesLens(mode: BlurMode): boolean {
  return mode !== 'motion';
}

/** SPF: the positioning hardware is shared over this many cycles per positioned MP. */
export const SPF_VALUES = [1, 2, 4] as const;
export type Spf = (typeof SPF_VALUES)[number];

/**
 * Positioning slots (vertices positioned per cycle) for an MP of `verts`
 * vertices at SPF s: ceil(verts / s). A positioned MP then takes
 * ceil(verts / slots) cycles: 1, 2, 3 for a triangle and 1, 2, 4 for a pair.
 */
export function positionSlots(verts: 3 | 4, spf: Spf): number {
  return Math.ceil(verts / spf);
}
export function positionCycles(verts: 3 | 4, spf: Spf): number {
  return Math.ceil(verts / positionSlots(verts, spf));
}
