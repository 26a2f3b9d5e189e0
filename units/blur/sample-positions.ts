// Where each lane of a stamp samples, as bbox-local b.8 coordinates built by
// concatenation (the stamp corner is stamp index << stampBits, so a sample's
// local coordinate is the local stamp index with the lane's offset as its low
// bits; no adder but the blur tile shift).
//
// - Blur tiles (blur.md): lane (i, j) is tile (stamp k + i, stamp k + j); its
//   offset is the tuple's jitter j (jitter=tuple, no logic at all), or
//   cat(j[8:6] + shift, j[5:0]) with the shift a constant per tile phase
//   (jitter=tile; tile index mod 4), so a constant per lane or a mux by the
//   low bits of the absolute stamp index.
// - MSAA cells (conventions.md): lane (i, j) is cell (stamp k + i, stamp k +
//   j); its offset from the stamp corner is i c + the sample's jitter, a
//   constant per cell phase (cell index mod samples per pixel side).
import { cat, muxN, uint, type Fixed, type ModuleBuilder, type UInt } from '../../hdl/index.js';
import { TILE_BITS, TILE_PERIOD, XY_CELL_BITS, type BlurJitter } from '../raster-common/blur-formats.js';
import { TILE_SHIFT_TABLE } from '../raster-common/blur-samples.js';
import { SUBPIXEL, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { SAMPLE_OFFSETS } from '../raster-common/samples.js';

export interface LanePos {
  readonly x: Fixed;
  readonly y: Fixed;
}

/** A constant chosen by phase (cat(phaseY, phaseX)), or the only constant. */
function byPhase(m: ModuleBuilder, phase: UInt | null, consts: number[], width: number): UInt {
  const lits = consts.map((c) => m.lit(c, uint(width)));
  return phase === null ? lits[0]! : muxN(phase, lits);
}

/** Blur: lane positions for k x k tiles per stamp. stampX/Y are local stamp indices (b + 8 - 9 - log2 k bits). */
export function tilePositions(m: ModuleBuilder, b: number, k: number, jitter: BlurJitter, stampX: UInt, stampY: UInt, phase: UInt | null, phaseBits: number, jx: UInt, jy: UInt): LanePos[] {
  const kBits = Math.log2(k);
  const cellShift = TILE_BITS - XY_CELL_BITS;
  const phases = 1 << phaseBits;
  const shift = (i: number, j: number, axis: 'ax' | 'ay'): UInt => {
    const consts: number[] = [];
    for (let ph = 0; ph < phases * phases; ph++) {
      const txm = ((ph % phases) * k + i) % TILE_PERIOD;
      const tym = (Math.floor(ph / phases) * k + j) % TILE_PERIOD;
      consts.push(TILE_SHIFT_TABLE[tym * TILE_PERIOD + txm]![axis]);
    }
    return byPhase(m, phase, consts, cellShift);
  };
  const offsetIn = (jj: UInt, i: number, j: number, axis: 'ax' | 'ay'): UInt =>
    jitter === 'tuple' ? jj : cat(jj.bits(TILE_BITS - 1, XY_CELL_BITS).addWrap(shift(i, j, axis)), jj.bits(XY_CELL_BITS - 1, 0));
  const out: LanePos[] = [];
  for (let l = 0; l < k * k; l++) {
    const i = l % k;
    const j = Math.floor(l / k);
    const tx = kBits === 0 ? stampX : cat(stampX, m.lit(i, uint(kBits)));
    const ty = kBits === 0 ? stampY : cat(stampY, m.lit(j, uint(kBits)));
    out.push({
      x: cat(tx, offsetIn(jx, i, j, 'ax')).asFixed(b, SUBPIXEL_BITS, false),
      y: cat(ty, offsetIn(jy, i, j, 'ay')).asFixed(b, SUBPIXEL_BITS, false),
    });
  }
  return out;
}

/** MSAA: lane positions for k x k sample cells per stamp at `msaa` (stampBits = cellBits + log2 k). */
export function cellPositions(m: ModuleBuilder, b: number, k: number, msaa: 4 | 16, stampX: UInt, stampY: UInt, phase: UInt | null, phaseBits: number): LanePos[] {
  const kp = msaa === 4 ? 2 : 4;
  const c = SUBPIXEL / kp;
  const sb = Math.log2(c) + Math.log2(k);
  const phases = 1 << phaseBits;
  const out: LanePos[] = [];
  for (let l = 0; l < k * k; l++) {
    const i = l % k;
    const j = Math.floor(l / k);
    const ox: number[] = [];
    const oy: number[] = [];
    for (let ph = 0; ph < phases * phases; ph++) {
      const cxm = ((ph % phases) * k + i) % kp;
      const cym = (Math.floor(ph / phases) * k + j) % kp;
      const off = SAMPLE_OFFSETS[msaa][cym * kp + cxm]!;
      ox.push(i * c + off.dx - cxm * c);
      oy.push(j * c + off.dy - cym * c);
    }
    out.push({
      x: cat(stampX, byPhase(m, phase, ox, sb)).asFixed(b, SUBPIXEL_BITS, false),
      y: cat(stampY, byPhase(m, phase, oy, sb)).asFixed(b, SUBPIXEL_BITS, false),
    });
  }
  return out;
}
