// DIR/index.md and DIR/plots/: the report of a sweep directory. Per mode the
// point cloud with its frontier, the frontier table, the constrained
// frontiers (plots and a table), the cost of a required rate at fixed power
// densities; then the calibration and Yosys cross-check sections when their
// files are present (`gfxrtl calibrate --out DIR` writes them).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RateTargets, Study } from '../contract.js';
import { layoutOf, readManifest, type SweepManifest } from '../sweep/manifest.js';
import { importStudy } from '../sweep/study-ref.js';
import { experimentSections } from './experiments.js';
import { constrainedFrontiers, groupBy, paretoFront, scorerOf } from '../pareto.js';
import { sweepCommandLine } from '../sweep/command-line.js';
import { figure, rowToJson, type PointRow } from '../sweep/point.js';
import { writeDurable } from '../sweep/files.js';
import { CALIBRATION_JSON, CROSSCHECK_CALIBRATION_JSON, readCalibration, readCrossCheck, YOSYS_JSON, type CalibrationFile } from './checks.js';
import { knobLines, RMS_LOG_TARGETS, timingLine } from './calibration-summary.js';
import { loopTable } from './loop-table.js';
import { explainSection } from './explain.js';
import { sig } from './format.js';
import { loadSweep, type LoadedSweep } from './load.js';
import { dropHandedOver } from './elaborated.js';
import { cloudSpec, constrainedSpec, domainBounds, greyCloud } from './plots.js';
import { SharedFirstLayer } from './shared-layer.js';
import { PngQueue } from './png-thread.js';
import { renderSvg } from './render.js';
import { calibrationTable, constrainedTable, crossCheckTable, frontierTable, microArchTable } from './tables.js';
import { rateCostSection } from './rate-cost-section.js';
import { registerShareSection } from './register-share-section.js';
import { SweepError } from '../sweep/spec.js';

export interface ReportOptions {
  /** Required throughput for the cost table, work items/s (default: the study's rate target). */
  rate?: number;
  /** Power-density limits, W/mm^2 (default: the study's). */
  limits?: readonly number[];
  /** Colour of the cloud: a column, or vt / vdd / stages (default: the first column). */
  colorBy?: string;
  /** PNG next to each SVG (default true). */
  png?: boolean;
}

export interface ReportFiles {
  index: string;
  plots: string[];
}

async function plot(dir: string, name: string, svg: string, pngs: PngQueue | null, out: string[]): Promise<string> {
  const file = join(dir, 'plots', `${name}.svg`);
  writeDurable(file, svg);
  out.push(file);
  if (pngs !== null) {
    await pngs.add(svg, join(dir, 'plots', `${name}.png`));
    out.push(join(dir, 'plots', `${name}.png`));
    return `![${name}](plots/${name}.png)\n\n([SVG](plots/${name}.svg))`;
  }
  return `![${name}](plots/${name}.svg)`;
}

function slug(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '_');
}

interface Resolved {
  colorBy: string;
  /** Where the plots' PNGs go; null: SVG only. */
  png: PngQueue | null;
  rate: RateTargets | null;
}

async function modeSection(s: LoadedSweep, mode: string, rows: PointRow[], o: Resolved, plots: string[]): Promise<string> {
  const id = s.manifest.identity;
  const st = id.study;
  const score = scorerOf<PointRow>(st.objectives, figure);
  const frontier = paretoFront(rows, score);
  const { x, y } = st.objectives;
  const out = [`## Mode ${mode}`, '', `${rows.length} design points from ${new Set(rows.map((r) => r.id)).size} micro-architectures; ${frontier.length} on the Pareto frontier.`, ''];
  const studyWithRate = { ...st, rateTargets: o.rate };
  for (const kind of st.report) {
    if (kind === 'frontier') {
      out.push(await plot(s.dir, `${slug(mode)}-cloud`, await renderSvg(cloudSpec(mode, rows, frontier, o.colorBy, st.objectives)), o.png, plots), '');
      out.push(`### Pareto frontier (${x.better} ${x.display.label}, ${y.better} ${y.display.label})`, '', frontierTable(frontier, id.columns, st), '');
    } else if (kind === 'rate-cost' && o.rate !== null) {
      const rc = rateCostSection(rows, id.columns, st, o.rate);
      out.push(rc.markdown, registerShareSection(await importStudy({ module: st.module, name: st.name }), id, rc.costs));
    } else if (kind === 'constrained') {
      // Each column's values in the spec's order, whichever designs have points (--explore bound).
      const at = (axis: string, v: unknown): number => (id.spec.axes[axis] ?? []).findIndex((x) => x === v);
      const groups = constrainedFrontiers(rows, id.columns, score).sort((a, b) => id.columns.indexOf(a.axis) - id.columns.indexOf(b.axis) || at(a.axis, a.value) - at(b.axis, b.value));
      if (groups.length === 0) continue;
      out.push('### Constrained frontiers', '');
      const grey = greyCloud(rows, st.objectives);
      const shared = new SharedFirstLayer(grey, domainBounds(grey));
      for (const axis of id.columns) {
        const g = groups.filter((q) => q.axis === axis);
        out.push(await plot(s.dir, `${slug(mode)}-by-${slug(axis)}`, await shared.svg((cloud) => constrainedSpec(mode, axis, cloud, g, frontier, st.objectives)), o.png, plots), '');
      }
      const rateText = o.rate ? `, and the area needed for ${sig(o.rate.rate / 1e9)} G${st.work.name}/s at each power-density limit using only such designs` : '';
      out.push(`Per constraint: its frontier's reach, how many overall-frontier points satisfy it${rateText}.`, '');
      out.push(constrainedTable(groups, frontier, studyWithRate), '');
    }
  }
  return out.join('\n');
}

function calibrationText(cal: CalibrationFile): string {
  const k = cal.knobs;
  return [
    `Published: ${cal.source} at ${cal.point.vdd} V, ${cal.point.vt} Vt, ${sig(cal.point.clockHz / 1e9)} GHz, each fully used: the front end once and one lane's components. ` +
      `Ours: the ${cal.study} design${cal.calibratedOn ? ` ${cal.calibratedOn}` : ''}'s instances (with the registers each owns; lane components from one lane) priced at the same point, each at the fewest stages that meet the clock, with the fitted global knobs ` +
      `(area x${sig(k.areaFactor, 4)}, energy x${sig(k.energyFactor, 4)}, delay x${sig(k.delayFactor, 4)}: the delay knob sets each component's pipeline depth at the clock, scales the register overhead with the logic, and is fitted, where every component closes timing, to minimise the combined log error of the other two). ` +
      `RMS log error: area ${sig(cal.rmsLogArea)} (target <= ${RMS_LOG_TARGETS.area}), power ${sig(cal.rmsLogPower)} (target <= ${RMS_LOG_TARGETS.power}). ` +
      'Components this design does not have are listed as not modelled, and blocks in no published row as not in the published breakdown: neither enters the fit.',
    '',
    'Each knob beside the range the cited figures allow (synth-models/knob-bounds.ts):',
    '',
    ...knobLines(cal).map((l) => `- ${l}`),
    '',
    timingLine(cal) + '.',
  ].join('\n');
}

function checksSections(dir: string): string {
  const out: string[] = ['## Calibration against the published components', ''];
  const cal = readCalibration(dir);
  if (cal === null) {
    out.push(`Not run for this directory (\`gfxrtl calibrate --out ${dir}\` writes ${CALIBRATION_JSON}).`, '');
  } else {
    out.push(
      cal.study === readManifest(dir)?.identity.study.name ? 'The knobs this study is priced with.' : `The knobs this study is priced with: the cost model's knobs are global, fitted on the ${cal.study} design.`,
      '',
      calibrationText(cal),
      '',
      calibrationTable(cal),
      '',
    );
    if (cal.loop) out.push(loopTable(cal.loop), '');
  }
  const cross = readCalibration(dir, CROSSCHECK_CALIBRATION_JSON);
  if (cross !== null) {
    out.push(
      `### Cross-check (not used to price): the same table fitted on ${cross.study}'s own instances`,
      '',
      `A second fit of the published figures, on the ${cross.study} design, which lacks the Blur front end; it shows how the shared components fare on their own and never prices anything. ${calibrationText(cross)}`,
      '',
      calibrationTable(cross),
      '',
    );
  }
  out.push('## Yosys cross-check', '');
  const y = readCrossCheck(dir);
  if (y === null) {
    out.push(`Not run for this directory (\`gfxrtl calibrate --out ${dir}\` writes ${YOSYS_JSON} where yosys is installed).`, '');
  } else {
    out.push(
      'Each unit emitted as Verilog and synthesised by Yosys (`synth -flatten`, generic gates); each gate priced as the NanGate 45 nm cells of the cost table (synth-models/yosys-area.ts). ' +
        'Beside it, the cost model\'s cell area for the same netlist: unpipelined, at the reference corner, with the area knob at 1 (neither side is placed).',
      '',
      crossCheckTable(y),
      '',
    );
  }
  return out.join('\n');
}

/** The study's own markdown sections: rendered by the study, loaded from
 *  the module the manifest names (the engine imports no study). */
async function customSections(s: LoadedSweep): Promise<string[]> {
  const st = s.manifest.identity.study;
  let study: Study;
  try {
    study = await importStudy({ module: st.module, name: st.name });
  } catch {
    return [];
  }
  const rows = s.rows.map((r) => rowToJson(r, layoutOf(s.manifest.identity)));
  return study.report.flatMap((sec) => (sec.kind === 'markdown' ? [`## ${sec.title}\n\n${sec.render({ rows, dir: s.dir }).trim()}\n`] : []));
}

export async function writeReport(dir: string, opts: ReportOptions = {}): Promise<ReportFiles> {
  // Kept for the HTML report, which the CLI and the study pipeline write next.
  const s = loadSweep(dir, { keep: true });
  dropHandedOver();
  const id = s.manifest.identity;
  const st = id.study;
  const base = st.rateTargets;
  const rate: RateTargets | null =
    base === null && opts.rate === undefined
      ? null
      : { metric: base?.metric ?? '', doc: base?.doc ?? '', rate: opts.rate ?? base?.rate ?? 0, powerDensityLimits: opts.limits ?? base?.powerDensityLimits ?? [] };
  if (rate !== null && base === null) throw new SweepError(`report: study ${st.name} declares no rate target, so --rate has no throughput metric to use`);
  const o: Resolved = { colorBy: opts.colorBy ?? id.columns[0] ?? 'vt', png: opts.png ?? true ? new PngQueue() : null, rate };
  const valid = ['vt', 'vdd', 'stages', ...id.columns];
  if (!valid.includes(o.colorBy)) throw new SweepError(`report: --color-by ${o.colorBy} is not a column; use one of ${valid.join(', ')}`);
  try {
    mkdirSync(join(dir, 'plots'), { recursive: true });
    const plots: string[] = [];
    const reproduce = [sweepCommandLine(id, s.manifest.shard, dir), `gfxrtl report ${dir}`];
    const parts = [
      `# Design-space sweep: ${id.summary}`,
      '',
      ...s.warnings.map((w) => `> **Warning.** ${w}\n`),
      `${s.rows.length} design points, ${id.microArchs.length} micro-architectures in the spec${s.manifest.shard ? ` (this directory: shard ${s.manifest.shard.index}/${s.manifest.shard.count})` : ''}. ` +
        `Throughput is in ${st.work.name}s: ${st.work.doc}. ` +
        'Data: [points.csv](points.csv), [points.jsonl](points.jsonl) (one design point per line; columns explained below).',
      '',
      ...exploreNote(s.manifest.explore),
      explainSection(s.manifest, reproduce),
    ];
    for (const [mode, rows] of groupBy(s.rows, (r) => r.mode)) parts.push(await modeSection(s, mode, rows, o, plots));
    if (st.report.includes('microarch')) {
      parts.push(`## Per micro-architecture on the workload (${st.work.name}s: ${st.work.doc})`, '', microArchTable(s.rows, id.columns, id.modeAxes, st, id.microArchs), '');
    }
    if (st.report.includes('experiments')) {
      const ex = experimentSections(dir);
      parts.push(...(ex.length > 0 ? ex : [`## Experiments\n\nNot run for this directory (\`gfxrtl study ${st.name} --out ${dir}\` runs them).\n`]));
    }
    parts.push(...(await customSections(s)));
    if (st.report.includes('calibration')) parts.push(checksSections(dir));
    await o.png?.done();
    const index = join(dir, 'index.md');
    writeDurable(index, parts.join('\n'));
    return { index, plots };
  } finally {
    // The PNG thread ends whether the report was written or failed.
    await o.png?.close();
  }
}

/** What `--explore bound` left unsimulated, said once: those designs have no points and no row anywhere. */
function exploreNote(e: SweepManifest['explore']): string[] {
  if (e === undefined || e.strategy === 'grid') return [];
  if (e.grid !== undefined) return [`Explored as a grid (\`--explore bound\` does not apply: ${e.grid}): every micro-architecture was simulated.`, ''];
  if (e.skipped.length === 0) return ['Explored with `--explore bound`: every micro-architecture could win, so each was simulated.', ''];
  return [
    `Explored with \`--explore bound\`: ${e.skipped.length} micro-architectures were not simulated, since every one of their optimistic points (the study's peak rate with the real priced clock, area and power) was strictly dominated by simulated designs in every frontier and in the cost-at-rate table; they have no points here, and the frontiers and tables are those of the full grid. Not simulated: ${e.skipped.map((x) => `\`${x}\``).join(', ')}.`,
    '',
  ];
}
