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

/** Shaded quads per covered pixel against mean triangle area, per scene (columns) and MSAA (rows). */
export function perPixelVsAreaSpec(rows: readonly ResultRow[], entries: number): TopLevelSpec {
  const data = rows
    .filter((r) => r.entries === null || r.entries === entries)
    .map((r) => ({ scene: r.scene, msaa: `${r.msaa}x`, area: r.triArea, y: r.shadedPerPixel, unit: r.entries === null ? r.unit : `${r.unit} (${entries} entries)` }));
  return facetedLines(
    `Pixel-shader executions per covered pixel against mean triangle area (bounded buffers: ${entries} entries)`,
    data,
    { column: { field: 'scene', type: 'nominal' }, row: { field: 'msaa', type: 'ordinal', sort: ['1x', '4x', '8x', '16x'] } },
    {
      x: { field: 'area', type: 'quantitative', scale: { type: 'log' }, title: 'mean triangle area (px^2)' },
      y: { field: 'y', type: 'quantitative', title: 'shaded per pixel' },
      color: { field: 'unit', type: 'nominal', title: 'unit' },
    },
  );
}

/** Quads saved as a fraction of the unbounded buffer's, against buffer size. */
export function capturedSpec(rows: readonly ResultRow[], msaa: number): TopLevelSpec {
  const data = rows
    .filter((r) => (r.unit === 'qfm' || r.unit === 'pmu') && r.msaa === msaa && r.capturedFraction !== null)
    .map((r) => ({ scene: r.scene, unit: r.unit.toUpperCase(), entries: r.entries, y: r.capturedFraction, area: String(r.triArea) }));
  return facetedLines(
    `Merges captured against buffer size, as a fraction of the unbounded buffer's (MSAA ${msaa}x)`,
    data,
    { column: { field: 'scene', type: 'nominal' }, row: { field: 'unit', type: 'nominal' } },
    {
      x: { field: 'entries', type: 'quantitative', scale: { type: 'log', base: 2 }, title: 'buffer entries' },
      y: { field: 'y', type: 'quantitative', title: 'fraction of unbounded' },
      color: { field: 'area', type: 'ordinal', title: 'triangle area (px^2)', sort: 'ascending' },
    },
  );
}

/** PMU efficiency and savings (merge-units.md) against buffer size, per MSAA rate. */
export function pmuSpec(rows: readonly ResultRow[], area: number): TopLevelSpec {
  const data = rows
    .filter((r) => r.unit === 'pmu' && r.triArea === area && r.msaa > 1)
    .flatMap((r) => [
      { scene: r.scene, metric: 'efficiency', entries: r.entries, y: r.efficiency, msaa: `${r.msaa}x` },
      { scene: r.scene, metric: 'savings', entries: r.entries, y: r.savings, msaa: `${r.msaa}x` },
    ]);
  return facetedLines(
    `PMU efficiency (partial quads saved / partial quads) and savings (quads saved / quads), triangle area ${area} px^2`,
    data,
    { column: { field: 'scene', type: 'nominal' }, row: { field: 'metric', type: 'nominal' } },
    {
      x: { field: 'entries', type: 'quantitative', scale: { type: 'log', base: 2 }, title: 'buffer entries' },
      y: { field: 'y', type: 'quantitative', title: null },
      color: { field: 'msaa', type: 'ordinal', title: 'MSAA', sort: ['4x', '8x', '16x'] },
    },
  );
}
