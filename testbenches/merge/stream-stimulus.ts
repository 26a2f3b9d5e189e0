// An open-loop cross-simulation stimulus recorded from a closed-loop run of
// a merge unit on gfxrtl's simulator: quad fragments offered with the
// valid/ready discipline (held until accepted, with bubbles) and a randomly
// stalling consumer. Verilator then replays the same inputs cycle by cycle.
import type { Design } from '../../hdl/ir.js';
import { createSimulator } from '../../hdl/sim/index.js';
import type { Stimulus } from '../cosim/stimulus.js';
import { topPorts } from '../cosim/stimulus.js';
import { makeRng } from '../rng.js';
import type { Payload } from '../stream.js';

export function streamStimulus(design: Design, payloads: readonly Payload[], cycles: number, seed: number): Stimulus {
  const sim = createSimulator(design);
  const top = design.top.name;
  for (const p of topPorts(design).inputs) sim.poke(`${top}.${p.name}`, 0);
  sim.reset(1);
  const rng = makeRng(seed);
  const rows: Record<string, bigint>[] = [];
  let next = 0;
  let offering = false;
  let payload: Record<string, bigint> = {};
  for (let c = 0; c < cycles; c++) {
    if (!offering && next < payloads.length && rng.float() < 0.8) {
      const p = payloads[next]!;
      payload = typeof p === 'bigint' ? { in_payload: p } : Object.fromEntries(Object.entries(p).map(([k, v]) => [`in_payload_${k}`, v]));
      offering = true;
    }
    const row: Record<string, bigint> = { ...payload, in_valid: offering ? 1n : 0n, out_ready: rng.float() < 0.7 ? 1n : 0n };
    for (const [k, v] of Object.entries(row)) sim.poke(`${top}.${k}`, v);
    if (offering && sim.peek(`${top}.in_ready`) === 1n) {
      offering = false;
      next++;
    }
    rows.push(row);
    sim.step(1);
  }
  return { resetCycles: 1, cycles: rows };
}
