// Depth interpolation for a whole stamp: one DepthLane per sample lane, each
// fed the vertex depths, reciprocal and L of the triangle that owns its
// sample (pairs: triangle 0 = (v0, v1, v2), triangle 1 = (v2, v1, v3)).
import { defineModule, mux, uint, type Signal, type UInt } from '../../hdl/index.js';
import { DEPTH_BITS } from '../raster-common/formats.js';
import { DepthLane } from './lane.js';
import { lenBitsOf, RECIP_BITS } from './reciprocal.js';

export interface DepthInterpConfig {
  readonly tvp: boolean;
  readonly lanes: number;
  readonly dBits: number;
}

export const DepthInterp = defineModule('DepthInterp', (m, cfg: DepthInterpConfig) => {
  const ports: Record<string, Signal> = {};
  const input = (name: string, width: number): UInt => (ports[name] = m.input(name, uint(width))) as UInt;
  const nv = cfg.tvp ? 4 : 3;
  const zv = Array.from({ length: nv }, (_, i) => input(`z${i}`, DEPTH_BITS));
  const n0 = input('n0', RECIP_BITS);
  const len0 = input('len0', lenBitsOf(cfg.dBits));
  const tri = cfg.tvp ? input('tri', cfg.lanes) : null;
  const n1 = cfg.tvp ? input('n1', RECIP_BITS) : null;
  const len1 = cfg.tvp ? input('len1', lenBitsOf(cfg.dBits)) : null;

  for (let l = 0; l < cfg.lanes; l++) {
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
    ports[`lane${l}_z`] = z;
  }
  return ports;
});
