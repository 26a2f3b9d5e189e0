// The architectures an operator can be built as, and the timing-driven
// choice among them. A synthesis tool with a datapath library (DesignWare,
// the Yosys `choices` maps) builds each adder, comparator and multiplier as
// the cheapest architecture that meets the clock; this file does the same
// for the cost model:
//
//   add, sub   ripple-carry | Brent-Kung | Kogge-Stone
//   cmp        ripple-borrow | prefix tree (the synthesised comparator)
//   mul        array | radix-4 Booth with a Wallace tree
//
// Every other kind has one form. Forms are kept only when they trade area
// for delay (a form both larger and slower than another is never chosen),
// sorted by area, so "the cheapest that meets the budget" is the first whose
// delay fits.
import type { OpShape } from '../hdl/inventory/index.js';
import {
  boothWallaceMultiplier,
  brentKungAdder,
  comparator,
  divider,
  gate,
  koggeStoneAdder,
  multiplier,
  mux2,
  reduction,
  register,
  rippleAdder,
  rippleComparator,
  shifter,
  subtractor,
} from './arith-cost.js';
import { memoryCost } from './memory-cost.js';
import type { OpCost } from './op-cost.js';
import { YOSYS_ABC_NANGATE45 } from './sources.js';

export type FormName = 'ripple' | 'brent-kung' | 'kogge-stone' | 'prefix-tree' | 'array' | 'booth4-wallace' | 'single';

export interface Form {
  name: FormName;
  cost: OpCost;
}

function candidates(s: OpShape): Form[] {
  switch (s.kind) {
    case 'add':
      return [
        { name: 'ripple', cost: rippleAdder(s.width) },
        { name: 'brent-kung', cost: brentKungAdder(s.width) },
        { name: 'kogge-stone', cost: koggeStoneAdder(s.width) },
      ];
    case 'sub':
      return [
        { name: 'ripple', cost: subtractor(s.width, rippleAdder) },
        { name: 'brent-kung', cost: subtractor(s.width, brentKungAdder) },
        { name: 'kogge-stone', cost: subtractor(s.width, koggeStoneAdder) },
      ];
    case 'cmp':
      return [
        { name: 'ripple', cost: rippleComparator(s.width) },
        { name: 'prefix-tree', cost: comparator(s.width, YOSYS_ABC_NANGATE45.lessThan32) },
      ];
    case 'mul':
      return [
        { name: 'array', cost: multiplier(s.aWidth, s.bWidth, s.signed) },
        { name: 'booth4-wallace', cost: boothWallaceMultiplier(s.aWidth, s.bWidth, s.signed) },
      ];
    case 'eq':
      return [{ name: 'single', cost: comparator(s.width, YOSYS_ABC_NANGATE45.equal32) }];
    case 'div':
    case 'recip':
      return [{ name: 'single', cost: divider(s.aWidth, s.bWidth) }];
    case 'mux2':
      return [{ name: 'single', cost: mux2(s.width) }];
    case 'and':
    case 'or':
    case 'xor':
    case 'not':
      return [{ name: 'single', cost: gate(s.kind, s.width) }];
    case 'redand':
    case 'redor':
    case 'redxor':
      return [{ name: 'single', cost: reduction(s.kind, s.width) }];
    case 'shift':
      return [{ name: 'single', cost: shifter(s.width, s.amountWidth) }];
    case 'reg':
      return [{ name: 'single', cost: register(s.width, s.reset, s.enable) }];
    case 'sram':
    case 'sramread':
    case 'sramwrite':
    case 'cam':
    case 'camsearch':
    case 'camwrite':
      return [{ name: 'single', cost: memoryCost(s) }];
  }
}

/** The forms worth choosing, by area ascending and so delay descending:
 *  each is strictly faster than the one before it. */
export function formsOf(s: OpShape): Form[] {
  const all = candidates(s).sort((a, b) => a.cost.areaUm2 - b.cost.areaUm2 || a.cost.delayPs - b.cost.delayPs);
  const kept: Form[] = [];
  for (const f of all) {
    const prev = kept[kept.length - 1];
    if (prev === undefined || f.cost.delayPs < prev.cost.delayPs) kept.push(f);
  }
  return kept;
}

/** The cheapest form whose delay (times `levels` in series) fits
 *  `budgetPs`; when none does, the fastest. */
export function chooseForm(forms: readonly Form[], levels: number, budgetPs: number): Form {
  for (const f of forms) if (f.cost.delayPs * levels <= budgetPs) return f;
  return forms[forms.length - 1]!;
}
