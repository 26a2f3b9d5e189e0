import { describe, expect, it } from 'vitest';
import { NANGATE45 } from './sources.js';
import { nangateCellFor, yosysCellArea } from './yosys-area.js';

const C = NANGATE45.cells;

describe('yosysCellArea', () => {
  it('prices gates as the NanGate cells of the cost table', () => {
    expect(nangateCellFor('$_NOT_')!.areaUm2).toBe(C.INV_X1.areaUm2);
    expect(nangateCellFor('$_AND_')!.areaUm2).toBeCloseTo(C.NAND2_X1.areaUm2 + C.INV_X1.areaUm2, 12);
    expect(nangateCellFor('$_XOR_')!.areaUm2).toBe(C.XOR2_X1.areaUm2);
    expect(nangateCellFor('$_MUX_')!.areaUm2).toBe(C.MUX2_X1.areaUm2);
  });

  it('maps every flip-flop flavour: enable adds a mux, sync reset a gate, async reset a DFFR', () => {
    const dff = NANGATE45.DFF_X1.areaUm2;
    const mux = C.MUX2_X1.areaUm2;
    const and2 = C.NAND2_X1.areaUm2 + C.INV_X1.areaUm2;
    expect(nangateCellFor('$_DFF_P_')!.areaUm2).toBe(dff);
    expect(nangateCellFor('$_DFF_PN0_')!.areaUm2).toBe(NANGATE45.DFFR_X1.areaUm2);
    expect(nangateCellFor('$_DFFE_PP_')!.areaUm2).toBeCloseTo(dff + mux, 12);
    expect(nangateCellFor('$_SDFF_PP0_')!.areaUm2).toBeCloseTo(dff + and2, 12);
    expect(nangateCellFor('$_SDFFE_PP0P_')!.areaUm2).toBeCloseTo(dff + mux + and2, 12);
    expect(nangateCellFor('$_SDFFCE_PN1P_')!.areaUm2).toBeCloseTo(dff + mux + and2, 12);
    expect(nangateCellFor('$_DFFE_PN0P_')!.areaUm2).toBeCloseTo(NANGATE45.DFFR_X1.areaUm2 + mux, 12);
  });

  it('sums counts and lists what it cannot map', () => {
    const r = yosysCellArea({ $_DFF_P_: 8, $_XOR_: 2, $mem_v2: 1 });
    expect(r.areaUm2).toBeCloseTo(8 * NANGATE45.DFF_X1.areaUm2 + 2 * C.XOR2_X1.areaUm2, 9);
    expect(r.unmapped).toEqual({ $mem_v2: 1 });
    expect(r.byCell['$_DFF_P_']!.count).toBe(8);
  });
});
