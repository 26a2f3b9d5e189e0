// A cross-simulation stimulus for the Blur pipeline: an MP stream (open and
// close positions, depths) offered with the valid/ready discipline, a fixed
// lens, and randomly stalling lane consumers. Recorded from a closed-loop
// run on gfxrtl's simulator so the Verilog simulators replay the same inputs
// (like noblur-stimulus.ts).
import type { Design } from '../../hdl/ir.js';
import { createSimulator } from '../../hdl/sim/index.js';
import type { BlurGeometry } from '../../units/blur/config.js';
import { MP_ID_BITS } from '../../units/noblur/config.js';
import { usesLens, usesTime } from '../../units/raster-common/blur-formats.js';
import type { BlurMP, Lens } from '../../units/raster-common/blur-mp.js';
import type { Stimulus } from '../cosim/stimulus.js';
import { topPorts } from '../cosim/stimulus.js';
import { makeRng } from '../rng.js';

export function blurStimulus(design: Design, g: BlurGeometry, mps: readonly BlurMP[], lens: Lens, cycles: number, seed: number): Stimulus {
  const sim = createSimulator(design);
  const top = design.top.name;
  for (const p of topPorts(design).inputs) sim.poke(`${top}.${p.name}`, 0);
  sim.reset(1);
  const rng = makeRng(seed);
  const rows: Record<string, bigint>[] = [];
  const fixed: Record<string, bigint> = usesLens(g.mode) ? { lens_a: BigInt(lens.a), lens_f: BigInt(lens.f) } : {};
  let next = 0;
  let offering = false;
  let payload: Record<string, bigint> = {};
  for (let c = 0; c < cycles; c++) {
    if (!offering && rng.float() < 0.7) {
      const mp = mps[next % mps.length]!;
      payload = { in_payload_id: BigInt(next & (2 ** MP_ID_BITS - 1)) };
      for (let i = 0; i < g.verts; i++) {
        const v = mp.v[i] ?? mp.v[0]!;
        Object.assign(payload, { [`in_payload_v${i}_x`]: BigInt(v.x), [`in_payload_v${i}_y`]: BigInt(v.y), [`in_payload_v${i}_z`]: BigInt(v.z) });
        if (usesTime(g.mode)) Object.assign(payload, { [`in_payload_v${i}_x1`]: BigInt(v.x1), [`in_payload_v${i}_y1`]: BigInt(v.y1) });
      }
      if (g.tvp) payload['in_payload_pair'] = mp.kind === 'pair' ? 1n : 0n;
      offering = true;
    }
    const row: Record<string, bigint> = { ...fixed, ...payload, in_valid: offering ? 1n : 0n };
    for (let l = 0; l < g.pmt; l++) row[`out${l}_ready`] = rng.float() < 0.8 ? 1n : 0n;
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
