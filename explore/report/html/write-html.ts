// DIR/index.html, DIR/designs/*.html and DIR/assets/: the interactive
// report of a sweep directory, beside the Markdown one (index.md stays for
// terminals and diffs). Per mode a chart of every design point with its
// Pareto frontier (hover for a point's figures, drag and wheel to pan and
// zoom, click a frontier point to open its design's page), and the frontier
// as one row per distinct design with its Vt x Vdd x depth variants folded;
// filters by micro-architecture parameter above. Works from file:// with no
// network: vega's runtime is copied from node_modules, data is inline.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { writeDurable } from '../../sweep/files.js';
import { figure, type PointRow } from '../../sweep/point.js';
import { formatValue } from '../../sweep/spec.js';
import { importStudy, studyDomain } from '../../sweep/study-ref.js';
import { readCache } from '../../sweep/store.js';
import { groupBy, paretoFront, scorerOf } from '../../pareto.js';
import { sig } from '../format.js';
import { loadSweep } from '../load.js';
import { dropHandedOver } from '../elaborated.js';
import { chartSpec, type ChartDatum } from './chart.js';
import { CLIENT_JS, DESIGN_JS } from './client.js';
import { designPage, pointHash, type WaveformRenderer } from './design-page.js';
import { esc, htmlTable, jsonScript, page } from './page.js';

export type { WaveformRenderer };

export interface HtmlReportOptions {
  /** Draws the first cycles of each design's workload (the CLI passes WaveDrom's). */
  waveform?: WaveformRenderer;
  /** Cycles traced for each design page (default 24). */
  waveCycles?: number;
}

export interface HtmlReportFiles {
  index: string;
  designs: string[];
}

/** A design's file name: its id with anything but [A-Za-z0-9._=-] as '_'. */
function designSlug(id: string): string {
  return id.replace(/[^A-Za-z0-9._=-]+/g, '_');
}

function modeSlug(mode: string): string {
  return mode.replace(/[^A-Za-z0-9_-]+/g, '_');
}

function copyVega(dir: string): void {
  const build = dirname(createRequire(import.meta.url).resolve('vega'));
  copyFileSync(join(build, 'vega.min.js'), join(dir, 'assets', 'vega.min.js'));
}

export async function writeHtmlReport(dir: string, opts: HtmlReportOptions = {}): Promise<HtmlReportFiles> {
  const s = loadSweep(dir);
  const id = s.manifest.identity;
  const st = id.study;
  const study = await importStudy({ module: st.module, name: st.name });
  const domain = studyDomain(study, { workload: id.workload.name, params: id.workloadParams, seed: id.workload.seed });
  const o = st.objectives;
  const score = scorerOf<PointRow>(o, figure);
  const columns = id.columns;
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'designs'), { recursive: true });
  copyVega(dir);
  writeDurable(join(dir, 'assets', 'report.js'), CLIENT_JS);
  writeDurable(join(dir, 'assets', 'design.js'), DESIGN_JS);

  const modes = [...groupBy(s.rows, (r) => r.mode)].map(([mode, rows]) => ({ mode, rows, frontier: paretoFront(rows, score) }));
  const onFrontier = new Set(modes.flatMap((m) => m.frontier.map((r) => r.id)));
  const pageOf = (r: PointRow): string => (onFrontier.has(r.id) ? `designs/${designSlug(r.id)}.html#${pointHash(r)}` : '');
  const params = (r: PointRow): Record<string, string> => Object.fromEntries(columns.map((c) => [c, formatValue(r.params[c]!)]));
  const datum = (r: PointRow): ChartDatum => ({
    x: figure(r, o.x.key) / o.x.display.scale,
    y: figure(r, o.y.key) / o.y.display.scale,
    id: r.id,
    vt: r.vt,
    vdd: r.vdd,
    stages: r.stages,
    page: pageOf(r),
    params: params(r),
    areaUm2: r.areaMm2 * 1e6,
    powerMw: r.powerW * 1e3,
    clockGhz: r.clockHz / 1e9,
  });

  const body: string[] = [
    `<h1>${esc(st.name)}: ${esc(id.summary)}</h1>`,
    ...s.warnings.map((w) => `<p><b>Warning.</b> ${esc(w)}</p>`),
    `<p>${s.rows.length} design points of ${id.microArchs.length} micro-architectures, ${onFrontier.size} of them with a point on a frontier (each has a page). Throughput in ${esc(st.work.name)}s: ${esc(st.work.doc)}. Workload: ${esc(id.workload.doc)}. Knobs: ${esc(id.knobsSource)}.</p>`,
    `<p class="note">Hover a point for its figures; drag to pan, wheel to zoom; click a red frontier point (or a grey point of a design on the frontier) to open its design's page. The Markdown report: <a href="index.md">index.md</a>; every point: <a href="points.csv">points.csv</a>.</p>`,
  ];
  if (columns.length > 0) {
    const selects = columns.map((c) => {
      const values = [...new Set(s.rows.map((r) => formatValue(r.params[c]!)))];
      return `<label>${esc(c)} <select data-filter="${esc(c)}"><option value="">all</option>${values.map((v) => `<option>${esc(v)}</option>`).join('')}</select></label>`;
    });
    body.push(`<div class="filters"><b>Filter</b> ${selects.join(' ')}</div>`);
  }
  const modeData: object[] = [];
  for (const m of modes) {
    const slug = modeSlug(m.mode);
    body.push(`<h2>Mode ${esc(m.mode)}</h2>`, `<p class="note">${m.rows.length} design points from ${new Set(m.rows.map((r) => r.id)).size} micro-architectures; ${m.frontier.length} on the Pareto frontier (${o.x.better} ${esc(o.x.display.label)}, ${o.y.better} ${esc(o.y.display.label)}).</p>`);
    body.push(`<div class="chart" id="chart-${esc(slug)}"></div>`);
    const byDesign = [...groupBy(m.frontier, (r) => r.id)];
    const rows = byDesign.map(([did, variants]) => {
      const bestX = [...variants].sort((a, b) => score(b)[0] - score(a)[0])[0]!;
      const bestY = [...variants].sort((a, b) => score(b)[1] - score(a)[1])[0]!;
      const fold = htmlTable(['Vt', 'Vdd', 'stages', 'GHz', esc(o.x.display.unit), esc(o.y.display.unit)], variants.map((r) => [`<a href="${esc(pageOf(r))}">${r.vt}</a>`, String(r.vdd), String(r.stages), (r.clockHz / 1e9).toFixed(2), sig(figure(r, o.x.key) / o.x.display.scale, 4), sig(figure(r, o.y.key) / o.y.display.scale, 4)]));
      return [
        `<a href="designs/${esc(designSlug(did))}.html">${esc(did)}</a>`,
        ...columns.map((c) => esc(formatValue(variants[0]!.params[c]!))),
        `${sig(figure(bestX, o.x.key) / o.x.display.scale, 4)} <span class="note">(${bestX.vt}, ${bestX.vdd} V, ${bestX.stages})</span>`,
        `${sig(figure(bestY, o.y.key) / o.y.display.scale, 4)} <span class="note">(${bestY.vt}, ${bestY.vdd} V, ${bestY.stages})</span>`,
        `<details><summary>${variants.length} point${variants.length === 1 ? '' : 's'}</summary>${fold}</details>`,
      ];
    });
    const paramsOfRow = byDesign.map(([, v]) => JSON.stringify(params(v[0]!)));
    body.push(
      `<h3>Frontier designs (one row per design; its Vt x Vdd x depth points folded)</h3>`,
      htmlTable(['design', ...columns.map(esc), `best ${esc(o.x.display.label)} (${esc(o.x.display.unit)})`, `best ${esc(o.y.display.label)} (${esc(o.y.display.unit)})`, 'frontier points'], rows, 1 + columns.length, (i) => ` data-params="${esc(paramsOfRow[i]!)}"`),
    );
    modeData.push({ name: m.mode, slug, spec: await chartSpec(`${m.mode}: ${m.rows.length} design points, frontier in red`, o), cloud: m.rows.map(datum), frontier: m.frontier.map(datum) });
  }
  body.push('<div id="tooltip"></div>', jsonScript('report-data', { x: `${o.x.display.label} (${o.x.display.unit})`, y: `${o.y.display.label} (${o.y.display.unit})`, modes: modeData }));
  const index = join(dir, 'index.html');
  writeDurable(index, page(`${st.name} report`, body.join('\n'), ['assets/vega.min.js', 'assets/report.js']));

  const designs: string[] = [];
  const frontierOf = groupBy(modes.flatMap((m) => m.frontier), (r) => r.id);
  const pointsOf = groupBy(s.rows, (r) => r.id);
  for (const entry of id.microArchs) {
    const frontier = frontierOf.get(entry.id);
    if (frontier === undefined) continue;
    const slug = designSlug(entry.id);
    const { html, verilog } = await designPage({
      study,
      identity: id,
      id: entry.id,
      params: entry.params,
      config: domain.microArch(entry.params) as Record<string, never>,
      frontier,
      points: pointsOf.get(entry.id)?.length ?? frontier.length,
      performance: readCache(dir, entry.id)?.performance ?? null,
      verilogFile: `${slug}.v`,
      ...(opts.waveform !== undefined && { waveform: opts.waveform }),
      waveCycles: opts.waveCycles ?? 24,
    });
    writeDurable(join(dir, 'designs', `${slug}.v`), verilog);
    const file = join(dir, 'designs', `${slug}.html`);
    writeDurable(file, html);
    designs.push(file);
  }
  dropHandedOver();
  return { index, designs };
}

/** ROOT/index.html over a folder of studies: a link to each study's page. */
export function writeStudiesHtmlIndex(root: string, studies: readonly { name: string; summary: string }[], knobs: string): string {
  const body = [
    '<h1>gfxrtl studies</h1>',
    `<p>Every study run into this folder; the cost model's global knobs come from ${esc(knobs)}. The Markdown index: <a href="index.md">index.md</a>.</p>`,
    htmlTable(['study', 'what it sweeps'], studies.map((x) => [`<a href="${esc(x.name)}/index.html">${esc(x.name)}</a>`, esc(x.summary)])),
  ];
  const file = join(root, 'index.html');
  writeDurable(file, page('gfxrtl studies', body.join('\n')));
  return file;
}
