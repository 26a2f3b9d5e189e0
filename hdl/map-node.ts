// Copy a node with its operand ids (and memory/CAM indices) renumbered: the
// one place that knows where every operator keeps its references, for the
// passes that renumber netlists (flattening, pruning, optimisation).
import { isBinary, isUnary, type CamWritePort, type DisplayFormat, type MemoryWritePort, type Node, type NodeId, type SourceLoc } from './ir.js';

export interface Renumber {
  node: (id: NodeId) => NodeId;
  mem: (i: number) => number;
  cam: (i: number) => number;
}

export function mapNode(n: Node, id: NodeId, name: string | undefined, r: Renumber): Node {
  const head: { id: NodeId; width: number; name?: string; loc?: SourceLoc; display?: DisplayFormat } = { id, width: n.width };
  if (name !== undefined) head.name = name;
  if (n.loc) head.loc = n.loc;
  if (n.display) head.display = n.display;
  const g = r.node;
  if (isUnary(n)) return { ...head, op: n.op, a: g(n.a) };
  if (isBinary(n)) return { ...head, op: n.op, a: g(n.a), b: g(n.b) };
  switch (n.op) {
    case 'const':
      return { ...head, op: 'const', value: n.value };
    case 'input':
      return { ...head, op: 'input', port: n.port };
    case 'instout':
      return { ...head, op: 'instout', inst: n.inst, port: n.port };
    case 'slice':
      return { ...head, op: 'slice', a: g(n.a), lo: n.lo };
    case 'mux':
      return { ...head, op: 'mux', sel: g(n.sel), cases: n.cases.map(g) };
    case 'concat':
      return { ...head, op: 'concat', parts: n.parts.map(g) };
    case 'reg':
      return { ...head, op: 'reg', d: g(n.d), en: n.en === null ? null : g(n.en), init: n.init };
    case 'memread':
      return { ...head, op: 'memread', mem: r.mem(n.mem), addr: g(n.addr), en: n.en === null ? null : g(n.en), sync: n.sync };
    case 'cammatch':
      return n.mask === undefined ? { ...head, op: 'cammatch', cam: r.cam(n.cam), key: g(n.key) } : { ...head, op: 'cammatch', cam: r.cam(n.cam), key: g(n.key), mask: g(n.mask) };
    case 'camread':
      return { ...head, op: 'camread', cam: r.cam(n.cam), index: g(n.index) };
    case 'camvalid':
      return { ...head, op: 'camvalid', cam: r.cam(n.cam) };
    case 'prienc':
      return { ...head, op: 'prienc', a: g(n.a), highest: n.highest };
    case 'argmin':
    case 'argmax':
      return { ...head, op: n.op, valid: g(n.valid), keys: n.keys.map(g), signed: n.signed, latest: n.latest };
  }
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
