// Vega-Lite specs of the sort study's figures.
import type { TopLevelSpec } from 'vega-lite';
import type { CostRow, ResultRow } from './experiment.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Passes and cycles of the busiest tile against k, one line per scene (one key per cycle). */
export function passesCyclesSpec(rows: readonly ResultRow[]): TopLevelSpec {
  const data = rows.filter((r) => r.keysPerCycle === 1).map((r) => ({ k: r.k, scene: r.scene, passes: r.passes, cycles: r.cycles }));
  const panel = (field: string, title: string) => ({
    width: 420,
    height: 260,
    mark: { type: 'line' as const, point: true },
    encoding: {
      x: { field: 'k', type: 'quantitative' as const, title: 'digit width k (bits)' },
      y: { field, type: 'quantitative' as const, title },
      color: { field: 'scene', type: 'nominal' as const },
    },
  });
  return {
    $schema: SCHEMA,
    title: 'Busiest 128x128 tile at 16 spp: passes after digit skipping and sorter cycles against k (1 key/cycle)',
    background: 'white',
    data: { values: data },
    hconcat: [panel('passes', 'passes'), panel('cycles', 'cycles per tile')],
  };
}

/** Bits per SPID by scene and codec. */
export function bitsPerSpidSpec(codecs: readonly { scene: string; spp: number; stats: { bitsPerSpid: Record<string, number> } }[]): TopLevelSpec {
  const data = codecs.flatMap((c) => [
    { scene: `${c.scene} ${c.spp}spp`, codec: 'min/max only', bits: c.stats.bitsPerSpid['minmax'] },
    { scene: `${c.scene} ${c.spp}spp`, codec: 'palette only', bits: c.stats.bitsPerSpid['palette'] },
    { scene: `${c.scene} ${c.spp}spp`, codec: 'best per block', bits: c.stats.bitsPerSpid['best'] },
  ]);
  return {
    $schema: SCHEMA,
    title: 'Bits per SPID (both 32-bit buffers, raw = 64) by scene and codec',
    background: 'white',
    data: { values: data },
    width: 620,
    height: 300,
    mark: 'bar',
    encoding: {
      x: { field: 'scene', type: 'nominal', title: null, axis: { labelAngle: -40 } },
      xOffset: { field: 'codec' },
      y: { field: 'bits', type: 'quantitative', title: 'bits per SPID' },
      color: { field: 'codec', type: 'nominal' },
    },
  };
}

/** Cycles per tile against sorter area over k x keys per cycle, with the Pareto frontier. */
export function frontierSpec(points: readonly { k: number; keysPerCycle: number; areaMm2: number; cycles: number; frontier: boolean }[]): TopLevelSpec {
  const data = points.map((p) => ({ ...p, label: `k${p.k}x${p.keysPerCycle}` }));
  const enc = {
    x: { field: 'areaMm2', type: 'quantitative' as const, scale: { type: 'log' as const, }, title: 'sorter area (mm^2, 45 nm)' },
    y: { field: 'cycles', type: 'quantitative' as const, scale: { type: 'log' as const }, title: 'cycles of the busiest tile' },
  };
  return {
    $schema: SCHEMA,
    title: 'Radix sorter: cycles per 128x128x16 tile against area, k x keys per cycle (frontier in black)',
    background: 'white',
    width: 560,
    height: 360,
    layer: [
      { data: { values: data }, mark: { type: 'point', filled: true, size: 60 }, encoding: { ...enc, color: { field: 'keysPerCycle', type: 'nominal', title: 'keys/cycle' }, shape: { field: 'k', type: 'nominal' } } },
      { data: { values: data }, mark: { type: 'text', dx: 18, dy: -6, fontSize: 9 }, encoding: { ...enc, text: { field: 'label' } } },
      { data: { values: data.filter((d) => d.frontier) }, mark: { type: 'line', color: 'black' }, encoding: { ...enc, order: { field: 'areaMm2' } } },
    ],
  };
}

export function frontier<T extends { areaMm2: number; cycles: number }>(pts: readonly T[]): Set<T> {
  const out = new Set<T>();
  for (const p of pts) {
    const dominated = pts.some((q) => q !== p && q.areaMm2 <= p.areaMm2 && q.cycles <= p.cycles && (q.areaMm2 < p.areaMm2 || q.cycles < p.cycles));
    if (!dominated) out.add(p);
  }
  return out;
}

export type { CostRow };
