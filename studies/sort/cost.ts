// Area, power and clock of the sort units from the 45 nm cost model, priced
// on the elaborated netlist of the configuration that was simulated. The
// sorter is split into its two pair buffers (SRAM), its counter banks
// (register files) and the rest (control, digit extraction, adders): each
// part is the same inventory filtered by item, priced at the whole design's
// clock, so the parts add up to the total.
import { elaborate, type Design } from '../../hdl/index.js';
import { inventory, type Inventory } from '../../hdl/inventory/index.js';
import { price, type PriceResult } from '../../synth-models/price.js';
import type { DesignPoint } from '../../synth-models/physical.js';
import type { RadixSortConfig } from '../../units/radix-sort/config.js';
import { RadixSorter } from '../../units/radix-sort/module.js';
import { Scan } from '../../units/scan/module.js';
import { MinmaxEncoder } from '../../units/spid-codec/module.js';
import { SpidEncoder } from '../../units/spid-encoder/module.js';

/** One stage, nominal Vt, 0.99 V: the clock is what the unpipelined critical path allows. */
export const COST_POINT: DesignPoint = { vt: 'nominal', vdd: 0.99, stages: 1 };

export interface UnitCost {
  readonly areaMm2: number;
  readonly powerW: number;
  readonly clockHz: number;
  readonly criticalPathPs: number;
}

export interface SorterCost extends UnitCost {
  readonly parts: Record<'buffers' | 'counters' | 'logic', { areaMm2: number; powerW: number }>;
}

type Part = 'buffers' | 'counters' | 'logic';
const partOf = (name: string): Part => (name.startsWith('buf_') ? 'buffers' : name.startsWith('count_') ? 'counters' : 'logic');

function only(inv: Inventory, part: Part): Inventory {
  return { ...inv, instances: inv.instances.map((i) => ({ ...i, items: i.items.filter((it) => partOf(it.name) === part) })) };
}

function summary(p: PriceResult): UnitCost {
  return { areaMm2: p.areaMm2, powerW: p.powerW, clockHz: p.clockHz, criticalPathPs: p.criticalPathPs };
}

export function priceDesign(design: Design): UnitCost {
  return summary(price(inventory(design), COST_POINT));
}

export function priceSorter(cfg: RadixSortConfig): SorterCost {
  const inv = inventory(elaborate(RadixSorter, cfg));
  const whole = price(inv, COST_POINT);
  const parts = {} as SorterCost['parts'];
  for (const part of ['buffers', 'counters', 'logic'] as const) {
    const p = price(only(inv, part), COST_POINT, { clockHz: whole.clockHz });
    parts[part] = { areaMm2: p.areaMm2, powerW: p.powerW };
  }
  return { ...summary(whole), parts };
}

export function priceFrontEnd(pidBits: number, valBits: number): Record<'spidEncoder' | 'scan' | 'minmaxEncoder', UnitCost> {
  return {
    spidEncoder: priceDesign(elaborate(SpidEncoder, { pidBits })),
    scan: priceDesign(elaborate(Scan, { pidBits, valBits: Math.min(valBits, 24) })),
    minmaxEncoder: priceDesign(elaborate(MinmaxEncoder, {})),
  };
}
