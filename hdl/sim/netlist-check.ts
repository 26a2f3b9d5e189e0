// Width rules of ir.ts, checked once before compiling. The elaborator checks
// them too, but the generated fast path relies on them (an `add` of unequal
// widths would leave non-canonical bits in a slot and corrupt later nodes
// silently), so a malformed netlist must fail here, loudly and by name.
import type { FlatNetlist } from '../flatten.js';
import type { Node, NodeId } from '../ir.js';
import type { Labeler } from './labels.js';

export function checkNetlist(net: FlatNetlist, label: Labeler): void {
  const w = (id: NodeId): number => net.nodes[id]!.width;
  for (const n of net.nodes) {
    const fail = (msg: string): never => {
      throw new Error(`simulator: node ${label(n.id)} (${n.op}, ${n.width} bits): ${msg}`);
    };
    const expect = (what: string, id: NodeId, width: number): void => {
      if (w(id) !== width) fail(`${what} is ${w(id)} bits (${label(id)}), expected ${width}`);
    };
    if (!Number.isInteger(n.width) || n.width < 1) fail('width must be a positive integer');
    checkNode(n, w, expect, fail, net);
  }
  for (const m of net.memories) {
    if (!(m.width >= 1 && m.depth >= 1)) throw new Error(`simulator: memory ${m.name}: width ${m.width}, depth ${m.depth}`);
    m.writePorts.forEach((p, i) => {
      if (w(p.data) !== m.width) throw new Error(`simulator: memory ${m.name} write port ${i}: data is ${w(p.data)} bits, memory is ${m.width}`);
      if (w(p.en) !== 1) throw new Error(`simulator: memory ${m.name} write port ${i}: enable is ${w(p.en)} bits, expected 1`);
    });
  }
  for (const c of net.cams) {
    if (!(c.keyWidth >= 1 && c.entries >= 1)) throw new Error(`simulator: CAM ${c.name}: keyWidth ${c.keyWidth}, entries ${c.entries}`);
    c.writePorts.forEach((p, i) => {
      if (p.care !== undefined && w(p.care) !== c.keyWidth) throw new Error(`simulator: CAM ${c.name} write port ${i}: care mask is ${w(p.care)} bits, CAM keys are ${c.keyWidth}`);
      if (p.key !== null && w(p.key) !== c.keyWidth) throw new Error(`simulator: CAM ${c.name} write port ${i}: key is ${w(p.key)} bits, CAM keys are ${c.keyWidth}`);
      if (w(p.valid) !== 1 || w(p.en) !== 1) throw new Error(`simulator: CAM ${c.name} write port ${i}: valid and enable must be 1 bit`);
    });
  }
}

function checkNode(
  n: Node,
  w: (id: NodeId) => number,
  expect: (what: string, id: NodeId, width: number) => void,
  fail: (msg: string) => never,
  net: FlatNetlist,
): void {
  switch (n.op) {
    case 'const': {
      const lo = -(1n << BigInt(n.width - 1));
      if (n.value < lo || n.value >= 1n << BigInt(n.width)) fail(`constant ${n.value} does not fit`);
      return;
    }
    case 'input':
      return;
    case 'wire':
    case 'not':
      return expect('operand', n.a, n.width);
    case 'add':
    case 'sub':
    case 'and':
    case 'or':
    case 'xor':
      expect('operand a', n.a, n.width);
      return expect('operand b', n.b, n.width);
    case 'eq':
    case 'ne':
    case 'ltu':
    case 'lts':
    case 'leu':
    case 'les':
      if (n.width !== 1) fail('comparisons are 1 bit');
      return expect('operand b', n.b, w(n.a));
    case 'mulu':
    case 'muls':
      if (n.width !== w(n.a) + w(n.b)) fail(`product of ${w(n.a)} and ${w(n.b)} bits must be ${w(n.a) + w(n.b)} bits`);
      return;
    case 'divu':
    case 'shl':
    case 'shru':
    case 'shrs':
      return expect('operand a', n.a, n.width);
    case 'redand':
    case 'redor':
    case 'redxor':
      if (n.width !== 1) fail('reductions are 1 bit');
      return;
    case 'mux':
      if (n.cases.length === 0) fail('mux without cases');
      n.cases.forEach((c, i) => expect(`case ${i}`, c, n.width));
      return;
    case 'concat': {
      const sum = n.parts.reduce((s, p) => s + w(p), 0);
      if (sum !== n.width) fail(`parts add up to ${sum} bits`);
      return;
    }
    case 'slice':
      if (!Number.isInteger(n.lo) || n.lo < 0 || n.lo + n.width > w(n.a)) {
        fail(`bits [${n.lo + n.width - 1}:${n.lo}] are outside the ${w(n.a)}-bit operand`);
      }
      return;
    case 'zext':
    case 'sext':
      if (w(n.a) > n.width) fail(`operand is ${w(n.a)} bits, wider than the result`);
      return;
    case 'reg': {
      expect('d', n.d, n.width);
      if (n.en !== null) expect('enable', n.en, 1);
      const lo = -(1n << BigInt(n.width - 1));
      if (n.init !== null && (n.init < lo || n.init >= 1n << BigInt(n.width))) fail(`init ${n.init} does not fit`);
      return;
    }
    case 'memread': {
      const m = net.memories[n.mem]!;
      if (n.width !== m.width) fail(`memory ${m.name} is ${m.width} bits wide`);
      if (n.en !== null) expect('enable', n.en, 1);
      return;
    }
    case 'cammatch': {
      const c = net.cams[n.cam]!;
      if (n.width !== c.entries) fail(`CAM ${c.name} has ${c.entries} entries`);
      if (n.mask !== undefined) expect('mask', n.mask, c.keyWidth);
      return expect('key', n.key, c.keyWidth);
    }
    case 'camread': {
      const c = net.cams[n.cam]!;
      if (n.width !== c.keyWidth) fail(`CAM ${c.name} keys are ${c.keyWidth} bits`);
      return;
    }
    case 'camvalid': {
      const c = net.cams[n.cam]!;
      if (n.width !== c.entries) fail(`CAM ${c.name} has ${c.entries} entries`);
      return;
    }
    case 'instout':
      return fail('instout must not survive flattening');
  }
}
