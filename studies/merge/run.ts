// The merge units' shading-work experiment, runnable on its own:
//   npx tsx studies/merge/run.ts --unit qfm|pmu [--main-job] [--out DIR]
// (the full set by default; --main-job: the decimated set `npm start` runs).
// Options: --scenes a,b (plane, sine-grazing, bumpy-sphere, character,
// game), --areas 0.5,1, --msaa 1,4, --entries 1,8,64, --triangles N, --seed N,
// --recent N (QFM's N), --flush drain|merge (the bounded buffers'),
// --scene-file F (a scene JSON instead of the generated scenes; see
// testbenches/workloads/merge/scene-file.ts), --heat-area A, --heat-msaa M,
// --heat-entries E, --no-cost, --no-throughput. A bad option or scene file
// is one line naming it, exit 2, before anything is written.
import { join } from 'node:path';
import { UserError } from '../../hdl/errors.js';
import { writeOutputFile } from '../../hdl/output-file.js';
import { type ExperimentProgress, renderPng, renderSvg } from '../../explore/index.js';
import { readSceneFile, type Scene } from '../../testbenches/workloads/merge/index.js';
import { parseFlushPolicy } from '../../units/merge-common/golden-buffer.js';
import { isMergeMsaa, type MergeMsaa } from '../../units/merge-common/samples.js';
import { costConfigs, costSweep, costSection, DEFAULT_COST_SWEEP } from './cost.js';
import { DEFAULT_PARAMS, type ExperimentParams, GAME, meanArea, measure, measureScene, type MergeUnit, type ResultRow, sceneAreas, SCENE_NAMES, type SceneName } from './experiment.js';
import { frontierPoints, frontierSpec } from './frontier.js';
import { MAIN_JOB_PARAMS } from './main-job.js';
import { type HeatFigure, writeMergeReport } from './report.js';
import { DEFAULT_THROUGHPUT, measureThroughput, throughputEntries, throughputSection } from './throughput.js';

export interface RunOptions {
  readonly params: ExperimentParams;
  readonly out: string;
  /** Heat maps at this area (the game frame's whatever it is) and rate, bounded buffer of this size. */
  readonly heatArea: number;
  readonly heatMsaa: MergeMsaa;
  readonly heatEntries: number;
  /** Price the unit (45 nm) and draw the frontier. */
  readonly cost: boolean;
  /** Cycle-simulate the DSL unit for cycles per quad and stalls. */
  readonly throughput: boolean;
  /** A scene file to measure instead of the generated scenes. */
  readonly sceneFile?: string;
  /** What the run is, for the report's first line. */
  readonly what: string;
  readonly log?: (line: string) => void;
  /** Steps done of total on stderr (the engine's display): each scene x area x MSAA measurement, each configuration priced and simulated for throughput. */
  readonly progress?: ExperimentProgress;
}

function bad(option: string, what: string): never {
  throw new UserError(`merge study: ${option}: ${what}`);
}

function list(flag: string, text: string): number[] {
  const v = text.split(',').map(Number);
  if (v.some((x) => !Number.isFinite(x))) bad(flag, `'${text}' is not a comma-separated list of numbers`);
  return v;
}

/** The options, checked (the scene file read and validated) before anything runs. */
export function parseArgs(argv: readonly string[]): RunOptions {
  const unitAt = argv.indexOf('--unit');
  const unitText = unitAt >= 0 ? argv[unitAt + 1] : 'qfm';
  if (unitText !== 'qfm' && unitText !== 'pmu') bad('--unit', `'${unitText}' is not a merge unit; valid: qfm, pmu`);
  const unit: MergeUnit = unitText;
  const mainJob = argv.includes('--main-job');
  let params: ExperimentParams = { ...(mainJob ? MAIN_JOB_PARAMS : DEFAULT_PARAMS), unit };
  let out = join('report', 'merge', unit);
  let heatArea = 1;
  let heatMsaa: MergeMsaa = 4;
  let heatEntries = 32;
  let cost = true;
  let throughput = true;
  let sceneFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--main-job') continue;
    if (a === '--no-cost' || a === '--no-throughput') {
      if (a === '--no-cost') cost = false;
      else throughput = false;
      continue;
    }
    const v = argv[i + 1];
    if (v === undefined) bad(a, 'missing value');
    i++;
    switch (a) {
      case '--unit':
        break;
      case '--out':
        out = v;
        break;
      case '--scenes': {
        const s = v.split(',');
        for (const x of s) if (!(SCENE_NAMES as readonly string[]).includes(x)) bad('--scenes', `unknown scene '${x}'; valid: ${SCENE_NAMES.join(', ')}`);
        params = { ...params, scenes: s as SceneName[] };
        break;
      }
      case '--areas':
        params = { ...params, areas: list(a, v) };
        if (params.areas.some((x) => !(x > 0))) bad('--areas', 'areas must be positive px^2');
        break;
      case '--msaa': {
        const m = list(a, v);
        for (const x of m) if (!isMergeMsaa(x)) bad('--msaa', `${x} is not one of 1, 4, 8, 16`);
        params = { ...params, msaa: m as MergeMsaa[] };
        break;
      }
      case '--entries': {
        const e = list(a, v);
        for (const x of e) if (!(Number.isInteger(x) && x >= 1 && x <= 512)) bad('--entries', `${x} must be an integer 1..512`);
        params = { ...params, entries: e };
        break;
      }
      case '--triangles':
        params = { ...params, triangles: Number(v) };
        if (!(Number.isInteger(params.triangles) && params.triangles >= 2)) bad('--triangles', `${v} must be an integer >= 2`);
        break;
      case '--seed':
        params = { ...params, seed: Number(v) };
        if (!Number.isInteger(params.seed)) bad('--seed', `${v} must be an integer`);
        break;
      case '--recent':
        params = { ...params, recent: Number(v) };
        if (!(Number.isInteger(params.recent) && params.recent >= 1)) bad('--recent', `${v} must be a positive integer`);
        break;
      case '--flush':
        params = { ...params, flush: parseFlushPolicy(v, 'merge study: --flush') };
        break;
      case '--scene-file':
        sceneFile = v;
        break;
      case '--heat-area':
        heatArea = Number(v);
        break;
      case '--heat-msaa':
        if (!isMergeMsaa(Number(v))) bad('--heat-msaa', `${v} must be 1, 4, 8 or 16`);
        heatMsaa = Number(v) as MergeMsaa;
        break;
      case '--heat-entries':
        heatEntries = Number(v);
        break;
      default:
        bad(a, 'unknown option (valid: --unit --out --scenes --areas --msaa --entries --triangles --seed --recent --flush --scene-file --heat-area --heat-msaa --heat-entries --main-job --no-cost --no-throughput)');
    }
  }
  if (!params.entries.includes(heatEntries)) bad('--heat-entries', `${heatEntries} must be one of the measured sizes ${params.entries.join(', ')}`);
  if (!params.msaa.includes(heatMsaa)) {
    if (argv.includes('--heat-msaa')) bad('--heat-msaa', `${heatMsaa} must be one of the measured rates ${params.msaa.join(', ')}`);
    heatMsaa = params.msaa[0]!;
  }
  const what = `${unit.toUpperCase()}${mainJob ? ', the main job\'s decimated set' : ''}`;
  if (sceneFile !== undefined) {
    // Read and check the file now, before anything is simulated or written.
    const area = Number(meanArea(readSceneFile(sceneFile)).toFixed(4));
    return { params: { ...params, areas: [area] }, out, heatArea: area, heatMsaa, heatEntries, cost, throughput, sceneFile, what };
  }
  if (!params.areas.includes(heatArea)) bad('--heat-area', `${heatArea} must be one of the measured areas ${params.areas.join(', ')}`);
  return { params, out, heatArea, heatMsaa, heatEntries, cost, throughput, what };
}

export async function runMergeStudy(o: RunOptions): Promise<{ rows: ResultRow[]; files: string[] }> {
  const t0 = Date.now();
  const log = o.log ?? ((l: string) => console.log(l));
  const rows: ResultRow[] = [];
  const heat: HeatFigure[] = [];
  const p = o.params;
  const fileScene: Scene | undefined = o.sceneFile === undefined ? undefined : readSceneFile(o.sceneFile);
  const jobs = fileScene ? [{ scene: fileScene.name, area: p.areas[0]! }] : sceneAreas(p);
  const costSpec = { ...DEFAULT_COST_SWEEP, msaa: o.heatMsaa };
  const total = jobs.length * p.msaa.length + (o.cost ? costConfigs(costSpec, p.unit).length : 0) + (o.throughput ? throughputEntries(DEFAULT_THROUGHPUT, p.unit).length : 0);
  let done = 0;
  const step = (what: string): void => o.progress?.update(++done, total, `${what}; ${((Date.now() - t0) / 1000).toFixed(0)} s elapsed`);
  const logStep = (line: string): void => {
    log(line);
    step(line);
  };
  o.progress?.start(total, 0);
  for (const { scene, area } of jobs) {
    for (const msaa of p.msaa) {
      const isHeat = (scene === GAME || area === o.heatArea) && msaa === o.heatMsaa;
      const keep = isHeat ? ['ideal', String(o.heatEntries)] : [];
      const { rows: r, run } = fileScene ? measureScene(fileScene, scene, area, msaa, p, keep) : measure(scene as SceneName, area, msaa, p, keep);
      rows.push(...r);
      if (isHeat) {
        const nomerge = run.raster.grids.flat().filter((q) => q.cov.some((c) => c !== 0));
        const name = p.unit.toUpperCase();
        heat.push({
          scene,
          caption: `${scene}${scene === GAME ? '' : `, mean triangle area ${area} px^2`}, MSAA ${msaa}x, ${name} (seed ${p.seed})`,
          width: run.raster.width,
          height: run.raster.height,
          panels: [
            { title: 'NOMERGE', quads: nomerge },
            { title: `${name}, ${o.heatEntries} entries`, quads: run.shaded[String(o.heatEntries)] ?? [] },
            { title: `${name} ideal`, quads: run.shaded['ideal'] ?? [] },
          ],
        });
      }
      const n = r[0]!;
      const what = `${p.unit} ${scene}${scene === GAME ? '' : ` area ${area}`} msaa ${msaa}`;
      log(`${what}: ${n.quadFragments} quads, ${n.coveredPixels} px, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      step(what);
    }
  }
  const sections: string[] = [];
  const extraFiles: [string, string | Uint8Array][] = [];
  if (o.cost) {
    const cost = costSweep(costSpec, p.unit, logStep);
    extraFiles.push(['cost.jsonl', cost.map((c) => JSON.stringify(c)).join('\n') + '\n']);
    const pts = frontierPoints(cost, rows);
    const svg = await renderSvg(frontierSpec(pts, o.heatMsaa));
    extraFiles.push(['plots/frontier.svg', svg], ['plots/frontier.png', renderPng(svg)]);
    sections.push(costSection(cost, pts));
  }
  if (o.throughput) {
    const tp = measureThroughput({ ...DEFAULT_THROUGHPUT, seed: p.seed }, p.unit, logStep);
    extraFiles.push(['throughput.jsonl', tp.map((t) => JSON.stringify(t)).join('\n') + '\n']);
    sections.push(throughputSection(tp));
  }
  const files = await writeMergeReport(o.out, { params: p, what: o.what, rows, heat, heatEntries: o.heatEntries, seconds: (Date.now() - t0) / 1000, extraSections: sections });
  for (const [name, data] of extraFiles) writeOutputFile(join(o.out, name), data);
  o.progress?.stop();
  return { rows, files: [...files, ...extraFiles.map(([n]) => n)] };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  try {
    const o = parseArgs(process.argv.slice(2));
    console.log(`merge study (${o.what}), seed ${o.params.seed} -> ${o.out}`);
    const { files } = await runMergeStudy(o);
    console.log(`wrote ${files.length} files to ${o.out}`);
  } catch (e) {
    console.error(e instanceof UserError ? (e as Error).message : `merge study: internal error: ${(e as Error).stack ?? String(e)}`);
    process.exit(e instanceof UserError ? 2 : 1);
  }
}
