// The 45 nm cost table: area, leakage, energy per operation and delay of one
// operator of any shape in the inventory, at the table's reference point:
// nominal-Vt NanGate cells at their typical corner, 1.1 V. physical.ts scales
// from there to other Vt flavours and supplies.
//
// Where each number comes from (sources.ts holds the figures):
//  - area and delay of adders, subtractors, comparators, equality,
//    multipliers (every form) and 2:1 muxes: our own Yosys + ABC syntheses
//    onto NanGate 45 nm cells (yosys/characterise.ts writes the table,
//    operator-table.ts reads it). The area is measured as the cross-check
//    measures whole units, so an inventory priced here can be checked
//    against Yosys' own cell counts. Between synthesised widths: power-law
//    interpolation; beyond them: the fitted per-bit / per-cell model.
//  - energy of adders and multipliers: Horowitz ISSCC 2014 (0.9 V), brought
//    to 1.1 V by Vdd^2.
//  - energy of everything else: ENERGY_DENSITY x area (op-cost.ts).
//  - leakage of logic built from one cell type: that cell's NanGate leakage;
//    of synthesised blocks: LEAKAGE_DENSITY x area (median NanGate leakage
//    per um^2, 22 nW/um^2).
//  - bitwise gates, reductions, shifters, dividers, registers: composed
//    from NanGate cells and the synthesised blocks (arith-cost.ts).
//  - SRAM and CAM: CACTI 7 (45 nm HP) per-bit area and per-access energy
//    (memory-cost.ts).
import type { OpShape } from '../hdl/inventory/index.js';
import { shapeKey } from '../hdl/inventory/index.js';
import { chooseForm, formsOf, yosysForm, type Form } from './operator-forms.js';
import { REFERENCE_VDD, type OpCost } from './op-cost.js';
import { NANGATE45 } from './sources.js';

export { ENERGY_DENSITY, LEAKAGE_DENSITY, type OpCost } from './op-cost.js';
export type { Form, FormName } from './operator-forms.js';

/** The table's reference operating point: NanGate's typical corner. */
export const REFERENCE = { vt: 'nominal', vdd: REFERENCE_VDD } as const;

/** clk-to-q + setup of a flop at the reference point. */
export const REGISTER_OVERHEAD_PS = NANGATE45.registerOverheadPs;

/** Bumped whenever a change here moves any operator's price, or the
 *  meaning of a knob changes: a calibration file fitted against another
 *  version is refused (knobs-file.ts). 5: the delay knob scales the
 *  register overhead too (physical.ts, registerOverheadPs). */
export const COST_TABLE_VERSION = 5;

/** How each adder, comparator and multiplier is built (operator-forms.ts):
 *  'timed' (default): the cheapest form that meets the stage budget, as a
 *  synthesis tool picks it; 'ripple': always the cheapest (ripple-carry,
 *  array); 'fast': always the fastest (Kogge-Stone, Booth-Wallace). */
/** 'yosys' (not offered to users): the forms Yosys' own `synth` builds
 *  without a clock (Brent-Kung adders, carry-save-tree multipliers), which
 *  the area cross-check prices so it compares like with like. */
export type ArithStyle = 'timed' | 'ripple' | 'fast' | 'yosys';
export const ARITH_STYLES: readonly ArithStyle[] = ['timed', 'ripple', 'fast'];

/** The 45 nm cost of each operator shape at the reference point, with its forms (ripple, fast, ...) where it has a choice. */
export interface CostTable {
  readonly arith: ArithStyle;
  /** The forms of a shape, by area ascending (delay descending). `key`:
   *  shapeKey(shape), when the caller has it (an inventory item does). */
  forms(shape: OpShape, key?: string): readonly Form[];
  /** The form this table's style takes for `levels` of `shape` in series
   *  when a stage leaves `budgetPs` of logic time (reference ps). */
  form(shape: OpShape, levels: number, budgetPs: number): Form;
  /** The form with no timing pressure (timed and ripple: the cheapest). */
  cost(shape: OpShape): OpCost;
  delayPs(shape: OpShape): number;
}

/** A table for one arithmetic style; forms are memoised by shape. */
export function costTable(opts: { arith?: ArithStyle } = {}): CostTable {
  const arith = opts.arith ?? 'timed';
  const memo = new Map<string, Form[]>();
  // A caller without the key (an endpoint's or a node's delay) is memoised
  // by the shape object: an inventory shares one among every instance of
  // a module, and timing asks for each endpoint's once per timing pass.
  const byShape = new WeakMap<OpShape, Form[]>();
  const byKey = (shape: OpShape, key: string): Form[] => {
    let f = memo.get(key);
    if (f === undefined) memo.set(key, (f = arith === 'yosys' ? [yosysForm(shape)] : formsOf(shape)));
    return f;
  };
  const forms = (shape: OpShape, key?: string): Form[] => {
    // A caller with the key (an inventory item) looks up by it alone: a
    // WeakMap entry per shape object costs more than the string's hash.
    if (key !== undefined) return byKey(shape, key);
    let f = byShape.get(shape);
    if (f === undefined) byShape.set(shape, (f = byKey(shape, shapeKey(shape))));
    return f;
  };
  const form = (shape: OpShape, levels: number, budgetPs: number): Form => {
    const f = forms(shape);
    if (arith === 'ripple') return f[0]!;
    if (arith === 'fast') return f[f.length - 1]!;
    return chooseForm(f, levels, budgetPs);
  };
  const cost = (shape: OpShape): OpCost => form(shape, 1, Infinity).cost;
  return { arith, forms, form, cost, delayPs: (shape) => cost(shape).delayPs };
}
