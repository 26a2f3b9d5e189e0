// What an operator is, for costing: its kind and the widths its cost depends
// on. This is the vocabulary shared by the inventory (which counts shapes)
// and the cost model (which prices them), so it says nothing about prices.
// Signedness matters only where it changes the hardware (multipliers); the
// shift direction does not change a barrel shifter's size, so it is dropped.

export type OpShape =
  /** Adders and subtractors: result width. `constant`: one operand is a
   *  constant, which synthesis folds into the logic (about half the cells).
   *  `one`: the constant is 2^j (x + 2^j, x - 2^j): the j low bits are
   *  wires and the rest a half-adder chain, so `width` counts only the rest. */
  | { kind: 'add' | 'sub'; width: number; constant?: boolean; one?: boolean }
  /** Equality (eq/ne) and magnitude (lt/le, signed or not): operand width.
   *  `wrap` (cmp only): x + K against x itself, K constant (a counter's
   *  wrap test): both operands are functions of x, so synthesis shares the
   *  compare's per-bit terms with the adder's carries. */
  | { kind: 'eq' | 'cmp'; width: number; constant?: boolean; wrap?: boolean }
  | { kind: 'mul'; signed: boolean; aWidth: number; bWidth: number; constant?: boolean }
  /** Dividers; `recip` is a divider whose dividend is a constant (1/x units).
   *  aWidth is the dividend (and quotient) width, bWidth the divisor's. */
  | { kind: 'div' | 'recip'; aWidth: number; bWidth: number }
  /** One 2:1 multiplexer of `width` bits (an N-way mux counts N-1 of them).
   *  `constant`: a two-way mux with a constant arm, which synthesis folds to
   *  an AND or an OR with the select per bit. */
  | { kind: 'mux2'; width: number; constant?: boolean }
  | { kind: 'and' | 'or' | 'xor' | 'not'; width: number }
  /** Reductions: input width. */
  | { kind: 'redand' | 'redor' | 'redxor'; width: number }
  /** Barrel shifter: data width and shift-amount width. */
  | { kind: 'shift'; width: number; amountWidth: number }
  | { kind: 'reg'; width: number; reset: boolean; enable: boolean }
  /** Memory storage (area, leakage) with its port counts. */
  | { kind: 'sram'; width: number; depth: number; readPorts: number; writePorts: number }
  /** One memory access port (energy per access, access time); the storage
   *  item carries the area. */
  | { kind: 'sramread' | 'sramwrite'; width: number; depth: number }
  /** CAM storage: `entries` keys of keyWidth bits plus a valid bit each. */
  /** ternary: each entry also stores a care bit per key bit (a TCAM cell). */
  | { kind: 'cam'; keyWidth: number; entries: number; searchPorts: number; writePorts: number; readPorts?: number; ternary?: boolean }
  | { kind: 'camsearch' | 'camwrite'; keyWidth: number; entries: number };

export type OpKind = OpShape['kind'];

/** Every kind, in the order tables list them. */
export const OP_KINDS: readonly OpKind[] = [
  'add', 'sub', 'eq', 'cmp', 'mul', 'div', 'recip', 'mux2',
  'and', 'or', 'xor', 'not', 'redand', 'redor', 'redxor', 'shift',
  'reg', 'sram', 'sramread', 'sramwrite', 'cam', 'camsearch', 'camwrite',
];

/** A short, unique, human-readable key: equal shapes give equal keys. */
export function shapeKey(s: OpShape): string {
  switch (s.kind) {
    case 'mul':
      return `mul${s.signed ? 's' : 'u'} ${s.aWidth}x${s.bWidth}${s.constant ? ' by const' : ''}`;
    case 'add':
    case 'sub':
      return `${s.kind} ${s.width}${s.one ? (s.kind === 'add' ? ' +1' : ' -1') : s.constant ? ' const' : ''}`;
    case 'eq':
    case 'cmp':
      return `${s.kind} ${s.width}${s.wrap ? ' wrap' : s.constant ? ' const' : ''}`;
    case 'div':
    case 'recip':
      return `${s.kind} ${s.aWidth}/${s.bWidth}`;
    case 'mux2':
      return `mux2 ${s.width}${s.constant ? ' const' : ''}`;
    case 'shift':
      return `shift ${s.width} by ${s.amountWidth}`;
    case 'reg':
      return `reg${s.reset ? '+rst' : ''}${s.enable ? '+en' : ''} ${s.width}`;
    case 'sram':
      return `sram ${s.depth}x${s.width} ${s.readPorts}R${s.writePorts}W`;
    case 'sramread':
    case 'sramwrite':
      return `${s.kind} ${s.depth}x${s.width}`;
    case 'cam':
      return `${s.ternary ? 't' : ''}cam ${s.entries}x${s.keyWidth} ${s.searchPorts}S${s.writePorts}W${s.readPorts ? `${s.readPorts}R` : ''}`;
    case 'camsearch':
    case 'camwrite':
      return `${s.kind} ${s.entries}x${s.keyWidth}`;
    default:
      return `${s.kind} ${s.width}`;
  }
}

/** Storage bits of a shape: register, memory and CAM bits (CAM bits include
 *  the valid bit of each entry); 0 for logic and access ports. */
export function storageBits(s: OpShape): number {
  switch (s.kind) {
    case 'reg':
      return s.width;
    case 'sram':
      return s.width * s.depth;
    case 'cam':
      return s.entries * ((s.ternary ? 2 : 1) * s.keyWidth + 1);
    default:
      return 0;
  }
}
