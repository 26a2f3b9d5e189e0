// Test support: ModuleIR/Design objects built by hand, so the inventory can be
// tested without (and independently of) the DSL front end. Only ids are kept
// consistent; nothing else is checked.
import type { Design, ModuleIR, NodeId } from '../ir.js';
import { designOf, IrModuleBuilder, type NodeBody } from '../test-ir.js';
import { InternalError } from '../errors.js';

export type { NodeBody };

export class ModBuilder extends IrModuleBuilder {
  /** Register with `d` connected later (by `setD`) when d is null. */
  reg(width: number, name: string, d: NodeId | null, opts: { en?: NodeId; init?: bigint } = {}): NodeId {
    return this.node({ op: 'reg', d: d ?? 0, en: opts.en ?? null, init: opts.init ?? null }, width, name);
  }

  /** Instantiate `module`; returns a reader for its output ports. */
  inst(name: string, module: ModuleIR, inputs: Record<string, NodeId>): (port: string) => NodeId {
    const index = this.instances.length;
    this.instances.push({ name, module, inputs });
    return (port) => {
      const p = module.ports.find((q) => q.name === port && q.dir === 'out');
      if (!p) throw new InternalError(`no output ${port}`);
      return this.node({ op: 'instout', inst: index, port }, p.width, `${name}_${port}`);
    };
  }
}

export { designOf };

/** One of (nearly) every operator, all in one module, with known counts. */
export function aluModule(): ModuleIR {
  const b = new ModBuilder('Alu');
  const a = b.input('a', 32);
  const c = b.input('b', 32);
  const sel = b.input('sel', 2);
  const sum = b.node({ op: 'add', a, b: c }, 32, 'sum');
  const diff = b.node({ op: 'sub', a, b: c }, 32, 'diff');
  const both = b.node({ op: 'and', a, b: c }, 32);
  const either = b.node({ op: 'or', a, b: c }, 32);
  const picked = b.node({ op: 'mux', sel, cases: [sum, diff, both, either] }, 32, 'picked');
  const same = b.node({ op: 'eq', a, b: c }, 1);
  const lo = b.node({ op: 'slice', a, lo: 0 }, 16);
  const lob = b.node({ op: 'slice', a: c, lo: 0 }, 16);
  const less = b.node({ op: 'lts', a: lo, b: lob }, 1);
  const byte = b.node({ op: 'slice', a: c, lo: 0 }, 8);
  const prod = b.node({ op: 'muls', a: lo, b: byte }, 24, 'prod');
  const one = b.const(1, 24);
  const recip = b.node({ op: 'divu', a: one, b: lob }, 24, 'recip');
  const quot = b.node({ op: 'divu', a, b: byte }, 32, 'quot');
  const amt = b.node({ op: 'slice', a: c, lo: 0 }, 5);
  const shifted = b.node({ op: 'shrs', a, b: amt }, 32);
  const any = b.node({ op: 'redor', a }, 1);
  const flags = b.node({ op: 'concat', parts: [same, less, any] }, 3);
  const en = b.node({ op: 'slice', a: sel, lo: 0 }, 1);
  const acc = b.reg(32, 'acc', picked, { en, init: 0n });
  const last = b.reg(3, 'last', flags);
  const x = b.node({ op: 'xor', a: acc, b: shifted }, 32);
  b.output('x', x);
  b.output('last', last);
  b.output('prod', prod);
  b.output('recip', recip);
  b.output('quot', quot);
  return b.build();
}

/** Stage: y = x + k (16 bits), used twice in `chainDesign`. */
export function stageModule(): ModuleIR {
  const b = new ModBuilder('Stage');
  const x = b.input('x', 16);
  const k = b.input('k', 16);
  b.output('y', b.node({ op: 'add', a: x, b: k }, 16, 'y_sum'));
  return b.build();
}

/** r -> u0 (add) -> u1 (add) -> xor -> r, plus a short side path
 *  r -> not -> out. The long path crosses two instance boundaries. */
export function chainDesign(): Design {
  const stage = stageModule();
  const b = new ModBuilder('Chain');
  const k = b.input('k', 16);
  const r = b.reg(16, 'r', null);
  const y0 = b.inst('u0', stage, { x: r, k })('y');
  const y1 = b.inst('u1', stage, { x: y0, k })('y');
  const mixed = b.node({ op: 'xor', a: y1, b: k }, 16, 'mixed');
  b.setD(r, mixed);
  b.output('inv', b.node({ op: 'not', a: r }, 16, 'inv'));
  return designOf(b.build());
}

/** A memory (sync and async reads, one write port) and a CAM. */
export function storageModule(): ModuleIR {
  const b = new ModBuilder('Store');
  const addr = b.input('addr', 6);
  const data = b.input('data', 24);
  const we = b.input('we', 1);
  const key = b.input('key', 10);
  b.memories.push({ name: 'buf', width: 24, depth: 64, writePorts: [{ addr, data, en: we }] });
  const rd = b.node({ op: 'memread', mem: 0, addr, en: null, sync: true }, 24, 'rd');
  const rda = b.node({ op: 'memread', mem: 0, addr, en: null, sync: false }, 24, 'rda');
  const idx = b.node({ op: 'slice', a: addr, lo: 0 }, 4);
  b.cams.push({ name: 'tags', keyWidth: 10, entries: 16, writePorts: [{ index: idx, key, valid: we, en: we }] });
  const hit = b.node({ op: 'cammatch', cam: 0, key }, 16, 'hit');
  b.output('rd', rd);
  b.output('rda', rda);
  b.output('hit', hit);
  return b.build();
}

/** input -> n adders (each adding its input to itself) -> reg -> output:
 *  feed-forward, so pipelining may cut it anywhere. */
export function adderChain(n: number, width: number): Design {
  const b = new ModBuilder('Adders');
  let v = b.input('x', width);
  for (let i = 0; i < n; i++) v = b.node({ op: 'add', a: v, b: v }, width, `s${i}`);
  b.output('y', b.reg(width, 'r', v));
  return designOf(b.build());
}

/** A counter: cnt -> n adders -> cnt (a loop through state), and a
 *  feed-forward tail cnt -> m adders -> out that pipelining may cut. */
export function loopDesign(n: number, m: number, width: number): Design {
  const b = new ModBuilder('Loop');
  const cnt = b.reg(width, 'cnt', null);
  let v = cnt;
  for (let i = 0; i < n; i++) v = b.node({ op: 'add', a: v, b: v }, width, `l${i}`);
  b.setD(cnt, v);
  let t = cnt;
  for (let i = 0; i < m; i++) t = b.node({ op: 'add', a: t, b: t }, width, `t${i}`);
  b.output('y', t);
  return designOf(b.build());
}
