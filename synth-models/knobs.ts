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
 *  (area / 0.7), energies and delays as published. Inside KNOB_BOUNDS. */
export const DEFAULT_KNOBS: Readonly<Knobs> = Object.freeze({ areaFactor: 1 / 0.7, energyFactor: 1, delayFactor: 1 });

export type KnobName = keyof Knobs;

/** What each knob may physically be; the fit stays inside and a knobs file
 *  outside is refused (knobs-file.ts).
 *  - areaFactor 1.0-2.5: placement and routing only ever add area to the
 *    summed cell area (whitespace, wiring tracks, clock tree, buffers); 2.5
 *    is 40% row utilisation, the sparse end for routed logic blocks.
 *  - energyFactor 0.25-3: below 1, "fully used" data toggles less than the
 *    random operands of the published energies (correlated pixel data toggles
 *    a quarter as often); above 1, wire capacitance the cell figures leave
 *    out, up to twice the cells' own.
 *  - delayFactor 0.5-2: below 1, synthesis upsizes cells on critical paths
 *    (the Yosys delays are unit-load upper bounds); above 1, wire delay.
 *    Half or twice the NanGate typical-corner delays is as far as either goes
 *    at 45 nm. */
export const KNOB_BOUNDS: Readonly<Record<KnobName, readonly [number, number]>> = Object.freeze({
  areaFactor: [1.0, 2.5] as const,
  energyFactor: [0.25, 3] as const,
  delayFactor: [0.5, 2] as const,
});

/** The knobs outside their physical bounds, as messages naming them. */
export function knobsOutOfBounds(k: Knobs): string[] {
  const out: string[] = [];
  for (const name of Object.keys(KNOB_BOUNDS) as KnobName[]) {
    const [lo, hi] = KNOB_BOUNDS[name];
    const v = k[name];
    if (!(v >= lo - 1e-9 && v <= hi + 1e-9)) out.push(`knob ${name} = ${v} is outside its physical range ${lo}..${hi}`);
  }
  return out;
}

export function checkKnobs(k: Knobs): void {
  for (const [name, v] of Object.entries(k)) {
    if (!(Number.isFinite(v) && v > 0)) throw new Error(`knob ${name} must be a positive number, got ${v}`);
  }
}
