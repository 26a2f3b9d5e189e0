// Hand-built IR for Verilog backend and cross-simulation tests, written
// without the DSL front end so the backends can be tested independently of
// it. The builder keeps ids consistent and computes result widths the way
// ir.ts defines them; it does not otherwise check.
import { countBits, indexBits, type ArgExtremeOp, type CompareOp, type Design, type ModuleIR, type NodeId, type ReduceOp, type SameWidthBinOp, type ShiftOp } from '../ir.js';
import { designOf, IrModuleBuilder } from '../test-ir.js';

export class TestModule extends IrModuleBuilder {
  wire(a: NodeId, name: string): NodeId {
    return this.node({ op: 'wire', a }, this.w(a), name);
  }

  bin(op: SameWidthBinOp, a: NodeId, b: NodeId, name?: string): NodeId {
    return this.node({ op, a, b }, this.w(a), name);
  }

  cmp(op: CompareOp, a: NodeId, b: NodeId, name?: string): NodeId {
    return this.node({ op, a, b }, 1, name);
  }

  not(a: NodeId, name?: string): NodeId {
    return this.node({ op: 'not', a }, this.w(a), name);
  }

  mul(op: 'mulu' | 'muls', a: NodeId, b: NodeId, name?: string): NodeId {
    return this.node({ op, a, b }, this.w(a) + this.w(b), name);
  }

  divu(a: NodeId, b: NodeId, name?: string): NodeId {
    return this.node({ op: 'divu', a, b }, this.w(a), name);
  }

  shift(op: ShiftOp, a: NodeId, b: NodeId, name?: string): NodeId {
    return this.node({ op, a, b }, this.w(a), name);
  }

  reduce(op: ReduceOp, a: NodeId, name?: string): NodeId {
    return this.node({ op, a }, 1, name);
  }

  popcount(a: NodeId, name?: string): NodeId {
    return this.node({ op: 'popcount', a }, countBits(this.w(a)), name);
  }

  prienc(a: NodeId, highest: boolean, name?: string): NodeId {
    return this.node({ op: 'prienc', a, highest }, 1 + indexBits(this.w(a)), name);
  }

  argExtreme(op: ArgExtremeOp, valid: NodeId, keys: NodeId[], opts: { signed?: boolean; latest?: boolean } = {}, name?: string): NodeId {
    return this.node({ op, valid, keys, signed: opts.signed ?? false, latest: opts.latest ?? false }, 1 + indexBits(keys.length), name);
  }

  mux(sel: NodeId, cases: NodeId[], name?: string): NodeId {
    return this.node({ op: 'mux', sel, cases }, this.w(cases[0]!), name);
  }

  concat(parts: NodeId[], name?: string): NodeId {
    return this.node({ op: 'concat', parts }, parts.reduce((s, p) => s + this.w(p), 0), name);
  }

  slice(a: NodeId, hi: number, lo: number, name?: string): NodeId {
    return this.node({ op: 'slice', a, lo }, hi - lo + 1, name);
  }

  ext(op: 'zext' | 'sext', a: NodeId, width: number, name?: string): NodeId {
    return this.node({ op, a }, width, name);
  }

  /** A register; `d` may be closed later with setD to make feedback. */
  reg(width: number, init: bigint | number | null, en: NodeId | null = null, name?: string): NodeId {
    return this.node({ op: 'reg', d: -1, en, init: init === null ? null : BigInt(init) }, width, name);
  }

  memread(mem: number, addr: NodeId, sync: boolean, en: NodeId | null = null, name?: string): NodeId {
    return this.node({ op: 'memread', mem, addr, en, sync }, this.ir.memories[mem]!.width, name);
  }

  cammatch(cam: number, key: NodeId, name?: string): NodeId {
    return this.node({ op: 'cammatch', cam, key }, this.ir.cams[cam]!.entries, name);
  }
}

export { designOf };

/** Every combinational operator at width `w`, one output each. Shift
 *  amounts are 7 bits so amounts at and past the width are reachable for
 *  every width used (1, 33, 100). */
export function aluModule(w: number): ModuleIR {
  const t = new TestModule(`Alu${w}`);
  const a = t.input('a', w);
  const b = t.input('b', w);
  const s = t.input('s', 7);
  const wide = t.input('wide_divisor', w + 5);
  for (const op of ['add', 'sub', 'and', 'or', 'xor'] as const) t.output(op, t.bin(op, a, b));
  t.output('not', t.not(a));
  const cmps = (['eq', 'ne', 'ltu', 'lts', 'leu', 'les'] as const).map((op) => t.cmp(op, a, b));
  t.output('cmp', t.concat(cmps));
  t.output('mulu', t.mul('mulu', a, b));
  t.output('muls', t.mul('muls', a, b));
  t.output('div', t.divu(a, b));
  t.output('div_wide', t.divu(a, wide));
  if (w > 1) t.output('div_narrow', t.divu(a, t.slice(b, Math.floor(w / 2) - 1, 0)));
  for (const op of ['shl', 'shru', 'shrs'] as const) t.output(op, t.shift(op, a, s));
  t.output('reduce', t.concat([t.reduce('redand', a), t.reduce('redor', a), t.reduce('redxor', a)]));
  const sel2 = t.slice(s, 1, 0);
  const sel3 = t.slice(s, 2, 0);
  const k = t.const(5 & (2 ** w - 1), w);
  // Library operations, printed as their trees (hdl/opt/lower.ts).
  t.output('popcount', t.popcount(a));
  t.output('prienc', t.concat([t.prienc(a, false), t.prienc(b, true)]));
  const keys = [a, b, k, t.not(b), t.bin('xor', a, b)];
  t.output('argmin', t.argExtreme('argmin', t.slice(s, 4, 0), keys));
  t.output('argmax_latest', t.argExtreme('argmax', t.slice(s, 5, 1), keys, { signed: true, latest: true }));
  t.output('mux3', t.mux(sel2, [a, b, k])); // sel 3 selects the last case
  t.output('mux5', t.mux(sel3, [a, b, k, t.not(b), t.bin('xor', a, b)])); // printed as case
  t.output('mux2', t.mux(t.slice(s, 6, 6), [a, b]));
  t.output('mux_unreachable', t.mux(t.slice(s, 3, 3), [b, a, k])); // third case unreachable
  t.output('cat', t.concat([a, t.const(2, 2), b]));
  if (w > 2) t.output('mid', t.slice(a, w - 2, 1, 'middle'));
  t.output('zx', t.ext('zext', a, w + 7));
  t.output('sx', t.ext('sext', a, w + 7));
  t.output('named', t.wire(t.bin('add', a, k), 'a_plus_k'));
  return t.ir;
}

/** State of every kind, instances (one output left unread, one read twice),
 *  memories (two write ports, depth not a power of two, address wider than
 *  needed), CAMs (6 entries and 1 entry), and awkward names. */
export function stateModule(): ModuleIR {
  const t = new TestModule('StateTop');
  const en = t.input('en', 1);
  const x = t.input('x', 12);
  const wa0 = t.input('wa0', 4);
  const wd0 = t.input('wd0', 12);
  const we0 = t.input('we0', 1);
  const wa1 = t.input('wa1', 4);
  const wd1 = t.input('wd1', 12);
  const we1 = t.input('we1', 1);
  const ra = t.input('ra', 4);
  const re = t.input('re', 1);
  const key = t.input('key', 9);
  const cidx = t.input('cidx', 3);
  const cvalid = t.input('cvalid', 1);
  const cwe = t.input('cwe', 1);
  const wide_a = t.input('wide_a', 5);

  // Counter with reset value and enable; accumulator with no reset.
  const count = t.reg(8, 3, en, 'count');
  t.setD(count, t.bin('add', count, t.const(1, 8)));
  t.output('count', count);
  const acc = t.reg(12, null, null, 'acc');
  t.setD(acc, t.bin('xor', acc, x));
  t.output('acc_out', acc);
  const toggle = t.reg(1, 1, null, 'toggle');
  t.setD(toggle, t.not(toggle));
  t.output('toggle', toggle);

  const mem = t.memory('mem', 12, 10, [
    { addr: wa0, data: wd0, en: we0 },
    { addr: wa1, data: wd1, en: we1 },
  ]);
  t.output('async_rd', t.memread(mem, ra, false));
  t.output('sync_rd', t.memread(mem, ra, true, re, 'sync_rd'));
  t.output('sync_rd_always', t.memread(mem, wa0, true));
  const big = t.memory('big', 100, 16, [{ addr: wide_a, data: t.ext('zext', x, 100), en: we0 }]);
  t.output('big_rd', t.memread(big, wide_a, false));

  const tags = t.cam('tags', 9, 6, [{ index: cidx, key, valid: cvalid, en: cwe }]);
  t.output('hits', t.cammatch(tags, key));
  const one = t.cam('one', 9, 1, [{ index: t.slice(cidx, 0, 0), key, valid: cvalid, en: cwe }]);
  t.output('one_hit', t.cammatch(one, t.bin('xor', key, t.const(1, 9))));

  const alu = aluModule(33);
  const xa = t.ext('zext', x, 33);
  const inputs = { a: xa, b: t.ext('sext', x, 33), s: t.ext('zext', wa0, 7), wide_divisor: t.ext('zext', x, 38) };
  const u0 = t.instance('u_alu', alu, inputs);
  t.output('alu_add', t.instout(u0, 'add', 'alu_sum'));
  t.output('alu_add_again', t.instout(u0, 'add'));
  t.output('alu_muls', t.instout(u0, 'muls'));
  const u1 = t.instance('u_alu2', alu, { ...inputs, a: inputs.b, b: xa });
  t.output('alu2_div', t.instout(u1, 'div'));

  // Names that are keywords, illegal, duplicated, or clash with ports.
  const k1 = t.wire(t.bin('and', x, wd0), 'module');
  const k2 = t.wire(t.bin('or', x, wd0), 'a b');
  const k3 = t.wire(t.bin('xor', k1, k2), '1st');
  const d1 = t.wire(k3, 'dup');
  const d2 = t.wire(t.not(d1), 'dup');
  const clash = t.wire(t.slice(d2, 3, 0), 'count'); // a port is called count
  t.output('names', t.concat([d2, clash]));
  t.wire(x, 'logic'); // named, never read: kept, with a waiver
  return t.ir;
}

/** Directed cases whose results are worked out by hand in the tests. */
export function semanticsModule(): ModuleIR {
  const t = new TestModule('Semantics');
  const a = t.input('a', 8);
  const b = t.input('b', 8);
  const s = t.input('s', 4);
  const sel = t.input('sel', 2);
  t.output('div', t.divu(a, b));
  t.output('shl', t.shift('shl', a, s));
  t.output('shrs', t.shift('shrs', a, s));
  t.output('mux', t.mux(sel, [a, b, t.const(0x5a, 8)]));
  t.output('lts', t.cmp('lts', a, b));
  t.output('muls', t.mul('muls', a, b));
  const wa = t.input('wa', 2);
  const we = t.input('we', 1);
  const mem = t.memory('m', 8, 4, [{ addr: wa, data: a, en: we }]);
  t.output('rd', t.memread(mem, wa, true));
  return t.ir;
}

/** 4096-bit datapath: the widest values the spec promises. The divide is
 *  `divideBits` wide: Verilator cannot divide past 512 bits, Icarus can. */
export function wideModule(divideBits = 512): ModuleIR {
  const t = new TestModule(`Wide${divideBits}`);
  const a = t.input('a', 4096);
  const b = t.input('b', 4096);
  const s = t.input('s', 13);
  t.output('sum', t.bin('add', a, b));
  t.output('prod', t.mul('mulu', t.slice(a, 2047, 0), t.slice(b, 2047, 0)));
  t.output('quot', t.divu(t.slice(a, divideBits - 1, 0), t.slice(b, 99, 0)));
  t.output('smul', t.mul('muls', t.slice(a, 299, 0), t.slice(b, 299, 0)));
  t.output('shl', t.shift('shl', a, s));
  t.output('shrs', t.shift('shrs', a, s));
  t.output('lt', t.cmp('lts', a, b));
  const r = t.reg(4096, 0, null, 'r');
  t.setD(r, t.bin('xor', r, a));
  t.output('r', r);
  return t.ir;
}

/** Pure combinational logic with an unread input and a one-case mux: the
 *  clock, reset and unread ports all need (and get) lint waivers. */
export function combOnlyModule(): ModuleIR {
  const t = new TestModule('CombOnly');
  const a = t.input('a', 8);
  t.input('spare', 4);
  const sel = t.input('sel', 1);
  t.output('y', t.mux(sel, [a]));
  t.output('low', t.slice(a, 3, 0));
  return t.ir;
}

/** State nobody reads: a memory never read, a CAM never searched, a register
 *  only partly read; plus a named constant and a fixed-point display. */
export function oddStateModule(): ModuleIR {
  const t = new TestModule('OddState');
  const d = t.input('d', 16);
  const we = t.input('we', 1);
  const idx = t.input('idx', 2);
  t.memory('scratch', 16, 4, [{ addr: idx, data: d, en: we }]);
  t.cam('lonely', 16, 4, [{ index: idx, key: d, valid: we, en: we }]);
  const r = t.reg(16, null, we, 'held');
  t.setD(r, d);
  const k = t.const(9, 4, 'nine');
  const sum = t.bin('add', t.slice(r, 3, 0), k, 'fx_sum');
  t.ir.nodes[sum]!.display = { kind: 'fixed', intBits: 2, fracBits: 2, signed: true };
  t.output('low_sum', sum);
  return t.ir;
}

/** One top that instantiates each child and exposes all of its ports as
 *  `<Child>_<port>`: many fixtures, one Verilator build. */
export function bundleModule(name: string, children: ModuleIR[]): ModuleIR {
  const t = new TestModule(name);
  for (const child of children) {
    const inputs: Record<string, NodeId> = {};
    for (const p of child.ports) if (p.dir === 'in') inputs[p.name] = t.input(`${child.name}_${p.name}`, p.width);
    const inst = t.instance(`u_${child.name}`, child, inputs);
    for (const p of child.ports) if (p.dir === 'out') t.output(`${child.name}_${p.name}`, t.instout(inst, p.name));
  }
  return t.ir;
}

/** Every fixture the cross-simulation tests run, in one design. */
export function everythingDesign(): Design {
  return designOf(
    bundleModule('Everything', [
      aluModule(1),
      aluModule(33),
      aluModule(100),
      stateModule(),
      semanticsModule(),
      wideModule(),
      combOnlyModule(),
      oddStateModule(),
    ]),
  );
}
