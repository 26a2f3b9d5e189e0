// Typed port handles: sim.ports has the shape of the top's port record.
import { describe, expect, it } from 'vitest';
import { elaborate } from '../../elaborate.js';
import { defineModule } from '../../module.js';
import { bundle, sint, stream, uint, vec } from '../../types.js';
import { createSimulator } from '../index.js';

const Point = bundle({ x: uint(6), y: sint(6) });
const Ports = defineModule('Ports', (m, cfg: { lanes: number; tag: boolean }) => {
  const mp = m.input('mp', stream(Point));
  const v = m.input('v', vec(cfg.lanes, uint(4)));
  const tag = cfg.tag ? m.input('tag', uint(70)) : undefined;
  const sum = m.output('sum', uint(8));
  const ok = m.output('ok', uint(1));
  const wide = m.output('wide', uint(70));
  mp.ready.drive(1);
  sum.drive(v.reduce((a, b) => a.addWrap(b.zext(8)), mp.payload.x.zext(8)));
  ok.drive(mp.valid.and(mp.payload.y.lt(0)));
  wide.drive(tag ?? m.lit(0, uint(70)));
  return { mp, v, tag, sum, ok, wide };
});

describe('sim.ports', () => {
  it('reads and writes ports through the record the module returned: streams, bundles, vecs, optional and wide ports', () => {
    const sim = createSimulator(elaborate(Ports, { lanes: 3, tag: true }));
    const p = sim.ports;
    p.mp.valid.write(1);
    p.mp.payload.x.write(5);
    p.mp.payload.y.write(-3);
    p.v.forEach((h, i) => h.write(i + 1));
    p.tag!.write(1n << 69n);
    expect(p.sum.read()).toBe(11n);
    expect(p.ok.read()).toBe(1n);
    expect(p.mp.ready.read()).toBe(1n);
    expect(p.mp.payload.y.readSigned()).toBe(-3n);
    expect(p.wide.read()).toBe(1n << 69n);
    expect([p.mp.payload.x.path, p.v[2]!.path, p.mp.ready.direction]).toEqual(['Ports.mp_payload_x', 'Ports.v2', 'output']);
    // The fast handles of the same ports.
    const n = p.v[0]!.number();
    n.write(9);
    expect(p.sum.number().read()).toBe(19);
    const w = new Uint32Array(3);
    p.wide.words().read(w);
    expect([...w]).toEqual([0, 0, 32]);
  });

  it('leaves out a port the config does not have, and refuses a write to an output', () => {
    const sim = createSimulator(elaborate(Ports, { lanes: 2, tag: false }));
    expect(sim.ports.tag).toBeUndefined();
    expect(sim.ports.v).toHaveLength(2);
    expect(() => sim.ports.sum.write(1)).toThrow('ports: Ports.sum is an output of Ports; only inputs can be written');
  });
});
