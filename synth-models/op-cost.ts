// What one operator costs at the cost table's reference point (nominal-Vt
// NanGate cells at their typical corner, 1.1 V), and the two conversions every
// figure goes through: energies from other supplies by Vdd^2, and energy and
// leakage of synthesised logic from its area.
import { HOROWITZ_ISSCC14, NANGATE45, YOSYS_ABC_NANGATE45 } from './sources.js';

export const REFERENCE_VDD = NANGATE45.vdd;

/** One operator's cost at the reference point: area, energy per use, clock energy, leakage and delay. */
export interface OpCost {
  areaUm2: number;
  leakageNw: number;
  /** Per operation; activity 1.0 means one operation per cycle. */
  energyFj: number;
  /** Per cycle whatever the activity: register clock pins. */
  clockFj: number;
  delayPs: number;
  /** SRAM/CAM arrays are macros, not placed standard cells: the placement
   *  and wiring area knob does not apply to them. */
  macro: boolean;
}

/** Energy at `vdd` brought to the reference supply (E ~ Vdd^2). */
export function atReference(energy: number, vdd: number): number {
  return energy * (REFERENCE_VDD / vdd) ** 2;
}

/** fJ per um^2 per operation at the reference supply: Horowitz's 32-bit add
 *  energy over the synthesised 32-bit adder's area. The 32-bit multiplier
 *  gives the same within 1%: switched capacitance per operation tracks
 *  standard-cell area, so logic without a published energy is priced by it. */
export const ENERGY_DENSITY =
  atReference(HOROWITZ_ISSCC14.add[2]!.energyPj * 1000, HOROWITZ_ISSCC14.vdd) / YOSYS_ABC_NANGATE45.add[2]!.areaUm2;

/** nW per um^2 at the reference point: median over the NanGate cells. */
export const LEAKAGE_DENSITY = (() => {
  const all: { areaUm2: number; leakageNw: number }[] = [...Object.values(NANGATE45.cells), NANGATE45.DFF_X1, NANGATE45.DFFR_X1];
  const d = all.map((c) => c.leakageNw / c.areaUm2).sort((p, q) => p - q);
  return (d[(d.length - 1) >> 1]! + d[d.length >> 1]!) / 2;
})();

export const ZERO: OpCost = { areaUm2: 0, leakageNw: 0, energyFj: 0, clockFj: 0, delayPs: 0, macro: false };

/** Synthesised logic of this area: energy and leakage by density. */
export function logic(areaUm2: number, delayPs: number): OpCost {
  return { areaUm2, leakageNw: areaUm2 * LEAKAGE_DENSITY, energyFj: areaUm2 * ENERGY_DENSITY, clockFj: 0, delayPs, macro: false };
}

/** `n` copies of a cell, `levels` of them in series. */
export function cellsOf(cell: { areaUm2: number; leakageNw: number; delayPs: number }, n: number, levels: number): OpCost {
  const areaUm2 = cell.areaUm2 * n;
  return { areaUm2, leakageNw: cell.leakageNw * n, energyFj: areaUm2 * ENERGY_DENSITY, clockFj: 0, delayPs: cell.delayPs * levels, macro: false };
}

/** Two blocks in series. */
export function plus(a: OpCost, b: OpCost): OpCost {
  return { areaUm2: a.areaUm2 + b.areaUm2, leakageNw: a.leakageNw + b.leakageNw, energyFj: a.energyFj + b.energyFj, clockFj: a.clockFj + b.clockFj, delayPs: a.delayPs + b.delayPs, macro: a.macro || b.macro };
}

export const clog2 = (x: number): number => Math.ceil(Math.log2(x));
