// Operand references with bit-level usage tracking. Verilator -Wall reports
// every signal (and every bit of a signal) that nothing reads; the printer
// records exactly which bits each emitted expression reads, so that only the
// declarations that really have unread bits get a lint_off, with a reason.
import type { ModuleIR, Node, NodeId } from '../ir.js';
import { mask } from '../ir.js';
import { literal } from './literal.js';
import { InternalError } from '../errors.js';

export class Refs {
  /** Bits of each node read by the emitted text. */
  readonly used: bigint[];
  readonly memoryRead: boolean[];
  /** Per CAM: its keys are read (a search or a key read-back). */
  readonly camRead: boolean[];
  /** Per CAM: its valid bits are read (a search or the valid vector). */
  readonly camValidRead: boolean[];

  constructor(
    private readonly module: ModuleIR,
    /** Verilog name per node; undefined for constants printed inline. */
    private readonly names: readonly (string | undefined)[],
    /** Values of the constants printed inline. */
    private readonly inlineValues: readonly (bigint | undefined)[],
    /** Reads of a renaming wire count as reads of the node it renames. */
    private readonly aliasOf: ReadonlyMap<NodeId, NodeId> = new Map(),
  ) {
    this.used = module.nodes.map(() => 0n);
    this.memoryRead = module.memories.map(() => false);
    this.camRead = module.cams.map(() => false);
    this.camValidRead = module.cams.map(() => false);
  }

  node(id: NodeId): Node {
    const n = this.module.nodes[id];
    if (n === undefined) throw new InternalError(`module ${this.module.name}: node ${id} does not exist`);
    return n;
  }

  width(id: NodeId): number {
    return this.node(id).width;
  }

  /** The declared name of a node, for left-hand sides (no usage recorded). */
  target(id: NodeId): string {
    const name = this.names[id];
    if (name === undefined) throw new InternalError(`module ${this.module.name}: node ${id} has no Verilog name`);
    return name;
  }

  /** Read the whole node. */
  ref(id: NodeId): string {
    const n = this.node(id);
    return this.bits(id, n.width - 1, 0);
  }

  /** Read bits [hi:lo]; printed without a select when that is the whole node. */
  bits(id: NodeId, hi: number, lo: number): string {
    const n = this.node(id);
    if (lo < 0 || hi < lo || hi >= n.width) {
      throw new InternalError(`module ${this.module.name}: bits [${hi}:${lo}] out of range for node ${id} (width ${n.width})`);
    }
    const name = this.names[id];
    if (name === undefined) {
      const value = this.inlineValues[id];
      if (value === undefined) throw new InternalError(`module ${this.module.name}: node ${id} has no Verilog name`);
      return literal(value >> BigInt(lo), hi - lo + 1);
    }
    this.used[this.aliasOf.get(id) ?? id]! |= mask(hi - lo + 1) << BigInt(lo);
    if (hi === n.width - 1 && lo === 0) return name;
    return hi === lo ? `${name}[${lo}]` : `${name}[${hi}:${lo}]`;
  }

  /** The value of a constant printed inline, else undefined. */
  inlineValue(id: NodeId): bigint | undefined {
    return this.names[id] === undefined ? this.inlineValues[id] : undefined;
  }

  msb(id: NodeId): string {
    const w = this.width(id);
    return this.bits(id, w - 1, w - 1);
  }

  /** The node zero-extended to `width` bits. */
  zext(id: NodeId, width: number): string {
    const pad = width - this.width(id);
    return pad === 0 ? this.ref(id) : `{${pad}'d0, ${this.ref(id)}}`;
  }

  /** The node sign-extended to `width` bits. */
  sext(id: NodeId, width: number): string {
    const pad = width - this.width(id);
    if (pad === 0) return this.ref(id);
    const fill = pad === 1 ? this.msb(id) : `{${pad}{${this.msb(id)}}}`;
    return `{${fill}, ${this.ref(id)}}`;
  }

  /** True when every bit of a named node is read. */
  fullyUsed(id: NodeId): boolean {
    return this.used[id] === mask(this.width(id));
  }
}
