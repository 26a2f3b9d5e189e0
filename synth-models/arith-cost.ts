// Standard-cell operators: adders, comparators, multipliers, dividers,
// muxes, gates, reductions, shifters and registers, each priced at the
// reference point (op-cost.ts). Adders, subtractors, comparators, equality,
// multipliers and 2:1 muxes take area and delay from our own Yosys + ABC
// syntheses on NanGate 45 nm cells (operator-table.ts); the rest is
// composed from NanGate cells. Formulas and their sources at each function.
import { powerLaw, type Anchor } from './interpolate.js';
import { atReference, cellsOf, clog2, LEAKAGE_DENSITY, logic, plus, ENERGY_DENSITY, type OpCost } from './op-cost.js';
import { characterised } from './operator-table.js';
import { HOROWITZ_ISSCC14, NANGATE45 } from './sources.js';
import type { RtlForm, RtlKind } from './yosys/forms-rtl.js';

const cells = NANGATE45.cells;
const { INV_X1, NAND2_X1, NOR2_X1, XOR2_X1, MUX2_X1 } = cells;

const addEnergy: Anchor[] = HOROWITZ_ISSCC14.add.map((f) => ({ x: f.width, y: atReference(f.energyPj * 1000, HOROWITZ_ISSCC14.vdd) }));
const mulEnergy: Anchor[] = HOROWITZ_ISSCC14.mul.map((f) => ({ x: f.width, y: atReference(f.energyPj * 1000, HOROWITZ_ISSCC14.vdd) }));

/** A characterised form: area and delay from our Yosys + ABC syntheses
 *  (operator-table.ts), energy from a published figure scaled by area
 *  (switched capacitance tracks cell area), leakage by density. */
function synthesised(kind: RtlKind, form: RtlForm, w: number, energyAt: (areaUm2: number) => number): OpCost {
  const { areaUm2, delayPs } = characterised(kind, form, w);
  return { areaUm2, leakageNw: areaUm2 * LEAKAGE_DENSITY, energyFj: energyAt(areaUm2), clockFj: 0, delayPs, macro: false };
}

/** Energy of a w-bit add (Horowitz, ISSCC 2014), by the ripple adder's area:
 *  a form larger than ripple switches that much more capacitance. */
function addEnergyFor(kind: 'add' | 'sub' | 'cmp', w: number): (areaUm2: number) => number {
  const ripple = characterised(kind, 'ripple', w).areaUm2;
  return (areaUm2) => powerLaw(addEnergy, w, 1) * (areaUm2 / ripple);
}

export type AdderForm = 'ripple' | 'brent-kung' | 'kogge-stone' | 'yosys';

/** Adders: ripple-carry; Brent-Kung (IEEE Trans. Computers C-31, 1982): 2
 *  log2 w - 1 prefix levels, about 2w cells; Kogge-Stone (IEEE Trans.
 *  Computers C-22, 1973): log2 w levels, w log2 w cells, the fastest and the
 *  largest; 'yosys': what Yosys' techmap builds from `a + b` (its $lcu is a
 *  Brent-Kung network), the form the area cross-check meets. */
export function adder(form: AdderForm, w: number): OpCost {
  return synthesised('add', form, w, addEnergyFor('add', w));
}

export function rippleAdder(w: number): OpCost {
  return adder('ripple', w);
}

/** Subtractors, characterised as a - b (the inverted operand and carry-in
 *  folded by ABC into the first stage). */
export function subtractor(form: AdderForm, w: number): OpCost {
  return synthesised('sub', form, w, addEnergyFor('sub', w));
}

/** Unsigned magnitude comparators (a < b: the borrow out of a - b):
 *  ripple-borrow chain, or a balanced tree of prefix cells (log2 w levels,
 *  w - 1 cells); 'yosys' is Yosys' own $lt. */
export function comparator(form: 'ripple' | 'prefix-tree' | 'yosys', w: number): OpCost {
  return synthesised('cmp', form, w, (a) => a * ENERGY_DENSITY);
}

/** Equality: Yosys' $eq (XOR per bit, a NOR/NAND tree). */
export function equality(w: number): OpCost {
  return synthesised('eq', 'yosys', w, (a) => a * ENERGY_DENSITY);
}

export function mux2(w: number): OpCost {
  const c = synthesised('mux2', 'yosys', w, (a) => a * ENERGY_DENSITY);
  return { ...c, leakageNw: MUX2_X1.leakageNw * w };
}

export type MultiplierForm = 'array' | 'booth4-wallace' | 'yosys';

/** Multipliers, characterised square and unsigned: area at the geometric-
 *  mean width sqrt(a b) (the partial-product count), delay at the mean width
 *  (a + b) / 2. Forms: carry-save array; radix-4 Booth recoding with a
 *  Wallace tree and a Kogge-Stone final adder; 'yosys' (AND partial
 *  products, Yosys' maccmap carry-save tree, a Brent-Kung final adder).
 *  Energy: Horowitz's multiplier energy (quadratic in width between his 8-
 *  and 32-bit figures) for the array, scaled by area for the others. Signed
 *  (Baugh-Wooley) adds an inverter per operand bit. */
export function multiplier(form: MultiplierForm, a: number, b: number, signed: boolean): OpCost {
  const w = Math.sqrt(a * b);
  const arrayArea = characterised('mul', 'array', w).areaUm2;
  const area = characterised('mul', form, w).areaUm2;
  const delayPs = characterised('mul', form, (a + b) / 2).delayPs;
  const base: OpCost = { areaUm2: area, leakageNw: area * LEAKAGE_DENSITY, energyFj: powerLaw(mulEnergy, w, 2) * (area / arrayArea), clockFj: 0, delayPs, macro: false };
  return signed ? plus(base, cellsOf(INV_X1, a + b, 0)) : base;
}

/** An operator with one constant operand, as Yosys folds it (an adder of a
 *  constant is most of the way to an incrementer, a compare against a
 *  constant is a chain of ANDs and ORs, a mux with a constant arm an AND or
 *  an OR per bit), characterised at the constant
 *  0101...01 (half its bits set). Multipliers at the geometric-mean width,
 *  their delay at the mean width, as above. Energy by density. */
export function withConstant(kind: 'add' | 'sub' | 'cmp' | 'eq' | 'mul' | 'mux2', a: number, b = a, signed = false): OpCost {
  const area = characterised(kind, 'const', kind === 'mul' ? Math.sqrt(a * b) : a).areaUm2;
  const delayPs = characterised(kind, 'const', kind === 'mul' ? (a + b) / 2 : a).delayPs;
  const base = logic(area, delayPs);
  return kind === 'mul' && signed ? plus(base, cellsOf(INV_X1, a + b, 0)) : base;
}

/** x + 1 or x - 1 (the inventory gives the bits above the low zero bits of
 *  a 2^j step): a half-adder chain, as Yosys folds an add of 1. Energy by
 *  density. */
export function byOne(kind: 'add' | 'sub', w: number): OpCost {
  const { areaUm2, delayPs } = characterised(kind, 'one', w);
  return logic(areaUm2, delayPs);
}

/** The wrap test x + K < x beside the x + K it tests: the characterised
 *  pair (x + 1 and its test) less the incrementer alone, what the compare
 *  adds once ABC has shared its per-bit terms with the carries (about 0.6
 *  of a plain compare at 8 bits, 0.9 at 32). ABC's delay mapping makes the
 *  flag the incrementer's carry-out, so the pair is hardly slower than the
 *  incrementer (0 to 71 ps across the rows, ABC's noise): the compare's
 *  delay after it is that excess, the largest at this width or narrower (a
 *  wider flag holds a narrower one's carry chain). Characterised at K = 1;
 *  other constants share about as much. */
export function wrapTest(w: number): OpCost {
  const pair = characterised('cmp', 'wrap', w);
  const inc = characterised('add', 'one', w);
  return logic(Math.max(0, pair.areaUm2 - inc.areaUm2), wrapExcessPs(Math.ceil(w)));
}

const wrapExcess: number[] = [0];
function wrapExcessPs(w: number): number {
  for (let v = wrapExcess.length; v <= w; v++) {
    const excess = characterised('cmp', 'wrap', v).delayPs - characterised('add', 'one', v).delayPs;
    wrapExcess.push(Math.max(wrapExcess[v - 1]!, excess));
  }
  return wrapExcess[w]!;
}

/** Restoring array divider: one row per quotient bit, each a (b+1)-bit
 *  subtractor and a b-bit 2:1 mux that keeps or replaces the remainder. A
 *  row waits for the borrow-out, which a prefix comparator resolves, then
 *  the mux. Energy by density. */
export function divider(a: number, b: number): OpCost {
  const row = plus(subtractor('ripple', b + 1), mux2(b));
  const rowDelay = comparator('prefix-tree', b + 1).delayPs + mux2(b).delayPs;
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
  return { ...mux2(w * stages), delayPs: mux2(w).delayPs * stages };
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

/** Bitwise gates: one cell (or NAND/NOR + INV) per bit. */
export function gate(kind: 'and' | 'or' | 'xor' | 'not', w: number): OpCost {
  const cell = { and: AND2, or: OR2, xor: XOR2_X1, not: INV_X1 }[kind];
  return cellsOf(cell, w, 1);
}

/** Reductions: a balanced tree of w - 1 two-input gates, ceil(log2 w) deep. */
export function reduction(kind: 'redand' | 'redor' | 'redxor', w: number): OpCost {
  return cellsOf(kind === 'redxor' ? XOR2_X1 : NANDNOR, w - 1, clog2(w));
}
