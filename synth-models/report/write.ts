// DIR/index.md and DIR/plots/: the report of a sweep directory. Per mode the
// point cloud with its frontier, the frontier table, the constrained
// frontiers (plots and a table), the cost of a required rate at fixed power
// densities; then the calibration and Yosys cross-check sections when their
// files are present (`gfxrtl calibrate --out DIR` writes them).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constrainedFrontiers, costAtRate, groupBy, paretoFront } from '../pareto.js';
import { sweepCommandLine } from '../sweep/command-line.js';
import type { PointRow } from '../sweep/point.js';
import { writeDurable } from '../sweep/files.js';
import { CALIBRATION_JSON, readCalibration, readCrossCheck, YOSYS_JSON } from './checks.js';
import { explainSection } from './explain.js';
import { giga, sig } from './format.js';
import { loadSweep, type LoadedSweep } from './load.js';
import { cloudSpec, constrainedSpec } from './plots.js';
import { renderPng, renderSvg } from './render.js';
import { calibrationTable, constrainedTable, crossCheckTable, frontierTable, rateCostTable } from './tables.js';
import type { TopLevelSpec } from 'vega-lite';
import { SweepError } from '../sweep/spec.js';

export interface ReportOptions {
  /** Required throughput for the cost table, ops/s (default 3e9, the study's). */
  rate?: number;
  /** Power-density limits, W/mm^2 (default 0.7, 1.0, 1.5). */
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

export const DEFAULT_RATE = 3e9;
export const DEFAULT_LIMITS: readonly number[] = [0.7, 1.0, 1.5];

async function plot(dir: string, name: string, spec: TopLevelSpec, png: boolean, out: string[]): Promise<string> {
  const svg = await renderSvg(spec);
  const file = join(dir, 'plots', `${name}.svg`);
  writeFileSync(file, svg);
  out.push(file);
  if (png) {
    writeFileSync(join(dir, 'plots', `${name}.png`), renderPng(svg));
    out.push(join(dir, 'plots', `${name}.png`));
    return `![${name}](plots/${name}.png)\n\n([SVG](plots/${name}.svg))`;
  }
  return `![${name}](plots/${name}.svg)`;
}

function slug(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '_');
}

async function modeSection(s: LoadedSweep, mode: string, rows: PointRow[], o: Required<ReportOptions>, plots: string[]): Promise<string> {
  const id = s.manifest.identity;
  const op = id.opName;
  const frontier = paretoFront(rows);
  const colorBy = o.colorBy;
  const out = [`## Mode ${mode}`, '', `${rows.length} design points from ${new Set(rows.map((r) => r.id)).size} micro-architectures; ${frontier.length} on the Pareto frontier.`, ''];
  out.push(await plot(s.dir, `${slug(mode)}-cloud`, cloudSpec(mode, rows, frontier, colorBy, op), o.png, plots), '');
  out.push(`### Pareto frontier (lower energy per ${op}, higher performance density)`, '', frontierTable(frontier, id.columns, op), '');
  out.push(`### Cost of ${giga(o.rate)} G${op}/s at fixed power density`, '', 'Rule: among the designs at or under the limit, the least area (the study\'s). Interpolated: the Pareto frontier between the two frontier points that bracket the limit, log-linear in performance density and energy, at exactly the limit (synth-models/rate-cost.ts).', '', rateCostTable(costAtRate(rows, o.rate, o.limits), id.columns, op, o.rate, rows), '');
  const groups = constrainedFrontiers(rows, id.columns);
  if (groups.length > 0) {
    out.push('### Constrained frontiers', '');
    for (const axis of id.columns) {
      const g = groups.filter((x) => x.axis === axis);
      out.push(await plot(s.dir, `${slug(mode)}-by-${slug(axis)}`, constrainedSpec(mode, axis, rows, g, frontier, op), o.png, plots), '');
    }
    out.push(`Per constraint: its frontier's reach, how many overall-frontier points satisfy it, and the area needed for ${giga(o.rate)} G${op}/s at each power-density limit using only such designs.`, '');
    out.push(constrainedTable(groups, frontier, op, o.rate, o.limits), '');
  }
  return out.join('\n');
}

function checksSections(dir: string): string {
  const out: string[] = ['## Calibration against the published components', ''];
  const cal = readCalibration(dir);
  if (cal === null) {
    out.push(`Not run for this directory (\`gfxrtl calibrate --out ${dir}\` writes ${CALIBRATION_JSON}).`, '');
  } else {
    const k = cal.knobs;
    out.push(
      `Published: one Blur rasterizer's components at ${cal.point.vdd} V, ${cal.point.vt} Vt, ${sig(cal.point.clockHz / 1e9)} GHz, each fully used (raster-units.md). ` +
        `Ours: the ${cal.domain} design's instances priced at the same point, each at the fewest stages that meet the clock, with the fitted global knobs ` +
        `(area x${sig(k.areaFactor, 4)}, energy x${sig(k.energyFactor, 4)}, delay x${sig(k.delayFactor, 4)}: the delay knob sets each component's pipeline depth at the clock and is fitted to minimise the combined log error of the other two). ` +
        `RMS log error: area ${sig(cal.rmsLogArea)}, power ${sig(cal.rmsLogPower)}. Components this design does not have are listed as not modelled and do not enter the fit.`,
      '',
      calibrationTable(cal),
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

export async function writeReport(dir: string, opts: ReportOptions = {}): Promise<ReportFiles> {
  const s = loadSweep(dir);
  const id = s.manifest.identity;
  const o: Required<ReportOptions> = {
    rate: opts.rate ?? DEFAULT_RATE,
    limits: opts.limits ?? DEFAULT_LIMITS,
    colorBy: opts.colorBy ?? id.columns[0] ?? 'vt',
    png: opts.png ?? true,
  };
  const valid = ['vt', 'vdd', 'stages', ...id.columns];
  if (!valid.includes(o.colorBy)) throw new SweepError(`report: --color-by ${o.colorBy} is not a column; use one of ${valid.join(', ')}`);
  mkdirSync(join(dir, 'plots'), { recursive: true });
  const plots: string[] = [];
  const reproduce = [sweepCommandLine(id, s.manifest.shard, dir), `gfxrtl report ${dir}`];
  const parts = [
    `# Design-space sweep: ${id.summary}`,
    '',
    ...s.warnings.map((w) => `> **Warning.** ${w}\n`),
    `${s.rows.length} design points, ${id.microArchs.length} micro-architectures in the spec${s.manifest.shard ? ` (this directory: shard ${s.manifest.shard.index}/${s.manifest.shard.count})` : ''}. ` +
      'Data: [points.csv](points.csv), [points.jsonl](points.jsonl) (one design point per line; columns explained below).',
    '',
    explainSection(s.manifest, reproduce),
  ];
  for (const [mode, rows] of groupBy(s.rows, (r) => r.mode)) parts.push(await modeSection(s, mode, rows, o, plots));
  parts.push(checksSections(dir));
  const index = join(dir, 'index.md');
  writeDurable(index, parts.join('\n'));
  return { index, plots };
}
