// The merge study, runnable on its own: `npx tsx studies/merge/run.ts`
// (default run, a few minutes on 2 cores) or `--large` for the bigger one.
// Options: --out DIR (default report/merge), --scenes a,b, --areas 0.5,1,
// --msaa 1,4, --entries 1,8,64, --triangles N, --seed N, --scene-file F
// (a scene JSON instead of the generated scenes; see
// testbenches/workloads/merge/scene-file.ts), --heat-area A,
// --heat-msaa M, --heat-entries E.
import { MERGE_SCENES, type MergeSceneName, readSceneFile } from '../../testbenches/workloads/merge/index.js';
import { isMergeMsaa, type MergeMsaa } from '../../units/merge-common/samples.js';
import { DEFAULT_PARAMS, type ExperimentParams, LARGE_PARAMS, meanArea, measure, measureScene, type ResultRow } from './experiment.js';
import { writeOutputFile as writeFileAtomic } from '../../hdl/output-file.js';
import { renderPng, renderSvg } from '../../explore/index.js';
import { join } from 'node:path';
import { costSweep, COST_CLOCK_HZ, COST_POINT, DEFAULT_COST_SWEEP, type CostRow } from './cost.js';
import { frontierPoints, frontierSpec } from './frontier.js';
import type { HeatFigure } from './report.js';
import { writeMergeReport } from './report.js';
import { DEFAULT_THROUGHPUT, measureThroughput, type ThroughputRow } from './throughput.js';
import { UserError } from '../../hdl/errors.js';

export interface RunOptions {
  readonly params: ExperimentParams;
  readonly out: string;
  readonly heatArea: number;
  readonly heatMsaa: MergeMsaa;
  readonly heatEntries: number;
  /** Price the units (45 nm) and draw the frontier. */
  readonly cost: boolean;
  /** Cycle-simulate the DSL units for cycles per quad and stalls. */
  readonly throughput: boolean;
  /** A scene file to measure instead of the generated scenes. */
  readonly sceneFile?: string;
  readonly log?: (line: string) => void;
}

function list(flag: string, text: string): number[] {
  const v = text.split(',').map(Number);
  if (v.some((x) => !Number.isFinite(x))) throw new UserError(`${flag} ${text}: expected comma-separated numbers`);
  return v;
}

export function parseArgs(argv: readonly string[]): RunOptions {
  let params: ExperimentParams = argv.includes('--large') ? LARGE_PARAMS : DEFAULT_PARAMS;
  let out = 'report/merge';
  let heatArea = 1;
  let heatMsaa: MergeMsaa = 4;
  let heatEntries = 32;
  let cost = true;
  let throughput = true;
  let sceneFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--large') continue;
    if (a === '--no-cost') {
      cost = false;
      continue;
    }
    if (a === '--no-throughput') {
      throughput = false;
      continue;
    }
    const v = argv[i + 1];
    if (v === undefined) throw new UserError(`${a}: missing value`);
    i++;
    switch (a) {
      case '--out':
        out = v;
        break;
      case '--scenes': {
        const s = v.split(',');
        for (const x of s) if (!(MERGE_SCENES as readonly string[]).includes(x)) throw new UserError(`--scenes: unknown scene '${x}' (valid: ${MERGE_SCENES.join(', ')})`);
        params = { ...params, scenes: s as MergeSceneName[] };
        break;
      }
      case '--areas':
        params = { ...params, areas: list(a, v) };
        if (params.areas.some((x) => !(x > 0))) throw new UserError('--areas: areas must be positive px^2');
        break;
      case '--msaa': {
        const m = list(a, v);
        for (const x of m) if (!isMergeMsaa(x)) throw new UserError(`--msaa: ${x} is not one of 1, 4, 8, 16`);
        params = { ...params, msaa: m as MergeMsaa[] };
        break;
      }
      case '--entries': {
        const e = list(a, v);
        for (const x of e) if (!(Number.isInteger(x) && x >= 1 && x <= 512)) throw new UserError(`--entries: ${x} must be an integer 1..512`);
        params = { ...params, entries: e };
        break;
      }
      case '--triangles':
        params = { ...params, triangles: Number(v) };
        if (!(Number.isInteger(params.triangles) && params.triangles >= 2)) throw new UserError(`--triangles ${v}: must be an integer >= 2`);
        break;
      case '--seed':
        params = { ...params, seed: Number(v) };
        if (!Number.isInteger(params.seed)) throw new UserError(`--seed ${v}: must be an integer`);
        break;
      case '--scene-file':
        sceneFile = v;
        break;
      case '--heat-area':
        heatArea = Number(v);
        break;
      case '--heat-msaa':
        if (!isMergeMsaa(Number(v))) throw new UserError(`--heat-msaa ${v}: must be 1, 4, 8 or 16`);
        heatMsaa = Number(v) as MergeMsaa;
        break;
      case '--heat-entries':
        heatEntries = Number(v);
        break;
      default:
        throw new UserError(`unknown option ${a} (valid: --out --scenes --areas --msaa --entries --triangles --seed --scene-file --heat-area --heat-msaa --heat-entries --large --no-cost --no-throughput)`);
    }
  }
  if (sceneFile !== undefined) {
    // Read and check the file now, before anything is simulated or written.
    const scene = readSceneFile(sceneFile);
    const area = Number(meanArea(scene).toFixed(4));
    return { params: { ...params, areas: [area] }, out, heatArea: area, heatMsaa: params.msaa.includes(heatMsaa) ? heatMsaa : params.msaa[0]!, heatEntries, cost, throughput, sceneFile };
  }
  if (!params.areas.includes(heatArea)) throw new UserError(`--heat-area ${heatArea}: must be one of the measured areas ${params.areas.join(', ')}`);
  if (!params.msaa.includes(heatMsaa)) throw new UserError(`--heat-msaa ${heatMsaa}: must be one of the measured rates ${params.msaa.join(', ')}`);
  if (!params.entries.includes(heatEntries)) throw new UserError(`--heat-entries ${heatEntries}: must be one of the measured sizes ${params.entries.join(', ')}`);
  return { params, out, heatArea, heatMsaa, heatEntries, cost, throughput };
}

export async function runMergeStudy(o: RunOptions, extraSections: readonly string[] = []): Promise<{ rows: ResultRow[]; files: string[] }> {
  const t0 = Date.now();
  const log = o.log ?? ((l: string) => console.log(l));
  const rows: ResultRow[] = [];
  const heat: HeatFigure[] = [];
  const p = o.params;
  const fileScene = o.sceneFile === undefined ? undefined : readSceneFile(o.sceneFile);
  const sceneNames: readonly string[] = fileScene ? [fileScene.name] : p.scenes;
  for (const scene of sceneNames) {
    for (const area of p.areas) {
      for (const msaa of p.msaa) {
        const isHeat = area === o.heatArea && msaa === o.heatMsaa;
        const keep = isHeat ? [`qfm@${o.heatEntries}`, `pmu@${o.heatEntries}`] : [];
        const { rows: r, run } = fileScene ? measureScene(fileScene, scene, area, msaa, p, keep) : measure(scene as MergeSceneName, area, msaa, p, keep);
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
  const sections = [...extraSections];
  const extraFiles: [string, string | Uint8Array][] = [];
  if (o.cost) {
    const cost = costSweep({ ...DEFAULT_COST_SWEEP, msaa: o.heatMsaa }, log);
    extraFiles.push(['cost.jsonl', cost.map((c) => JSON.stringify(c)).join('\n') + '\n']);
    const pts = frontierPoints(cost, rows);
    const svg = await renderSvg(frontierSpec(pts, o.heatMsaa));
    extraFiles.push(['plots/frontier.svg', svg], ['plots/frontier.png', renderPng(svg)]);
    sections.push(costSection(cost, pts));
  }
  if (o.throughput) {
    const tp = measureThroughput({ ...DEFAULT_THROUGHPUT, seed: p.seed }, log);
    extraFiles.push(['throughput.jsonl', tp.map((t) => JSON.stringify(t)).join('\n') + '\n']);
    sections.push(throughputSection(tp));
  }
  const files = await writeMergeReport(o.out, {
    params: p,
    rows,
    heat,
    plotEntries: o.heatEntries,
    plotMsaa: o.heatMsaa,
    pmuArea: p.areas[p.areas.length - 1]!,
    seconds: (Date.now() - t0) / 1000,
    extraSections: sections,
  });
  for (const [name, data] of extraFiles) writeFileAtomic(join(o.out, name), data);
  return { rows, files: [...files, ...extraFiles.map(([n]) => n)] };
}

function costSection(cost: readonly CostRow[], pts: ReturnType<typeof frontierPoints>): string {
  const saved = (c: CostRow): string => {
    const p = pts.find((x) => x.unit === c.unit && x.entries === c.entries && x.maskWidth === c.maskWidth);
    return p ? `${(100 * p.saved).toFixed(1)}%${p.onFrontier ? ' (frontier)' : ''}` : '';
  };
  return [
    '## Cost (45 nm)',
    '',
    `Each configuration elaborated and priced from its operator inventory (CAM, memory and register bits, comparators, muxes) at ${COST_POINT.vt} Vt, ${COST_POINT.vdd} V, ${COST_CLOCK_HZ / 1e9} GHz, pipelined to meet it; default (uncalibrated) knobs. Saved: quads saved over NOMERGE by that unit and buffer size in the experiment above, all scenes and areas together.`,
    '',
    '| unit | entries | mask bits | storage bits | stages | area (mm^2) | power (W) | shading saved |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...cost.map((c) => `| ${c.unit} | ${c.entries} | ${c.maskWidth ?? ''} | ${c.storageBits} | ${c.stages} | ${c.areaMm2.toFixed(3)} | ${c.powerW.toFixed(3)} | ${saved(c)} |`),
    '',
    '![Shading work saved against area](plots/frontier.png)',
    '',
  ].join('\n');
}

function throughputSection(tp: readonly ThroughputRow[]): string {
  return [
    '## Throughput (cycle simulation of the DSL units)',
    '',
    'The same netlists, fed one scene back to back (no input bubbles, consumer always ready). Stall = fraction of cycles in which a fragment was offered and not taken. Shaded (DSL) must equal shaded (golden).',
    '',
    '| unit | scene | area | MSAA | entries | quads in | cycles | cycles/quad | stall | shaded (DSL) | shaded (golden) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...tp.map((t) => `| ${t.unit} | ${t.scene} | ${t.triArea} | ${t.msaa} | ${t.entries} | ${t.quadsIn} | ${t.cycles} | ${t.cyclesPerQuad.toFixed(2)} | ${t.stallFraction.toFixed(3)} | ${t.shadedDsl} | ${t.shadedGolden} |`),
    '',
  ].join('\n');
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
