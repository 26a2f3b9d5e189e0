// An open-loop cross-simulation stimulus recorded from a closed-loop run of
// a merge unit on gfxrtl's simulator: quad fragments offered with the
// valid/ready discipline (held until accepted, with bubbles) and a randomly
// stalling consumer. Verilator then replays the same inputs cycle by cycle.
import type { Design } from '../../hdl/ir.js';
import { recordStreamStimulus } from '../cosim/record-stream.js';
import type { Stimulus } from '../cosim/stimulus.js';
import type { Payload } from '../stream.js';

export function streamStimulus(design: Design, payloads: readonly Payload[], cycles: number, seed: number): Stimulus {
  return recordStreamStimulus(design, cycles, seed, {
    pOffer: 0.8,
    pReady: 0.7,
    item: (n) => {
      const p = payloads[n];
      if (p === undefined) return null;
      return typeof p === 'bigint' ? { in_payload: p } : Object.fromEntries(Object.entries(p).map(([k, v]) => [`in_payload_${k}`, v]));
    },
  });
}
