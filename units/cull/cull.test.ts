// Cull against the golden edge functions: facing and A2 of each triangle,
// fed what the edge setup gives it (bbox-local start values at a point of
// the box, or edge deltas), in both forms. The cull is exact for every MP
// whose stamp-aligned box fits STP b, the MPs the pipeline walks (the rest
// it flags out of range, pipeline.test.ts): local coordinates in [0, M],
// M = 2^(b+8) - 1, the start point anywhere in the box. So: at every b,
// vertices and start points pulled to the box's edges (deltas, E and A2 at
// their extremes) and small tie-heavy MPs; and the link to the pipeline's
// rule: every MP the golden bbox says fits lies within that extent, and one
// unit more never fits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbSmallMP } from '../../testbenches/raster/arbitraries.js';
import { unitSim } from '../../testbenches/raster/unit-sim.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { edgesOf } from '../bbox/edges.js';
import { fitsStp, stampBBox } from '../raster-common/bbox.js';
import { edgeFunction, signedArea2, type Point } from '../raster-common/edge.js';
import { STAMP_SIZES, STP_INT_BITS, type Msaa } from '../raster-common/formats.js';
import { trianglesOf, type MP, type Vertex } from '../raster-common/mp.js';
import { Cull, type CullConfig } from './module.js';

/** Widest vertex extent (units) of a box that fits STP b: 2^(b+8) - 1. */
const extentOf = (b: number): number => 2 ** (b + 8) - 1;

/** Local vertices (relative to the box origin) in [0, side - 1], pulled to the box's edges. */
function arbLocalMP(side: number, pairs: boolean): fc.Arbitrary<MP> {
  const off = fc.oneof(fc.constantFrom(0, side - 1), fc.integer({ min: 0, max: side - 1 }));
  return fc.record({ xs: fc.array(off, { minLength: 4, maxLength: 4 }), ys: fc.array(off, { minLength: 4, maxLength: 4 }), pair: fc.boolean() }).map(({ xs, ys, pair }): MP => {
    const v = xs.map((x, i): Vertex => ({ x, y: ys[i]!, z: 0 }));
    return pairs && pair ? { kind: 'pair', v: [v[0]!, v[1]!, v[2]!, v[3]!], src: [0, 1] } : { kind: 'single', v: [v[0]!, v[1]!, v[2]!], src: [0] };
  });
}

/** A small MP moved to the local origin (its box starts at its min vertex). */
const local = (mp: MP): MP => {
  const ox = Math.min(...mp.v.map((p) => p.x));
  const oy = Math.min(...mp.v.map((p) => p.y));
  const at = (p: Vertex): Vertex => ({ ...p, x: p.x - ox, y: p.y - oy });
  return mp.kind === 'pair' ? { ...mp, v: [at(mp.v[0]), at(mp.v[1]), at(mp.v[2]), at(mp.v[3])] } : { ...mp, v: [at(mp.v[0]), at(mp.v[1]), at(mp.v[2])] };
};

function checkCull(cfg: CullConfig, mp: MP, p: Point): void {
  const sim = unitSim(Cull, cfg);
  const v = (i: number): Vertex => mp.v[i] ?? mp.v[0];
  const ports = sim.ports;
  const edges = edgesOf(cfg.tvp);
  expect([ports.e0?.length, ports.deltas?.length]).toEqual(cfg.from === 'start' ? [edges.length, undefined] : [undefined, edges.length]);
  edges.forEach((e, i) => {
    const a = v(e.a);
    const b = v(e.b);
    ports.e0?.[i]!.write(edgeFunction(a, b, p));
    ports.deltas?.[i]!.dx.write(b.x - a.x);
    ports.deltas?.[i]!.dy.write(b.y - a.y);
  });
  expect(ports.pair === undefined).toBe(!cfg.tvp);
  ports.pair?.write(mp.kind === 'pair' ? 1 : 0);
  expect(ports.tris.length).toBe(cfg.tvp ? 2 : 1);
  trianglesOf(mp).forEach((t, i) => {
    const a2 = signedArea2(t);
    const where = `${JSON.stringify(t)} from ${cfg.from} at ${JSON.stringify(p)}, b = ${cfg.b}`;
    expect(ports.tris[i]!.front.read(), `front${i} of ${where}`).toBe(a2 > 0 ? 1n : 0n);
    if (a2 > 0) expect(ports.tris[i]!.area.read(), `area${i} of ${where}`).toBe(BigInt(a2));
  });
  if (cfg.tvp && mp.kind === 'single') expect(ports.tris[1]!.front.read()).toBe(0n);
}

/** Triangle 0 only, for a single-triangle cull. */
const asSingle = (mp: MP): MP => (mp.kind === 'single' ? mp : { kind: 'single', v: [mp.v[0], mp.v[1], mp.v[2]], src: [0] });

describe('cull', () => {
  it('is exact at every STP, from start values or deltas, for MPs spanning up to the widest extent a fitting box allows', () => {
    const arb = fc
      .record({ tvp: fc.boolean(), b: fc.constantFrom(...STP_INT_BITS), from: fc.constantFrom<CullConfig['from']>('start', 'deltas') })
      .chain((cfg) => {
        const M = extentOf(cfg.b);
        const at = fc.oneof(fc.constantFrom(0, M), fc.integer({ min: 0, max: M }));
        return fc.record({ cfg: fc.constant(cfg), mp: fc.oneof(arbLocalMP(M + 1, cfg.tvp), arbSmallMP(16, cfg.tvp).map(local)), p: fc.record({ x: at, y: at }) });
      });
    checkWithWaves('cull-vs-golden', arb, ({ cfg, mp, p }, ctx) => {
      ctx.attach(unitSim(Cull, cfg));
      checkCull(cfg, cfg.tvp ? mp : asSingle(mp), p);
    }, { numRuns: 600 });
  });

  it('reaches the extremes its widths are derived from (|delta| and A2 = 2^(b+8) - 1, (2^(b+8) - 1)^2)', () => {
    for (const b of STP_INT_BITS) {
      const M = extentOf(b);
      // Right angle with legs M: A2 = M^2, front-facing (clockwise, y down).
      const front: MP = { kind: 'single', v: [{ x: 0, y: 0, z: 0 }, { x: M, y: 0, z: 0 }, { x: 0, y: M, z: 0 }], src: [0] };
      const back: MP = { kind: 'single', v: [front.v[0], front.v[2], front.v[1]], src: [0] };
      for (const tvp of [false, true]) {
        for (const from of ['start', 'deltas'] as const) {
          // Start values at each corner of the box: E up to +-M^2 each.
          for (const p of [{ x: 0, y: 0 }, { x: M, y: M }, { x: M, y: 0 }, { x: 0, y: M }]) {
            checkCull({ tvp, b, from }, front, p);
            checkCull({ tvp, b, from }, back, p);
          }
        }
      }
    }
  });

  it('covers every MP the pipeline walks: a box that fits keeps vertices within the extent, one unit more never fits', () => {
    const arb = fc
      .record({ b: fc.constantFrom(...STP_INT_BITS.filter((b) => b < 14)), msaa: fc.constantFrom<Msaa>(4, 16), k: fc.constantFrom(...STAMP_SIZES), over: fc.boolean(), ox: fc.integer({ min: 0, max: 1 << 20 }), oy: fc.integer({ min: 0, max: 1 << 20 }) })
      .chain((c) => fc.record({ c: fc.constant(c), mp: arbLocalMP(extentOf(c.b) + (c.over ? 2 : 1), false) }));
    fc.assert(
      fc.property(arb, ({ c, mp }) => {
        const v = mp.v.map((p) => ({ ...p, x: p.x + c.ox, y: p.y + c.oy }));
        const xs = v.map((p) => p.x);
        const ys = v.map((p) => p.y);
        const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
        const fits = fitsStp(stampBBox(v, c.msaa, c.k), c.b as 4);
        if (fits) expect(extent).toBeLessThanOrEqual(extentOf(c.b));
        if (extent > extentOf(c.b)) expect(fits).toBe(false);
      }),
      { numRuns: 500, seed: 9 },
    );
  });
});
