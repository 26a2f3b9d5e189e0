// The architectures an operator can be built as, and the timing-driven
// choice among them. A synthesis tool with a datapath library (DesignWare,
// the Yosys `choices` maps) builds each adder, comparator and multiplier as
// the cheapest architecture that meets the clock; this file does the same
// for the cost model:
//
//   add, sub   ripple-carry | Brent-Kung | Kogge-Stone
//   cmp        ripple-borrow | prefix tree
//   mul        carry-save array | radix-4 Booth with a Wallace tree
//   any of these with a constant operand: the one form synthesis folds it to
//   (an add of +-2^j: a half-adder chain; x + K compared with x: the
//   compare shares the adder's carries; a 2:1 mux with a constant arm: an
//   AND or an OR per bit)
//
// Each form's area and delay come from our own Yosys + ABC syntheses of it
// (yosys/characterise.ts, operator-table.ts). Every other kind has one form.
// Forms are kept only when they trade area for delay (a form both larger and
// slower than another is never chosen), sorted by area, so "the cheapest
// that meets the budget" is the first whose delay fits.
import type { OpShape } from '../hdl/inventory/index.js';
import { adder, byOne, comparator, divider, equality, gate, multiplier, mux2, reduction, register, shifter, subtractor, withConstant, wrapTest } from './arith-cost.js';
import { isMemoryShape, memoryAsFlops, memoryCost } from './memory-cost.js';
import type { OpCost } from './op-cost.js';

export type FormName = 'ripple' | 'brent-kung' | 'kogge-stone' | 'prefix-tree' | 'array' | 'booth4-wallace' | 'yosys' | 'const' | 'one' | 'wrap' | 'single';

export interface Form {
  name: FormName;
  cost: OpCost;
}

/** One operand constant: the one form synthesis folds it to. */
function constantForm(s: OpShape): Form | null {
  switch (s.kind) {
    case 'add':
    case 'sub':
      if (s.one === true) return { name: 'one', cost: byOne(s.kind, s.width) };
      return s.constant === true ? { name: 'const', cost: withConstant(s.kind, s.width) } : null;
    case 'cmp':
      if (s.wrap === true) return { name: 'wrap', cost: wrapTest(s.width) };
      return s.constant === true ? { name: 'const', cost: withConstant(s.kind, s.width) } : null;
    case 'eq':
      return s.constant === true ? { name: 'const', cost: withConstant(s.kind, s.width) } : null;
    case 'mul':
      return s.constant === true ? { name: 'const', cost: withConstant('mul', s.aWidth, s.bWidth, s.signed) } : null;
    case 'mux2':
      return s.constant === true ? { name: 'const', cost: withConstant('mux2', s.width) } : null;
    default:
      return null;
  }
}

function candidates(s: OpShape): Form[] {
  const k = constantForm(s);
  if (k !== null) return [k];
  if (isMemoryShape(s)) return [{ name: 'single', cost: memoryCost(s) }];
  switch (s.kind) {
    case 'add':
      return (['ripple', 'brent-kung', 'kogge-stone'] as const).map((name) => ({ name, cost: adder(name, s.width) }));
    case 'sub':
      return (['ripple', 'brent-kung', 'kogge-stone'] as const).map((name) => ({ name, cost: subtractor(name, s.width) }));
    case 'cmp':
      return (['ripple', 'prefix-tree'] as const).map((name) => ({ name, cost: comparator(name, s.width) }));
    case 'mul':
      return (['array', 'booth4-wallace'] as const).map((name) => ({ name, cost: multiplier(name, s.aWidth, s.bWidth, s.signed) }));
    case 'eq':
      return [{ name: 'single', cost: equality(s.width) }];
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
  }
}

/** The form Yosys' own `synth` builds from our emitted Verilog when no clock
 *  constrains it (its techmap: Brent-Kung carry networks, a carry-save tree
 *  for $mul; memories and CAMs of any size as flops), so the area
 *  cross-check compares like with like. Other kinds keep their one form. */
export function yosysForm(s: OpShape): Form {
  const k = constantForm(s);
  if (k !== null) return k;
  if (isMemoryShape(s)) return { name: 'single', cost: memoryAsFlops(s) };
  switch (s.kind) {
    case 'add':
      return { name: 'yosys', cost: adder('yosys', s.width) };
    case 'sub':
      return { name: 'yosys', cost: subtractor('yosys', s.width) };
    case 'cmp':
      return { name: 'yosys', cost: comparator('yosys', s.width) };
    case 'mul':
      return { name: 'yosys', cost: multiplier('yosys', s.aWidth, s.bWidth, s.signed) };
    default:
      return candidates(s)[0]!;
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
