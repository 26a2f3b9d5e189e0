// The merge study, runnable on its own: `npx tsx studies/merge/run.ts`
// (default run, a few minutes on 2 cores) or `--large` for the bigger one.
// Options: --out DIR (default report/merge), --scenes a,b, --areas 0.5,1,
// --msaa 1,4, --entries 1,8,64, --triangles N, --seed N, --scene-file F
// (a scene JSON instead of the generated scenes; see
// testbenches/workloads/merge/scene-file.ts), --heat-area A,
// --heat-msaa M, --heat-entries E.
import { MERGE_SCENES, type MergeSceneName } from '../../testbenches/workloads/merge/index.js';
import { isMergeMsaa, type MergeMsaa } from '../../units/merge-common/samples.js';
import { DEFAULT_PARAMS, type ExperimentParams, LARGE_PARAMS, measure, type ResultRow } from './experiment.js';
import type { HeatFigure } from './report.js';
import { writeMergeReport } from './report.js';

export interface RunOptions {
  readonly params: ExperimentParams;
  readonly out: string;
  readonly heatArea: number;
  readonly heatMsaa: MergeMsaa;
  readonly heatEntries: number;
  readonly log?: (line: string) => void;
}

function list(flag: string, text: string): number[] {
  const v = text.split(',').map(Number);
  if (v.some((x) => !Number.isFinite(x))) throw new Error(`${flag} ${text}: expected comma-separated numbers`);
  return v;
}

export function parseArgs(argv: readonly string[]): RunOptions {
  let params: ExperimentParams = argv.includes('--large') ? LARGE_PARAMS : DEFAULT_PARAMS;
  let out = 'report/merge';
  let heatArea = 1;
  let heatMsaa: MergeMsaa = 4;
  let heatEntries = 32;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--large') continue;
    const v = argv[i + 1];
    if (v === undefined) throw new Error(`${a}: missing value`);
    i++;
    switch (a) {
      case '--out':
        out = v;
        break;
      case '--scenes': {
        const s = v.split(',');
        for (const x of s) if (!(MERGE_SCENES as readonly string[]).includes(x)) throw new Error(`--scenes: unknown scene '${x}' (valid: ${MERGE_SCENES.join(', ')})`);
        params = { ...params, scenes: s as MergeSceneName[] };
        break;
      }
      case '--areas':
        params = { ...params, areas: list(a, v) };
        if (params.areas.some((x) => !(x > 0))) throw new Error('--areas: areas must be positive px^2');
        break;
      case '--msaa': {
        const m = list(a, v);
        for (const x of m) if (!isMergeMsaa(x)) throw new Error(`--msaa: ${x} is not one of 1, 4, 8, 16`);
        params = { ...params, msaa: m as MergeMsaa[] };
        break;
      }
      case '--entries': {
        const e = list(a, v);
        for (const x of e) if (!(Number.isInteger(x) && x >= 1 && x <= 512)) throw new Error(`--entries: ${x} must be an integer 1..512`);
        params = { ...params, entries: e };
        break;
      }
      case '--triangles':
        params = { ...params, triangles: Number(v) };
        if (!(Number.isInteger(params.triangles) && params.triangles >= 2)) throw new Error(`--triangles ${v}: must be an integer >= 2`);
        break;
      case '--seed':
        params = { ...params, seed: Number(v) };
        if (!Number.isInteger(params.seed)) throw new Error(`--seed ${v}: must be an integer`);
        break;
      case '--heat-area':
        heatArea = Number(v);
        break;
      case '--heat-msaa':
        if (!isMergeMsaa(Number(v))) throw new Error(`--heat-msaa ${v}: must be 1, 4, 8 or 16`);
        heatMsaa = Number(v) as MergeMsaa;
        break;
      case '--heat-entries':
        heatEntries = Number(v);
        break;
      default:
        throw new Error(`unknown option ${a} (valid: --out --scenes --areas --msaa --entries --triangles --seed --heat-area --heat-msaa --heat-entries --large)`);
    }
  }
  if (!params.areas.includes(heatArea)) throw new Error(`--heat-area ${heatArea}: must be one of the measured areas ${params.areas.join(', ')}`);
  if (!params.msaa.includes(heatMsaa)) throw new Error(`--heat-msaa ${heatMsaa}: must be one of the measured rates ${params.msaa.join(', ')}`);
  if (!params.entries.includes(heatEntries)) throw new Error(`--heat-entries ${heatEntries}: must be one of the measured sizes ${params.entries.join(', ')}`);
  return { params, out, heatArea, heatMsaa, heatEntries };
}

export async function runMergeStudy(o: RunOptions, extraSections: readonly string[] = []): Promise<{ rows: ResultRow[]; files: string[] }> {
  const t0 = Date.now();
  const log = o.log ?? ((l: string) => console.log(l));
  const rows: ResultRow[] = [];
  const heat: HeatFigure[] = [];
  const p = o.params;
  for (const scene of p.scenes) {
    for (const area of p.areas) {
      for (const msaa of p.msaa) {
        const isHeat = area === o.heatArea && msaa === o.heatMsaa;
        const keep = isHeat ? [`qfm@${o.heatEntries}`, `pmu@${o.heatEntries}`] : [];
        const { rows: r, run } = measure(scene, area, msaa, p, keep);
        rows.push(...r);
        if (isHeat) {
          const nomerge = run.raster.grids.flat().filter((q) => q.cov.some((c) => c !== 0));
          heat.push({
            scene,
            caption: `${scene}, mean triangle area ${area} px^2, MSAA ${msaa}x, buffers of ${o.heatEntries} entries (seed ${p.seed})`,
            width: run.raster.width,
            height: run.raster.height,
            panels: [
              { title: 'NOMERGE', quads: nomerge },
              { title: 'QFM', quads: run.shaded[`qfm@${o.heatEntries}`] ?? [] },
              { title: 'PMU', quads: run.shaded[`pmu@${o.heatEntries}`] ?? [] },
            ],
          });
        }
        const n = r.find((x) => x.unit === 'nomerge')!;
        log(`${scene} area ${area} msaa ${msaa}: ${n.quadFragments} quads, ${n.coveredPixels} px, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
    }
  }
  const files = await writeMergeReport(o.out, {
    params: p,
    rows,
    heat,
    plotEntries: o.heatEntries,
    plotMsaa: o.heatMsaa,
    pmuArea: p.areas[p.areas.length - 1]!,
    seconds: (Date.now() - t0) / 1000,
    extraSections,
  });
  return { rows, files };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  try {
    const o = parseArgs(process.argv.slice(2));
    console.log(`merge study, seed ${o.params.seed} -> ${o.out}`);
    const { files } = await runMergeStudy(o);
    console.log(`wrote ${files.length} files to ${o.out}`);
  } catch (e) {
    console.error(`merge study: ${(e as Error).message}`);
    process.exit(1);
  }
}
