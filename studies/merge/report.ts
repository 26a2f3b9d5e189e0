// The merge study's report folder: results.jsonl (one row per measurement),
// heat maps (PNG) per scene, plots (SVG + PNG) and index.md with the
// headline tables. Everything is rendered in memory first, then each file
// is written to a temporary name and renamed.
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { writeOutputFile as writeFileAtomic } from '../../hdl/output-file.js';
import { renderPng, renderSvg } from '../../explore/index.js';
import { svgToPng } from '../../waveforms/png.js';
import type { ExperimentParams, ResultRow } from './experiment.js';
import { heatmapSvg, type HeatPanel } from './heatmap.js';
import { capturedSpec, perPixelVsAreaSpec, pmuSpec } from './plots.js';

export interface HeatFigure {
  readonly scene: string;
  readonly caption: string;
  readonly width: number;
  readonly height: number;
  readonly panels: readonly HeatPanel[];
}

export interface ReportInput {
  readonly params: ExperimentParams;
  readonly rows: readonly ResultRow[];
  readonly heat: readonly HeatFigure[];
  readonly plotEntries: number;
  readonly plotMsaa: number;
  readonly pmuArea: number;
  readonly seconds: number;
  readonly extraSections?: readonly string[];
}

const f2 = (x: number | undefined | null): string => (x === undefined || x === null ? '' : x.toFixed(2));
const f3 = (x: number | undefined | null): string => (x === undefined || x === null ? '' : x.toFixed(3));

function perPixelTable(rows: readonly ResultRow[], msaa: number, entries: number): string {
  const lines = [
    `| scene | area (px^2) | mean area | covered px | NOMERGE | QFM (${entries}) | QFM unbounded | PMU (${entries}) | PMU unbounded |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const keyOf = (r: ResultRow): string => `${r.scene}|${r.triArea}`;
  const groups = new Map<string, ResultRow[]>();
  for (const r of rows) if (r.msaa === msaa) groups.set(keyOf(r), [...(groups.get(keyOf(r)) ?? []), r]);
  for (const g of groups.values()) {
    const pick = (u: string, e: number | null): ResultRow | undefined => g.find((r) => r.unit === u && r.entries === e);
    const n = pick('nomerge', null)!;
    lines.push(`| ${n.scene} | ${n.triArea} | ${f2(n.meanArea)} | ${n.coveredPixels} | ${f2(n.shadedPerPixel)} | ${f2(pick('qfm', entries)?.shadedPerPixel)} | ${f2(pick('qfm-unbounded', null)?.shadedPerPixel)} | ${f2(pick('pmu', entries)?.shadedPerPixel)} | ${f2(pick('pmu-unbounded', null)?.shadedPerPixel)} |`);
  }
  return lines.join('\n');
}

function pmuTable(rows: readonly ResultRow[], area: number): string {
  const entries = [...new Set(rows.filter((r) => r.unit === 'pmu').map((r) => r.entries!))].sort((a, b) => a - b);
  const lines = [
    `| scene | MSAA | partial quads | ${entries.map((e) => `eff/sav @${e}`).join(' | ')} | unbounded |`,
    `| --- | ---: | ---: | ${entries.map(() => '---:').join(' | ')} | ---: |`,
  ];
  const sel = rows.filter((r) => r.triArea === area && r.msaa > 1);
  const scenes = [...new Set(sel.map((r) => r.scene))];
  for (const s of scenes) {
    for (const m of [...new Set(sel.map((r) => r.msaa))]) {
      const g = sel.filter((r) => r.scene === s && r.msaa === m);
      const inf = g.find((r) => r.unit === 'pmu-unbounded');
      if (!inf) continue;
      lines.push(`| ${s} | ${m}x | ${inf.partialQuads} | ${entries.map((e) => { const r = g.find((x) => x.unit === 'pmu' && x.entries === e); return `${f3(r?.efficiency)} / ${f3(r?.savings)}`; }).join(' | ')} | ${f3(inf.efficiency)} / ${f3(inf.savings)} |`);
    }
  }
  return lines.join('\n');
}

export async function writeMergeReport(dir: string, input: ReportInput): Promise<string[]> {
  const files = new Map<string, string | Uint8Array>();
  files.set('results.jsonl', input.rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const heatLinks: string[] = [];
  for (const h of input.heat) {
    const svg = heatmapSvg(h.caption, h.panels, h.width, h.height);
    const name = `heatmap-${h.scene.replace(/[^A-Za-z0-9_-]+/g, '_')}.png`;
    files.set(name, svgToPng(svg, { scale: 1 }));
    heatLinks.push(`![${h.caption}](${name})`);
  }
  const plots: [string, string, TopLevelSpec][] = [
    ['shaded-per-pixel', 'Shaded quads per covered pixel against triangle area', perPixelVsAreaSpec(input.rows, input.plotEntries)],
    ['captured', 'Merges captured against buffer size (fraction of unbounded)', capturedSpec(input.rows, input.plotMsaa)],
    ['pmu-efficiency', 'PMU efficiency and savings against buffer size', pmuSpec(input.rows, input.pmuArea)],
  ];
  const plotLinks: string[] = [];
  for (const [name, caption, spec] of plots) {
    const svg = await renderSvg(spec);
    files.set(`plots/${name}.svg`, svg);
    files.set(`plots/${name}.png`, renderPng(svg));
    plotLinks.push(`![${caption}](plots/${name}.png)`);
  }
  const p = input.params;
  const md = [
    '# Merge units: shading work saved by QFM and the PMU',
    '',
    `Scenes ${p.scenes.join(', ')}; ${p.triangles} triangles asked of the tessellator per scene, cut into grids of at most 512; ` +
      `target ${p.width}x${p.height}; mean triangle areas ${p.areas.join(', ')} px^2; MSAA ${p.msaa.join(', ')}; buffer entries ${p.entries.join(', ')} and unbounded; ` +
      `can_merge tried against the ${p.recent} newest matching entries; seed ${p.seed}. ${input.rows.length} measurements in ${input.seconds.toFixed(0)} s, from the golden models.`,
    '',
    'shadedPerPixel = 4 x shaded quads / covered pixels (pixel-shader executions per covered pixel, helpers included). ',
    'PMU efficiency = partially covered quads saved / partially covered quads; savings = quads saved / quads NOMERGE shades.',
    '',
    `## Shaded per pixel, MSAA ${input.plotMsaa}x`,
    '',
    perPixelTable(input.rows, input.plotMsaa, input.plotEntries),
    '',
    ...plotLinks.slice(0, 1),
    '',
    '## Heat maps',
    '',
    ...heatLinks.flatMap((l) => [l, '']),
    '## Merges captured against buffer size',
    '',
    ...plotLinks.slice(1, 2),
    '',
    `## PMU efficiency / savings, triangle area ${input.pmuArea} px^2`,
    '',
    pmuTable(input.rows, input.pmuArea),
    '',
    ...plotLinks.slice(2),
    '',
    ...(input.extraSections ?? []),
  ].join('\n');
  files.set('index.md', md);
  for (const [name, data] of files) writeFileAtomic(join(dir, name), data);
  return [...files.keys()];
}
