// The global calibration knobs: the only free parameters of the cost model,
// the same for every component and design (never one per component). Fitted
// by calibration.ts; these defaults stand until a fit is run.
import { deriveKnobBounds, type KnobBound } from './knob-bounds.js';
import { ParamError } from '../hdl/errors.js';

/** The cost model's three global knobs, fitted by calibration: factors on area, energy and delay. */
export interface Knobs {
  /** Placed-and-routed area over summed NanGate cell area: the library's
   *  density against NanGate's times placement (utilisation, wiring, clock
   *  tree). Not applied to SRAM/CAM macros. */
  areaFactor: number;
  /** Scales all dynamic energy: how far the energies of the library and its
   *  wires are from the cited per-operation figures the table is built on. */
  energyFactor: number;
  /** Scales combinational delay and the register overhead alike (cell
   *  sizing, wire delay: the characterised delays are X1-cell upper
   *  bounds). Fitted with the others: it decides how deeply each published
   *  block must be pipelined to run at the published clock. */
  delayFactor: number;
}

/** Until calibration runs: cells placed at the usual 70% row utilisation
 *  (area / 0.7), energies and delays as published. Inside KNOB_BOUNDS. */
export const DEFAULT_KNOBS: Readonly<Knobs> = Object.freeze({ areaFactor: 1 / 0.7, energyFactor: 1, delayFactor: 1 });

export type KnobName = keyof Knobs;

/** Each knob's range with the cited facts behind it (knob-bounds.ts). */
export const KNOB_DERIVATION: Readonly<Record<KnobName, KnobBound>> = Object.freeze(deriveKnobBounds());

/** What each knob may physically be, derived from the cited figures
 *  (knob-bounds.ts, which gives the facts behind each end): the fit stays
 *  inside and a knobs file outside is refused (knobs-file.ts).
 *  - areaFactor 0.447-2.5: a commercial 45 nm library is 0.45-0.76 of
 *    NanGate's cell area (Horowitz's operators against ours), so placement
 *    at 100% utilisation in the densest is the least; NanGate's own cells at
 *    40% row utilisation the most.
 *  - energyFactor 0.823-1.387: the spread of the cited per-operation and
 *    clock-pin energies over what the table charges for the same cells.
 *  - delayFactor 0.507-1: the device's own FO4 over the NanGate inverter
 *    delay the characterisation maps with, up to the characterised delays,
 *    which are upper bounds. */
export const KNOB_BOUNDS: Readonly<Record<KnobName, readonly [number, number]>> = Object.freeze(
  Object.fromEntries(Object.entries(KNOB_DERIVATION).map(([k, b]) => [k, b.range])) as Record<KnobName, readonly [number, number]>,
);

/** The knobs outside their physical bounds, as messages naming them. */
export function knobsOutOfBounds(k: Knobs): string[] {
  const out: string[] = [];
  for (const name of Object.keys(KNOB_BOUNDS) as KnobName[]) {
    const [lo, hi] = KNOB_BOUNDS[name];
    const v = k[name];
    if (!(v >= lo - 1e-9 && v <= hi + 1e-9)) out.push(`knob ${name} = ${v} is outside its range ${lo}..${hi} (${KNOB_DERIVATION[name].why})`);
  }
  return out;
}

export function checkKnobs(k: Knobs): void {
  for (const [name, v] of Object.entries(k)) {
    if (!(Number.isFinite(v) && v > 0)) throw new ParamError(`knob ${name}`, v, 'a positive number (a knobs file is checked against KNOB_BOUNDS)');
  }
}
