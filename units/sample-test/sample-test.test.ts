// The sample test on its own: for a random MP that fits STP and a random
// stamp of its box, every lane's hit bit, owning triangle and d0, d1, d2
// against the golden covers / edgeValues at the sample position the
// conventions give for that lane's cell. Stamps narrower than a pixel
// (phase bits) and pairs included. Inputs are prepared the golden way
// (stampBBox, isTopLeftEdge), not by the bbox unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbLimitMP, arbSmallMP, arbTestConfig, TEST_CONFIGS } from '../../testbenches/raster/arbitraries.js';
import { unitSim } from '../../testbenches/raster/unit-sim.js';
import { checkWithWaves, type PropertyContext } from '../../testbenches/property.js';
import { edgesOf } from '../bbox/edges.js';
import { fitsStp, stampBBox } from '../raster-common/bbox.js';
import { covers, edgeFunction, edgeValues, facing, isTopLeftEdge } from '../raster-common/edge.js';
import { COORD_MAX, type Msaa, type StampSize, type StpIntBits } from '../raster-common/formats.js';
import { trianglesOf, type MP } from '../raster-common/mp.js';
import { samplePos } from '../raster-common/samples.js';
import { geometryOf, type NoblurConfig } from '../noblur/config.js';
import { SampleTest } from './module.js';

const arbCase = arbTestConfig.chain((cfg) => {
  const g = geometryOf(cfg);
  const mp = fc.oneof(
    { arbitrary: arbSmallMP(g.msaa, g.tvp, 4), weight: 4 },
    { arbitrary: arbLimitMP({ b: Math.min(g.b, 8), stampBits: g.stampBits, fits: true, square: true, pairs: g.tvp }), weight: 1 },
  );
  return fc.record({ cfg: fc.constant(cfg), mp, sx: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), sy: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) });
});

/** Every lane of stamp (sx, sy) (fractions of the box) against the golden model. */
function checkStamp(cfg: NoblurConfig, mp: MP, sx: number, sy: number, ctx: PropertyContext): void {
  const g = geometryOf(cfg);
  const msaa = g.msaa as Msaa;
  const box = stampBBox(mp.v, msaa, g.k as StampSize);
  // Callers give MPs that fit STP (the others are routed around the sample test).
  expect(fitsStp(box, g.b as StpIntBits), `MP ${JSON.stringify(mp.v)} fits STP ${g.b}.8`).toBe(true);
  const incremental = cfg.edge === 'incremental';
  const sim = unitSim(SampleTest, { tvp: g.tvp, msaa: g.msaa, k: g.k, b: g.b, stampBits: g.stampBits, phaseBits: g.phaseBits, edge: cfg.edge });
  ctx.attach(sim);
  const stampX = Math.floor(sx * box.stampsX);
  const stampY = Math.floor(sy * box.stampsY);
  const tris = trianglesOf(mp);
  const ports = sim.ports;
  /** A port the config has (the test fails naming it otherwise). */
  const has = <T>(p: T | undefined, name: string): T => {
    expect(p, `${name} is a port at ${JSON.stringify(cfg)}`).toBeDefined();
    return p!;
  };
  if (incremental) {
    has(ports.load, 'load').write(1);
    has(ports.step, 'step').write(0);
    has(ports.rowEnd, 'row_end').write(0);
  } else {
    has(ports.stampX, 'stamp_x').write(stampX);
    has(ports.stampY, 'stamp_y').write(stampY);
  }
  ports.front0.write(facing(tris[0]!) === 'front' ? 1 : 0);
  if (g.phaseBits > 0) {
    const mask = 2 ** g.phaseBits - 1;
    has(ports.phaseX, 'phase_x').write((box.cx0 / g.k + stampX) & mask);
    has(ports.phaseY, 'phase_y').write((box.cy0 / g.k + stampY) & mask);
  }
  if (g.tvp) has(ports.front1, 'front1').write(tris[1] !== undefined && facing(tris[1]) === 'front' ? 1 : 0);
  const local = Array.from({ length: g.verts }, (_, i) => {
    const v = mp.v[i] ?? mp.v[0];
    return { x: v.x - box.ox, y: v.y - box.oy };
  });
  if (!incremental) {
    has(ports.v, 'lx/ly').forEach((p, i) => {
      p.x.write(local[i]!.x);
      p.y.write(local[i]!.y);
    });
  }
  edgesOf(g.tvp).forEach((e, i) => {
    const a = local[e.a]!;
    const b = local[e.b]!;
    const p = ports.edges[i]!;
    p.dx.write(b.x - a.x);
    p.dy.write(b.y - a.y);
    p.bias.write(isTopLeftEdge(a, b) ? 0 : 1);
    // The incremental form starts from E at the bbox origin (the edge setup's job).
    if (incremental) has(ports.e0, 'e0')[i]!.write(edgeFunction(a, b, { x: 0, y: 0 }));
  });
  if (incremental) {
    // Load, then walk the box row by row to the chosen stamp as the iterator would.
    sim.step();
    ports.load!.write(0);
    ports.step!.write(1);
    for (let i = 0; i < stampY * box.stampsX + stampX; i++) {
      ports.rowEnd!.write(i % box.stampsX === box.stampsX - 1 ? 1 : 0);
      sim.step();
    }
    ports.step!.write(0);
  }
  const hit = ports.hit.read();
  const tri = g.tvp ? has(ports.tri, 'tri').read() : 0n;
  for (let l = 0; l < g.lanes; l++) {
    const cx = box.cx0 + stampX * g.k + (l % g.k);
    const cy = box.cy0 + stampY * g.k + Math.floor(l / g.k);
    const s = (cy % g.kp) * g.kp + (cx % g.kp);
    const p = samplePos(msaa, Math.floor(cx / g.kp), Math.floor(cy / g.kp), s);
    const pt = { x: p.sx, y: p.sy };
    const owner = tris.findIndex((t) => covers(t, pt));
    const where = `lane ${l} sample ${JSON.stringify(p)}`;
    expect((hit >> BigInt(l)) & 1n, where).toBe(owner >= 0 ? 1n : 0n);
    if (owner < 0) continue;
    expect((tri >> BigInt(l)) & 1n, where).toBe(BigInt(owner));
    const d = edgeValues(tris[owner]!, pt);
    for (let i = 0; i < 3; i++) expect(ports.lanes[l]![i]!.read(), `${where} d${i}`).toBe(BigInt(d[i]!));
  }
}

describe('sample test', () => {
  it('hit, triangle and edge values per lane match covers / edgeValues', () => {
    checkWithWaves(
      'sample-test-vs-golden',
      arbCase,
      ({ cfg, mp, sx, sy }, ctx) => {
        const g = geometryOf(cfg);
        fc.pre(fitsStp(stampBBox(mp.v, g.msaa as Msaa, g.k as StampSize), g.b as StpIntBits));
        checkStamp(cfg, mp, sx, sy, ctx);
      },
      { numRuns: 400 },
    );
  });

  it('is exact where edge values reach their bound: legs of 2^(b+8) - 1 units in a box exactly at the STP limit', () => {
    // (0, 0), (M, 0), (0, M) in a box of exactly 2^(b+8) units: A2 = M^2,
    // and the far corner's samples give the shared edge values near -M^2.
    const quiet: PropertyContext = { traced: false, attach: () => undefined };
    for (const cfg of TEST_CONFIGS) {
      const M = 2 ** (geometryOf(cfg).b + 8) - 1;
      const o = Math.min(1024, COORD_MAX - M);
      const v = [{ x: o, y: o, z: 0 }, { x: o + M, y: o, z: 0 }, { x: o, y: o + M, z: 0 }, { x: o + M, y: o + M, z: 0 }] as const;
      const mp: MP = cfg.tvp ? { kind: 'pair', v, src: [0, 1] } : { kind: 'single', v: [v[0], v[1], v[2]], src: [0] };
      const box = stampBBox(mp.v, geometryOf(cfg).msaa as Msaa, geometryOf(cfg).k as StampSize);
      for (const [sx, sy] of [[0, 0], [0.9999, 0], [0, 0.9999], [0.9999, 0.9999], [0.5, 0.5]] as const) {
        // The incremental form is walked there stamp by stamp: keep to the stamps a short walk reaches.
        const walk = Math.floor(sy * box.stampsY) * box.stampsX + Math.floor(sx * box.stampsX);
        if (cfg.edge === 'incremental' && walk > 4096) continue;
        checkStamp(cfg, mp, sx, sy, quiet);
      }
    }
  });
});
