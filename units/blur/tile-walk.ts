// Pineda's incremental edge evaluation on the blur tile grid (and, in the
// Hybrid, on the NoBlur cell grids), for the lane's sample test with
// edge=incremental. The edge setup gives E at the box's first sample, its
// origin plus the tuple's jitter (jx, jy), once per positioned MP (its
// multiplies are per positioned MP); two running sums per edge step it
// across stamps with shifts and adds (sample-test/incremental.ts).
//
// jitter=tuple (the study's pattern, blur.md): every tile samples at its
// origin + (jx, jy), so lane (i, j) of a k x k stamp sits 512 i, 512 j past
// the stamp's first sample and adds the constant dx 512 j - dy 512 i to the
// stamp's running sum: shifts and adds of the deltas (none at 1x1). The
// sample test is additions only.
//
// jitter=tile: a tile's sample sits at
//   tile corner + jx + 64 sx - 512 cx,   sx = the tile-phase shift (3 bits),
//   cx = carry of jx[8:6] + sx          (blur-samples.ts: (jx + 64 sx) mod 512),
// and likewise in y, so lane (i, j) adds 64 (dx fy - dy fx) with
// fx = 8 i + sx - 8 cx, a (4 + log2 k)-bit signed factor: a narrow multiply
// per lane instead of the multiply form's two (b+9)-bit ones.
//
// In the Hybrid's NoBlur modes E starts at the bare origin (jitter muxed to
// 0 by the lane) and the lane adds its cell sample's constant offset per
// phase (lane-offsets.ts), muxed with the blur tile offset by mode before
// one narrow multiply (the NoBlur cells' phase-dependent offsets need it
// whatever the blur jitter). All sums wrap at the edge width 2b+17: every
// tested sample lies in the box, where E fits (raster-common/local-widths.ts).
import { cat, mux, muxN, sint, uint, type Fixed, type ModuleBuilder, type SInt, type UInt } from '../../hdl/index.js';
import { TILE_BITS, TILE_PERIOD, XY_CELL_BITS, type BlurJitter } from '../raster-common/blur-formats.js';
import { TILE_SHIFT_TABLE } from '../raster-common/blur-samples.js';
import { localWidths } from '../raster-common/local-widths.js';
import { fit, plusConstantOffset, runningSums, type IncrementalIo } from '../sample-test/incremental.js';
import { laneOffsets } from '../sample-test/lane-offsets.js';

export interface TileWalkEdge {
  readonly name: string;
  readonly dx: Fixed;
  readonly dy: Fixed;
}

export interface TileWalkConfig {
  readonly b: number;
  readonly k: 1 | 2 | 4;
  /** Tile phase bits of the stamp index (2 - log2 k). */
  readonly phaseBits: number;
  readonly jitter: BlurJitter;
}

export interface TileWalkIo extends IncrementalIo {
  readonly jx: UInt;
  readonly jy: UInt;
  /** Low phaseBits of the absolute stamp index (null when phaseBits = 0). */
  readonly phaseX: UInt | null;
  readonly phaseY: UInt | null;
  /** Hybrid: the frame's mode (0 NoBlur 4x, 1 NoBlur 16x, 2/3 blur tiles). */
  readonly mode: UInt | null;
}

/** A constant per phase (cat(phase y, phase x)), or the only one. */
function byPhase(m: ModuleBuilder, phase: UInt | null, consts: readonly number[], width: number): UInt {
  const lits = consts.map((c) => m.lit(c, uint(width)));
  return phase === null ? lits[0]! : muxN(phase, lits);
}

/** E of every edge at lane l's sample of the current stamp: (l, ei) -> E. */
export function tileWalk(m: ModuleBuilder, cfg: TileWalkConfig, edges: readonly TileWalkEdge[], io: TileWalkIo): (l: number, ei: number) => SInt {
  const { b, k, phaseBits } = cfg;
  const kb = Math.log2(k);
  const w = localWidths(b).edge;
  const cellShift = TILE_BITS - XY_CELL_BITS;
  const blurOn = io.mode === null ? null : io.mode.bit(1);
  const is16 = io.mode === null ? null : io.mode.bit(0);
  const tileStride = TILE_BITS + kb;
  const stride = (d: SInt): SInt =>
    blurOn === null || is16 === null ? fit(d.shl(tileStride), w) : mux(blurOn, fit(d.shl(tileStride), w), mux(is16, fit(d.shl(6 + kb), w), fit(d.shl(7 + kb), w)));
  const corner = runningSums(m, w, edges, io, stride);

  const phaseOf = (bits: number): UInt | null => (bits === 0 || io.phaseX === null || io.phaseY === null ? null : cat(io.phaseY.bits(bits - 1, 0), io.phaseX.bits(bits - 1, 0)));
  const tilePhase = phaseOf(phaseBits);
  const phases = 1 << phaseBits;
  const fw = 4 + kb;
  /** Lane (i, j)'s tile factor on one axis: 8 i + s - 8 carry(j[8:6] + s)
   *  with jitter=tile, 8 i with jitter=tuple. */
  const tileFactor = (i: number, j: number, axis: 'ax' | 'ay', jit: UInt): SInt => {
    const idx = axis === 'ax' ? i : j;
    if (cfg.jitter === 'tuple') return m.lit(8 * idx, uint(fw)).asSInt();
    const consts: number[] = [];
    for (let ph = 0; ph < phases * phases; ph++) {
      const txm = ((ph % phases) * k + i) % TILE_PERIOD;
      const tym = (Math.floor(ph / phases) * k + j) % TILE_PERIOD;
      consts.push(TILE_SHIFT_TABLE[tym * TILE_PERIOD + txm]![axis]);
    }
    const s = byPhase(m, tilePhase, consts, cellShift);
    const carry = jit.bits(TILE_BITS - 1, XY_CELL_BITS).zext(cellShift + 1).addWrap(s.zext(cellShift + 1)).bit(cellShift);
    const base = kb === 0 ? s : cat(m.lit(idx, uint(kb)), s);
    return base.zext(fw).subWrap(cat(carry, m.lit(0, uint(cellShift))).zext(fw)).asSInt();
  };
  // Hybrid: the NoBlur cells' constant offsets from the stamp corner.
  const cells =
    io.mode === null
      ? null
      : ([16, 4] as const).map((msaa) => {
          const pb = Math.max(0, (msaa === 16 ? 2 : 1) - kb);
          return { table: laneOffsets({ msaa, k, phaseBits: pb }), phase: phaseOf(pb), bits: (msaa === 16 ? 6 : 7) + kb };
        });
  const ow = TILE_BITS + 1 + kb;

  return (l, ei) => {
    const e = edges[ei]!;
    const i = l % k;
    const j = Math.floor(l / k);
    let acc = corner[ei]!;
    // Blur alone, jitter=tuple: a constant offset, shifts and adds.
    if (cells === null && cfg.jitter === 'tuple') return plusConstantOffset(acc, e, { ox: i << TILE_BITS, oy: j << TILE_BITS }, w);
    const fx = tileFactor(i, j, 'ax', io.jx);
    const fy = tileFactor(i, j, 'ay', io.jy);
    if (cells === null || blurOn === null || is16 === null) {
      // 64 (dx fy - dy fx): two narrow products, one shift.
      const t = fit(e.dx.asSInt().mul(fy), w).subWrap(fit(e.dy.asSInt().mul(fx), w));
      return acc.addWrap(fit(t.shl(XY_CELL_BITS), w));
    }
    const cellOff = (axis: 'ox' | 'oy'): SInt => {
      const [c16, c4] = cells.map((c) => byPhase(m, c.phase, c.table[l]!.map((o) => o[axis]), c.bits).zext(ow));
      return mux(is16, c16!, c4!).asSInt();
    };
    const off = (f: SInt, axis: 'ox' | 'oy'): SInt => mux(blurOn, f.sext(ow).shl(XY_CELL_BITS).trunc(ow), cellOff(axis));
    acc = acc.addWrap(fit(e.dx.asSInt().mul(off(fy, 'oy')), w));
    return acc.subWrap(fit(e.dy.asSInt().mul(off(fx, 'ox')), w));
  };
}

/** Width of a start value (E at the box origin plus jitter). */
export const startValueType = (b: number) => sint(localWidths(b).edge);
