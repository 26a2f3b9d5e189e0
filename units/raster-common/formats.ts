// Number formats at the rasterizer's input and output, as named constants so the
// DSL modules, golden models and workloads cannot drift apart. The prose
// definitions (and the reasons behind each width) are in conventions.md.
import { ParamError } from '../../hdl/errors.js';

/** Fractional bits of every screen coordinate: positions are integers in 1/256-pixel units. */
export const SUBPIXEL_BITS = 8;
/** 1/256-pixel units per pixel. */
export const SUBPIXEL = 1 << SUBPIXEL_BITS;
/** Integer bits of a screen coordinate (14.8 covers a 16k x 16k render target). */
export const COORD_INT_BITS = 14;
/** Total bits of an unsigned 14.8 coordinate. */
export const COORD_BITS = COORD_INT_BITS + SUBPIXEL_BITS;
/** Largest 14.8 coordinate (1/256 units); the smallest is 0. */
export const COORD_MAX = 2 ** COORD_BITS - 1;
/** Pixels per side of the addressable screen. */
export const SCREEN_PIXELS = 2 ** COORD_INT_BITS;

/** Depth is unsigned 0.24 fixed point: integer z means z / 2^24, in [0, 1). */
export const DEPTH_BITS = 24;
export const DEPTH_MAX = 2 ** DEPTH_BITS - 1;
/**
 * Fractional bits P of the normalised reciprocal n = floor(2^(L+P) / D), where
 * L = bitLength(D). P = DEPTH_BITS makes the reciprocal error below one depth
 * LSB for every triangle size (conventions.md, "Depth").
 */
export const DEPTH_RECIP_FRAC_BITS = DEPTH_BITS;

/** Multisample rates the units support; 1 is the pixel-centre mode used by tests. */
export const MSAA_MODES = [1, 4, 16] as const;
export type Msaa = (typeof MSAA_MODES)[number];

/** STS: the sample-test stamp is k x k samples, k in STAMP_SIZES. */
export const STAMP_SIZES = [1, 2, 4] as const;
export type StampSize = (typeof STAMP_SIZES)[number];

/** STP: integer bits of the bbox-local sample-test datapath (always 8 fractional bits). */
export const STP_INT_BITS = [4, 6, 8, 10, 12, 14] as const;
export type StpIntBits = (typeof STP_INT_BITS)[number];

/** Samples per pixel side: sqrt(msaa). */
export function samplesPerSide(msaa: Msaa): 1 | 2 | 4 {
  return msaa === 1 ? 1 : msaa === 4 ? 2 : 4;
}

/** Side of one sample cell in 1/256 units: 256 / sqrt(msaa). */
export function sampleCellSize(msaa: Msaa): number {
  return SUBPIXEL / samplesPerSide(msaa);
}

export function isMsaa(n: number): n is Msaa {
  return (MSAA_MODES as readonly number[]).includes(n);
}

export function isStampSize(n: number): n is StampSize {
  return (STAMP_SIZES as readonly number[]).includes(n);
}

export function isStpIntBits(n: number): n is StpIntBits {
  return (STP_INT_BITS as readonly number[]).includes(n);
}

/** True for a legal 14.8 coordinate (an integer in 1/256 units, 0..COORD_MAX). */
export function isCoord(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= COORD_MAX;
}

/** True for a legal 0.24 depth (an integer 0..DEPTH_MAX). */
export function isDepth(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= DEPTH_MAX;
}

/** Nearest 14.8 coordinate to a position in pixels (ties to +inf), clamped to the screen. */
export function quantizeCoord(pixels: number): number {
  if (!Number.isFinite(pixels)) throw new ParamError('pixels', pixels, 'a finite number', { message: `quantizeCoord: ${pixels} is not finite` });
  return Math.min(COORD_MAX, Math.max(0, Math.floor(pixels * SUBPIXEL + 0.5)));
}

/** 0.24 depth of a unit-interval depth: floor(z * 2^24), clamped to [0, DEPTH_MAX]. */
export function quantizeDepth(unit: number): number {
  if (!Number.isFinite(unit)) throw new ParamError('depth', unit, 'a finite number', { message: `quantizeDepth: ${unit} is not finite` });
  return Math.min(DEPTH_MAX, Math.max(0, Math.floor(unit * 2 ** DEPTH_BITS)));
}
