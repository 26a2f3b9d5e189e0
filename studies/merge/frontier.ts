// Shading work saved against area: each priced configuration joined with
// what the golden models measured for the same unit and buffer size
// (quads saved over NOMERGE, summed over every scene and triangle area at
// the cost sweep's MSAA rate), and the Pareto frontier (less area, more
// saved) over the priced configurations.
import type { TopLevelSpec } from 'vega-lite';
import { paretoMask } from '../../explore/index.js';
import type { CostRow } from './cost.js';
import type { ResultRow } from './experiment.js';

export interface FrontierPoint {
  readonly unit: 'qfm' | 'pmu';
  readonly entries: number;
  readonly maskWidth: number | null;
  readonly areaMm2: number;
  readonly powerW: number;
  readonly saved: number;
  onFrontier: boolean;
}

export function frontierPoints(cost: readonly CostRow[], rows: readonly ResultRow[]): FrontierPoint[] {
  const pts: FrontierPoint[] = [];
  for (const c of cost) {
    if (c.unit === 'qfm' && c.maskWidth !== 512) continue;
    const sel = rows.filter((r) => r.unit === c.unit && r.entries === c.entries && r.msaa === c.msaa);
    if (sel.length === 0) continue;
    const base = sel.reduce((s, r) => s + r.quadFragments, 0);
    const saved = sel.reduce((s, r) => s + r.quadsSaved, 0);
    pts.push({ unit: c.unit, entries: c.entries, maskWidth: c.maskWidth, areaMm2: c.areaMm2, powerW: c.powerW, saved: base === 0 ? 0 : saved / base, onFrontier: false });
  }
  // The engine's frontier: less area and more shading saved are both better.
  const mask = paretoMask(pts, (p) => [-p.areaMm2, p.saved]);
  pts.forEach((p, i) => (p.onFrontier = mask[i]!));
  return pts;
}

export function frontierSpec(pts: readonly FrontierPoint[], msaa: number): TopLevelSpec {
  const data = pts.map((p) => ({ x: p.areaMm2, y: p.saved, unit: p.unit.toUpperCase(), label: `${p.entries}`, frontier: p.onFrontier }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Shading work saved (quads, all scenes and areas, MSAA ${msaa}x) against area (45 nm); labels: entries`,
    background: 'white',
    width: 520,
    height: 340,
    data: { values: data },
    layer: [
      {
        transform: [{ filter: 'datum.frontier' }],
        mark: { type: 'line', color: 'black', strokeDash: [4, 3] },
        encoding: { x: { field: 'x', type: 'quantitative', sort: null }, y: { field: 'y', type: 'quantitative' }, order: { field: 'x', type: 'quantitative' } },
      },
      {
        mark: { type: 'point', filled: true, size: 70 },
        encoding: {
          x: { field: 'x', type: 'quantitative', scale: { type: 'log' }, title: 'area (mm^2)' },
          y: { field: 'y', type: 'quantitative', title: 'fraction of NOMERGE quads saved' },
          color: { field: 'unit', type: 'nominal' },
        },
      },
      {
        mark: { type: 'text', dx: 8, dy: -8, fontSize: 10 },
        encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' }, text: { field: 'label' } },
      },
    ],
  };
}
