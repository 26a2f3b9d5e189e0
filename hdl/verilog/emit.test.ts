import { describe, expect, it } from 'vitest';
import { bitRanges } from './emit-module.js';
import { emitVerilog } from './emit.js';
import {
  aluModule,
  combOnlyModule,
  designOf,
  oddStateModule,
  semanticsModule,
  stateModule,
  TestModule,
  wideModule,
} from './test-ir.js';

const textOf = (top: ReturnType<typeof aluModule>, name = top.name): string => {
  const m = emitVerilog(designOf(top)).modules.find((x) => x.name === name);
  if (m === undefined) throw new Error(`no module ${name}`);
  return m.text;
};

describe('emitVerilog: structure', () => {
  it('prints one module per ModuleIR, children first, each in <name>.v', () => {
    const v = emitVerilog(designOf(stateModule()));
    expect(v.top).toBe('StateTop');
    expect(v.modules.map((m) => m.name)).toEqual(['Alu33', 'StateTop']);
    expect([...v.files.keys()]).toEqual(['Alu33.v', 'StateTop.v']);
    for (const m of v.modules) {
      const header = m.text.slice(m.text.indexOf(`module ${m.name} (`), m.text.indexOf(');'));
      const decls = header.split('\n').slice(1).map((l) => l.trim()).filter((l) => !l.startsWith('//'));
      expect(decls.slice(0, 2)).toEqual(['input wire clock,', 'input wire reset,']);
      // The module ends at endmodule; only a lint_on closing a waiver may follow.
      expect(m.text.trimEnd().replace(/\n\/\* verilator lint_on UNSIGNED \*\/$/, '').endsWith('endmodule')).toBe(true);
    }
  });

  it('is deterministic', () => {
    const a = emitVerilog(designOf(stateModule()));
    const b = emitVerilog(designOf(stateModule()));
    expect([...a.files]).toEqual([...b.files]);
  });

  it('keeps DSL names, repairing keywords, illegal characters and clashes', () => {
    const text = textOf(stateModule());
    expect(text).toContain('wire [11:0] module_ = x & wd0;');
    expect(text).toContain('wire [11:0] a_b = x | wd0;');
    expect(text).toContain('wire [11:0] _1st = module_ ^ a_b;');
    expect(text).toContain('wire [11:0] dup = _1st;');
    expect(text).toContain('wire [11:0] dup_1 = ~dup;');
    // `count` is a port, so the wire the DSL also called count is count_1.
    expect(text).toContain('wire [3:0] count_1 = dup_1[3:0];');
    expect(text).toContain('output reg [7:0] count,');
  });

  it('names unnamed nodes _n<id> and prints unnamed constants inline', () => {
    const text = textOf(stateModule());
    expect(text).toMatch(/wire \[7:0\] _n\d+ = count \+ 8'd1;/);
    expect(text).not.toMatch(/_n\d+ = 8'd1;/);
  });

  it('maps DSL port names to Verilog port names', () => {
    const v = emitVerilog(designOf(aluModule(8)));
    const ports = v.modules[0]!.ports;
    expect(ports.find((p) => p.name === 'and')).toMatchObject({ verilogName: 'and_', dir: 'out', width: 8 });
    expect(ports.find((p) => p.name === 'a')).toMatchObject({ verilogName: 'a', dir: 'in', width: 8 });
  });

  it('keeps module file names distinct on case-insensitive file systems', () => {
    const a = new TestModule('Leaf');
    a.output('y', a.input('x', 1));
    const b = new TestModule('leaf');
    b.output('y', b.instout(b.instance('u', a.ir, { x: b.input('x', 1) }), 'y'));
    const v = emitVerilog(designOf(b.ir));
    expect([...v.files.keys()]).toEqual(['Leaf.v', 'leaf_1.v']);
    expect(v.modules[1]!.text).toContain('  Leaf u (');
  });
});

describe('emitVerilog: semantics the IR defines and Verilog does not', () => {
  const alu = textOf(aluModule(33));

  it('divides by zero to all ones, explicitly', () => {
    expect(alu).toContain("assign div = (b == 33'd0) ? {33{1'b1}} : a / b;");
    // A divisor wider than the dividend is split, not truncated.
    expect(alu).toContain("|wide_divisor[37:33] ? 33'd0 : a / wide_divisor[32:0]");
  });

  it('prints signed operators through $signed', () => {
    expect(alu).toContain('$signed(a) < $signed(b)');
    expect(alu).toContain('$signed(a) <= $signed(b)');
    expect(alu).toContain('assign shrs = $signed(a) >>> s;');
    expect(alu).toContain('assign muls = $signed({{33{a[32]}}, a}) * $signed({{33{b[32]}}, b});');
    expect(alu).toContain('assign sx = {{7{a[32]}}, a};');
  });

  it('multiplies past 512 bits unsigned, on sign-extended operands (Verilator limit)', () => {
    const wide = textOf(wideModule());
    expect(wide).toMatch(/assign smul = \{\{300\{_n\d+\[299\]\}\}, _n\d+\} \* /);
    expect(wide).not.toContain('$signed({{300');
  });

  it('sends mux selectors past the last case to the last case', () => {
    expect(alu).toContain("      2'd1: mux3 = b;\n      default: mux3 = 33'd5;");
    // A case no selector value reaches is not printed.
    expect(alu).toMatch(/assign mux_unreachable = _n\d+ \? a : b;/);
  });

  it('resets registers synchronously, reset before enable', () => {
    const text = textOf(stateModule());
    expect(text).toContain('    if (reset) count <= 8\'d3;\n    else if (en) count <= ');
    expect(text).toMatch(/always @\(posedge clock\) begin\n    acc <= _n\d+;/);
  });

  it('registers sync read data (read-first) and reads out-of-range addresses as 0', () => {
    const text = textOf(stateModule());
    expect(text).toContain("    if (re) sync_rd <= (ra < 4'd10) ? mem[ra] : 12'd0;");
    expect(text).toContain("assign async_rd = (ra < 4'd10) ? mem[ra] : 12'd0;");
    expect(text).toContain("    if (we0 && (wa0 < 4'd10)) mem[wa0] <= wd0;\n    if (we1 && (wa1 < 4'd10)) mem[wa1] <= wd1;");
  });

  it('starts simulation state like gfxrtl does, outside synthesis', () => {
    const text = textOf(stateModule());
    expect(text).toContain('`ifndef SYNTHESIS');
    expect(text).toContain("    count = 8'd3;");
    expect(text).toContain("    acc = 12'd0;");
    expect(textOf(combOnlyModule())).not.toContain('SYNTHESIS');
  });
});

describe('emitVerilog: constant addresses', () => {
  it('indexes directly in range and drops accesses past the end', () => {
    const t = new TestModule('ConstAddr');
    const d = t.input('d', 4);
    const mem = t.memory('ram', 4, 5, [
      { addr: t.const(2, 3), data: d, en: t.const(1, 1) },
      { addr: t.const(6, 3), data: d, en: t.const(1, 1) },
    ]);
    t.output('ok', t.memread(mem, t.const(2, 3), false));
    t.output('past', t.memread(mem, t.const(7, 3), false));
    const text = textOf(t.ir);
    expect(text).toContain("if (1'd1) ram[3'd2] <= d;");
    expect(text).toContain('// Write port 1 never writes: its constant address is past the last word.');
    expect(text).toContain("assign ok = ram[3'd2];");
    expect(text).toContain("assign past = 4'd0;");
  });
});

describe('emitVerilog: options', () => {
  it('adds a divide-by-one case past 64 bits only for Icarus', () => {
    const t = new TestModule('Div');
    t.output('q', t.divu(t.input('a', 65), t.input('b', 65)));
    const plain = emitVerilog(designOf(t.ir)).modules[0]!.text;
    const icarus = emitVerilog(designOf(t.ir), { icarusWideDivideByOne: true }).modules[0]!.text;
    expect(plain).toContain("assign q = (b == 65'd0) ? {65{1'b1}} : a / b;");
    expect(icarus).toContain("assign q = (b == 65'd0) ? {65{1'b1}} : (b == 65'd1) ? a : a / b;");
    const narrow = new TestModule('Div');
    narrow.output('q', narrow.divu(narrow.input('a', 64), narrow.input('b', 64)));
    expect(emitVerilog(designOf(narrow.ir), { icarusWideDivideByOne: true }).modules[0]!.text).not.toContain("== 64'd1");
  });
});

describe('emitVerilog: lint waivers only where the IR really has unread bits', () => {
  it('waives nothing else in a module that reads every bit', () => {
    const waivers = (text: string): string[] => [...text.matchAll(/lint_off UNUSED\n *([^\n]*)/g)].map((m) => m[1]!);
    expect(waivers(textOf(aluModule(33)))).toEqual(['input wire clock,', 'input wire reset,']);
    expect(waivers(textOf(semanticsModule()))).toEqual(['input wire reset,']);
  });

  it('waives unused clock, reset and inputs, saying why', () => {
    const text = textOf(combOnlyModule());
    expect(text).toContain('  // Every module takes clock; this one has no clocked logic.\n  // verilator lint_off UNUSED\n  input wire clock,');
    expect(text).toContain('  // Not read in this module.\n  // verilator lint_off UNUSED\n  input wire [3:0] spare,');
  });

  it('names the bits that are read when only some are', () => {
    expect(textOf(oddStateModule())).toContain('  // Only bits [3:0] are read here.\n  // verilator lint_off UNUSED\n  reg [15:0] held;');
    expect(bitRanges(0b1011_0010n, 8)).toBe('[7], [5:4], [1]');
  });
});

describe('emitVerilog: malformed IR', () => {
  it('rejects constants that do not fit their width', () => {
    const t = new TestModule('Bad');
    t.output('y', t.const(9, 3));
    expect(() => emitVerilog(designOf(t.ir))).toThrow(/module Bad: constant 9 .* does not fit in 3 bits/);
  });

  it('names the signals of a combinational loop', () => {
    const t = new TestModule('Loop');
    const x = t.input('x', 4);
    const w = t.wire(x, 'p');
    const q = t.bin('add', w, x, 'q');
    (t.ir.nodes[w] as { a: number }).a = q;
    t.output('y', q);
    expect(() => emitVerilog(designOf(t.ir))).toThrow(/module Loop: combinational loop through .*p.*q|q.*p/);
  });
});
