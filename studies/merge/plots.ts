// Vega-Lite specs of the merge study's figures, drawn from results.jsonl rows.
import type { TopLevelSpec } from 'vega-lite';
import type { ResultRow } from './experiment.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

type FacetedSpec = Extract<TopLevelSpec, { facet: unknown }>;
type Facet = FacetedSpec['facet'];
type Encoding = NonNullable<Extract<FacetedSpec['spec'], { mark: unknown }>['encoding']>;

/** A grid of small line charts, one per facet cell: the form every merge figure takes. */
function facetedLines(title: string, values: object[], facet: Facet, encoding: Encoding): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title,
    background: 'white',
    data: { values },
    facet,
    spec: { width: 220, height: 150, mark: { type: 'line', point: true }, encoding },
  };
}

/** Shaded quads per covered pixel against mean triangle area, per scene (columns) and MSAA (rows); the game frame has no area and is left out. */
export function perPixelVsAreaSpec(rows: readonly ResultRow[], entries: number): TopLevelSpec {
  const data = rows
    .filter((r) => r.triArea !== null && (r.entries === null || r.entries === entries))
    .map((r) => ({ scene: r.scene, msaa: `${r.msaa}x`, area: r.triArea, y: r.shadedPerPixel, unit: r.entries === null ? r.unit : `${r.unit} (${entries} entries)` }));
  return facetedLines(
    `Pixel-shader executions per covered pixel against mean triangle area (bounded buffer: ${entries} entries)`,
    data,
    { column: { field: 'scene', type: 'nominal' }, row: { field: 'msaa', type: 'ordinal', sort: ['1x', '4x', '8x', '16x'] } },
    {
      x: { field: 'area', type: 'quantitative', scale: { type: 'log' }, title: 'mean triangle area (px^2)' },
      y: { field: 'y', type: 'quantitative', title: 'shaded per pixel' },
      color: { field: 'unit', type: 'nominal', title: 'unit' },
    },
  );
}

/** Quads saved as a fraction of the ideal buffer's, against buffer size, per scene (columns) and MSAA (rows). */
export function capturedSpec(rows: readonly ResultRow[]): TopLevelSpec {
  const data = rows
    .filter((r) => (r.unit === 'qfm' || r.unit === 'pmu') && r.capturedFraction !== null)
    .map((r) => ({ scene: r.scene, msaa: `${r.msaa}x`, entries: r.entries, y: r.capturedFraction, area: r.triArea === null ? 'mixed' : String(r.triArea) }));
  return facetedLines(
    "Merges captured against buffer size, as a fraction of the ideal buffer's",
    data,
    { column: { field: 'scene', type: 'nominal' }, row: { field: 'msaa', type: 'ordinal', sort: ['1x', '4x', '8x', '16x'] } },
    {
      x: { field: 'entries', type: 'quantitative', scale: { type: 'log', base: 2 }, title: 'buffer entries' },
      y: { field: 'y', type: 'quantitative', title: 'fraction of ideal' },
      color: { field: 'area', type: 'ordinal', title: 'triangle area (px^2)', sort: 'ascending' },
    },
  );
}

/** PMU efficiency under both readings and savings against buffer size, per scene (columns) and metric (rows), MSAA as colour, averaged over the areas. */
export function pmuSpec(rows: readonly ResultRow[]): TopLevelSpec {
  const metrics: [string, (r: ResultRow) => number | null][] = [
    ['saved/partial', (r) => r.efficiencySaved],
    ['partial drop', (r) => r.efficiencyPartialDrop],
    ['savings', (r) => r.savings],
  ];
  const acc = new Map<string, { scene: string; metric: string; entries: number; msaa: string; sum: number; n: number }>();
  for (const r of rows) {
    if (r.unit !== 'pmu' || r.msaa === 1) continue;
    for (const [metric, f] of metrics) {
      const v = f(r);
      if (v === null) continue;
      const k = `${r.scene}|${metric}|${r.entries}|${r.msaa}`;
      const a = acc.get(k) ?? { scene: r.scene, metric, entries: r.entries!, msaa: `${r.msaa}x`, sum: 0, n: 0 };
      a.sum += v;
      a.n++;
      acc.set(k, a);
    }
  }
  const data = [...acc.values()].map((a) => ({ scene: a.scene, metric: a.metric, entries: a.entries, msaa: a.msaa, y: a.sum / a.n }));
  return facetedLines(
    'PMU efficiency (saved/partial: partially covered quads saved / in; partial drop: drop in partially covered quads rendered) and savings (quads saved / all quads), mean over triangle areas',
    data,
    { column: { field: 'scene', type: 'nominal' }, row: { field: 'metric', type: 'nominal' } },
    {
      x: { field: 'entries', type: 'quantitative', scale: { type: 'log', base: 2 }, title: 'buffer entries' },
      y: { field: 'y', type: 'quantitative', title: null },
      color: { field: 'msaa', type: 'ordinal', title: 'MSAA', sort: ['4x', '8x', '16x'] },
    },
  );
}
