// Where a priced design's area and power go, per component: registers
// (state the design names, stage registers, and the pipeline registers
// retiming adds, with their enable muxes and fanout) against logic
// (everything else: operators, muxes, memories). For the report's chosen
// designs: a component whose power is mostly registers is pipelined deeper
// than its logic deserves.
import type { Inventory } from '../hdl/inventory/index.js';
import type { DesignPoint } from '../synth-models/physical.js';
import { price, PIPELINE_KIND, type CostRow, type PriceOptions } from '../synth-models/price.js';

export interface ShareRow {
  component: string;
  registers: CostRow;
  logic: CostRow;
  /** Register share of the component's area and power, 0..1. */
  areaShare: number;
  powerShare: number;
}

const isRegisterKind = (kind: string): boolean => kind === 'reg' || kind === PIPELINE_KIND;

/** `componentOf` maps an instance path to its component (null: left out;
 *  default: the path itself). */
export function registerShare(inv: Inventory, point: DesignPoint, opts: PriceOptions = {}, componentOf: (path: string) => string | null = (p) => p): ShareRow[] {
  const r = price(inv, point, { ...opts, detail: true });
  const rows = new Map<string, { registers: CostRow; logic: CostRow }>();
  for (const [path, kinds] of Object.entries(r.breakdown.byModuleKind ?? {})) {
    const c = componentOf(path);
    if (c === null) continue;
    let row = rows.get(c);
    if (row === undefined) rows.set(c, (row = { registers: { areaUm2: 0, dynamicW: 0, leakageW: 0 }, logic: { areaUm2: 0, dynamicW: 0, leakageW: 0 } }));
    for (const [kind, x] of Object.entries(kinds)) {
      const t = isRegisterKind(kind) ? row.registers : row.logic;
      t.areaUm2 += x.areaUm2;
      t.dynamicW += x.dynamicW;
      t.leakageW += x.leakageW;
    }
  }
  const power = (x: CostRow): number => x.dynamicW + x.leakageW;
  return [...rows.entries()].map(([component, { registers, logic }]) => ({
    component,
    registers,
    logic,
    areaShare: registers.areaUm2 / (registers.areaUm2 + logic.areaUm2 || 1),
    powerShare: power(registers) / (power(registers) + power(logic) || 1),
  }));
}
