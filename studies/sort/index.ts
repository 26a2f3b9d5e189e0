// The sort study under the study contract (explore/contract.ts): the
// RadixSorter's config space (digit width k x keys per cycle, buffers for a
// 128 x 128 tile at 16 spp), one workload (the busiest tile of a rendered
// scene), a driver that sorts it in the cycle simulator, and the frontier of
// cycles per tile against area. The full experiment (every scene, tile size,
// rate, the scan, the codecs, frame-level figures) runs as the study's
// experiment and writes its own section and records.
import { join } from 'node:path';
import { radixSortSchema, type RadixSortConfig } from '../../units/radix-sort/config.js';
import { runSorterColumns } from '../../units/radix-sort/drive.js';
import { RadixSorter } from '../../units/radix-sort/module.js';
import { elaborate } from '../../hdl/index.js';
import { busiestOf, cutTile, FRAME, SCENE_SURFACES, sceneName, summariseTiles, type SceneSpec, type Tile } from '../../testbenches/workloads/tiles/index.js';
import { defineStudy, type Metric, type WorkUnit } from '../../explore/index.js';
import { DEFAULT_OPTIONS } from './experiment.js';
import { runStudyParallel } from './parallel.js';
import { loadFrame } from './frames.js';
import { writeReport } from './report.js';
import { ParamError } from '../../hdl/errors.js';
import { sortRunKey, storedSortRun } from './run-reuse.js';

/** The workload's tile, by scene: a sweep task of every micro-architecture
 *  builds the same one, and reading the 120 MB frame and cutting it took
 *  each task about 0.3 s of its 0.8 s (rendering it takes longer); a worker
 *  keeps the few it built. */
const busiest = new Map<string, Tile>();
function busiestTile(spec: SceneSpec): Tile {
  const key = `${sceneName(spec)}-s${spec.seed}`;
  let tile = busiest.get(key);
  if (tile === undefined) {
    const frame = loadFrame(spec, 16, null);
    const b = busiestOf(summariseTiles(frame, 128));
    busiest.set(key, (tile = cutTile(frame, 128, b.tx, b.ty)));
  }
  return tile;
}

const TILE: WorkUnit = { name: 'tile', doc: 'one 128 x 128 tile of (SPID, sample) pairs at 16 spp, sorted' };

const metrics: Metric[] = [
  { key: 'cyclesPerTile', doc: 'sorter cycles per tile, load to last unloaded pair', display: { label: 'cycles per tile', unit: 'cycles', scale: 1 }, value: (c) => c.cycles / Math.max(1, c.work) },
];

export const study = defineStudy({
  name: 'sort',
  summary: 'sort-based deferred shading: LSD radix sorter of SPID pairs (k x keys per cycle) on rendered tiles',
  unit: { name: 'radix-sort', summary: 'LSD radix sorter', schema: radixSortSchema, elaborate: (c: RadixSortConfig) => elaborate(RadixSorter, c) },
  space: {
    sweep: { k: [4, 6, 8, 11, 16], keysPerCycle: 'all' },
    modeKeys: [],
    mode: () => 'sort',
    complete: (c: RadixSortConfig): RadixSortConfig => ({ ...c, capacityLog2: 18, pidBits: 32, valBits: 18 }),
  },
  work: TILE,
  workloads: [
    {
      name: 'default',
      doc: `the busiest 128 x 128 tile at 16 spp of a ${FRAME.width} x ${FRAME.height} frame of one surface, the merge units' scenes (surface ${SCENE_SURFACES.map((s, i) => `${i} ${s}`).join(', ')})`,
      seed: DEFAULT_OPTIONS.seed,
      params: {
        surface: { default: 0, integer: true, min: 0, max: SCENE_SURFACES.length - 1, doc: `index into ${SCENE_SURFACES.join(', ')}` },
        area: { default: 2, integer: false, min: 0, above: true, max: 64, doc: 'mean triangle area, pixels^2' },
      },
      id: (p, seed) => `sort-${SCENE_SURFACES[p['surface']!] ?? 'plane'}-a${p['area']}-s${seed}`,
      describe: (p, seed) => `busiest 128x128 tile at 16 spp of ${SCENE_SURFACES[p['surface']!] ?? 'plane'} at ${p['area']} px^2 (seed ${seed})`,
      build: (p, seed): Tile => {
        const surface = SCENE_SURFACES[p['surface']!];
        if (surface === undefined) throw new ParamError('surface', p['surface'], '0..SCENE_SURFACES.length-1', { message: `sort workload: surface=${p['surface']} is not valid; valid 0..${SCENE_SURFACES.length - 1}` });
        return busiestTile({ surface, area: p['area']!, seed });
      },
    },
  ],
  driver: {
    run(ctx) {
      // The experiment's lane sweep simulated this netlist on this tile from reset already (run-reuse.ts says when that is provably this run).
      const key = sortRunKey(ctx.design, ctx.config, ctx.workload);
      const stored = ctx.traced === true ? null : storedSortRun(key);
      if (stored !== null) return { cycles: stored.cycles.total, work: 1, counters: { passes: stored.passes, pairs: stored.pairs } };
      const sim = ctx.simulator();
      sim.reset();
      const r = runSorterColumns(sim, ctx.config, ctx.workload);
      return { cycles: r.cycles.total, work: 1, counters: { passes: r.passes, pairs: ctx.workload.pid.length } };
    },
  },
  metrics,
  objectives: {
    x: { key: 'areaMm2', better: 'lower', display: { label: 'area', unit: 'mm^2', scale: 1 } },
    y: { key: 'cyclesPerTile', better: 'lower', display: { label: 'cycles per tile', unit: 'cycles', scale: 1 } },
  },
  experiments: [
    {
      name: 'sort-back-end',
      doc: 'every scene, tile size and rate: passes, simulated cycles, scan counts, codec bits per SPID, cost, frame-level figures',
      async run(seed, files) {
        const opts = { ...DEFAULT_OPTIONS, seed, log: () => undefined };
        // Scenes over the cores; the same rows and counts as one thread (parallel.ts).
        const result = await runStudyParallel(opts);
        const { readFileSync } = await import('node:fs');
        await writeReport(files.dir, result, opts, 0);
        // The section sits in the study's index.md, one level up from the
        // pictures its relative links name.
        const markdown = readFileSync(join(files.dir, 'index.md'), 'utf8').replace(/\]\((?!https?:|\/|#)/g, `](${files.link}/`);
        return { markdown, records: result.rows.map((r) => ({ ...r })) };
      },
    },
  ],
  report: [{ kind: 'frontier' }, { kind: 'microarch' }, { kind: 'experiments' }],
});
