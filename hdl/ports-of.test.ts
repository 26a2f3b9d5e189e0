// portsOf: an untyped simulator's ports typed by the module it simulates,
// refused for another module.
import { describe, expect, it } from 'vitest';
import { elaborate } from './elaborate.js';
import { Delays, Sequencer } from './lib/test-designs.js';
import { portsOf } from './ports-of.js';
import { createSimulator, type CompiledSimulator } from './sim/index.js';

describe('portsOf', () => {
  it('gives the module\'s typed port handles, and refuses a simulator of another module', () => {
    const sim: CompiledSimulator = createSimulator(elaborate(Sequencer, undefined));
    const ports = portsOf(sim, Sequencer);
    sim.reset();
    ports.start.write(1);
    sim.step();
    expect(ports.phase.read()).toBe(1n); // load
    expect(ports.busy.path).toBe('Sequencer.busy');
    expect(() => portsOf(sim, Delays)).toThrow(/portsOf: the simulator's top module is Sequencer, not Delays/);
  });
});
