// How close the cost model's cell area must come to Yosys' own synthesis of
// the same Verilog (yosys-area.ts maps Yosys' cells to NanGate areas).
export const CROSS_CHECK_BAND: readonly [number, number] = [0.8, 1.25];

export function withinBand(ratio: number): boolean {
  return ratio >= CROSS_CHECK_BAND[0] && ratio <= CROSS_CHECK_BAND[1];
}
