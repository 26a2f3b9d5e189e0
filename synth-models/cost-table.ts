// The 45 nm cost table: area, leakage, energy per operation and delay of one
// operator of any shape in the inventory, at the table's reference point:
// nominal-Vt NanGate cells at their typical corner, 1.1 V. physical.ts scales
// from there to other Vt flavours and supplies.
//
// Where each number comes from (sources.ts holds the figures):
//  - area and delay of adders, multipliers, comparators, 2:1 muxes and
//    registers: the Yosys + ABC syntheses onto NanGate 45 nm. These are the
//    same tool and library that synthesise our emitted Verilog, so an
//    inventory priced here can be checked against Yosys' own cell counts.
//    Between the published widths: power-law interpolation (interpolate.ts).
//  - energy of adders and multipliers: Horowitz ISSCC 2014 (0.9 V), brought
//    to 1.1 V by Vdd^2.
//  - energy of everything else: ENERGY_DENSITY x area (op-cost.ts).
//  - leakage of logic built from one cell type: that cell's NanGate leakage;
//    of synthesised blocks: LEAKAGE_DENSITY x area (median NanGate leakage
//    per um^2, 22 nW/um^2).
//  - bitwise gates, reductions, shifters, dividers, prefix adders, Booth-
//    Wallace multipliers: composed from NanGate cells and the synthesised
//    blocks (arith-cost.ts).
//  - SRAM and CAM: CACTI 7 (45 nm HP) per-bit area and per-access energy
//    (memory-cost.ts).
import type { OpShape } from '../hdl/inventory/index.js';
import { shapeKey } from '../hdl/inventory/index.js';
import { comparator, divider, fastMultiplier, gate, multiplier, mux2, prefixAdder, reduction, register, rippleAdder, shifter, subtractor } from './arith-cost.js';
import { memoryCost } from './memory-cost.js';
import { REFERENCE_VDD, type OpCost } from './op-cost.js';
import { NANGATE45, YOSYS_ABC_NANGATE45 } from './sources.js';

export { ENERGY_DENSITY, LEAKAGE_DENSITY, type OpCost } from './op-cost.js';

/** The table's reference operating point: NanGate's typical corner. */
export const REFERENCE = { vt: 'nominal', vdd: REFERENCE_VDD } as const;

/** clk-to-q + setup of a flop at the reference point. */
export const REGISTER_OVERHEAD_PS = NANGATE45.registerOverheadPs;

/** 'ripple': ripple-carry adders and array multipliers, what plain synthesis
 *  gives (the Yosys figures). 'fast': parallel-prefix adders and Booth-
 *  Wallace multipliers, log-depth carries for more area. Both are offered to
 *  the sweep. */
export type ArithStyle = 'ripple' | 'fast';

export interface CostTable {
  readonly arith: ArithStyle;
  cost(shape: OpShape): OpCost;
  delayPs(shape: OpShape): number;
}

function price(s: OpShape, arith: ArithStyle): OpCost {
  const adder = arith === 'fast' ? prefixAdder : rippleAdder;
  switch (s.kind) {
    case 'add':
      return adder(s.width);
    case 'sub':
      return subtractor(s.width, adder);
    case 'eq':
      return comparator(s.width, YOSYS_ABC_NANGATE45.equal32);
    case 'cmp':
      return comparator(s.width, YOSYS_ABC_NANGATE45.lessThan32);
    case 'mul':
      return (arith === 'fast' ? fastMultiplier : multiplier)(s.aWidth, s.bWidth, s.signed);
    case 'div':
    case 'recip':
      return divider(s.aWidth, s.bWidth);
    case 'mux2':
      return mux2(s.width);
    case 'and':
    case 'or':
    case 'xor':
    case 'not':
      return gate(s.kind, s.width);
    case 'redand':
    case 'redor':
    case 'redxor':
      return reduction(s.kind, s.width);
    case 'shift':
      return shifter(s.width, s.amountWidth);
    case 'reg':
      return register(s.width, s.reset, s.enable);
    case 'sram':
    case 'sramread':
    case 'sramwrite':
    case 'cam':
    case 'camsearch':
    case 'camwrite':
      return memoryCost(s);
  }
}

/** A table for one arithmetic style; costs are memoised by shape. */
export function costTable(opts: { arith?: ArithStyle } = {}): CostTable {
  const arith = opts.arith ?? 'ripple';
  const memo = new Map<string, OpCost>();
  const cost = (shape: OpShape): OpCost => {
    const key = shapeKey(shape);
    let c = memo.get(key);
    if (c === undefined) memo.set(key, (c = price(shape, arith)));
    return c;
  };
  return { arith, cost, delayPs: (shape) => cost(shape).delayPs };
}
