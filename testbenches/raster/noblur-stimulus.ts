// A cross-simulation stimulus for the NoBlur pipeline that means something:
// an MP stream offered with the valid/ready discipline (held until
// accepted, with bubbles) and a randomly stalling consumer. The stimulus is
// open-loop (a list of input values per cycle), so it is recorded from a
// closed-loop run on gfxrtl's simulator; the Verilog simulators then replay
// the same inputs and every output is compared cycle by cycle.
import type { Design } from '../../hdl/ir.js';
import { createSimulator } from '../../hdl/sim/index.js';
import type { Stimulus } from '../cosim/stimulus.js';
import { topPorts } from '../cosim/stimulus.js';
import type { NoblurGeometry } from '../../units/noblur/config.js';
import type { MP } from '../../units/raster-common/mp.js';
import { makeRng } from '../rng.js';
import { ID_MASK } from './noblur-io.js';

export function noblurStimulus(design: Design, g: NoblurGeometry, mps: readonly MP[], cycles: number, seed: number): Stimulus {
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
    if (!offering && rng.float() < 0.7) {
      const mp = mps[next % mps.length]!;
      payload = { in_payload_id: BigInt(next & ID_MASK) };
      for (let i = 0; i < g.verts; i++) {
        const v = mp.v[i] ?? mp.v[0];
        Object.assign(payload, { [`in_payload_v${i}_x`]: BigInt(v.x), [`in_payload_v${i}_y`]: BigInt(v.y), [`in_payload_v${i}_z`]: BigInt(v.z) });
      }
      if (g.tvp) payload['in_payload_pair'] = mp.kind === 'pair' ? 1n : 0n;
      offering = true;
    }
    const row: Record<string, bigint> = { ...payload, in_valid: offering ? 1n : 0n, out_ready: rng.float() < 0.8 ? 1n : 0n };
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
