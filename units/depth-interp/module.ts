// Depth interpolation for a whole stamp: one DepthLane per sample lane, each
// fed the vertex depths, reciprocal and L of the triangle that owns its
// sample (pairs: triangle 0 = (v0, v1, v2), triangle 1 = (v2, v1, v3)).
import { defineModule, mux, uint, type ModuleBuilder, type Signal, type UInt } from '../../hdl/index.js';
import { DEPTH_BITS } from '../raster-common/formats.js';
import { fieldOf, type StageRecord } from '../raster-common/stage-record.js';
import { DepthLane } from './lane.js';
import { lenBitsOf, RECIP_BITS } from './reciprocal.js';

export interface DepthInterpConfig {
  readonly tvp: boolean;
  readonly lanes: number;
  readonly dBits: number;
}

/** One sample lane of DepthInterp: d0..d2 of its owning triangle in, its depth z out. */
export type DepthLanePorts = {
  readonly d: readonly UInt[];
  readonly z: UInt;
};

/** DepthInterp's ports: the vertex depths, n and L of triangle 0 (and with
 *  TVP the lanes' triangle bits and triangle 1's n and L), and the lanes. */
export type DepthInterpPorts = {
  readonly z: readonly UInt[];
  readonly n0: UInt;
  readonly len0: UInt;
  readonly tri?: UInt;
  readonly n1?: UInt;
  readonly len1?: UInt;
  readonly lanes: readonly DepthLanePorts[];
};

export const DepthInterp = defineModule('DepthInterp', (m, cfg: DepthInterpConfig): DepthInterpPorts => {
  const input = (name: string, width: number): UInt => m.input(name, uint(width));
  const nv = cfg.tvp ? 4 : 3;
  const zv = Array.from({ length: nv }, (_, i) => input(`z${i}`, DEPTH_BITS));
  const n0 = input('n0', RECIP_BITS);
  const len0 = input('len0', lenBitsOf(cfg.dBits));
  const tri = cfg.tvp ? input('tri', cfg.lanes) : null;
  const n1 = cfg.tvp ? input('n1', RECIP_BITS) : null;
  const len1 = cfg.tvp ? input('len1', lenBitsOf(cfg.dBits)) : null;

  const lanes = Array.from({ length: cfg.lanes }, (_, l): DepthLanePorts => {
    const d = [0, 1, 2].map((i) => input(`lane${l}_d${i}`, cfg.dBits));
    const lane = m.instance(`interp${l}`, DepthLane, { dBits: cfg.dBits });
    const t1 = tri === null ? null : tri.bit(l);
    const pick = (a: UInt, b: UInt | null): UInt => (t1 === null || b === null ? a : mux(t1, b, a));
    // Triangle 1's vertices in its own order are (v2, v1, v3).
    lane.z0.drive(pick(zv[0]!, zv[2] ?? null));
    lane.z1.drive(zv[1]!);
    lane.z2.drive(pick(zv[2]!, zv[3] ?? null));
    lane.n.drive(pick(n0, n1));
    lane.len.drive(pick(len0, len1));
    lane.d0.drive(d[0]!);
    lane.d1.drive(d[1]!);
    lane.d2.drive(d[2]!);
    const z = m.output(`lane${l}_z`, uint(DEPTH_BITS));
    z.drive(lane.z);
    return { d, z };
  });
  return { z: zv, n0, len0, ...(tri !== null && n1 !== null && len1 !== null && { tri, n1, len1 }), lanes };
});

/** Drives `depth`'s inputs (in `m`) from a pipeline's R3 stage, whose
 *  registers carry the same names: z<i>, n<t>, len<t>, tri, lane<l>_d<i>.
 *  A register R3 lacks fails elaboration, naming it. */
export function driveDepthFrom(m: ModuleBuilder, depth: DepthInterpPorts, r3: StageRecord): void {
  const reg = (name: string): Signal => fieldOf(m, r3, name, 'the depth interpolation');
  depth.z.forEach((p, i) => p.drive(reg(`z${i}`)));
  depth.n0.drive(reg('n0'));
  depth.len0.drive(reg('len0'));
  depth.tri?.drive(reg('tri'));
  depth.n1?.drive(reg('n1'));
  depth.len1?.drive(reg('len1'));
  depth.lanes.forEach((p, l) => p.d.forEach((x, i) => x.drive(reg(`lane${l}_d${i}`))));
}
