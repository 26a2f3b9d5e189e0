// NanGate 45 nm area of a Yosys `synth` netlist, from its cell counts by
// type (hdl/verilog/yosys.ts, yosysCellCounts). Yosys' generic gates are
// mapped to the NanGate cells of the cost model's table (sources.ts,
// shared/spec/cost-model.md); gates the table has no cell for are composed
// from the ones it has, the same way arith-cost.ts composes them (AND2 =
// NAND2 + INV, ...), so the cross-check compares like with like. NanGate's
// own AND2/OR2/XNOR2 cells are a little smaller than these compositions, so
// for gate-heavy logic this area is an upper estimate.
//
// Flip-flops: NanGate has DFF_X1 and DFFR_X1 (async reset) and nothing else
// in the table, so an enable becomes a MUX2 in front of D (as Yosys' dfflegalize
// would map it, and as cost-table.ts prices an enable register), and a
// synchronous reset or set one AND2/OR2-sized gate.
import { NANGATE45 } from './sources.js';

const C = NANGATE45.cells;
const INV = C.INV_X1.areaUm2;
const NAND2 = C.NAND2_X1.areaUm2;
const NOR2 = C.NOR2_X1.areaUm2;
const AOI21 = C.AOI21_X1.areaUm2;
const XOR2 = C.XOR2_X1.areaUm2;
const MUX2 = C.MUX2_X1.areaUm2;
const DFF = NANGATE45.DFF_X1.areaUm2;
const DFFR = NANGATE45.DFFR_X1.areaUm2;
const AND2 = NAND2 + INV;
const OR2 = NOR2 + INV;

export interface CellMapping {
  areaUm2: number;
  /** The NanGate cells it stands for. */
  as: string;
}

/** Combinational gates of Yosys' internal cell library (`help $_AND_`). */
const GATES: Readonly<Record<string, CellMapping>> = {
  $_BUF_: { areaUm2: 0, as: 'wire (ABC removes buffers)' },
  $_NOT_: { areaUm2: INV, as: 'INV_X1' },
  $_NAND_: { areaUm2: NAND2, as: 'NAND2_X1' },
  $_NOR_: { areaUm2: NOR2, as: 'NOR2_X1' },
  $_AND_: { areaUm2: AND2, as: 'NAND2_X1 + INV_X1' },
  $_OR_: { areaUm2: OR2, as: 'NOR2_X1 + INV_X1' },
  // A & ~B = NOR(~A, B); A | ~B = NAND(~A, B).
  $_ANDNOT_: { areaUm2: NOR2 + INV, as: 'NOR2_X1 + INV_X1' },
  $_ORNOT_: { areaUm2: NAND2 + INV, as: 'NAND2_X1 + INV_X1' },
  $_XOR_: { areaUm2: XOR2, as: 'XOR2_X1' },
  $_XNOR_: { areaUm2: XOR2 + INV, as: 'XOR2_X1 + INV_X1' },
  $_MUX_: { areaUm2: MUX2, as: 'MUX2_X1' },
  $_NMUX_: { areaUm2: MUX2 + INV, as: 'MUX2_X1 + INV_X1' },
  $_MUX4_: { areaUm2: 3 * MUX2, as: '3 MUX2_X1' },
  $_MUX8_: { areaUm2: 7 * MUX2, as: '7 MUX2_X1' },
  $_MUX16_: { areaUm2: 15 * MUX2, as: '15 MUX2_X1' },
  // OAI21 has AOI21's footprint in NanGate; the table lists AOI21 only.
  $_AOI3_: { areaUm2: AOI21, as: 'AOI21_X1' },
  $_OAI3_: { areaUm2: AOI21, as: 'OAI21 (AOI21_X1 area)' },
  // AOI22/OAI22: five placement sites to AOI21's four (NanGate OCL).
  $_AOI4_: { areaUm2: AOI21 * 1.25, as: 'AOI22 (1.25 x AOI21_X1)' },
  $_OAI4_: { areaUm2: AOI21 * 1.25, as: 'OAI22 (1.25 x AOI21_X1)' },
};

/** Yosys flip-flop names: $_DFF_P_, $_DFF_PN0_, $_DFFE_PP_, $_SDFF_PP0_,
 *  $_SDFFE_PP0P_, $_SDFFCE_PN1P_, $_DFFSR_PPP_, $_ALDFF_P_, $_DLATCH_P_... */
function flop(type: string): CellMapping | null {
  const m = /^\$_(DFF|DFFE|SDFF|SDFFE|SDFFCE|DFFSR|DFFSRE|ALDFF|ALDFFE|DLATCH)_([NP01]+)_$/.exec(type);
  if (!m) return null;
  const [, kind, pol] = m as unknown as [string, string, string];
  const asyncReset = (kind === 'DFF' || kind === 'DFFE') && pol.length >= 3;
  const parts: [number, string][] = [];
  if (asyncReset || kind.startsWith('DFFSR') || kind.startsWith('ALDFF')) parts.push([DFFR, 'DFFR_X1']);
  else parts.push([DFF, kind === 'DLATCH' ? 'DFF_X1 (latch priced as a flop)' : 'DFF_X1']);
  if (kind.endsWith('E')) parts.push([MUX2, 'MUX2_X1']);
  if (kind.startsWith('SDFF') || kind.startsWith('DFFSR')) parts.push([AND2, 'NAND2_X1 + INV_X1']);
  return { areaUm2: parts.reduce((s, [a]) => s + a, 0), as: parts.map(([, n]) => n).join(' + ') };
}

export function nangateCellFor(type: string): CellMapping | null {
  return GATES[type] ?? flop(type);
}

export interface YosysArea {
  areaUm2: number;
  byCell: Record<string, { count: number; unitUm2: number; areaUm2: number; as: string }>;
  /** Cell types with no mapping (not in areaUm2), with counts. */
  unmapped: Record<string, number>;
}

export function yosysCellArea(cells: Readonly<Record<string, number>>): YosysArea {
  const byCell: YosysArea['byCell'] = {};
  const unmapped: Record<string, number> = {};
  let areaUm2 = 0;
  for (const [type, count] of Object.entries(cells)) {
    const m = nangateCellFor(type);
    if (m === null) {
      unmapped[type] = count;
      continue;
    }
    byCell[type] = { count, unitUm2: m.areaUm2, areaUm2: m.areaUm2 * count, as: m.as };
    areaUm2 += m.areaUm2 * count;
  }
  return { areaUm2, byCell, unmapped };
}
