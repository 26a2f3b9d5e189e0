// The one random stimulus generator behind `gfxrtl sim <unit> --seed S`,
// `gfxrtl cosim <unit> --seed S` and property tests: the unit's own
// constrained-random generator when it declares one (units/unit.ts), else
// uniform random bits on every input every cycle. Same unit, config, seed
// and length: same inputs, whichever command asks.
import fc from 'fast-check';
import type { Design } from '../hdl/ir.js';
import type { ConfigOf, Schema } from '../units/config.js';
import type { CoverageCounter, PortStimulus, StimulusGenerator } from '../units/unit.js';
import type { CycleOutputs, Stimulus as CosimStimulus } from './cosim/stimulus.js';
import { makeRng } from './rng.js';

/** What the random stimulus needs of a unit: its name and, if it has one, its constrained-random generator (a UnitDef is one). */
export interface StimulusSource {
  readonly name: string;
  readonly stimulus?: StimulusGenerator<ConfigOf<Schema>>;
}

function uniform(design: Design, cycles: number, seed: number): PortStimulus {
  const rng = makeRng(seed);
  const inputs = design.top.ports.filter((p) => p.dir === 'in');
  const bits = (width: number): bigint => {
    let v = 0n;
    for (let b = 0; b < width; b += 32) v = (v << 32n) | BigInt(rng.u32());
    return BigInt.asUintN(width, v);
  };
  return { reset: 1, cycles: Array.from({ length: cycles }, () => new Map(inputs.map((p) => [p.name, bits(p.width)]))) };
}

/** Seeded stimulus for a unit; says which generator made it. */
export function unitStimulus(unit: StimulusSource, config: ConfigOf<Schema>, design: Design, seed: number, cycles: number): { stimulus: PortStimulus; generator: string } {
  if (unit.stimulus) return { stimulus: unit.stimulus(config, design, makeRng(seed), cycles), generator: `${unit.name}'s constrained-random generator` };
  return { stimulus: uniform(design, cycles, seed), generator: 'uniform random bits on every input' };
}

export function toCosimStimulus(s: PortStimulus): CosimStimulus {
  return { resetCycles: s.reset, cycles: s.cycles.map((c) => Object.fromEntries(c)) };
}

/** Each counter summed over the run: inputs as driven (held when a cycle
 *  leaves a port out), outputs as sampled. */
export function coverageCounts(counters: readonly CoverageCounter[], s: PortStimulus, outputs: readonly CycleOutputs[]): { name: string; doc: string; count: number }[] {
  const totals = counters.map(() => 0);
  const held = new Map<string, bigint>();
  s.cycles.forEach((c, i) => {
    for (const [k, v] of c) held.set(k, v);
    const ports = new Map(held);
    for (const [k, v] of Object.entries(outputs[i] ?? {})) ports.set(k, v);
    counters.forEach((k, j) => (totals[j]! += k.count(ports)));
  });
  return counters.map((k, j) => ({ name: k.name, doc: k.doc, count: totals[j]! }));
}

/** Property-test input for a unit: a seed (shrinks toward 0) and the
 *  stimulus the unit's generator makes from it, the same as
 *  `sim/cosim --seed`. The default stimulus of a property test on a unit. */
export function stimulusArbitrary(unit: StimulusSource, config: ConfigOf<Schema>, design: Design, cycles: number): fc.Arbitrary<{ seed: number; stimulus: PortStimulus }> {
  return fc.nat({ max: 0x7fffffff }).map((seed) => ({ seed, stimulus: unitStimulus(unit, config, design, seed, cycles).stimulus }));
}
