// A cross-simulation stimulus for the Blur pipeline: an MP stream (open and
// close positions, depths) offered with the valid/ready discipline, a fixed
// lens, and randomly stalling lane consumers. Recorded from a closed-loop
// run on gfxrtl's simulator so the Verilog simulators replay the same inputs
// (like noblur-stimulus.ts).
import type { Design } from '../../hdl/ir.js';
import { recordStreamStimulus } from '../cosim/record-stream.js';
import type { BlurGeometry } from '../../units/blur/config.js';
import { MP_ID_BITS } from '../../units/noblur/config.js';
import { usesLens, usesTime } from '../../units/raster-common/blur-formats.js';
import type { BlurMP, Lens } from '../../units/raster-common/blur-mp.js';
import type { Stimulus } from '../cosim/stimulus.js';

export function blurStimulus(design: Design, g: BlurGeometry, mps: readonly BlurMP[], lens: Lens, cycles: number, seed: number): Stimulus {
  return recordStreamStimulus(design, cycles, seed, {
    pOffer: 0.7,
    pReady: 0.8,
    readyPorts: Array.from({ length: g.pmt }, (_, l) => `out${l}_ready`),
    fixed: usesLens(g.mode) ? { lens_a: BigInt(lens.a), lens_f: BigInt(lens.f) } : {},
    item: (n) => {
      const mp = mps[n % mps.length]!;
      const payload: Record<string, bigint> = { in_payload_id: BigInt(n & (2 ** MP_ID_BITS - 1)) };
      for (let i = 0; i < g.verts; i++) {
        const v = mp.v[i] ?? mp.v[0]!;
        Object.assign(payload, { [`in_payload_v${i}_x`]: BigInt(v.x), [`in_payload_v${i}_y`]: BigInt(v.y), [`in_payload_v${i}_z`]: BigInt(v.z) });
        if (usesTime(g.mode)) Object.assign(payload, { [`in_payload_v${i}_x1`]: BigInt(v.x1), [`in_payload_v${i}_y1`]: BigInt(v.y1) });
      }
      if (g.tvp) payload['in_payload_pair'] = mp.kind === 'pair' ? 1n : 0n;
      return payload;
    },
  });
}
