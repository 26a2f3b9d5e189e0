// Vega-Lite specs of a study's figures: per mode, the cloud of design
// points (the study's two objectives, log scale) with its Pareto frontier,
// coloured by one parameter; and, per parameter, the frontiers restricted
// to each of its values over the grey cloud, with the overall frontier dashed.
import type { TopLevelSpec } from 'vega-lite';
import type { Objectives } from '../contract.js';
import type { ConstrainedFrontier } from '../pareto.js';
import { figure, type PointRow } from '../sweep/point.js';
import { param } from './format.js';

/** One point of a plot: its two objectives in display units, and its colour's label. */
export interface Datum {
  x: number;
  y: number;
  c: string;
}

const WIDTH = 560;
const HEIGHT = 380;

function axes(o: Objectives): { x: object; y: object } {
  return {
    x: { field: 'x', type: 'quantitative', scale: { type: 'log' }, title: `${o.x.display.label} (${o.x.display.unit})` },
    y: { field: 'y', type: 'quantitative', scale: { type: 'log' }, title: `${o.y.display.label} (${o.y.display.unit})` },
  };
}

function datum(o: Objectives, r: PointRow, c: string): Datum {
  return { x: figure(r, o.x.key) / o.x.display.scale, y: figure(r, o.y.key) / o.y.display.scale, c };
}

/** Legend order: numeric when every value is a number, else as first met
 *  (rows are in canonical order, so axis order). */
function legendOrder(values: readonly string[]): string[] {
  const uniq = [...new Set(values)];
  return uniq.every((v) => v !== '' && Number.isFinite(Number(v))) ? uniq.sort((a, b) => Number(a) - Number(b)) : uniq;
}

function colourOf(r: PointRow, by: string): string {
  if (by === 'vt' || by === 'vdd' || by === 'stages') return String(r[by]);
  return param(r.params[by]);
}

/** Cloud of one mode's points coloured by `colorBy` (a column, or vt, vdd,
 *  stages), with the frontier as a black line. */
export function cloudSpec(mode: string, rows: readonly PointRow[], frontier: readonly PointRow[], colorBy: string, o: Objectives): TopLevelSpec {
  const { x, y } = axes(o);
  const cloud = rows.map((r) => datum(o, r, colourOf(r, colorBy)));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${mode}: ${rows.length} design points, Pareto frontier in black`,
    width: WIDTH,
    height: HEIGHT,
    background: 'white',
    layer: [
      {
        data: { values: cloud },
        mark: { type: 'point', filled: true, size: 14, opacity: 0.45 },
        encoding: { x, y, color: { field: 'c', type: 'nominal', title: colorBy, scale: { domain: legendOrder(cloud.map((d) => d.c)) } } },
      },
      {
        data: { values: frontier.map((r) => datum(o, r, 'frontier')) },
        mark: { type: 'line', color: 'black', strokeWidth: 1.5, point: { filled: true, size: 24, color: 'black' } },
        encoding: { x, y, order: { field: 'x', type: 'quantitative' } },
      },
    ],
  };
}

/** The grey cloud under a mode's constrained frontiers: every point of the mode. */
export function greyCloud(rows: readonly PointRow[], o: Objectives): Datum[] {
  return rows.map((r) => datum(o, r, 'all'));
}

/** The points of `cloud` that fix the extent of x and of y (the domains of
 *  the plot's log scales), with every point a log scale could not place
 *  kept as it is: the same scales as the whole cloud, whatever vega drops. */
export function domainBounds(cloud: readonly Datum[]): Datum[] {
  const placeable = (v: number): boolean => Number.isFinite(v) && v > 0;
  const odd = cloud.filter((d) => !(placeable(d.x) && placeable(d.y)));
  const good = cloud.filter((d) => placeable(d.x) && placeable(d.y));
  if (good.length === 0) return odd;
  const pick = (better: (a: Datum, b: Datum) => boolean): Datum => good.reduce((m, d) => (better(d, m) ? d : m));
  const ends = [pick((a, b) => a.x < b.x), pick((a, b) => a.x > b.x), pick((a, b) => a.y < b.y), pick((a, b) => a.y > b.y)];
  return [...new Set(ends), ...odd];
}

/** Frontiers restricted to each value of `axis`, over the grey cloud
 *  (greyCloud of the mode's rows, or its domainBounds: shared-layer.ts). */
export function constrainedSpec(mode: string, axis: string, cloud: readonly Datum[], groups: readonly ConstrainedFrontier<PointRow>[], overall: readonly PointRow[], o: Objectives): TopLevelSpec {
  const { x, y } = axes(o);
  const lines = groups.flatMap((g) => g.frontier.map((r) => datum(o, r, `${axis}=${param(g.value)}`)));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${mode}: frontiers by ${axis} (overall frontier dashed)`,
    width: WIDTH,
    height: HEIGHT,
    background: 'white',
    layer: [
      { data: { values: cloud }, mark: { type: 'point', filled: true, size: 10, opacity: 0.15, color: '#888' }, encoding: { x, y } },
      {
        data: { values: lines },
        mark: { type: 'line', strokeWidth: 1.8, point: { filled: true, size: 20 } },
        encoding: { x, y, color: { field: 'c', type: 'nominal', title: axis, scale: { domain: groups.map((g) => `${axis}=${param(g.value)}`) } }, order: { field: 'x', type: 'quantitative' } },
      },
      // Last, so the dashed line stays visible where a constrained frontier runs along it.
      {
        data: { values: overall.map((r) => datum(o, r, 'overall')) },
        mark: { type: 'line', color: 'black', strokeDash: [5, 4], strokeWidth: 1.2 },
        encoding: { x, y, order: { field: 'x', type: 'quantitative' } },
      },
    ],
  };
}
