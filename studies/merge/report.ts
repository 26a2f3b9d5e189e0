// The merge study's report folder for one unit: results.jsonl (one row per
// measurement), heat maps (PNG) per scene, plots (SVG + PNG) and index.md
// with the tables. Everything is rendered in memory first, then each file
// is written to a temporary name and renamed.
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { writeOutputFile as writeFileAtomic } from '../../hdl/output-file.js';
import { renderPng, renderSvg } from '../../explore/index.js';
import { svgToPng } from '../../waveforms/png.js';
import type { ExperimentParams, ResultRow } from './experiment.js';
import { heatmapSvg, type HeatPanel } from './heatmap.js';
import { capturedSpec, perPixelVsAreaSpec, pmuSpec } from './plots.js';
import { capturedTable, pmuTable, shadedTable } from './tables.js';

export interface HeatFigure {
  readonly scene: string;
  readonly caption: string;
  readonly width: number;
  readonly height: number;
  readonly panels: readonly HeatPanel[];
}

export interface ReportInput {
  readonly params: ExperimentParams;
  readonly what: string;
  readonly rows: readonly ResultRow[];
  readonly heat: readonly HeatFigure[];
  readonly heatEntries: number;
  readonly seconds: number;
  readonly extraSections?: readonly string[];
}

/** What the rows mean, as the report (and docs/results) state it. */
export function definitions(p: ExperimentParams): string[] {
  const flush = p.unit === 'qfm' ? 'each patch (grid)' : 'each draw';
  return [
    `Shaded per pixel = 4 x shaded quads / covered pixels: pixel-shader executions per covered pixel, helper pixels included. ` +
      `Buffers flush after ${flush}; the bounded ones flush by '${p.flush}'. ` +
      (p.unit === 'qfm'
        ? `QFM tries can_merge on the ${p.recent} newest matching entries. The ideal buffer is unbounded, tries every matching entry and merges at flush (no bounded run beats it: property-tested).`
        : 'The PMU looks at every same-quad entry (no N limit) and keeps one primitive per entry. The ideal PMU is unbounded and merges at flush.'),
    '',
    "Captured = quads a buffer saves / quads the ideal saves (against NOMERGE). Savings = quads saved / all quads NOMERGE shades." +
      (p.unit === 'pmu'
        ? ' PMU efficiency, both readings of the paper: **saved/partial** = partially covered quads saved / partially covered quads in (the figure caption), **partial drop** = (partially covered quads in - partially covered quads shaded) / partially covered quads in (the text). A partially covered quad has a pixel with some but not all samples covered.'
        : ''),
  ];
}

export async function writeMergeReport(dir: string, input: ReportInput): Promise<string[]> {
  const files = new Map<string, string | Uint8Array>();
  const p = input.params;
  files.set('results.jsonl', input.rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const heatLinks: string[] = [];
  for (const h of input.heat) {
    const svg = heatmapSvg(h.caption, h.panels, h.width, h.height);
    const name = `heatmap-${h.scene.replace(/[^A-Za-z0-9_-]+/g, '_')}.png`;
    files.set(name, svgToPng(svg, { scale: 1 }));
    heatLinks.push(`![${h.caption}](${name})`);
  }
  const plots: [string, string, TopLevelSpec][] = [
    ['shaded-per-pixel', 'Shaded quads per covered pixel against triangle area', perPixelVsAreaSpec(input.rows, input.heatEntries)],
    ['captured', "Merges captured against buffer size (fraction of the ideal's)", capturedSpec(input.rows)],
  ];
  if (p.unit === 'pmu') plots.push(['pmu-efficiency', 'PMU efficiency (both readings) and savings against buffer size', pmuSpec(input.rows)]);
  const plotLinks: string[] = [];
  for (const [name, caption, spec] of plots) {
    const svg = await renderSvg(spec);
    files.set(`plots/${name}.svg`, svg);
    files.set(`plots/${name}.png`, renderPng(svg));
    plotLinks.push(`![${caption}](plots/${name}.png)`);
  }
  const msaas = [...new Set(input.rows.map((r) => r.msaa))];
  const md = [
    `# ${p.unit.toUpperCase()}: shading work saved (${input.what})`,
    '',
    `Scenes ${p.scenes.join(', ')}; surfaces of ${p.triangles} triangles asked of the tessellator, emitted as square patches of at most 512, on a ${p.width}x${p.height} frame; ` +
      `mean triangle areas ${p.areas.join(', ')} px^2; MSAA ${p.msaa.join(', ')}; buffer entries ${p.entries.join(', ')} and the ideal; seed ${p.seed}. ` +
      `${input.rows.length} measurements in ${input.seconds.toFixed(0)} s, from the golden models.`,
    '',
    ...definitions(p),
    '',
    '## Shaded per covered pixel',
    '',
    ...msaas.flatMap((m) => [`### MSAA ${m}x`, '', shadedTable(input.rows, m, p.entries), '']),
    ...plotLinks.slice(0, 1),
    '',
    '## Heat maps',
    '',
    ...heatLinks.flatMap((l) => [l, '']),
    "## Merges captured: fraction of the ideal's saved quads",
    '',
    ...msaas.flatMap((m) => [`### MSAA ${m}x`, '', capturedTable(input.rows, m, p.entries), '']),
    ...plotLinks.slice(1, 2),
    '',
    ...(p.unit === 'pmu'
      ? [
          '## PMU efficiency and savings',
          '',
          'Each cell: saved/partial / partial drop / savings.',
          '',
          ...msaas.filter((m) => m > 1).flatMap((m) => [`### MSAA ${m}x`, '', pmuTable(input.rows, m, p.entries), '']),
          ...plotLinks.slice(2),
          '',
        ]
      : []),
    ...(input.extraSections ?? []),
  ].join('\n');
  files.set('index.md', md);
  for (const [name, data] of files) writeFileAtomic(join(dir, name), data);
  return [...files.keys()];
}
