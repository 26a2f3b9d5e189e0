import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import { domainBounds, type Datum } from './plots.js';
import { renderSvg } from './render.js';
import { SharedFirstLayer } from './shared-layer.js';

const SEED = 24;

/** A seeded cloud over four decades on each axis, with points a log scale cannot place. */
function cloud(n: number, seed: number): Datum[] {
  let s = seed;
  const next = (): number => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const out = Array.from({ length: n }, () => ({ x: 10 ** (4 * next() - 2), y: 10 ** (4 * next() + 1), c: 'all' }));
  out.push({ x: 0, y: 50, c: 'all' }, { x: 3, y: Number.NaN, c: 'all' });
  return out;
}

/** Shaped like plots.ts constrainedSpec: the grey cloud, then a line that
 *  differs per plot. Scales not rounded to whole decades ('nice'), so any
 *  point missing from the bounds moves a domain. */
function spec(layer: readonly Datum[], line: readonly Datum[], firstMark: 'point' | 'line' = 'point'): TopLevelSpec {
  const x = { field: 'x', type: 'quantitative', scale: { type: 'log', nice: false } } as const;
  const y = { field: 'y', type: 'quantitative', scale: { type: 'log', nice: false } } as const;
  return {
    width: 200,
    height: 150,
    layer: [
      { data: { values: [...layer] }, mark: { type: firstMark, filled: true, size: 10, opacity: 0.15, color: '#888' }, encoding: { x, y } },
      { data: { values: [...line] }, mark: { type: 'line', point: true }, encoding: { x, y, color: { field: 'c', type: 'nominal' } } },
    ],
  };
}

describe('SharedFirstLayer (seed 24)', () => {
  const all = cloud(300, SEED);
  const lines = [0, 1, 2].map((k) => all.filter((_, i) => i % 7 === k && i < 280).map((d) => ({ ...d, c: `line ${k}` })));

  it('draws each plot byte for byte as a full drawing would', async () => {
    const shared = new SharedFirstLayer(all, domainBounds(all));
    for (const line of lines) {
      const got = await shared.svg((layer) => spec(layer, line));
      const full = await renderSvg(spec(all.map((d) => ({ ...d })), line));
      expect(got.length, `seed ${SEED}`).toBe(full.length);
      expect(got === full, `seed ${SEED}`).toBe(true);
    }
  });

  it('fixes the domains with the extremes: a cut without them draws other bytes', async () => {
    const inner = all.filter((d) => d.x > 0.1 && d.x < 10 && d.y > 100 && d.y < 1e4);
    expect(inner.length).toBeGreaterThan(0);
    const shared = new SharedFirstLayer(all, inner);
    await shared.svg((layer) => spec(layer, lines[0]!));
    const got = await shared.svg((layer) => spec(layer, lines[1]!));
    expect(got).not.toBe(await renderSvg(spec(all.map((d) => ({ ...d })), lines[1]!)));
  });

  it('draws in full when the first layer is not a group of symbols', async () => {
    const shared = new SharedFirstLayer(all, domainBounds(all));
    for (const line of lines.slice(0, 2)) {
      expect(await shared.svg((layer) => spec(layer, line, 'line'))).toBe(await renderSvg(spec(all.map((d) => ({ ...d })), line, 'line')));
    }
  });
});
