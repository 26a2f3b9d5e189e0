// Dropping what the top-level outputs can never show: logic and state whose
// values reach no output port, through any number of registers and memories.
// This is what Verilator does by default, and what `observe: 'ports'` asks
// for; the default keeps everything so any signal can be peeked.
import type { FlatNetlist } from '../../flatten.js';
import { camPortOperands, operands, type NodeId } from '../../ir.js';
import { mapNode } from '../../map-node.js';

export function pruneToPorts(net: FlatNetlist): FlatNetlist {
  const live = new Uint8Array(net.nodes.length);
  const liveMem = new Uint8Array(net.memories.length);
  const liveCam = new Uint8Array(net.cams.length);
  // Inputs stay, so that poking an input nothing reads is still legal.
  const stack: NodeId[] = [...net.outputs, ...net.inputs].map((s) => s.node);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (live[id]) continue;
    live[id] = 1;
    const n = net.nodes[id]!;
    stack.push(...operands(n));
    if (n.op === 'memread' && !liveMem[n.mem]) {
      liveMem[n.mem] = 1;
      for (const p of net.memories[n.mem]!.writePorts) stack.push(p.addr, p.data, p.en);
    }
    if ((n.op === 'cammatch' || n.op === 'camread' || n.op === 'camvalid') && !liveCam[n.cam]) {
      liveCam[n.cam] = 1;
      for (const p of net.cams[n.cam]!.writePorts) stack.push(...camPortOperands(p));
    }
  }
  const renumber = (flags: Uint8Array): Int32Array => {
    const map = new Int32Array(flags.length).fill(-1);
    let k = 0;
    flags.forEach((f, i) => {
      if (f) map[i] = k++;
    });
    return map;
  };
  const nodeMap = renumber(live);
  const memMap = renumber(liveMem);
  const camMap = renumber(liveCam);
  const r = { node: (i: NodeId) => nodeMap[i]!, mem: (i: number) => memMap[i]!, cam: (i: number) => camMap[i]! };
  const keep = <T extends { node: NodeId }>(xs: T[]): T[] => xs.filter((s) => live[s.node]).map((s) => ({ ...s, node: r.node(s.node) }));
  return {
    topName: net.topName,
    nodes: net.nodes.filter((_, i) => live[i]).map((n) => mapNode(n, r.node(n.id), n.name, r)),
    memories: net.memories
      .filter((_, i) => liveMem[i])
      .map((m) => ({ ...m, writePorts: m.writePorts.map((p) => ({ addr: r.node(p.addr), data: r.node(p.data), en: r.node(p.en) })) })),
    cams: net.cams
      .filter((_, i) => liveCam[i])
      .map((c) => ({
        ...c,
        writePorts: c.writePorts.map((p) => ({ index: r.node(p.index), key: p.key === null ? null : r.node(p.key), ...(p.care === undefined ? {} : { care: r.node(p.care) }), valid: r.node(p.valid), en: r.node(p.en) })),
      })),
    signals: keep(net.signals),
    inputs: keep(net.inputs),
    outputs: keep(net.outputs),
  };
}
