// The width rules of ir.ts, checked on every module of an elaborated design
// before any backend sees it (and by the simulator on its flat netlist, whose
// generated fast path corrupts values silently on a malformed node). The DSL
// never builds a node that breaks them; a failure here is a bug in the
// elaborator or a pass, so the message names the module and node, not a line.
import type { CamIR, Design, MemoryIR, ModuleIR, Node, NodeId } from './ir.js';
import { camPortOperands, countBits, indexBits, operands } from './ir.js';
import { InternalError } from './errors.js';

/** What the rules need to know about the netlist a node lives in. */
export interface NodeContext {
  width(id: NodeId): number;
  memory(index: number): MemoryIR | undefined;
  cam(index: number): CamIR | undefined;
  /** How messages name an operand (default: `node <id>`). */
  label?(id: NodeId): string;
}

/** The first rule node `n` breaks, or null. Operand ids must exist. */
export function nodeRuleViolation(n: Node, ctx: NodeContext): string | null {
  const w = ctx.width;
  if (!Number.isInteger(n.width) || n.width < 1) return 'width must be a positive integer';
  // Plain functions, not per-node closures: this runs on every node of
  // every elaboration and simulator compilation (under tsx each closure
  // made is named by a defineProperty call).
  switch (n.op) {
    case 'const':
      return fitsWidth(n.value, n.width) ? null : `constant ${n.value} does not fit`;
    case 'input':
    case 'instout':
      return null;
    case 'wire':
    case 'not':
      return expectWidth(ctx, 'operand', n.a, n.width);
    case 'add':
    case 'sub':
    case 'and':
    case 'or':
    case 'xor':
      return expectWidth(ctx, 'operand a', n.a, n.width) ?? expectWidth(ctx, 'operand b', n.b, n.width);
    case 'eq':
    case 'ne':
    case 'ltu':
    case 'lts':
    case 'leu':
    case 'les':
      return n.width !== 1 ? 'comparisons are 1 bit' : expectWidth(ctx, 'operand b', n.b, w(n.a));
    case 'mulu':
    case 'muls':
      return n.width !== w(n.a) + w(n.b) ? `product of ${w(n.a)} and ${w(n.b)} bits must be ${w(n.a) + w(n.b)} bits` : null;
    case 'divu':
    case 'shl':
    case 'shru':
    case 'shrs':
      return expectWidth(ctx, 'operand a', n.a, n.width);
    case 'redand':
    case 'redor':
    case 'redxor':
      return n.width !== 1 ? 'reductions are 1 bit' : null;
    case 'mux': {
      if (n.cases.length === 0) return 'mux without cases';
      for (let i = 0; i < n.cases.length; i++) {
        const bad = expectWidth(ctx, `case ${i}`, n.cases[i]!, n.width);
        if (bad) return bad;
      }
      return null;
    }
    case 'concat': {
      const sum = n.parts.reduce((s, p) => s + w(p), 0);
      return sum !== n.width ? `parts add up to ${sum} bits` : null;
    }
    case 'slice':
      return !Number.isInteger(n.lo) || n.lo < 0 || n.lo + n.width > w(n.a) ? `bits [${n.lo + n.width - 1}:${n.lo}] are outside the ${w(n.a)}-bit operand` : null;
    case 'zext':
    case 'sext':
      return w(n.a) > n.width ? `operand is ${w(n.a)} bits, wider than the result` : null;
    case 'reg':
      return expectWidth(ctx, 'd', n.d, n.width) ?? (n.en !== null ? expectWidth(ctx, 'enable', n.en, 1) : null) ?? (n.init !== null && !fitsWidth(n.init, n.width) ? `init ${n.init} does not fit` : null);
    case 'memread': {
      const m = ctx.memory(n.mem);
      if (!m) return `memory ${n.mem} does not exist`;
      if (n.width !== m.width) return `memory ${m.name} is ${m.width} bits wide`;
      return n.en !== null ? expectWidth(ctx, 'enable', n.en, 1) : null;
    }
    case 'cammatch': {
      const c = ctx.cam(n.cam);
      if (!c) return `CAM ${n.cam} does not exist`;
      if (n.width !== c.entries) return `CAM ${c.name} has ${c.entries} entries`;
      return (n.mask !== undefined ? expectWidth(ctx, 'mask', n.mask, c.keyWidth) : null) ?? expectWidth(ctx, 'key', n.key, c.keyWidth);
    }
    case 'camread': {
      const c = ctx.cam(n.cam);
      if (!c) return `CAM ${n.cam} does not exist`;
      return n.width !== c.keyWidth ? `CAM ${c.name} keys are ${c.keyWidth} bits` : null;
    }
    case 'camvalid': {
      const c = ctx.cam(n.cam);
      if (!c) return `CAM ${n.cam} does not exist`;
      return n.width !== c.entries ? `CAM ${c.name} has ${c.entries} entries` : null;
    }
    case 'popcount':
      return n.width !== countBits(w(n.a)) ? `a count of ${w(n.a)} bits is ${countBits(w(n.a))} bits` : null;
    case 'prienc':
      return n.width !== 1 + indexBits(w(n.a)) ? `a priority encoder of ${w(n.a)} bits is ${1 + indexBits(w(n.a))} bits (valid and index)` : null;
    case 'argmin':
    case 'argmax': {
      const k = n.keys.length;
      if (k === 0) return `${n.op} without keys`;
      if (n.width !== 1 + indexBits(k)) return `${n.op} of ${k} keys is ${1 + indexBits(k)} bits (found and index)`;
      for (let i = 1; i < k; i++) {
        const bad = expectWidth(ctx, `key ${i}`, n.keys[i]!, w(n.keys[0]!));
        if (bad) return bad;
      }
      return expectWidth(ctx, 'valid', n.valid, k);
    }
  }
  return null;
}

function expectWidth(ctx: NodeContext, what: string, id: NodeId, width: number): string | null {
  const actual = ctx.width(id);
  return actual !== width ? `${what} is ${actual} bits (${ctx.label ? ctx.label(id) : `node ${id}`}), expected ${width}` : null;
}

function fitsWidth(v: bigint, width: number): boolean {
  return v >= -(1n << BigInt(width - 1)) && v < 1n << BigInt(width);
}

/** The first rule a memory or CAM breaks, or null. */
export function storageRuleViolation(ctx: NodeContext, memories: MemoryIR[], cams: CamIR[]): string | null {
  const w = ctx.width;
  for (const m of memories) {
    if (!(m.width >= 1 && m.depth >= 1)) return `memory ${m.name}: width ${m.width}, depth ${m.depth}`;
    for (const [i, p] of m.writePorts.entries()) {
      if (w(p.data) !== m.width) return `memory ${m.name} write port ${i}: data is ${w(p.data)} bits, memory is ${m.width}`;
      if (w(p.en) !== 1) return `memory ${m.name} write port ${i}: enable is ${w(p.en)} bits, expected 1`;
    }
  }
  for (const c of cams) {
    if (!(c.keyWidth >= 1 && c.entries >= 1)) return `CAM ${c.name}: keyWidth ${c.keyWidth}, entries ${c.entries}`;
    for (const [i, p] of c.writePorts.entries()) {
      if (p.care !== undefined && w(p.care) !== c.keyWidth) return `CAM ${c.name} write port ${i}: care mask is ${w(p.care)} bits, CAM keys are ${c.keyWidth}`;
      if (p.key !== null && w(p.key) !== c.keyWidth) return `CAM ${c.name} write port ${i}: key is ${w(p.key)} bits, CAM keys are ${c.keyWidth}`;
      if (w(p.valid) !== 1 || w(p.en) !== 1) return `CAM ${c.name} write port ${i}: valid and enable must be 1 bit`;
    }
  }
  return null;
}

/** Every module of the design obeys ir.ts: ids, operand references, widths,
 *  storage ports, and instance connections (each child input driven once by
 *  a node of matching width, each instance output read from a real port). */
export function checkDesign(design: Design): void {
  for (const m of design.modules) checkModule(m);
}

export function checkModule(m: ModuleIR): void {
  const fail = (msg: string): never => {
    throw new InternalError(`IR check: module ${m.name}: ${msg}`);
  };
  const exists = (id: NodeId): boolean => Number.isInteger(id) && id >= 0 && id < m.nodes.length;
  const ctx: NodeContext = { width: (id) => m.nodes[id]!.width, memory: (i) => m.memories[i], cam: (i) => m.cams[i] };
  m.nodes.forEach((n, i) => {
    if (n.id !== i) fail(`nodes[${i}] has id ${n.id}`);
    for (const o of operands(n)) if (!exists(o)) fail(`node ${n.name ?? i} (${n.op}) reads node ${o}, which does not exist`);
  });
  for (const n of m.nodes) {
    const bad = nodeRuleViolation(n, ctx);
    if (bad) fail(`node ${n.name ?? n.id} (${n.op}, ${n.width} bits): ${bad}`);
    if (n.op === 'instout') {
      const inst = m.instances[n.inst];
      const port = inst?.module.ports.find((p) => p.name === n.port && p.dir === 'out');
      if (!inst || !port) fail(`node ${n.name ?? n.id} reads output ${n.port} of instance ${n.inst}, which does not exist`);
      else if (port.width !== n.width) fail(`node ${n.name ?? n.id} is ${n.width} bits, output ${inst.name}.${n.port} is ${port.width}`);
    }
  }
  const storageIds = [
    ...m.memories.flatMap((mem) => mem.writePorts.flatMap((p) => [p.addr, p.data, p.en])),
    ...m.cams.flatMap((c) => c.writePorts.flatMap(camPortOperands)),
  ];
  for (const id of storageIds) if (!exists(id)) fail(`a memory or CAM write port reads node ${id}, which does not exist`);
  const storage = storageRuleViolation(ctx, m.memories, m.cams);
  if (storage) fail(storage);
  for (const p of m.ports) {
    if (!exists(p.node)) fail(`port ${p.name} refers to missing node ${p.node}`);
    if (m.nodes[p.node]!.width !== p.width) fail(`port ${p.name} is ${p.width} bits, its node ${m.nodes[p.node]!.width}`);
  }
  for (const inst of m.instances) {
    const inputs = inst.module.ports.filter((p) => p.dir === 'in');
    for (const name of Object.keys(inst.inputs)) {
      if (!inputs.some((p) => p.name === name)) fail(`instance ${inst.name} (module ${inst.module.name}) connects "${name}", which is not an input port`);
    }
    for (const p of inputs) {
      const id = inst.inputs[p.name];
      if (id === undefined) fail(`instance ${inst.name} (module ${inst.module.name}): input port "${p.name}" is not connected`);
      else if (!exists(id)) fail(`instance ${inst.name} input ${p.name} is driven by node ${id}, which does not exist`);
      else if (m.nodes[id]!.width !== p.width) fail(`instance ${inst.name} input ${p.name} is ${p.width} bits, driven by ${m.nodes[id]!.width} bits`);
    }
  }
}
