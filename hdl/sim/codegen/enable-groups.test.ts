// Registers sharing an enable are committed under one branch per group
// (codegen/edge-groups.ts). Shift chains whose registers load each other
// check that every group reads the values from before the edge: a chain of
// ten under an enable that follows the stimulus, one of three under an
// enable that follows a counter, and a register with a reset value that
// stays out of the groups. Against a plain TypeScript model, cycle by cycle
// (poke/step), through runBatch and through step(n) with held inputs.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { NodeId } from '../../ir.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { createSimulator } from '../index.js';

const A = 10;
const B = 3;

function design() {
  const m = new IrBuilder('Top');
  const en = m.input('en', 1);
  const din = m.input('din', 8);
  const cnt = m.reg(2, 'cnt', 0);
  m.setD(cnt, m.node({ op: 'add', a: cnt, b: m.const(1, 2) }, 2));
  const odd = m.node({ op: 'slice', a: cnt, lo: 0 }, 1, 'odd');
  const chain = (prefix: string, k: number, enable: NodeId, first: NodeId): NodeId[] => {
    const regs: NodeId[] = [];
    for (let i = 0; i < k; i++) {
      const r = m.reg(8, `${prefix}${i}`, null, enable);
      m.setD(r, i === 0 ? first : regs[i - 1]!);
      regs.push(r);
      m.output(`${prefix}${i}`, r);
    }
    return regs;
  };
  const a = chain('a', A, en, din);
  chain('b', B, odd, m.node({ op: 'xor', a: din, b: m.const(0x5a, 8) }, 8));
  const c = m.reg(8, 'c', 7, en);
  m.setD(c, a[A - 1]!);
  m.output('c', c);
  return designOf(m.build());
}

/** The same registers in TypeScript, from their reset state. */
class Model {
  cnt = 0;
  a = new Array<number>(A).fill(0);
  b = new Array<number>(B).fill(0);
  c = 7;
  outputs(): Record<string, number> {
    const o: Record<string, number> = { c: this.c };
    this.a.forEach((v, i) => (o[`a${i}`] = v));
    this.b.forEach((v, i) => (o[`b${i}`] = v));
    return o;
  }
  edge(en: number, din: number): void {
    const odd = this.cnt & 1;
    if (en) {
      this.c = this.a[A - 1]!;
      this.a = [din, ...this.a.slice(0, A - 1)];
    }
    if (odd) this.b = [din ^ 0x5a, ...this.b.slice(0, B - 1)];
    this.cnt = (this.cnt + 1) & 3;
  }
}

const stimulus = fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 40 });

describe('registers grouped by enable', () => {
  it('poke/step and runBatch match the model cycle by cycle', () => {
    fc.assert(
      fc.property(stimulus, (cycles) => {
        const sim = createSimulator(design());
        const batch = createSimulator(design());
        sim.reset();
        batch.reset();
        const model = new Model();
        const got = batch.runBatch({ 'Top.en': Uint32Array.from(cycles.map((c) => c[0])), 'Top.din': Uint32Array.from(cycles.map((c) => c[1])) }, cycles.length);
        cycles.forEach(([en, din], k) => {
          sim.poke('en', BigInt(en));
          sim.poke('din', BigInt(din));
          for (const [name, v] of Object.entries(model.outputs())) {
            expect(sim.peek(`Top.${name}`), `${name} at cycle ${k}`).toBe(BigInt(v));
            expect(got[`Top.${name}`]![k], `runBatch ${name} at cycle ${k}`).toBe(v);
          }
          sim.step();
          model.edge(en, din);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('step(n) with held inputs matches the model', () => {
    for (const en of [0, 1]) {
      const sim = createSimulator(design());
      sim.reset();
      const model = new Model();
      for (const [n, din] of [[1, 3], [5, 200], [12, 17], [3, 255]] as const) {
        sim.poke('en', BigInt(en));
        sim.poke('din', BigInt(din));
        sim.step(n);
        for (let i = 0; i < n; i++) model.edge(en, din);
        for (const [name, v] of Object.entries(model.outputs())) expect(sim.peek(`Top.${name}`), `${name}, en ${en}`).toBe(BigInt(v));
      }
    }
  });
});
