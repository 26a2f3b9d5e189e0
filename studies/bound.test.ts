// `sweep --explore bound` against the full grid on a reduced space of every
// shipped study: exactly the same Pareto frontiers (designs and figures),
// the same constrained frontiers and the same cost-at-rate table. The space
// and the workload are reduced here only, to keep the test cheap.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { constrainedFrontiers, costAtRate, groupBy, paretoFront, scorerOf } from '../explore/pareto.js';
import { loadSweep } from '../explore/report/load.js';
import { figure, readManifest, resolveSpec, rowKey, runSweep, studyDomain, type PointRow, type SweepSummary } from '../explore/sweep/index.js';
import { gridReason } from '../explore/sweep/bound.js';
import { sweepSummaryLine } from '../explore/sweep/summary.js';
import { writeReport } from '../explore/report/write.js';
import { allStudies } from './registry.js';

const TEST_STUDY = new URL('./test-study.js', import.meta.url).href;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Each shipped study's reduced space and workload (simulated twice: grid and bound). */
const REDUCED: Readonly<Record<string, { only: string; params: Record<string, number>; workload?: string; simulate: boolean }>> = {
  // Both TVP and every STS at three STP widths, one reciprocal and edge form: 18 designs in the 16x mode, 64 triangles.
  noblur: { only: 'recip=unrolled,edge=multiply,msaa=16,stp=4.8|8.8|14.8,vt=high|low,vdd=0.99', params: { count: 64 }, simulate: true },
  blur: { only: 'render=motion,tvp=off,spf=2,pmt=1|2,sts=1x1,stp=8.8,time=lerp2,recip=unrolled,jitter=tuple,edge=incremental,vt=high,vdd=0.99', params: { count: 16 }, simulate: true },
  hybrid: { only: 'tvp=off,spf=1,pmt=2,sts=1x1,stp=8.8,time=lerp2,recip=unrolled,jitter=tuple,edge=incremental,vt=high,vdd=0.99', params: { count: 16 }, simulate: true },
  qfm: { only: 'entries=1|4,maskWidth=64,vt=high,vdd=0.99', params: { triangles: 2 }, simulate: true },
  pmu: { only: 'entries=1|4,vt=high,vdd=0.99', params: { triangles: 2 }, simulate: true },
  // Its workload is the busiest tile of a rendered frame (hundreds of thousands of cycles a design): its bound's absence is checked, not simulated.
  sort: { only: 'k=4|8', params: {}, simulate: false },
};

type Row = Record<string, unknown>;

/** A row as the tables show it: design, physical point and every figure. */
function shown(r: PointRow): Row {
  return { id: r.id, vt: r.vt, vdd: r.vdd, stages: r.stages, clockHz: r.clockHz, areaMm2: r.areaMm2, powerW: r.powerW, metrics: r.metrics };
}

/** Every table the report draws from the points: frontiers, constrained frontiers, cost at the rate. */
function tables(dir: string): Row {
  const { rows, manifest } = loadSweep(dir);
  const st = manifest.identity.study;
  const score = scorerOf<PointRow>(st.objectives, figure);
  const frontier = [...groupBy(rows, (r) => r.mode)].map(([mode, g]) => ({ mode, points: paretoFront(g, score).map(shown) }));
  // In the report's order: columns, then each column's values as the spec lists them (write.ts).
  const at = (axis: string, v: unknown): number => (manifest.identity.spec.axes[axis] ?? []).findIndex((x) => x === v);
  const cols = manifest.identity.columns;
  // Only a table the study reports (report section 'constrained').
  const constrained = (st.report.includes('constrained') ? constrainedFrontiers(rows, cols, score) : [])
    .sort((a, b) => cols.indexOf(a.axis) - cols.indexOf(b.axis) || at(a.axis, a.value) - at(b.axis, b.value))
    .map((c) => ({ ...c, count: undefined, frontier: c.frontier.map(shown) }));
  const rate = st.rateTargets;
  const costs =
    rate === null
      ? []
      : costAtRate(rows, rate.rate, rate.powerDensityLimits, { perSec: (r) => figure(r, rate.metric), areaMm2: (r) => r.areaMm2, powerW: (r) => r.powerW }).map((c) => ({
          ...c,
          point: c.point && shown(c.point),
          interpolated: c.interpolated && { ...c.interpolated, between: c.interpolated.between?.map(shown) ?? null },
        }));
  return { frontier, constrained, costs, pareto: rows.filter((r) => r.pareto).map(shown) };
}

describe('sweep --explore bound against the grid', () => {
  const shipped = allStudies().filter((e) => e.study.example !== true);

  it('has a reduced space for every shipped study', () => {
    expect(shipped.map((e) => e.study.name).sort()).toEqual(Object.keys(REDUCED).sort());
  });

  for (const entry of allStudies().filter((e) => e.study.example !== true)) {
    const name = entry.study.name;
    const r = REDUCED[name]!;
    it(`${name}: the same frontiers and cost-at-rate table${r.simulate ? '' : ' (a grid: no bound)'}`, async () => {
      const ref = { module: entry.module, name, params: r.params };
      const why = gridReason(studyDomain(entry.study, ref), resolveSpec(studyDomain(entry.study, ref).axes, { only: r.only }), null);
      if (!r.simulate) {
        expect(why).not.toBeNull();
        return;
      }
      const root = mkdtempSync(join(tmpdir(), `gfxrtl-bound-${name}-`));
      dirs.push(root);
      const run = (explore: 'grid' | 'bound'): Promise<SweepSummary> => runSweep({ study: ref, out: join(root, explore), spec: { only: r.only }, workers: 0, explore });
      const grid = await run('grid');
      const bound = await run('bound');
      expect(grid.complete && bound.complete).toBe(true);
      expect(tables(join(root, 'bound'))).toEqual(tables(join(root, 'grid')));
      expect(bound.gridWhy).toBe(why);
      const skipped = readManifest(join(root, 'bound'))!.explore!.skipped;
      expect(skipped).toHaveLength(bound.skipped);
      expect(bound.evaluated + bound.skipped).toBe(grid.evaluated);
      // Skipped designs have no points: nothing invented.
      const boundRows = loadSweep(join(root, 'bound')).rows;
      const ids = new Set(boundRows.map((x) => x.id));
      for (const id of skipped) expect(ids.has(id)).toBe(false);
      // A simulated design's points are the grid's, figure for figure (its optimistic points, priced once, with the simulated counts).
      const gridRows = new Map(loadSweep(join(root, 'grid')).rows.map((x) => [rowKey(x), x]));
      for (const x of boundRows) expect({ ...x, pareto: false }).toEqual({ ...gridRows.get(rowKey(x)), pareto: false });
      if (why === null) expect(bound.skipped).toBeGreaterThan(0);
      else expect(bound.skipped).toBe(0);
    }, 240_000);
  }
});

describe('sweep --explore bound on the test counter', () => {
  const spec = { only: 'vt=high|low,vdd=0.99', stages: '1' };
  const root = mkdtempSync(join(tmpdir(), 'gfxrtl-bound-counter-'));
  dirs.push(root);

  it('skips what its true bound says cannot win, says so in the manifest and report, and a rerun changes nothing', async () => {
    const study = { module: TEST_STUDY, name: 'counter-bound' };
    const grid = await runSweep({ study, out: join(root, 'grid'), spec, workers: 0 });
    const out = join(root, 'bound');
    const bound = await runSweep({ study, out, spec, workers: 0, explore: 'bound' });
    expect(bound.skipped).toBeGreaterThan(0);
    expect(bound.evaluated + bound.skipped).toBe(grid.evaluated);
    expect(tables(out)).toEqual(tables(join(root, 'grid')));
    const manifest = readManifest(out)!;
    expect(manifest.explore).toMatchObject({ strategy: 'bound', skipped: expect.any(Array) });
    expect(manifest.explore!.skipped).toHaveLength(bound.skipped);
    expect(sweepSummaryLine(out, bound)).toMatch(new RegExp(`explore bound: ${bound.skipped} micro-architectures skipped \\(every optimistic point strictly dominated by simulated designs\\), ${bound.evaluated} simulated`));
    expect(readFileSync((await writeReport(out)).index, 'utf8')).toContain(`${bound.skipped} micro-architectures were not simulated`);
    const again = await runSweep({ study, out, spec, workers: 0, explore: 'bound' });
    expect(again.evaluated).toBe(0);
    expect(readManifest(out)!.explore!.skipped).toEqual(manifest.explore!.skipped);
    expect(tables(out)).toEqual(tables(join(root, 'grid')));
    // Worker threads decide the same skips (the decision waits for the same simulations).
    const threaded = await runSweep({ study, out: join(root, 'threaded'), spec, workers: 2, explore: 'bound' });
    expect(readManifest(join(root, 'threaded'))!.explore!.skipped).toEqual(manifest.explore!.skipped);
    expect(threaded.skipped).toBe(bound.skipped);
  }, 120_000);

  it('simulates everything when a design beats its bound, and says so', async () => {
    const out = join(root, 'wrong');
    const s = await runSweep({ study: { module: TEST_STUDY, name: 'counter-wrong-bound' }, out, spec, workers: 0, explore: 'bound' });
    expect(s.violation).toMatch(/simulated at 1 work items per cycle, above its peakRate 0\.5/);
    expect(s.skipped).toBe(0);
    expect(s.evaluated).toBe(13);
    expect(sweepSummaryLine(out, s)).toMatch(/NOTHING SKIPPED, the study's peakRate is not a bound/);
    expect(readManifest(out)!.explore).toMatchObject({ strategy: 'bound', skipped: [] });
  }, 120_000);

  it('is a grid for a study without a bound, and says why', async () => {
    const out = join(root, 'nobound');
    const s = await runSweep({ study: { module: TEST_STUDY, name: 'counter-no-bound' }, out, spec, workers: 0, explore: 'bound' });
    expect(s.gridWhy).toMatch(/study counter-no-bound declares no peakRate/);
    expect(sweepSummaryLine(out, s)).toMatch(/explore bound: explored as a grid, every micro-architecture simulated \(study counter-no-bound declares no peakRate/);
    expect(s.evaluated).toBe(13);
  }, 60_000);
});
