// The netlist IR: what elaboration produces and what every backend (simulator,
// Verilog printer, operator inventory) starts from. Like Hardcaml's Signal.t it
// is deliberately small: a node is an operator with a width and operand ids.
// Values are raw bit vectors; signedness lives in the operator (lts vs ltu,
// muls vs mulu, sext vs zext, shrs vs shru), exactly as in Verilog, so every
// backend can interpret a node without knowing the DSL type it came from.

export type NodeId = number;

/** Where the user's code created something: every elaboration error cites it. */
export interface SourceLoc {
  file: string;
  line: number;
  column: number;
}

/** How a signal is displayed (waveforms, peekValue); never affects semantics. */
export type DisplayFormat =
  | { kind: 'uint' }
  | { kind: 'sint' }
  | { kind: 'fixed'; intBits: number; fracBits: number; signed: boolean }
  /** Named values (FSM states): names[v] labels raw value v. */
  | { kind: 'enum'; names: string[] };

/** Operators whose two operands and result all have the node's width. */
export type SameWidthBinOp = 'add' | 'sub' | 'and' | 'or' | 'xor';
/** Comparisons: operands have equal width, result is 1 bit. */
export type CompareOp = 'eq' | 'ne' | 'ltu' | 'lts' | 'leu' | 'les';
/** Multiply: result width = width(a) + width(b); muls treats both as signed. */
export type MulOp = 'mulu' | 'muls';
/** Barrel shift by a dynamic amount; result width = width(a). */
export type ShiftOp = 'shl' | 'shru' | 'shrs';
export type ReduceOp = 'redand' | 'redor' | 'redxor';
/** Arg-min / arg-max over (valid, key) pairs (see the node's comment). */
export type ArgExtremeOp = 'argmin' | 'argmax';

interface NodeBase {
  id: NodeId;
  width: number;
  /** User-visible name (wire, reg, port, named signal). Unnamed nodes get backend names. */
  name?: string;
  loc?: SourceLoc;
  display?: DisplayFormat;
}

export type Node = NodeBase &
  (
    | { op: 'const'; value: bigint }
    | { op: 'input'; port: string }
    /** Zero-cost rename, kept so that named wires stay visible in every backend. */
    | { op: 'wire'; a: NodeId }
    | { op: SameWidthBinOp; a: NodeId; b: NodeId }
    | { op: 'not'; a: NodeId }
    | { op: CompareOp; a: NodeId; b: NodeId }
    | { op: MulOp; a: NodeId; b: NodeId }
    /** Unsigned divide, result width = width(a); b may differ in width.
     *  Division by zero gives all ones (as RISC-V does), in every backend. */
    | { op: 'divu'; a: NodeId; b: NodeId }
    /** Shift amount `b` is unsigned; amounts >= width give 0 (or sign fill for shrs). */
    | { op: ShiftOp; a: NodeId; b: NodeId }
    | { op: ReduceOp; a: NodeId }
    /** cases[sel]; a sel value past the last case selects the last case. */
    | { op: 'mux'; sel: NodeId; cases: NodeId[] }
    /** parts[0] is the most significant. */
    | { op: 'concat'; parts: NodeId[] }
    /** Bits [lo + width - 1 : lo] of a. */
    | { op: 'slice'; a: NodeId; lo: number }
    /** Extend a to this node's width (width(a) <= width). */
    | { op: 'zext' | 'sext'; a: NodeId }
    /** Positive-edge register. Synchronous, active-high reset to `init` when init
     *  is not null; `en` (1 bit) holds the value when low. `d` is set after
     *  creation because registers are how feedback loops are closed. */
    | { op: 'reg'; d: NodeId; en: NodeId | null; init: bigint | null }
    /** Memory read port. sync: the address is registered at the clock edge and
     *  the data appears the next cycle (read-first: a write in the same cycle
     *  is not seen); async: combinational read. `en` gates the sync address
     *  register. */
    | { op: 'memread'; mem: number; addr: NodeId; en: NodeId | null; sync: boolean }
    /** CAM search: bit i set when entry i is valid and its key equals `key`
     *  on every bit where `mask` (keyWidth bits, default all ones) is 1. */
    | { op: 'cammatch'; cam: number; key: NodeId; mask?: NodeId }
    /** CAM key read-back: the key stored in entry `index` (0 past the last
     *  entry), combinational. */
    | { op: 'camread'; cam: number; index: NodeId }
    /** CAM valid bits: bit i is entry i's valid bit. */
    | { op: 'camvalid'; cam: number }
    /** Output `port` of child instance `inst` (index into ModuleIR.instances). */
    | { op: 'instout'; inst: number; port: string }
    // Library operations: a whole tree of hardware as one node, as hdl/lib's
    // functions emit them. The simulator computes each with word operations;
    // the Verilog backend and the inventory see the tree of adders, gates,
    // compares and muxes it stands for (hdl/opt/lower.ts).
    /** Number of set bits of a; width countBits(width(a)). */
    | { op: 'popcount'; a: NodeId }
    /** Priority encoder: the top bit is 1 when a has any bit set (valid),
     *  the indexBits(width(a)) bits below it the index of the lowest set bit
     *  (the highest when `highest`), 0 when none is set. */
    | { op: 'prienc'; a: NodeId; highest: boolean }
    /** Arg-min / arg-max over keys.length (valid, key) pairs, entry i valid
     *  when bit i of `valid` is set: the top bit is 1 when any entry is
     *  valid (found), the indexBits(keys.length) bits below it the index
     *  of the valid entry with the smallest (argmin) or largest (argmax)
     *  key, compared signed when `signed`; equal keys go to the earlier
     *  entry, to the later one when `latest`; 0 when none is valid. Keys
     *  all have one width; `valid` has keys.length bits. */
    | { op: ArgExtremeOp; valid: NodeId; keys: NodeId[]; signed: boolean; latest: boolean }
  );

export type Op = Node['op'];

/** Operators whose one operand is `a` and that carry nothing else. */
export type UnaryOp = 'wire' | 'not' | ReduceOp | 'zext' | 'sext' | 'popcount';
/** Operators whose two operands are `a` and `b`. */
export type BinaryOp = SameWidthBinOp | CompareOp | MulOp | 'divu' | ShiftOp;

// Listed once here so the passes that treat a class of operators alike
// (renumbering, hashing, folding) cannot drift apart; `satisfies` makes the
// compiler reject a list that misses an operator of its class.
const UNARY_OPS: ReadonlySet<string> = new Set(
  Object.keys({ wire: 1, not: 1, redand: 1, redor: 1, redxor: 1, zext: 1, sext: 1, popcount: 1 } satisfies Record<UnaryOp, 1>),
);
const BINARY_OPS: ReadonlySet<string> = new Set(
  Object.keys({
    add: 1, sub: 1, and: 1, or: 1, xor: 1, eq: 1, ne: 1, ltu: 1, lts: 1, leu: 1, les: 1,
    mulu: 1, muls: 1, divu: 1, shl: 1, shru: 1, shrs: 1,
  } satisfies Record<BinaryOp, 1>),
);

export function isUnary(n: Node): n is Extract<Node, { op: UnaryOp }> {
  return UNARY_OPS.has(n.op);
}

export function isBinary(n: Node): n is Extract<Node, { op: BinaryOp }> {
  return BINARY_OPS.has(n.op);
}

/** The library operations: one node for a tree of hardware. */
export type LibraryOp = 'popcount' | 'prienc' | ArgExtremeOp;
const LIBRARY_OPS: ReadonlySet<string> = new Set(Object.keys({ popcount: 1, prienc: 1, argmin: 1, argmax: 1 } satisfies Record<LibraryOp, 1>));

export function isLibraryOp(n: Node): n is Extract<Node, { op: LibraryOp }> {
  return LIBRARY_OPS.has(n.op);
}

/** Bits needed to index `n` things (at least 1, as memories and CAMs use):
 *  the index width of prienc, argmin and argmax. */
export function indexBits(n: number): number {
  return Math.max(1, Math.ceil(Math.log2(n)));
}

/** Bits needed to hold the count 0..n: popcount's width. */
export function countBits(n: number): number {
  return Math.max(1, n.toString(2).length);
}

export interface MemoryWritePort {
  addr: NodeId;
  data: NodeId;
  en: NodeId;
}

/** A memory address at or past `depth` reads 0 and writes nothing, in every
 *  backend (so a non-power-of-two memory behaves the same everywhere). */
export interface MemoryIR {
  name: string;
  width: number;
  depth: number;
  writePorts: MemoryWritePort[];
  loc?: SourceLoc;
}

/** On an enabled write, entry `index` gets `key` and its valid bit becomes
 *  `valid`. A null key writes the valid bit alone (invalidate by index).
 *  Ports apply in list order, field by field: when two ports write one
 *  entry in a cycle, the later port's valid bit (and key, if it has one) wins. */
export interface CamWritePort {
  index: NodeId;
  key: NodeId | null;
  /** Ternary CAMs: the entry's care mask, written with its key (1 bits are
   *  compared by searches, 0 bits match anything). */
  care?: NodeId;
  valid: NodeId;
  en: NodeId;
}

/** Content-addressable memory: `entries` keys of `keyWidth` bits, each with a
 *  valid bit; all valid bits reset to 0. */
export interface CamIR {
  name: string;
  keyWidth: number;
  entries: number;
  /** Each entry also stores a care mask (a TCAM); every key write gives one. */
  ternary?: boolean;
  writePorts: CamWritePort[];
  loc?: SourceLoc;
}

export interface PortIR {
  name: string;
  dir: 'in' | 'out';
  width: number;
  /** For 'in': the input node. For 'out': the node driving the port. */
  node: NodeId;
  display?: DisplayFormat;
}

export interface InstanceIR {
  name: string;
  module: ModuleIR;
  /** Child input port name -> driving node in this module. */
  inputs: Record<string, NodeId>;
  loc?: SourceLoc;
}

/** One elaborated module. Every module has an implicit `clock` and an
 *  active-high synchronous `reset`; they are not listed in `ports`. */
export interface ModuleIR {
  /** Unique name: the Verilog module name (configs are folded into it). */
  name: string;
  ports: PortIR[];
  /** nodes[i].id === i */
  nodes: Node[];
  instances: InstanceIR[];
  memories: MemoryIR[];
  cams: CamIR[];
  loc?: SourceLoc;
}

/** An elaborated, checked design: closed, backends start from here. */
/** The shape of a top module's port record with each port replaced by
 *  its name (a vec becomes an array, a bundle a record). */
export type PortNames = string | { readonly [k: string]: PortNames | undefined } | readonly PortNames[];

/** An elaborated design. `P` is the type of the top module's port record
 *  (what its body returned); it types the simulator's `ports` handles. */
export interface Design<P = unknown> {
  top: ModuleIR;
  /** Every distinct module, children before parents, top last. */
  modules: ModuleIR[];
  /** The top's port record as port names (absent for designs built
   *  without a module body, e.g. from IR in tests). */
  portNames?: PortNames;
  /** Never set: carries P for the type checker. */
  readonly portRecord?: P;
}

/** Operand ids of a node, in a fixed order (for scheduling and traversal).
 *  For registers and sync memory reads only the operands sampled at the
 *  clock edge are listed separately: see `combOperands`. */
export function operands(n: Node): NodeId[] {
  switch (n.op) {
    case 'const':
    case 'input':
    case 'instout':
      return [];
    case 'wire':
    case 'not':
    case 'redand':
    case 'redor':
    case 'redxor':
    case 'slice':
    case 'zext':
    case 'sext':
    case 'popcount':
    case 'prienc':
      return [n.a];
    case 'argmin':
    case 'argmax':
      return [n.valid, ...n.keys];
    case 'mux':
      return [n.sel, ...n.cases];
    case 'concat':
      return [...n.parts];
    case 'reg':
      return n.en === null ? [n.d] : [n.d, n.en];
    case 'memread':
      return n.en === null ? [n.addr] : [n.addr, n.en];
    case 'cammatch':
      return n.mask === undefined ? [n.key] : [n.key, n.mask];
    case 'camread':
      return [n.index];
    case 'camvalid':
      return [];
    default:
      return [n.a, n.b];
  }
}

/** Operands a node's *current-cycle* value depends on combinationally.
 *  Registers and sync reads depend on nothing this cycle; that is what
 *  breaks loops through state. */
export function combOperands(n: Node): NodeId[] {
  if (n.op === 'reg') return [];
  if (n.op === 'memread' && n.sync) return [];
  return operands(n);
}

export function mask(width: number): bigint {
  return (1n << BigInt(width)) - 1n;
}

/** The nodes a CAM write port samples at the clock edge. */
export function camPortOperands(p: CamWritePort): NodeId[] {
  const out = p.key === null ? [p.index, p.valid, p.en] : [p.index, p.key, p.valid, p.en];
  if (p.care !== undefined) out.push(p.care);
  return out;
}
