// A cross-simulation stimulus for the NoBlur pipeline that means something:
// an MP stream offered with the valid/ready discipline (held until
// accepted, with bubbles) and a randomly stalling consumer. The stimulus is
// open-loop (a list of input values per cycle), so it is recorded from a
// closed-loop run on gfxrtl's simulator; the Verilog simulators then replay
// the same inputs and every output is compared cycle by cycle.
import type { Design } from '../../hdl/ir.js';
import { recordStreamStimulus } from '../cosim/record-stream.js';
import type { Stimulus } from '../cosim/stimulus.js';
import type { NoblurGeometry } from '../../units/noblur/config.js';
import type { MP } from '../../units/raster-common/mp.js';
import { ID_MASK } from './noblur-io.js';

export function noblurStimulus(design: Design, g: NoblurGeometry, mps: readonly MP[], cycles: number, seed: number): Stimulus {
  return recordStreamStimulus(design, cycles, seed, {
    pOffer: 0.7,
    pReady: 0.8,
    item: (n) => {
      const mp = mps[n % mps.length]!;
      const payload: Record<string, bigint> = { in_payload_id: BigInt(n & ID_MASK) };
      for (let i = 0; i < g.verts; i++) {
        const v = mp.v[i] ?? mp.v[0];
        Object.assign(payload, { [`in_payload_v${i}_x`]: BigInt(v.x), [`in_payload_v${i}_y`]: BigInt(v.y), [`in_payload_v${i}_z`]: BigInt(v.z) });
      }
      if (g.tvp) payload['in_payload_pair'] = mp.kind === 'pair' ? 1n : 0n;
      return payload;
    },
  });
}
