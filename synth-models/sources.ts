// The public figures the 45 nm cost table is built from, as published (see
// shared/spec/cost-model.md), each with its source and the conditions it was
// measured at. Nothing here is fitted or adjusted: cost-table.ts derives
// from these, and every derived constant can be traced back to a row here.

export interface CellFigure {
  areaUm2: number;
  leakageNw: number;
  /** Propagation delay with an FO4-like load. */
  delayPs: number;
  /** Internal energy per output transition. */
  energyFj: number;
}

/** NanGate 45 nm Open Cell Library, typical corner (1.1 V, 25 C), X1 cells. */
export const NANGATE45 = {
  vdd: 1.1,
  cells: {
    INV_X1: { areaUm2: 0.532, leakageNw: 14.4, delayPs: 28, energyFj: 0.95 },
    NAND2_X1: { areaUm2: 0.798, leakageNw: 17.4, delayPs: 32, energyFj: 1.37 },
    NOR2_X1: { areaUm2: 0.798, leakageNw: 21.2, delayPs: 56, energyFj: 1.37 },
    AOI21_X1: { areaUm2: 1.064, leakageNw: 27.9, delayPs: 68, energyFj: 2.1 },
    XOR2_X1: { areaUm2: 1.596, leakageNw: 36.2, delayPs: 73, energyFj: 3.0 },
    MUX2_X1: { areaUm2: 1.862, leakageNw: 35.9, delayPs: 72, energyFj: 3.35 },
    HA_X1: { areaUm2: 2.66, leakageNw: 61.2, delayPs: 74, energyFj: 2.9 },
    FA_X1: { areaUm2: 4.256, leakageNw: 75.8, delayPs: 133, energyFj: 3.6 },
  } satisfies Record<string, CellFigure>,
  DFF_X1: { areaUm2: 4.522, leakageNw: 79.1, clkToQPs: [95, 104], setupPs: [32, 38], clockPinFj: [7, 10] },
  DFFR_X1: { areaUm2: 5.32, leakageNw: 86.2, clkToQPs: [101, 119] },
  /** FO4 inverter delay at the typical corner. */
  fo4Ps: 22,
  /** clk-to-q + setup of DFF_X1 at the typical corner. */
  registerOverheadPs: 135,
} as const;

export interface OperatorFigure {
  width: number;
  energyPj: number;
  areaUm2: number;
}

/** M. Horowitz, "Computing's energy problem (and what we can do about it)",
 *  ISSCC 2014 keynote: 45 nm, 0.9 V, energy per operation. */
export const HOROWITZ_ISSCC14 = {
  vdd: 0.9,
  add: [
    { width: 8, energyPj: 0.03, areaUm2: 36 },
    { width: 16, energyPj: 0.05, areaUm2: 67 },
    { width: 32, energyPj: 0.1, areaUm2: 137 },
  ] satisfies OperatorFigure[],
  mul: [
    { width: 8, energyPj: 0.2, areaUm2: 282 },
    { width: 32, energyPj: 3.1, areaUm2: 3495 },
  ] satisfies OperatorFigure[],
  /** 64-bit read energy by SRAM capacity. */
  sramRead64: [
    { bytes: 8 * 1024, energyPj: 10 },
    { bytes: 32 * 1024, energyPj: 20 },
    { bytes: 1024 * 1024, energyPj: 100 },
  ],
} as const;

export interface SynthFigure {
  width: number;
  areaUm2: number;
  delayPs: number;
}

/** Yosys + ABC synthesis of plain ripple/array structures onto NanGate 45 nm
 *  (typical corner, no wire load; delays are upper bounds), as the spec
 *  quotes them. The operator prices now come from our own characterisation
 *  (OUR_YOSYS_CHARACTERISATION); these remain the anchor of ENERGY_DENSITY
 *  (op-cost.ts) and a published point to compare with. */
export const YOSYS_ABC_NANGATE45 = {
  vdd: 1.1,
  add: [
    { width: 8, areaUm2: 44, delayPs: 274 },
    { width: 16, areaUm2: 110, delayPs: 520 },
    { width: 32, areaUm2: 220, delayPs: 1050 },
  ] satisfies SynthFigure[],
  mul: [
    { width: 8, areaUm2: 400, delayPs: 780 },
    { width: 16, areaUm2: 1650, delayPs: 1400 },
    { width: 32, areaUm2: 6850, delayPs: 2400 },
  ] satisfies SynthFigure[],
  lessThan32: { width: 32, areaUm2: 140, delayPs: 310 },
  equal32: { width: 32, areaUm2: 66, delayPs: 210 },
  mux2x32: { width: 32, areaUm2: 60, delayPs: 49 },
  register32: { width: 32, areaUm2: 145 },
} as const;

/** Our own characterisation: every operator form the cost model chooses
 *  among (ripple / Brent-Kung / Kogge-Stone adders and subtractors, ripple /
 *  prefix-tree comparators, carry-save array / radix-4 Booth-Wallace
 *  multipliers, and what Yosys builds from `a + b`, `a < b`, `a * b`,
 *  `a == b`, `s ? a : b`) synthesised by Yosys + ABC at 4 to 64 bits. Area:
 *  Yosys' generic gates priced as the NanGate cells above (yosys-area.ts),
 *  the measure the area cross-check uses. Delay: ABC's mapping onto those
 *  cells (a genlib with their delays). Re-run with
 *  `npx tsx synth-models/yosys/characterise.ts`; operator-table.ts reads it. */
export const OUR_YOSYS_CHARACTERISATION = {
  script: 'synth-models/yosys/characterise.ts',
  table: 'synth-models/yosys/operators.json',
  /** Where the script writes the RTL it synthesises (regenerated, not committed). */
  rtl: 'synth-models/yosys/rtl/',
  tool: 'Yosys 0.23 (Debian), its bundled ABC',
} as const;

/** CACTI 7, 45 nm high-performance devices, 64-bit words. CACTI's 45 nm HP
 *  technology runs at 1.0 V (ITRS); the spec does not state it, so that is
 *  our assumption, used to bring its energies to other supplies. */
export const CACTI7_45HP = {
  vdd: 1.0,
  sramBitUm2: 0.4,
  sramRead64: [
    { bytes: 8 * 1024, energyPj: 5.3 },
    { bytes: 32 * 1024, energyPj: 14.9 },
    { bytes: 1024 * 1024, energyPj: 68 },
  ],
  /** CAM area per stored bit by entry count (about 3x SRAM). */
  camBitUm2: [
    { entries: 64, areaUm2: 1.7 },
    { entries: 1024, areaUm2: 1.2 },
  ],
  camSearchFjPerBit: 2,
} as const;

export interface VtFigure {
  /** FO4 delay at 0.8 / 0.9 / 1.0 / 1.1 V. */
  fo4Ps: readonly [number, number, number, number];
  /** Leakage of a minimum inverter at 0.9 / 1.0 V. */
  leakageNw: readonly [number, number];
  /** Alpha-power-law fit: delay ~ Vdd / (Vdd - vt)^alpha. */
  vt: number;
  alpha: number;
}

/** FreePDK45 device models, simulated minimum inverter, per threshold
 *  flavour; fitted to the alpha-power law of Sakurai and Newton ("Alpha-power
 *  law MOSFET model and its applications to CMOS inverter delay and other
 *  formulas", IEEE JSSC 25(2), 1990). */
export const FREEPDK45_VT: Record<'low' | 'nominal' | 'high', VtFigure> = {
  low: { fo4Ps: [14.6, 13.1, 12.1, 11.4], leakageNw: [37.6, 54.6], vt: 0.385, alpha: 1.04 },
  nominal: { fo4Ps: [20.2, 17.3, 15.4, 14.2], leakageNw: [4.3, 6.5], vt: 0.435, alpha: 1.13 },
  high: { fo4Ps: [61.7, 43.3, 34.3, 29.1], leakageNw: [0.12, 0.22], vt: 0.57, alpha: 1.28 },
};
export const FREEPDK45_FO4_VDD = [0.8, 0.9, 1.0, 1.1] as const;

/** Leakage grows about 1.5x per +100 mV of supply (cost-model.md). */
export const LEAKAGE_PER_100MV = 1.5;
