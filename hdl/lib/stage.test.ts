// stageRegs and validReg, the valid/ready stage helpers: a record (with a
// vec of bundles) loads only when told, keeps its shape and names, and the
// valid bit takes its next value only when the stage advances.
import { describe, expect, it } from 'vitest';
import { defineModule } from '../module.js';
import { elaborate } from '../elaborate.js';
import { createSimulator } from '../sim/index.js';
import { bool, uint } from '../types.js';
import { stageRegs, validReg } from './pipe.js';

const Stage = defineModule('Stage', (m) => {
  const load = m.input('load', bool);
  const advance = m.input('advance', bool);
  const next = m.input('next', bool);
  const src = { id: m.input('id', uint(4)), v: [0, 1].map((i) => ({ x: m.input(`x${i}`, uint(8)) })) };
  const r = stageRegs('s1', src, load);
  const valid = m.output('valid', bool);
  valid.drive(validReg('s1', advance, next));
  const out = { id: m.output('q_id', uint(4)), v: [0, 1].map((i) => ({ x: m.output(`q_x${i}`, uint(8)) })) };
  m.connect(out, r);
  return { load, advance, next, id: src.id, v: src.v, valid, out };
});

describe('stage registers', () => {
  it('load a whole record only when told, and the valid bit only moves on advance', () => {
    const design = elaborate(Stage, undefined);
    expect(design.top.nodes.filter((n) => n.name?.startsWith('s1_')).map((n) => n.name)).toEqual(['s1_id', 's1_v0_x', 's1_v1_x', 's1_valid']);
    const sim = createSimulator(design);
    const p = sim.ports;
    sim.reset();
    expect(p.valid.read()).toBe(0n);
    p.id.write(5);
    p.v[0]!.x.write(17);
    p.v[1]!.x.write(200);
    p.load.write(0);
    p.next.write(1);
    p.advance.write(0);
    sim.step();
    expect([p.out.id.read(), p.out.v[0]!.x.read(), p.out.v[1]!.x.read(), p.valid.read()]).toEqual([0n, 0n, 0n, 0n]);
    p.load.write(1);
    p.advance.write(1);
    sim.step();
    expect([p.out.id.read(), p.out.v[0]!.x.read(), p.out.v[1]!.x.read(), p.valid.read()]).toEqual([5n, 17n, 200n, 1n]);
    p.load.write(0);
    p.id.write(9);
    p.next.write(0);
    p.advance.write(0);
    sim.step();
    expect([p.out.id.read(), p.valid.read()]).toEqual([5n, 1n]);
    p.advance.write(1);
    sim.step();
    expect(p.valid.read()).toBe(0n);
  });
});
