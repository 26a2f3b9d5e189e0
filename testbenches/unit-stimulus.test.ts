// The one stimulus generator as property-test input: a FIFO driven by its
// own fill-and-drain generator never pops what it did not push, pops in
// push order, and its count stays within its depth (an independent queue
// model, written here, is the reference).
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../hdl/sim/index.js';
import { findUnit } from '../units/registry.js';
import { checkWithWaves } from './property.js';
import { stimulusArbitrary, unitStimulus } from './unit-stimulus.js';

describe('unit stimulus as property input', () => {
  const unit = findUnit('fifo');
  const { design, config } = unit.parse('width=8,depth=4');
  const sim = createSimulator(design);

  it('is deterministic per seed and differs between seeds', () => {
    const a = unitStimulus(unit, config, design, 3, 50).stimulus;
    expect(unitStimulus(unit, config, design, 3, 50).stimulus).toEqual(a);
    expect(unitStimulus(unit, config, design, 4, 50).stimulus).not.toEqual(a);
  });

  it('fifo: pops equal a reference queue, count within depth', () => {
    checkWithWaves(
      'fifo vs a reference queue under its own generator',
      stimulusArbitrary(unit, config, design, 120),
      ({ stimulus }, ctx) => {
        ctx.attach(sim);
        const queue: bigint[] = [];
        const held = new Map<string, bigint>();
        for (const p of design.top.ports) if (p.dir === 'in') sim.poke(`Fifo.${p.name}`, 0);
        sim.reset(stimulus.reset);
        for (const c of stimulus.cycles) {
          for (const [k, v] of c) {
            held.set(k, v);
            sim.poke(`Fifo.${k}`, v);
          }
          const push = held.get('enq_valid') === 1n && sim.peek('Fifo.enq_ready') === 1n;
          const pop = sim.peek('Fifo.deq_valid') === 1n && held.get('deq_ready') === 1n;
          expect(Number(sim.peek('Fifo.count'))).toBe(queue.length);
          expect(queue.length).toBeLessThanOrEqual(4);
          if (pop) expect(sim.peek('Fifo.deq_payload')).toBe(queue.shift());
          if (push) queue.push(held.get('enq_payload')!);
          sim.step();
        }
      },
      { numRuns: 40 },
    );
  });
});
