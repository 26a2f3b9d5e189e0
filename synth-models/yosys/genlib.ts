// The NanGate 45 nm cells of the cost table (sources.ts) as an ABC genlib
// library, so ABC maps the characterised operators onto exactly those cells
// and reports the mapped delay with their published delays (ps, FO4-like
// load; one delay per cell, no load dependence). Cells the table lacks are
// the compositions yosys-area.ts prices them as (AND2 = NAND2 + INV, ...),
// so an area here and an area there mean the same cells.
import { NANGATE45 } from '../sources.js';

const C = NANGATE45.cells;

interface GenlibCell {
  name: string;
  areaUm2: number;
  delayPs: number;
  fn: string;
  phase: 'INV' | 'NONINV' | 'UNKNOWN';
}

export function nangateCells(): GenlibCell[] {
  const { INV_X1: inv, NAND2_X1: nand, NOR2_X1: nor, AOI21_X1: aoi, XOR2_X1: xor, MUX2_X1: mux } = C;
  return [
    { name: 'BUF_X1', areaUm2: 2 * inv.areaUm2, delayPs: 2 * inv.delayPs, fn: 'A', phase: 'NONINV' },
    { name: 'INV_X1', areaUm2: inv.areaUm2, delayPs: inv.delayPs, fn: '!A', phase: 'INV' },
    { name: 'NAND2_X1', areaUm2: nand.areaUm2, delayPs: nand.delayPs, fn: '!(A*B)', phase: 'INV' },
    { name: 'NOR2_X1', areaUm2: nor.areaUm2, delayPs: nor.delayPs, fn: '!(A+B)', phase: 'INV' },
    { name: 'AND2_NAND_INV', areaUm2: nand.areaUm2 + inv.areaUm2, delayPs: nand.delayPs + inv.delayPs, fn: 'A*B', phase: 'NONINV' },
    { name: 'OR2_NOR_INV', areaUm2: nor.areaUm2 + inv.areaUm2, delayPs: nor.delayPs + inv.delayPs, fn: 'A+B', phase: 'NONINV' },
    { name: 'AOI21_X1', areaUm2: aoi.areaUm2, delayPs: aoi.delayPs, fn: '!(A*B+C)', phase: 'INV' },
    // OAI21 has AOI21's footprint in NanGate; AOI22/OAI22 five sites to four.
    { name: 'OAI21_X1', areaUm2: aoi.areaUm2, delayPs: aoi.delayPs, fn: '!((A+B)*C)', phase: 'INV' },
    { name: 'AOI22_X1', areaUm2: 1.25 * aoi.areaUm2, delayPs: aoi.delayPs, fn: '!(A*B+C*D)', phase: 'INV' },
    { name: 'OAI22_X1', areaUm2: 1.25 * aoi.areaUm2, delayPs: aoi.delayPs, fn: '!((A+B)*(C+D))', phase: 'INV' },
    { name: 'XOR2_X1', areaUm2: xor.areaUm2, delayPs: xor.delayPs, fn: 'A*!B+!A*B', phase: 'UNKNOWN' },
    { name: 'XNOR2_XOR_INV', areaUm2: xor.areaUm2 + inv.areaUm2, delayPs: xor.delayPs + inv.delayPs, fn: 'A*B+!A*!B', phase: 'UNKNOWN' },
    { name: 'MUX2_X1', areaUm2: mux.areaUm2, delayPs: mux.delayPs, fn: 'A*!S+B*S', phase: 'UNKNOWN' },
  ];
}

export function nangateGenlib(): string {
  const lines = ['# NanGate 45 nm OCL X1 cells of synth-models/sources.ts (written by synth-models/yosys/genlib.ts)', 'GATE ZERO 0 Y=CONST0;', 'GATE ONE 0 Y=CONST1;'];
  for (const c of nangateCells()) lines.push(`GATE ${c.name} ${c.areaUm2} Y=${c.fn}; PIN * ${c.phase} 1 999 ${c.delayPs} 0 ${c.delayPs} 0`);
  return lines.join('\n') + '\n';
}
