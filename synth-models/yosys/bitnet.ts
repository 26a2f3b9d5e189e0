// A bit-level netlist of AND/OR/XOR/NOT gates, written out as structural
// Verilog for Yosys and evaluated here, so every operator architecture the
// characterisation synthesises (forms-rtl.ts) is checked against plain
// integer arithmetic before its area is trusted. Constants fold as the gates
// are made, as Yosys' opt would fold them.
import { InternalError } from '../../hdl/errors.js';

export type Bit = string; // '0', '1', or a net name

export class BitNet {
  readonly assigns: { out: string; expr: string; op: 'and' | 'or' | 'xor' | 'not'; ins: Bit[] }[] = [];
  private next = 0;

  constructor(readonly inputs: readonly { name: string; width: number }[]) {}

  input(name: string, i: number): Bit {
    const p = this.inputs.find((x) => x.name === name);
    if (p === undefined || i < 0) return '0';
    return i < p.width ? `${name}[${i}]` : '0';
  }

  private gate(op: 'and' | 'or' | 'xor' | 'not', ins: Bit[], expr: string): Bit {
    const out = `n${this.next++}`;
    this.assigns.push({ out, expr, op, ins });
    return out;
  }

  not(a: Bit): Bit {
    if (a === '0') return '1';
    if (a === '1') return '0';
    return this.gate('not', [a], `~${a}`);
  }

  and(a: Bit, b: Bit): Bit {
    if (a === '0' || b === '0') return '0';
    if (a === '1') return b;
    if (b === '1') return a;
    return this.gate('and', [a, b], `${a} & ${b}`);
  }

  or(a: Bit, b: Bit): Bit {
    if (a === '1' || b === '1') return '1';
    if (a === '0') return b;
    if (b === '0') return a;
    return this.gate('or', [a, b], `${a} | ${b}`);
  }

  xor(a: Bit, b: Bit): Bit {
    if (a === '0') return b;
    if (b === '0') return a;
    if (a === '1') return this.not(b);
    if (b === '1') return this.not(a);
    return this.gate('xor', [a, b], `${a} ^ ${b}`);
  }

  /** Full adder: sum and carry of three bits. */
  fa(a: Bit, b: Bit, c: Bit): [Bit, Bit] {
    const p = this.xor(a, b);
    return [this.xor(p, c), this.or(this.and(a, b), this.and(p, c))];
  }

  /** A module with these inputs and one output bus. */
  verilog(module: string, out: { name: string; bits: readonly Bit[] }): string {
    const ports = [...this.inputs.map((p) => `input [${p.width - 1}:0] ${p.name}`), `output [${out.bits.length - 1}:0] ${out.name}`];
    const lines = [`module ${module}(${ports.join(', ')});`];
    for (const a of this.assigns) lines.push(`  wire ${a.out} = ${a.expr};`);
    out.bits.forEach((b, i) => lines.push(`  assign ${out.name}[${i}] = ${b === '0' || b === '1' ? `1'b${b}` : b};`));
    lines.push('endmodule', '');
    return lines.join('\n');
  }

  /** The output bus's value for these input values. */
  evaluate(values: Readonly<Record<string, bigint>>, bits: readonly Bit[]): bigint {
    const v = new Map<string, number>([['0', 0], ['1', 1]]);
    for (const p of this.inputs) {
      const x = values[p.name] ?? 0n;
      for (let i = 0; i < p.width; i++) v.set(`${p.name}[${i}]`, Number((x >> BigInt(i)) & 1n));
    }
    const get = (b: Bit): number => {
      const x = v.get(b);
      if (x === undefined) throw new InternalError(`bitnet: net ${b} used before it is driven`);
      return x;
    };
    for (const a of this.assigns) {
      const [x, y] = [get(a.ins[0]!), a.ins.length > 1 ? get(a.ins[1]!) : 0];
      v.set(a.out, a.op === 'and' ? x & y : a.op === 'or' ? x | y : a.op === 'xor' ? x ^ y : 1 - x);
    }
    let r = 0n;
    bits.forEach((b, i) => {
      if (get(b) === 1) r |= 1n << BigInt(i);
    });
    return r;
  }
}
