// The fuzz check drives each child through runBatch as well as poke/step/
// peek: a defect only the batch loop has must come out as a runBatch
// mismatch, and the per-cycle path must still be what is judged first.
import { afterEach, expect, it, vi } from 'vitest';
import { CompiledSimulator } from '../../hdl/sim/index.js';
import { describeEda } from '../cosim/describe-eda.js';
import { checkBundle } from './check.js';
import { fuzzCircuit } from './circuits.js';

const SEED = 4242;
const children = () => [0, 1, 2].map((k) => fuzzCircuit(SEED + k));

afterEach(() => vi.restoreAllMocks());

describeEda(['verilator'], 'fuzz check: runBatch beside poke/step/peek', () => {
  it(`a bit flipped in runBatch's outputs is caught as a runBatch mismatch (circuit seeds ${SEED}..${SEED + 2})`, async () => {
    const clean = await checkBundle('FuzzCheckClean', children(), 7n, 12);
    expect(clean.mismatches).toEqual([]);

    const real = CompiledSimulator.prototype.runBatch;
    vi.spyOn(CompiledSimulator.prototype, 'runBatch').mockImplementation(function (this: CompiledSimulator, ...args) {
      const got = real.apply(this, args);
      const first = Object.values(got)[0];
      if (first !== undefined && first.length > 5) first[5] = first[5]! ^ 1;
      return got;
    });
    const broken = await checkBundle('FuzzCheckBroken', children(), 7n, 12);
    expect(broken.mismatches.length).toBeGreaterThan(0);
    for (const m of broken.mismatches) expect(m.path).toBe('runBatch');
  }, 300_000);

  it('a defect only a run with a pass switched off has is caught, naming the pass', async () => {
    // Only runs without the FSM switch pass have no net.fsm at all (on, it
    // is the state register or null).
    const real = CompiledSimulator.prototype.runBatch;
    vi.spyOn(CompiledSimulator.prototype, 'runBatch').mockImplementation(function (this: CompiledSimulator, ...args) {
      const got = real.apply(this, args);
      const first = Object.values(got)[0];
      if (this.compiled.net.fsm === undefined && first !== undefined && first.length > 5) first[5] = first[5]! ^ 1;
      return got;
    });
    const broken = await checkBundle('FuzzCheckPassOff', children(), 7n, 12);
    expect(broken.mismatches.length).toBeGreaterThan(0);
    for (const m of broken.mismatches) expect([m.path, m.without]).toEqual(['runBatch', 'fsmSwitch']);
  }, 300_000);
});
