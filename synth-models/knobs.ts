// The global calibration knobs: the only free parameters of the cost model,
// the same for every component and design (never one per component). Fitted
// by calibration.ts; these defaults stand until a fit is run.

export interface Knobs {
  /** Placed-and-routed area over summed standard-cell area (placement
   *  density, wiring, clock tree). Not applied to SRAM/CAM macros. */
  areaFactor: number;
  /** Scales all dynamic energy: wire load the synthesis figures leave out,
   *  and how far "fully used" is from random data. */
  energyFactor: number;
  /** Scales combinational delay (wire delay; the Yosys figures are upper
   *  bounds, synthesis with timing constraints does better). Not fitted:
   *  the calibration table gives no per-component timing. */
  delayFactor: number;
}

/** Until calibration runs: cells placed at the usual 70% row utilisation
 *  (area / 0.7), energies and delays as published. */
export const DEFAULT_KNOBS: Readonly<Knobs> = Object.freeze({ areaFactor: 1 / 0.7, energyFactor: 1, delayFactor: 1 });

export function checkKnobs(k: Knobs): void {
  for (const [name, v] of Object.entries(k)) {
    if (!(Number.isFinite(v) && v > 0)) throw new Error(`knob ${name} must be a positive number, got ${v}`);
  }
}
