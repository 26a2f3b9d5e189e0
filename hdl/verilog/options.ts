// Knobs for the Verilog printer. The default output is what users read and
// synthesise; options only exist to work around simulator bugs in the
// Verilog used for cross-simulation, and never change its meaning.
export interface EmitOptions {
  /** Icarus Verilog 11 returns 0 for `a / 1` when the operands are wider
   *  than 64 bits. When set, such divides get an explicit `b == 1` case. */
  icarusWideDivideByOne?: boolean;
}
