import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { Scoreboard } from '../../testbenches/scoreboard.js';
import { traceToWaveJson } from '../../waveforms/wavejson.js';
import { traceToVcd } from '../../waveforms/vcd.js';
import { Sequencer } from './test-designs.js';

const sims = new SimulatorCache((_: 'default') => elaborate(Sequencer, undefined));
const STATES = ['idle', 'load', 'run', 'done'] as const;

/** The sequencer written as a plain state table. */
function model(cycles: { start: boolean; stop: boolean; op: number; operand: number }[]): { state: number; acc: number }[] {
  let state: (typeof STATES)[number] = 'idle';
  let acc = 0;
  const out: { state: number; acc: number }[] = [];
  for (const c of cycles) {
    out.push({ state: STATES.indexOf(state), acc });
    if (state === 'idle') state = c.start ? 'load' : 'idle';
    else if (state === 'load') {
      acc = c.operand;
      state = 'run';
    } else if (state === 'run') {
      if (c.op === 0) acc = (acc + c.operand) & 0xff;
      else if (c.op === 1 || c.op === 2) acc ^= c.operand;
      else acc = (acc - c.operand) & 0xff;
      if (c.stop) state = 'done';
    } else state = 'idle';
  }
  return out;
}

describe('fsm and switchOn', () => {
  it('follow a plain state table', () => {
    const arb = fc.array(fc.record({ start: fc.boolean(), stop: fc.boolean(), op: fc.integer({ min: 0, max: 3 }), operand: fc.integer({ min: 0, max: 255 }) }), { maxLength: 60 });
    checkWithWaves('lib-fsm', arb, (cycles, ctx) => {
      const sim = sims.get('default');
      ctx.attach(sim);
      const want = model(cycles);
      const sb = new Scoreboard();
      cycles.forEach((c, t) => {
        sim.poke('start', c.start ? 1 : 0);
        sim.poke('stop', c.stop ? 1 : 0);
        sim.poke('op', c.op);
        sim.poke('operand', c.operand);
        sb.check(t, 'phase', BigInt(want[t]!.state), sim.peek('phase'));
        sb.check(t, 'busy', want[t]!.state === 0 ? 0n : 1n, sim.peek('busy'));
        sb.check(t, 'result', BigInt(want[t]!.acc), sim.peek('result'));
        sim.step();
      });
      sb.assertClean();
    });
  });

  it('waveforms show the state names', () => {
    const sim = sims.get('default');
    sim.startTrace(['Sequencer.state']);
    sim.poke('start', 1);
    sim.step(3);
    const trace = sim.stopTrace()!;
    const json = JSON.stringify(traceToWaveJson(trace));
    for (const s of ['idle', 'load', 'run']) expect(json).toContain(`"${s}"`);
    const vcd = traceToVcd(trace);
    expect(vcd).toMatch(/\$var string 1 \S+ state_name \$end/);
    expect(vcd).toContain('sload ');
  });
});
