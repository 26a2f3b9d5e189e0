// The spec's bar: `verilator --lint-only -Wall` prints nothing for any
// emitted design. Fixtures cover every operator at 1, 33 and 100 bits,
// signed operators, memories, CAMs, instances, 4096-bit values, and state or
// ports that nothing reads.
import { expect, it } from 'vitest';
import { describeEda } from '../../testbenches/cosim/describe-eda.js';
import { elaborate } from '../elaborate.js';
import type { ModuleIR } from '../ir.js';
import { defineModule } from '../module.js';
import { sint, uint } from '../types.js';
import { emitVerilog } from './emit.js';
import { lintVerilog } from './lint.js';
import {
  aluModule,
  combOnlyModule,
  designOf,
  everythingDesign,
  oddStateModule,
  semanticsModule,
  stateModule,
  TestModule,
  wideModule,
} from './test-ir.js';

/** One 1-bit everything: scalars must never be bit-selected or ranged. */
function oneBitModule(): ModuleIR {
  const t = new TestModule('OneBit');
  const a = t.input('a', 1);
  const b = t.input('b', 1);
  const r = t.reg(1, 0, a, 'r');
  t.setD(r, t.bin('xor', r, b));
  const mem = t.memory('m', 1, 1, [{ addr: a, data: b, en: a }]);
  const cam = t.cam('c', 1, 1, [{ index: a, key: b, valid: a, en: b }]);
  t.output('rd', t.memread(mem, a, true, b));
  t.output('ard', t.memread(mem, b, false));
  t.output('hit', t.cammatch(cam, a));
  t.output('sx', t.ext('sext', a, 1));
  t.output('r', r);
  return t.ir;
}

/** Constant addresses in and past the end of a memory and a CAM. */
export function constantAddressModule(): ModuleIR {
  const t = new TestModule('ConstAddr');
  const d = t.input('d', 4);
  const we = t.input('we', 1);
  const mem = t.memory('ram', 4, 5, [
    { addr: t.const(2, 3), data: d, en: we },
    { addr: t.const(6, 3), data: d, en: we },
  ]);
  t.output('in_range', t.memread(mem, t.const(2, 3), false));
  t.output('past_end', t.memread(mem, t.const(7, 3), true));
  const cam = t.cam('tags', 4, 3, [{ index: t.const(3, 2), key: d, valid: we, en: we }]);
  t.output('hit', t.cammatch(cam, d));
  return t.ir;
}

const fixtures: [string, () => ModuleIR][] = [
  ['Alu1', () => aluModule(1)],
  ['Alu33', () => aluModule(33)],
  ['Alu100', () => aluModule(100)],
  ['StateTop', stateModule],
  ['Semantics', semanticsModule],
  ['Wide4096 (4096-bit divide)', () => wideModule(4096)],
  ['CombOnly', combOnlyModule],
  ['OddState', oddStateModule],
  ['OneBit', oneBitModule],
  ['ConstAddr', constantAddressModule],
];

describeEda('verilator', 'verilator --lint-only -Wall', () => {
  for (const [name, make] of fixtures) {
    it(`is clean for ${name}`, async () => {
      const result = await lintVerilog(emitVerilog(designOf(make())));
      expect(result.output).toBe('');
      expect(result.clean).toBe(true);
    }, 60_000);
  }

  it('is clean for every fixture together', async () => {
    expect((await lintVerilog(emitVerilog(everythingDesign()))).output).toBe('');
  }, 60_000);

  it('is clean for compares a literal decides (no CMPCONST after the netlist passes)', async () => {
    const Head = defineModule('Head', (m) => {
      const head = m.input('head', uint(3));
      const s = m.input('s', sint(4));
      m.output('le7', uint(1)).drive(head.le(7));
      m.output('lt9', uint(1)).drive(head.zext(4).lt(9));
      m.output('ge0', uint(1)).drive(head.ge(0));
      m.output('sge', uint(1)).drive(s.ge(-8));
      m.output('lt5', uint(1)).drive(head.zext(6).lt(5));
      return {};
    });
    expect((await lintVerilog(emitVerilog(elaborate(Head, undefined)))).output).toBe('');
  }, 60_000);

  it('does report real problems (the check can fail)', async () => {
    const v = emitVerilog(designOf(semanticsModule()));
    const broken = new Map(v.files);
    broken.set('Semantics.v', v.files.get('Semantics.v')!.replace('assign lts =', 'wire [3:0] junk = 8\'d0;\n  assign lts ='));
    const result = await lintVerilog({ ...v, files: broken });
    expect(result.clean).toBe(false);
    expect(result.output).toMatch(/WIDTH|UNUSED/);
  }, 60_000);
});
