// NoBlur's optimistic bound for `sweep --explore bound` (Study.peakRate):
// the most MPs per cycle any NoBlur design of this config can reach on the
// workload, from its structure (units/noblur/README.md, "Pipeline"):
// - the input takes at most one record (an MP, or with TVP a pair) a cycle;
// - the iterator walks a walked MP's stamp-aligned box one k x k stamp a
//   cycle and takes the next MP on the cycle of its last stamp, so the walks
//   are serial: an MP whose box fits STP and that has a front-facing
//   triangle costs the iterator its box's stamps (stampBBox, the convention
//   the BBox unit is checked against); a culled or out-of-range MP is never
//   walked (it costs its input cycle only).
// So cycles >= max(records, stamps walked), and MP/cycle <= triangles over
// that. Fill, drain, stalls and the iterative reciprocal's waits only add
// cycles. The sweep checks the bound against every design it simulates.
import type { Design } from '../../hdl/ir.js';
import { fitsStp, stampBBox } from '../../units/raster-common/bbox.js';
import { facing } from '../../units/raster-common/edge.js';
import type { Msaa, StampSize, StpIntBits } from '../../units/raster-common/formats.js';
import { trianglesOf, type MP } from '../../units/raster-common/mp.js';
import { geometryOf, type NoblurConfig } from '../../units/noblur/config.js';
import type { RasterInput } from './workloads.js';

/** Stamps the iterator walks for `mp` (0: culled or out of range, never walked). */
function walkedStamps(mp: MP, msaa: Msaa, k: StampSize, b: StpIntBits): number {
  const box = stampBBox(mp.v, msaa, k);
  if (!fitsStp(box, b)) return 0;
  if (!trianglesOf(mp).some((t) => facing(t) === 'front')) return 0;
  return box.stampsX * box.stampsY;
}

/** Triangles per cycle no NoBlur design of `config` beats on `workload`. */
export function noblurPeakRate(config: NoblurConfig, _design: Design, workload: RasterInput): number {
  const g = geometryOf(config);
  let stamps = 0;
  let triangles = 0;
  for (const mp of workload.mps) {
    stamps += walkedStamps(mp, g.msaa, g.k, g.b as StpIntBits);
    triangles += mp.src.length;
  }
  return triangles / Math.max(workload.mps.length, stamps);
}
