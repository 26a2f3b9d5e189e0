// The interactive frontier chart of one mode, as a Vega spec compiled in
// Node from Vega-Lite, so the page needs only vega's runtime (a file copied
// from node_modules, no network). Two named datasets the page fills:
// `cloud` (every design point of the mode) and `frontier` (its Pareto
// points); the scales are bound to the mouse (drag to pan, wheel to zoom).
import type { Objectives } from '../../contract.js';

const WIDTH = 620;
const HEIGHT = 400;

/** One point as the page plots it: objectives already scaled for display. */
export interface ChartDatum {
  x: number;
  y: number;
  /** The design (micro-architecture) id. */
  id: string;
  vt: string;
  vdd: number;
  stages: number;
  /** The design page of this point, with the point in its hash; '' when the design has none. */
  page: string;
  /** Micro-architecture parameters, for filters and the tooltip. */
  params: Record<string, string>;
  areaUm2: number;
  powerMw: number;
  clockGhz: number;
}

/** The Vega spec of a mode's chart. */
export async function chartSpec(title: string, o: Objectives): Promise<object> {
  const { compile } = await import('vega-lite');
  const x = { field: 'x', type: 'quantitative', scale: { type: 'log', zero: false }, title: `${o.x.display.label} (${o.x.display.unit}), ${o.x.better} is better` } as const;
  const y = { field: 'y', type: 'quantitative', scale: { type: 'log', zero: false }, title: `${o.y.display.label} (${o.y.display.unit}), ${o.y.better} is better` } as const;
  const spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    width: WIDTH,
    height: HEIGHT,
    background: 'white',
    layer: [
      {
        data: { name: 'cloud' },
        params: [{ name: 'zoom', select: 'interval', bind: 'scales' }],
        mark: { type: 'point', filled: true, size: 16, opacity: 0.4, color: '#7a8ca0', cursor: 'pointer' },
        encoding: { x, y, tooltip: { field: 'id', type: 'nominal' } },
      },
      {
        data: { name: 'frontier' },
        mark: { type: 'line', color: 'black', strokeWidth: 1.5, point: { filled: true, size: 46, color: '#c0392b', cursor: 'pointer' } },
        encoding: { x, y, order: { field: 'x', type: 'quantitative' }, tooltip: { field: 'id', type: 'nominal' } },
      },
    ],
  };
  return compile(spec as Parameters<typeof compile>[0]).spec;
}
