// The rules by which a sweep shares one simulation between micro-
// architectures (cycle-reuse.ts), each checked on a workload: every STP
// runs a workload with nothing out of range in the same cycles with the
// same counters and coverage; a workload with an out-of-range box does not,
// and is never shared; the Hybrid in motion and blur mode runs as Blur in
// that mode; and a sweep's evaluation that reused gives the counts a fresh
// simulation gives.
import { describe, expect, it } from 'vitest';
import { runBlur, runHybrid, type BlurRun } from '../../testbenches/blur/index.js';
import { blurMpsFromMesh, generateWorkload, surfaceStrata, withBlurParams } from '../../testbenches/workloads/raster/index.js';
import { blurSchema, hybridSchema, type BlurConfig } from '../../units/blur/config.js';
import { defaults } from '../../units/config.js';
import { selectWorkload, studyDomain } from '../../explore/sweep/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { eraseStudy } from '../../explore/contract.js';
import { lookup, reuseOrSimulate, type CycleClass } from './cycle-reuse.js';
import { study as blurStudy } from './index.js';
import { study as hybridStudy } from '../hybrid/index.js';

const STPS = blurSchema.stp.values;
const { stp: _stp, ...D } = defaults(blurSchema);
const { stp: _hstp, ...H } = defaults(hybridSchema);
const WIDTHS = STPS.map((v) => Number(v.split('.')[0]));
const wl = generateWorkload({ count: 24, seed: 77 });
const mesh = withBlurParams(wl.mesh, 77);

/** Everything a run measures and produces, as one comparable value. */
const observed = (r: BlurRun): unknown => ({ stats: r.stats, hits: r.hits, msaaHits: r.msaaHits, outOfRange: r.outOfRange });

describe('cycle reuse', () => {
  const classes: Omit<BlurConfig, 'stp'>[] = [
    { ...D, render: 'blur', tvp: false, spf: '1', pmt: '1', sts: '1x1', edge: 'multiply' },
    { ...D, render: 'motion', tvp: true, spf: '2', pmt: '3', sts: '2x2', edge: 'incremental' },
    { ...D, render: 'defocus', tvp: false, spf: '4', pmt: '1', sts: '4x4', edge: 'multiply' },
  ];
  for (const c of classes) {
    it(`every STP gives the same counters and coverage when nothing is out of range (${c.render}, tvp ${c.tvp}, spf ${c.spf}, pmt ${c.pmt}, sts ${c.sts})`, () => {
      const mps = blurMpsFromMesh(mesh, c.tvp);
      const runs = STPS.map((stp) => runBlur({ ...c, stp }, mps, mesh.lens!));
      expect(runs[0]!.stats.outOfRange).toBe(0);
      for (const r of runs.slice(1)) expect(observed(r)).toEqual(observed(runs[0]!));
    }, 120_000);
  }

  it('a box out of range at a narrow STP changes the cycles, so that run is shared with no other STP', () => {
    // A 24 x 24 px triangle: beyond STP 4.8 (16 px), within 6.8 (64 px); and a small one.
    const px = (n: number): number => n * 256;
    const big = {
      vertices: [
        { x: px(100), y: px(100), z: 1000 },
        { x: px(124), y: px(100), z: 1000 },
        { x: px(100), y: px(124), z: 1000 },
        { x: px(300), y: px(300), z: 1000 },
        { x: px(301), y: px(300), z: 1000 },
        { x: px(300), y: px(301), z: 1000 },
      ],
      triangles: [[0, 1, 2] as const, [3, 4, 5] as const],
    };
    const mps = blurMpsFromMesh(big, false);
    const c = { ...D, render: 'motion', tvp: false, spf: '1', pmt: '1', sts: '1x1', edge: 'multiply' } as const;
    const narrow = runBlur({ ...c, stp: '4.8' }, mps, mesh.lens!).stats;
    const wide = runBlur({ ...c, stp: '6.8' }, mps, mesh.lens!).stats;
    expect(narrow.outOfRange).toBeGreaterThan(0);
    expect(wide.outOfRange).toBe(0);
    expect(narrow.cycles).not.toBe(wide.cycles);
    const cls: CycleClass = { workload: `test-oor-${process.hrtime.bigint()}`, mode: 'motion', tvp: false, spf: '1', pmt: '1', sts: '1x1', jitter: 'tuple' };
    reuseOrSimulate('test', cls, 4, WIDTHS, () => narrow);
    expect(lookup(cls, 4, WIDTHS)?.stats.cycles).toBe(narrow.cycles);
    expect(lookup(cls, 6, WIDTHS)).toBeNull();
    expect(reuseOrSimulate('test', cls, 6, WIDTHS, () => wide).cycles).toBe(wide.cycles);
    // The 6.8 run had nothing out of range: wider STPs share it.
    expect(lookup(cls, 14, WIDTHS)?.stats.cycles).toBe(wide.cycles);
  }, 120_000);

  for (const mode of ['motion', 'blur'] as const) {
    it(`the Hybrid in ${mode} mode runs exactly as Blur in ${mode}`, () => {
      const k = { ...H, tvp: true, spf: '1', pmt: '2', sts: '2x2', stp: '8.8', edge: 'multiply' } as const;
      const mps = blurMpsFromMesh(mesh, true);
      expect(observed(runHybrid(k, mode, mps, mesh.lens!))).toEqual(observed(runBlur({ ...k, render: mode }, mps, mesh.lens!)));
    }, 120_000);
  }

  // The edge form changes only the sample test's arithmetic, the time form
  // the positioning's, the reciprocal the interpolation's: the same bits
  // (pipeline.test.ts, hybrid.test.ts against the golden model), and
  // nothing in the handshake reads them.
  it('the edge forms, time forms and reciprocals run exactly alike (Blur, and the Hybrid in a NoBlur mode)', () => {
    const k = { ...H, tvp: true, spf: '1', pmt: '2', sts: '1x1', stp: '6.8', jitter: 'tile' } as const;
    const mps = blurMpsFromMesh(mesh, true);
    const base = observed(runBlur({ ...k, render: 'blur', edge: 'incremental', time: 'lerp2', recip: 'unrolled' }, mps, mesh.lens!));
    expect(observed(runBlur({ ...k, render: 'blur', edge: 'multiply', time: 'lerp1', recip: 'newton' }, mps, mesh.lens!))).toEqual(base);
    expect(observed(runBlur({ ...k, render: 'blur', edge: 'incremental', time: 'lerp1', recip: 'radix4' }, mps, mesh.lens!))).toEqual(base);
    const few = mps.slice(0, 8);
    expect(observed(runHybrid({ ...k, edge: 'incremental' }, 'noblur16', few, mesh.lens!))).toEqual(observed(runHybrid({ ...k, edge: 'multiply' }, 'noblur16', few, mesh.lens!)));
  }, 120_000);

  it("a sweep's evaluations (Blur at two STPs, then the Hybrid) equal fresh simulations", async () => {
    const params = { count: 20 };
    const k = { ...H, tvp: false, spf: '1', pmt: '2', sts: '1x1', edge: 'multiply' } as const;
    const blur = studyDomain(eraseStudy(blurStudy), { params });
    const hybrid = studyDomain(eraseStudy(hybridStudy), { params, workload: 'blur' });
    const evaluate = async (d: typeof blur, cfg: Record<string, unknown>): Promise<unknown> => {
      const c = d.microArch(cfg as never);
      return d.evaluator.evaluate(c, d.evaluator.elaborate(c), { toggles: false });
    };
    const first = await evaluate(blur, { ...k, render: 'blur', stp: '4.8' });
    const reused = await evaluate(blur, { ...k, render: 'blur', stp: '12.8' });
    const viaHybrid = (await evaluate(hybrid, { ...k, stp: '10.8' })) as { counters: Record<string, number> };
    const g = generateWorkload({ count: 20 });
    const m = withBlurParams(g.mesh, g.options.seed);
    const mps = blurMpsFromMesh(m, false);
    const fresh = runBlur({ ...k, render: 'blur', stp: '12.8' }, mps, m.lens!, { strata: surfaceStrata(g.options, mps) }).stats;
    expect(reused).toEqual(first);
    const got = reused as { cycles: number; counters: Record<string, number> };
    expect(got.cycles).toBe(fresh.cycles);
    expect(got.counters).toMatchObject({ stallFraction: fresh.stallFraction, tilesPerPositioned: fresh.tilesPerPositioned, mpsFor1Percent: fresh.stability.mpsFor1Percent });
    const { hybridMode, ...rest } = viaHybrid.counters;
    expect(hybridMode).toBe(3);
    expect(rest).toEqual((reused as { counters: unknown }).counters);
    // The joint workload runs each mode through the same driver: its blur rate is Blur's run.
    const joint = studyDomain(eraseStudy(hybridStudy), { params });
    const j = (await evaluate(joint, { ...k, stp: '14.8' })) as { counters: Record<string, number> };
    expect(j.counters['mpc_blur']).toBe(got.counters['inputRecords']! / got.cycles);
  }, 120_000);

  it('a traced run (a design page draws its waveform) simulates even when a cycle-identical run is stored', async () => {
    const params = { count: 20 };
    const k = { ...D, render: 'motion', tvp: false, spf: '1', pmt: '1', sts: '1x1', edge: 'incremental' } as const;
    const blur = studyDomain(eraseStudy(blurStudy), { params });
    const c = blur.microArch({ ...k, stp: '4.8' } as never);
    const design = blur.evaluator.elaborate(c);
    // The sweep's evaluation stores the class; an untraced run of the same class would reuse it.
    const stored = (await blur.evaluator.evaluate(c, design, { toggles: false })) as { cycles: number };
    const wl = selectWorkload(blurStudy, { params });
    const config = { ...k, stp: '4.8' } as BlurConfig;
    const run = async (traced: boolean): Promise<{ cycles: number; stepped: number }> => {
      const sim = createSimulator(design);
      const counts = await blurStudy.driver.run({ config, design, simulator: () => sim, workload: wl.def.build(wl.params, wl.seed, config), workloadName: wl.def.name, seed: wl.seed, wantToggles: false, wantRecords: false, traced });
      return { cycles: counts.cycles, stepped: sim.cycle };
    };
    const untraced = await run(false);
    expect(untraced.cycles).toBe(stored.cycles);
    expect(untraced.stepped).toBe(0);
    const traced = await run(true);
    expect(traced.cycles).toBe(stored.cycles);
    expect(traced.stepped).toBeGreaterThanOrEqual(stored.cycles);
  }, 120_000);
});
