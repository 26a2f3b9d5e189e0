// An open-loop cross-simulation stimulus recorded from a closed-loop run on
// gfxrtl's simulator: a stream offered on `in` with the valid/ready
// discipline (each item held until accepted, with random bubbles) and
// consumers that stall at random. Verilator and Icarus then replay the same
// inputs cycle by cycle. The NoBlur, Blur and merge-unit cross-simulations
// differ only in how an item becomes payload ports and which ready inputs
// the consumers drive.
import type { Design } from '../../hdl/ir.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { makeRng } from '../rng.js';
import type { Stimulus } from './stimulus.js';
import { topPorts } from './stimulus.js';

export interface StreamRecording {
  /** Probability of offering the next item in a cycle with none offered. */
  readonly pOffer: number;
  /** Probability that each consumer is ready in a cycle. */
  readonly pReady: number;
  /** Consumer ready inputs (default: out_ready). */
  readonly readyPorts?: readonly string[];
  /** Inputs held for the whole run (e.g. a lens). */
  readonly fixed?: Readonly<Record<string, bigint>>;
  /** The `in_payload_*` ports of the n-th item offered, or null when the
   *  stream has no more items. */
  item(n: number): Record<string, bigint> | null;
}

export function recordStreamStimulus(design: Design, cycles: number, seed: number, how: StreamRecording): Stimulus {
  const sim = createSimulator(design);
  const top = design.top.name;
  for (const p of topPorts(design).inputs) sim.poke(`${top}.${p.name}`, 0);
  sim.reset(1);
  const rng = makeRng(seed);
  const readyPorts = how.readyPorts ?? ['out_ready'];
  const rows: Record<string, bigint>[] = [];
  let next = 0;
  let offering = false;
  let payload: Record<string, bigint> = {};
  for (let c = 0; c < cycles; c++) {
    if (!offering) {
      const p = how.item(next);
      if (p !== null && rng.float() < how.pOffer) {
        payload = p;
        offering = true;
      }
    }
    const row: Record<string, bigint> = { ...how.fixed, ...payload, in_valid: offering ? 1n : 0n };
    for (const r of readyPorts) row[r] = rng.float() < how.pReady ? 1n : 0n;
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
