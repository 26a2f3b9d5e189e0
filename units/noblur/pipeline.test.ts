// The NoBlur pipeline against the golden model (rasterizeMP), sample for
// sample and depth bit for bit, over configs covering every knob value, with
// random input bubbles and output back-pressure: small MPs full of fill-rule
// ties, quads split into singles or pairs (shared edges), degenerate and
// back-facing triangles, MPs exactly at the STP size limit (walked, exact)
// and one stamp beyond it (flagged out of range with their id, counted,
// never walked, whatever their facing: the cull is exact only for boxes
// that fit).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbLimitMP, arbQuad, arbSmallMP, arbTestConfig } from '../../testbenches/raster/arbitraries.js';
import { runNoblur } from '../../testbenches/raster/run-noblur.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { generateWorkload } from '../../testbenches/workloads/raster/index.js';
import { fitsStp, stampBBox } from '../raster-common/bbox.js';
import { facing } from '../raster-common/edge.js';
import type { Msaa, StampSize, StpIntBits } from '../raster-common/formats.js';
import { trianglesOf, type MP } from '../raster-common/mp.js';
import { geometryOf, type NoblurConfig } from './config.js';
import { rasterizeMP } from './golden.js';

/** The conventions' rule for a flag: the box does not fit STP (facing is not looked at). */
function expectOutOfRange(mp: MP, cfg: NoblurConfig): boolean {
  const g = geometryOf(cfg);
  return !fitsStp(stampBBox(mp.v, g.msaa as Msaa, g.k as StampSize), g.b as StpIntBits);
}

function checkAgainstGolden(cfg: NoblurConfig, mps: readonly MP[], run: ReturnType<typeof runNoblur>): void {
  const msaa = geometryOf(cfg).msaa as Msaa;
  let flagged = 0;
  mps.forEach((mp, i) => {
    const oor = expectOutOfRange(mp, cfg);
    flagged += oor ? 1 : 0;
    expect(run.outOfRange[i], `MP ${i} out-of-range flag`).toBe(oor);
    expect(run.hits[i], `MP ${i} hits`).toEqual(oor ? [] : rasterizeMP(mp, msaa));
    const keys = new Set(run.hits[i]!.map((h) => `${h.px},${h.py},${h.s}`));
    expect(keys.size, `MP ${i}: a sample claimed twice`).toBe(run.hits[i]!.length);
  });
  expect(run.stats.outOfRange).toBe(flagged);
  expect(run.stats.hits).toBe(run.hits.reduce((s, h) => s + h.length, 0));
}

const arbCase = arbTestConfig.chain((cfg) => {
  const g = geometryOf(cfg);
  const msaa = g.msaa as Msaa;
  const groups: fc.WeightedArbitrary<MP[]>[] = [
    { arbitrary: arbSmallMP(msaa, g.tvp).map((m) => [m]), weight: 6 },
    { arbitrary: arbQuad(msaa, g.tvp), weight: 3 },
  ];
  if (g.b < 14) groups.push({ arbitrary: arbLimitMP({ b: g.b, stampBits: g.stampBits, fits: false, square: false, pairs: g.tvp }).map((m) => [m]), weight: 1 });
  if (g.b <= 8) groups.push({ arbitrary: arbLimitMP({ b: g.b, stampBits: g.stampBits, fits: true, square: g.b === 4, pairs: g.tvp }).map((m) => [m]), weight: 1 });
  return fc.record({
    cfg: fc.constant(cfg),
    mps: fc.array(fc.oneof(...groups), { minLength: 1, maxLength: 5 }).map((xs) => xs.flat()),
    backpressure: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.7, noNaN: true })),
    bubbles: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.5, noNaN: true })),
    seed: fc.nat(),
  });
});

describe('noblur pipeline', () => {
  it('equals the golden model under random bubbles and back-pressure', () => {
    checkWithWaves('noblur-vs-golden', arbCase, ({ cfg, mps, backpressure, bubbles, seed }, ctx) => {
      const run = runNoblur(cfg, mps, { backpressure, bubbles, seed, onSimulator: (sim) => ctx.attach(sim) });
      checkAgainstGolden(cfg, mps, run);
    }, { numRuns: 150 });
  }, 120_000);

  it('drops back-facing and degenerate MPs that fit without a trace, and flags those at the limit plus one stamp', () => {
    const arb = arbTestConfig.chain((cfg) => {
      const g = geometryOf(cfg);
      const limit = (fits: boolean, square: boolean): fc.Arbitrary<MP> => arbLimitMP({ b: g.b, stampBits: g.stampBits, fits, square, pairs: g.tvp });
      const big = g.b < 14 ? [limit(false, true), limit(false, false)] : [];
      const edge = g.b <= 8 ? [limit(true, g.b === 4)] : [];
      return fc.record({ cfg: fc.constant(cfg), mps: fc.array(fc.oneof(arbSmallMP(g.msaa as Msaa, g.tvp), ...big, ...edge), { minLength: 1, maxLength: 6 }) });
    });
    checkWithWaves('noblur-back-facing', arb, ({ cfg, mps }, ctx) => {
      // Reverse every triangle's winding: nothing may be walked or covered.
      // A box that fits gives no trace at all; one past the limit is flagged
      // (the narrow cull cannot know its facing), never dropped silently.
      const back = mps
        .map((mp): MP => (mp.kind === 'single' ? { ...mp, v: [mp.v[0], mp.v[2], mp.v[1]] } : mp))
        .filter((mp) => trianglesOf(mp).every((t) => facing(t) !== 'front'));
      const run = runNoblur(cfg, back, { onSimulator: (sim) => ctx.attach(sim) });
      expect(run.hits.every((h) => h.length === 0)).toBe(true);
      back.forEach((mp, i) => expect(run.outOfRange[i], `MP ${i} out-of-range flag`).toBe(expectOutOfRange(mp, cfg)));
      expect(run.stats.outOfRange).toBe(back.filter((mp) => expectOutOfRange(mp, cfg)).length);
      expect(run.stats.stamps).toBe(0);
    }, { numRuns: 60 });
  }, 60_000);

  it('matches the golden model on a slice of the default workload, and its stats add up', () => {
    for (const cfg of [
      { tvp: false, sts: '2x2', stp: '8.8', msaa: '16', recip: 'unrolled', edge: 'multiply' },
      { tvp: true, sts: '4x4', stp: '4.8', msaa: '4', recip: 'iterative', edge: 'incremental' },
    ] as const satisfies readonly NoblurConfig[]) {
      const all = generateWorkload({ surface: 'default', pairs: cfg.tvp }).mps;
      const mps = all.filter((_, i) => i % 8 === 0);
      const run = runNoblur(cfg, mps, { backpressure: 0.2, seed: 7 });
      checkAgainstGolden(cfg, mps, run);
      const s = run.stats;
      expect(s.cycles).toBeGreaterThanOrEqual(s.stamps);
      expect(s.samplesTested).toBe(s.stamps * geometryOf(cfg).lanes);
      expect(s.sampleTestEfficiency).toBeGreaterThan(0);
      expect(s.stallFraction).toBeLessThan(1);
      expect(s.outputStallCycles).toBeGreaterThan(0);
    }
  }, 60_000);

  it('gives the same run through runStream as through the per-cycle loop (a hook every cycle forces the loop), hits or none', () => {
    for (const cfg of [
      { tvp: true, sts: '2x2', stp: '8.8', msaa: '16', recip: 'unrolled', edge: 'multiply' },
      { tvp: false, sts: '1x1', stp: '4.8', msaa: '4', recip: 'iterative', edge: 'incremental' },
    ] as const satisfies readonly NoblurConfig[]) {
      const mps = generateWorkload({ surface: 'default', pairs: cfg.tvp }).mps.filter((_, i) => i % 16 === 0);
      const streamed = runNoblur(cfg, mps);
      const looped = runNoblur(cfg, mps, { onCycle: () => undefined });
      expect(streamed.stats.stamps).toBeGreaterThan(0);
      expect(streamed).toEqual(looped);
      // Counting without building the hits (a sweep's run) gives the same stats.
      expect(runNoblur(cfg, mps, { hits: false }).stats).toEqual(streamed.stats);
      expect(() => runNoblur(cfg, mps, { maxCycles: 10 })).toThrow(/not done after 10 cycles, the limit the caller set; \d+ of \d+ MPs accepted/);
    }
  }, 60_000);
});
