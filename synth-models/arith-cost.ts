// Standard-cell operators: adders, comparators, multipliers, dividers,
// muxes, gates, reductions, shifters and registers, each priced at the
// reference point (op-cost.ts) from the synthesised Yosys + ABC blocks where
// there is a figure, else composed from NanGate cells. Formulas and their
// sources at each function.
import { powerLaw, type Anchor } from './interpolate.js';
import { atReference, cellsOf, clog2, LEAKAGE_DENSITY, logic, plus, ENERGY_DENSITY, type OpCost } from './op-cost.js';
import { HOROWITZ_ISSCC14, NANGATE45, YOSYS_ABC_NANGATE45 } from './sources.js';

const log2 = Math.log2;

const cells = NANGATE45.cells;
const { INV_X1, NAND2_X1, NOR2_X1, AOI21_X1, XOR2_X1, MUX2_X1 } = cells;

const YOSYS = YOSYS_ABC_NANGATE45;
const addArea: Anchor[] = YOSYS.add.map((f) => ({ x: f.width, y: f.areaUm2 }));
const addDelay: Anchor[] = YOSYS.add.map((f) => ({ x: f.width, y: f.delayPs }));
const addEnergy: Anchor[] = HOROWITZ_ISSCC14.add.map((f) => ({ x: f.width, y: atReference(f.energyPj * 1000, HOROWITZ_ISSCC14.vdd) }));
const mulArea: Anchor[] = YOSYS.mul.map((f) => ({ x: f.width, y: f.areaUm2 }));
const mulDelay: Anchor[] = YOSYS.mul.map((f) => ({ x: f.width, y: f.delayPs }));
const mulEnergy: Anchor[] = HOROWITZ_ISSCC14.mul.map((f) => ({ x: f.width, y: atReference(f.energyPj * 1000, HOROWITZ_ISSCC14.vdd) }));

/** Ripple adder: linear in width for area, delay and energy outside the
 *  published 8/16/32-bit points, power-law interpolated between them. */
export function rippleAdder(w: number): OpCost {
  const areaUm2 = powerLaw(addArea, w, 1);
  return { areaUm2, leakageNw: areaUm2 * LEAKAGE_DENSITY, energyFj: powerLaw(addEnergy, w, 1), clockFj: 0, delayPs: powerLaw(addDelay, w, 1), macro: false };
}

/** Parallel-prefix adders composed from NanGate cells (the cell table of
 *  sources.ts): per bit a NAND2 (generate) and an XOR2 (propagate), a
 *  prefix network of black cells (AOI21 for the group generate, NAND2 for
 *  the group propagate), and an XOR2 per sum bit. Delay: the propagate XOR,
 *  one AOI21 per prefix level, the sum XOR. Energy scales from the ripple
 *  adder's (Horowitz) by area: switched capacitance tracks cell area.
 *
 *  Kogge-Stone (IEEE Trans. Computers C-22, 1973): log2 w levels, w - 2^l
 *  black cells at level l; the fastest, and the largest.
 *  Brent-Kung (IEEE Trans. Computers C-31, 1982): 2 log2 w - 1 levels,
 *  2w - 2 - log2 w black cells; about ripple's area, between the two in
 *  delay. */
function prefixForm(w: number, blackCells: number, levels: number): OpCost {
  const ripple = rippleAdder(w);
  const blackUm2 = AOI21_X1.areaUm2 + NAND2_X1.areaUm2;
  const areaUm2 = w * (NAND2_X1.areaUm2 + 2 * XOR2_X1.areaUm2) + blackCells * blackUm2;
  const delayPs = 2 * XOR2_X1.delayPs + levels * AOI21_X1.delayPs;
  return { areaUm2, leakageNw: areaUm2 * LEAKAGE_DENSITY, energyFj: ripple.energyFj * (areaUm2 / ripple.areaUm2), clockFj: 0, delayPs, macro: false };
}

export function koggeStoneAdder(w: number): OpCost {
  const levels = clog2(Math.max(2, w));
  let cells = 0;
  for (let l = 0; l < levels; l++) cells += Math.max(0, w - 2 ** l);
  return prefixForm(w, cells, levels);
}

export function brentKungAdder(w: number): OpCost {
  const lg = clog2(Math.max(2, w));
  return prefixForm(w, Math.max(1, 2 * w - 2 - lg), Math.max(1, 2 * lg - 1));
}

/** Ripple-borrow magnitude comparator: the borrow chain of a subtractor
 *  without its sum bits, one AOI21 + INV per bit; its carry ripples as the
 *  synthesised ripple adder's does, so it takes that adder's delay. */
export function rippleComparator(w: number): OpCost {
  const areaUm2 = w * (AOI21_X1.areaUm2 + INV_X1.areaUm2);
  return logic(areaUm2, rippleAdder(w).delayPs);
}

/** Tree comparators: a per-bit XOR2 stage then a log-depth tree; the
 *  per-level delay is fitted to the synthesised 32-bit figure, the area is
 *  linear in width from it. */
export function comparator(w: number, fig: { width: number; areaUm2: number; delayPs: number }): OpCost {
  const perLevel = (fig.delayPs - XOR2_X1.delayPs) / log2(fig.width);
  return logic((fig.areaUm2 / fig.width) * w, XOR2_X1.delayPs + perLevel * log2(w));
}

const MUX2_BIT_UM2 = YOSYS.mux2x32.areaUm2 / YOSYS.mux2x32.width;
export const MUX2_DELAY_PS = YOSYS.mux2x32.delayPs;

export function mux2(w: number): OpCost {
  return { areaUm2: MUX2_BIT_UM2 * w, leakageNw: MUX2_X1.leakageNw * w, energyFj: MUX2_BIT_UM2 * w * ENERGY_DENSITY, clockFj: 0, delayPs: MUX2_DELAY_PS, macro: false };
}

/** Array multiplier: area and energy quadratic in width (power-law between
 *  the published points, in the geometric-mean width sqrt(a b), so a 16x8
 *  multiplier costs what its partial-product count says); delay linear in
 *  the mean width (a + b) / 2 (the carry ripples across the array). Signed
 *  (Baugh-Wooley) adds an inverter per operand bit. */
export function multiplier(a: number, b: number, signed: boolean): OpCost {
  const w = Math.sqrt(a * b);
  const areaUm2 = powerLaw(mulArea, w, 2);
  const base: OpCost = { areaUm2, leakageNw: areaUm2 * LEAKAGE_DENSITY, energyFj: powerLaw(mulEnergy, w, 2), clockFj: 0, delayPs: powerLaw(mulDelay, (a + b) / 2, 1), macro: false };
  return signed ? plus(base, cellsOf(INV_X1, a + b, 0)) : base;
}

/** Radix-4 Booth multiplier with a Wallace tree, composed from NanGate
 *  cells: the narrower operand n is recoded into ceil((n+1)/2) partial-
 *  product rows of m+1 Booth selectors (MUX2 + XOR2 each; m the wider
 *  operand), a carry-save tree of full adders reducing the rows 3:2 per level
 *  ((rows - 2) x (m + n) FA cells), then a Kogge-Stone adder of m + n bits.
 *  Delay: selector, one FA per tree level, the final adder. Energy scales
 *  from the array multiplier's (Horowitz) by area. Narrow multipliers come
 *  out slower than the array: the timing-driven choice then never takes
 *  them (operator-forms.ts keeps only forms that trade area for delay). */
export function boothWallaceMultiplier(a: number, b: number, signed: boolean): OpCost {
  const array = multiplier(a, b, signed);
  const [m, n] = a >= b ? [a, b] : [b, a];
  const rows = Math.ceil((n + 1) / 2);
  let levels = 0;
  for (let r = rows; r > 2; r -= Math.floor(r / 3)) levels++;
  const final = koggeStoneAdder(m + n);
  const delayPs = XOR2_X1.delayPs + MUX2_X1.delayPs + levels * cells.FA_X1.delayPs + final.delayPs;
  const areaUm2 = rows * (m + 1) * (MUX2_X1.areaUm2 + XOR2_X1.areaUm2) + Math.max(0, rows - 2) * (m + n) * cells.FA_X1.areaUm2 + final.areaUm2;
  return { areaUm2, leakageNw: areaUm2 * LEAKAGE_DENSITY, energyFj: array.energyFj * (areaUm2 / array.areaUm2), clockFj: 0, delayPs, macro: false };
}

/** Restoring array divider: one row per quotient bit, each a (b+1)-bit
 *  subtractor and a b-bit 2:1 mux that keeps or replaces the remainder. A
 *  row waits for the borrow-out, which a log-depth comparator resolves, then
 *  the mux. Energy by density. */
export function divider(a: number, b: number): OpCost {
  const row = plus(rippleAdder(b + 1), mux2(b));
  const rowDelay = comparator(b + 1, YOSYS.lessThan32).delayPs + MUX2_DELAY_PS;
  return logic(row.areaUm2 * a, rowDelay * a);
}

/** AND2 and OR2 as NAND2/NOR2 + INV (the cells in our table). */
const AND2 = { areaUm2: NAND2_X1.areaUm2 + INV_X1.areaUm2, leakageNw: NAND2_X1.leakageNw + INV_X1.leakageNw, delayPs: NAND2_X1.delayPs + INV_X1.delayPs };
const OR2 = { areaUm2: NOR2_X1.areaUm2 + INV_X1.areaUm2, leakageNw: NOR2_X1.leakageNw + INV_X1.leakageNw, delayPs: NOR2_X1.delayPs + INV_X1.delayPs };
/** Alternating NAND/NOR levels of an AND or OR reduction tree. */
const NANDNOR = {
  areaUm2: (NAND2_X1.areaUm2 + NOR2_X1.areaUm2) / 2,
  leakageNw: (NAND2_X1.leakageNw + NOR2_X1.leakageNw) / 2,
  delayPs: (NAND2_X1.delayPs + NOR2_X1.delayPs) / 2,
};

/** Barrel shifter: one 2:1 mux stage per shift-amount bit that can move
 *  data (at most ceil(log2 w)); amount bits beyond that can only zero (or
 *  sign-fill) the result, which takes one more stage of a gate per bit,
 *  priced as a mux stage (an AND2 from our cells is about as large and
 *  slower), so widening the data never makes the shifter cheaper. */
export function shifter(w: number, amount: number): OpCost {
  const moving = Math.min(amount, clog2(w));
  const stages = moving + (amount > moving ? 1 : 0);
  return { ...mux2(w * stages), delayPs: MUX2_DELAY_PS * stages };
}

/** NanGate has no enable flop: Yosys maps an enable to a MUX2 feeding D. The
 *  clock pin costs 7-10 fJ a cycle whatever the data does (8.5 used).
 *  An enable (a stage's advance, a stall) reaches every bit of the register
 *  through a buffer tree of fanout 4: about w/3 buffers (two INV_X1 each),
 *  charged here so a component's stall/enable distribution is priced with
 *  the registers it drives. */
export function register(w: number, reset: boolean, enable: boolean): OpCost {
  const ff = reset ? NANGATE45.DFFR_X1 : NANGATE45.DFF_X1;
  const clockPinFj = (NANGATE45.DFF_X1.clockPinFj[0] + NANGATE45.DFF_X1.clockPinFj[1]) / 2;
  const flop: OpCost = { areaUm2: ff.areaUm2 * w, leakageNw: ff.leakageNw * w, energyFj: ff.areaUm2 * w * ENERGY_DENSITY, clockFj: clockPinFj * w, delayPs: 0, macro: false };
  if (!enable) return flop;
  const fanout = { ...cellsOf(INV_X1, (2 * w) / 3, 0), delayPs: 0 };
  return plus(plus(flop, mux2(w)), fanout);
}

/** a - b = a + ~b + 1: an inverter per bit in front of the adder. */
export function subtractor(w: number, adder: (w: number) => OpCost): OpCost {
  return plus(adder(w), cellsOf(INV_X1, w, 1));
}

/** Bitwise gates: one cell (or NAND/NOR + INV) per bit. */
export function gate(kind: 'and' | 'or' | 'xor' | 'not', w: number): OpCost {
  const cell = { and: AND2, or: OR2, xor: XOR2_X1, not: INV_X1 }[kind];
  return cellsOf(cell, w, 1);
}

/** Reductions: a balanced tree of w - 1 two-input gates, ceil(log2 w) deep. */
export function reduction(kind: 'redand' | 'redor' | 'redxor', w: number): OpCost {
  return cellsOf(kind === 'redxor' ? XOR2_X1 : NANDNOR, w - 1, clog2(w));
}
