// Copy a node with its operand ids (and memory/CAM indices) renumbered: the
// one place that knows where every operator keeps its references, for the
// passes that renumber netlists (flattening, pruning, optimisation).
import { InternalError } from './errors.js';
import { isBinary, isUnary, type CamWritePort, type MemoryWritePort, type Node, type NodeId } from './ir.js';

export interface Renumber {
  node: (id: NodeId) => NodeId;
  mem: (i: number) => number;
  cam: (i: number) => number;
}

export function mapNode(n: Node, id: NodeId, name: string | undefined, r: Renumber): Node {
  // Fields added to one object in the order an object literal spreading the
  // head gave them (id, width, name, loc, display, op, operands): the same
  // node, field order included (design JSON and Verilog follow it). With
  // the spread form ({ ...head, op, a }) a simulator's compilation of a
  // Blur design took twice the CPU (bench/sim-compile.ts), mostly in the
  // passes after flattening that read the nodes' fields, not in mapNode.
  const o: Record<string, unknown> = { id, width: n.width };
  if (name !== undefined) o.name = name;
  if (n.loc) o.loc = n.loc;
  if (n.display) o.display = n.display;
  o.op = n.op;
  const g = r.node;
  if (isUnary(n)) o.a = g(n.a);
  else if (isBinary(n)) {
    o.a = g(n.a);
    o.b = g(n.b);
  } else {
    switch (n.op) {
      case 'const':
        o.value = n.value;
        break;
      case 'input':
        o.port = n.port;
        break;
      case 'instout':
        o.inst = n.inst;
        o.port = n.port;
        break;
      case 'slice':
        o.a = g(n.a);
        o.lo = n.lo;
        break;
      case 'mux':
        o.sel = g(n.sel);
        o.cases = n.cases.map(g);
        break;
      case 'concat':
        o.parts = n.parts.map(g);
        break;
      case 'reg':
        o.d = g(n.d);
        o.en = n.en === null ? null : g(n.en);
        o.init = n.init;
        break;
      case 'memread':
        o.mem = r.mem(n.mem);
        o.addr = g(n.addr);
        o.en = n.en === null ? null : g(n.en);
        o.sync = n.sync;
        break;
      case 'cammatch':
        o.cam = r.cam(n.cam);
        o.key = g(n.key);
        if (n.mask !== undefined) o.mask = g(n.mask);
        break;
      case 'camread':
        o.cam = r.cam(n.cam);
        o.index = g(n.index);
        break;
      case 'camvalid':
        o.cam = r.cam(n.cam);
        break;
      case 'prienc':
        o.a = g(n.a);
        o.highest = n.highest;
        break;
      case 'argmin':
      case 'argmax':
        o.valid = g(n.valid);
        o.keys = n.keys.map(g);
        o.signed = n.signed;
        o.latest = n.latest;
        break;
      default:
        throw new InternalError(`mapNode: no renumbering for operator ${(n satisfies never as Node).op}`);
    }
  }
  return o as unknown as Node;
}

export function mapMemPort(p: MemoryWritePort, g: (id: NodeId) => NodeId): MemoryWritePort {
  return { addr: g(p.addr), data: g(p.data), en: g(p.en) };
}

/** A CAM write port with its node ids renumbered (a null key and an absent
 *  care mask stay so). */
export function mapCamPort(p: CamWritePort, g: (id: NodeId) => NodeId): CamWritePort {
  const out: CamWritePort = { index: g(p.index), key: p.key === null ? null : g(p.key), valid: g(p.valid), en: g(p.en) };
  if (p.care !== undefined) out.care = g(p.care);
  return out;
}
