// Which hardware each IR node stands for. Wiring (wires, constants, slices,
// concatenations, extensions, ports) costs nothing and classifies as null;
// every other node becomes one shape, possibly several times over (an N-way
// mux is a tree of N-1 2:1 muxes, ceil(log2 N) of them deep).
import type { ModuleIR, Node } from '../ir.js';
import type { OpShape } from './shapes.js';
import { InternalError } from '../errors.js';

export interface OpUse {
  shape: OpShape;
  /** How many of `shape` the node is made of. */
  count: number;
  /** How many of them lie in series on a path through the node: the node's
   *  delay is `levels` times the shape's delay. */
  levels: number;
}

/** Operators that are wiring whatever their operands. */
type WiringOp = 'const' | 'input' | 'wire' | 'concat' | 'slice' | 'zext' | 'sext' | 'instout' | 'camvalid';
const WIRING_OPS: ReadonlySet<string> = new Set(
  Object.keys({ const: 1, input: 1, wire: 1, concat: 1, slice: 1, zext: 1, sext: 1, instout: 1, camvalid: 1 } satisfies Record<WiringOp, 1>),
);

function isWiringOp(n: Node): n is Extract<Node, { op: WiringOp }> {
  return WIRING_OPS.has(n.op);
}

/** Costs nothing: classifyNode gives null for exactly these nodes. */
export function isWiring(n: Node): boolean {
  // A one-way mux is a wire to its only case.
  return isWiringOp(n) || (n.op === 'mux' && n.cases.length < 2);
}

const one = (shape: OpShape): OpUse => ({ shape, count: 1, levels: 1 });

/** The hardware of each node of `mod`, by node id: what classifyNode gives,
 *  taken once per module (every instance of it has the same). */
export function classifyModule(mod: ModuleIR): (OpUse | null)[] {
  return mod.nodes.map((n) => classifyNode(mod, n));
}

/** The hardware a node stands for, or null for wiring. */
export function classifyNode(mod: ModuleIR, n: Node): OpUse | null {
  const w = (id: number): number => mod.nodes[id]!.width;
  if (isWiringOp(n)) return null;
  // An operand the optimiser left constant is folded by synthesis into the
  // operator's cells (an incrementer, a compare against a fixed pattern).
  const isConst = (id: number): boolean => mod.nodes[id]!.op === 'const';
  const constant = (x: { a: number; b: number }): { constant?: true } => (isConst(x.a) || isConst(x.b) ? { constant: true } : {});
  switch (n.op) {
    case 'add':
    case 'sub': {
      const j = powerOfTwoStep(mod, n.op === 'sub', n.a, n.b);
      return one(j === null ? { kind: n.op, width: n.width, ...constant(n) } : { kind: n.op, width: n.width - j, constant: true, one: true });
    }
    case 'and':
    case 'or':
    case 'xor':
      return one({ kind: n.op, width: n.width });
    case 'not':
      return one({ kind: 'not', width: n.width });
    case 'eq':
    case 'ne':
      return one({ kind: 'eq', width: w(n.a), ...constant(n) });
    case 'ltu':
    case 'lts':
    case 'leu':
    case 'les':
      return one({ kind: 'cmp', width: w(n.a), ...(isWrapTest(mod, n) ? { wrap: true } : constant(n)) });
    case 'mulu':
    case 'muls':
      return one({ kind: 'mul', signed: n.op === 'muls', aWidth: w(n.a), bWidth: w(n.b), ...constant(n) });
    case 'divu': {
      // A constant dividend means the unit computes c/x: a reciprocal unit
      // (the depth interpolator's 1/(d1+d2+d3)), reported apart from dividers.
      const kind = mod.nodes[n.a]!.op === 'const' ? 'recip' : 'div';
      return one({ kind, aWidth: w(n.a), bWidth: w(n.b) });
    }
    case 'shl':
    case 'shru':
    case 'shrs':
      return one({ kind: 'shift', width: n.width, amountWidth: w(n.b) });
    case 'redand':
    case 'redor':
    case 'redxor':
      return one({ kind: n.op, width: w(n.a) });
    case 'mux': {
      if (isWiring(n)) return null;
      const ways = n.cases.length;
      if (ways === 2 && n.cases.some(isConst)) return one({ kind: 'mux2', width: n.width, constant: true });
      return { shape: { kind: 'mux2', width: n.width }, count: ways - 1, levels: Math.ceil(Math.log2(ways)) };
    }
    case 'reg':
      return one({ kind: 'reg', width: n.width, reset: n.init !== null, enable: n.en !== null });
    case 'memread': {
      const m = mod.memories[n.mem]!;
      return one({ kind: 'sramread', width: m.width, depth: m.depth });
    }
    case 'cammatch': {
      // A masked search costs what a plain one does: a NOR CAM leaves a bit
      // out of the search by holding both of its search lines low.
      const c = mod.cams[n.cam]!;
      return one({ kind: 'camsearch', keyWidth: c.keyWidth, entries: c.entries });
    }
    case 'camread': {
      // Key read-back is an SRAM-style read port on the key array.
      const c = mod.cams[n.cam]!;
      return one({ kind: 'sramread', width: c.keyWidth, depth: c.entries });
    }
    case 'popcount':
    case 'prienc':
    case 'argmin':
    case 'argmax':
      // A tree of the operators above: the inventory prices the tree.
      throw new InternalError(`inventory: ${n.op} node ${n.name ?? n.id} of module ${mod.name} must be lowered to its tree first (lowerDesign)`);
  }
}

/** j when the node adds 2^j to, or subtracts it from, a variable (an
 *  incrementer over the bits from j up); else null. */
function powerOfTwoStep(mod: ModuleIR, sub: boolean, a: number, b: number): number | null {
  const k = [b, ...(sub ? [] : [a])].map((id) => mod.nodes[id]!).find((x) => x.op === 'const');
  if (k === undefined || k.op !== 'const' || k.value <= 0n || (k.value & (k.value - 1n)) !== 0n) return null;
  return k.value.toString(2).length - 1;
}

/** The node a chain of renames stands for. */
function through(mod: ModuleIR, id: number): number {
  let n = mod.nodes[id]!;
  while (n.op === 'wire') n = mod.nodes[n.a]!;
  return n.id;
}

/** A compare of x + K (or x - K), K constant, against that same x. */
function isWrapTest(mod: ModuleIR, n: { a: number; b: number }): boolean {
  const stepOf = (sum: number, x: number): boolean => {
    const s = mod.nodes[through(mod, sum)]!;
    if (s.op !== 'add' && s.op !== 'sub') return false;
    const [kept, k] = mod.nodes[s.b]!.op === 'const' ? [s.a, s.b] : s.op === 'add' ? [s.b, s.a] : [s.a, s.a];
    return kept !== k && mod.nodes[k]!.op === 'const' && through(mod, kept) === through(mod, x);
  };
  return stepOf(n.a, n.b) || stepOf(n.b, n.a);
}

/** Storage and write ports of a module's memories and CAMs; read and search
 *  ports are nodes and are classified with them. */
export function classifyStorage(mod: ModuleIR): { name: string; use: OpUse }[] {
  const out: { name: string; use: OpUse }[] = [];
  const one = (shape: OpShape, count = 1): OpUse => ({ shape, count, levels: 1 });
  mod.memories.forEach((m, i) => {
    const readPorts = mod.nodes.filter((n) => n.op === 'memread' && n.mem === i).length;
    const writePorts = m.writePorts.length;
    out.push({ name: m.name, use: one({ kind: 'sram', width: m.width, depth: m.depth, readPorts, writePorts }) });
    if (writePorts > 0) {
      out.push({ name: `${m.name}.write`, use: one({ kind: 'sramwrite', width: m.width, depth: m.depth }, writePorts) });
    }
  });
  mod.cams.forEach((c, i) => {
    const searchPorts = mod.nodes.filter((n) => n.op === 'cammatch' && n.cam === i).length;
    const readPorts = mod.nodes.filter((n) => n.op === 'camread' && n.cam === i).length;
    const keyWrites = c.writePorts.filter((p) => p.key !== null).length;
    const invalidates = c.writePorts.length - keyWrites;
    const shape: OpShape = { kind: 'cam', keyWidth: c.keyWidth, entries: c.entries, searchPorts, writePorts: c.writePorts.length };
    if (readPorts > 0) shape.readPorts = readPorts;
    if (c.ternary) shape.ternary = true;
    out.push({ name: c.name, use: one(shape) });
    if (keyWrites > 0) {
      out.push({ name: `${c.name}.write`, use: one({ kind: 'camwrite', keyWidth: c.keyWidth, entries: c.entries }, keyWrites) });
    }
    // An invalidate port writes the valid bit alone: a write of no key bits.
    if (invalidates > 0) {
      out.push({ name: `${c.name}.invalidate`, use: one({ kind: 'camwrite', keyWidth: 0, entries: c.entries }, invalidates) });
    }
  });
  return out;
}
