// bbox and edge setup against the golden bbox (stampBBox, fitsStp) and edge
// rules (isTopLeftEdge): the stamp-aligned origin and size, the STP fit at
// the size limit and one stamp beyond it, bbox-local vertices, and each
// edge's local deltas and top-left bias, and the start value E at the box
// origin or at a jitter point (exact integers).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbLimitMP, arbSmallMP, arbTestConfig } from '../../testbenches/raster/arbitraries.js';
import { unitSim } from '../../testbenches/raster/unit-sim.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { fitsStp, stampBBox } from '../raster-common/bbox.js';
import { isTopLeftEdge } from '../raster-common/edge.js';
import type { Msaa, StampSize, StpIntBits } from '../raster-common/formats.js';
import { geometryOf } from '../noblur/config.js';
import { EdgeSetup } from './edge-setup.js';
import { edgesOf } from './edges.js';
import { BBox } from './module.js';

const arbCase = arbTestConfig.chain((cfg) => {
  const g = geometryOf(cfg);
  const limit = g.b < 14 ? [true, false].flatMap((fits) => [true, false].map((square) => arbLimitMP({ b: g.b, stampBits: g.stampBits, fits, square, pairs: g.tvp }))) : [];
  return fc.record({ cfg: fc.constant(cfg), mp: fc.oneof(arbSmallMP(g.msaa, g.tvp, 6), ...limit) });
});

describe('bbox', () => {
  it('origin, size, STP fit and local vertices match stampBBox / fitsStp', () => {
    checkWithWaves('bbox-vs-golden', arbCase, ({ cfg, mp }, ctx) => {
      const g = geometryOf(cfg);
      const sim = unitSim(BBox, { tvp: g.tvp, b: g.b, stampBits: g.stampBits });
      ctx.attach(sim);
      const ports = sim.ports;
      expect(ports.v.length).toBe(g.verts);
      ports.v.forEach((p, i) => {
        const v = mp.v[i] ?? mp.v[0];
        p.x.write(v.x);
        p.y.write(v.y);
      });
      expect(ports.pair === undefined).toBe(!g.tvp);
      ports.pair?.write(mp.kind === 'pair' ? 1 : 0);
      const box = stampBBox(mp.v, g.msaa as Msaa, g.k as StampSize);
      const fits = fitsStp(box, g.b as StpIntBits);
      expect(ports.fit.read()).toBe(fits ? 1n : 0n);
      expect(ports.originX.read() << BigInt(g.stampBits)).toBe(BigInt(box.ox));
      expect(ports.originY.read() << BigInt(g.stampBits)).toBe(BigInt(box.oy));
      if (!fits) return;
      expect(ports.lastX.read()).toBe(BigInt(box.stampsX - 1));
      expect(ports.lastY.read()).toBe(BigInt(box.stampsY - 1));
      mp.v.forEach((v, i) => {
        expect(ports.l[i]!.x.read()).toBe(BigInt(v.x - box.ox));
        expect(ports.l[i]!.y.read()).toBe(BigInt(v.y - box.oy));
      });
    }, { numRuns: 400 });
  });

  it('edge setup: local deltas and the top-left bias of every edge', () => {
    const arb = fc.record({ b: fc.constantFrom(4, 8, 14), tvp: fc.boolean(), seed: fc.nat() }).chain(({ b, tvp }) => {
      const c = fc.integer({ min: 0, max: 2 ** (b + 8) - 1 });
      // Mostly a coarse lattice so horizontal, vertical and zero-length edges are common.
      const coord = fc.oneof(c, fc.integer({ min: 0, max: 4 }).map((q) => Math.min(2 ** (b + 8) - 1, q * 2 ** (b + 6))));
      return fc.record({ b: fc.constant(b), tvp: fc.constant(tvp), v: fc.array(fc.record({ x: coord, y: coord }), { minLength: 4, maxLength: 4 }) });
    });
    checkWithWaves('edge-setup-vs-golden', arb, ({ b, tvp, v }, ctx) => {
      const sim = unitSim(EdgeSetup, { tvp, b });
      ctx.attach(sim);
      const ports = sim.ports;
      expect(ports.v.length).toBe(tvp ? 4 : 3);
      ports.v.forEach((p, i) => {
        p.x.write(v[i]!.x);
        p.y.write(v[i]!.y);
      });
      edgesOf(tvp).forEach((e, i) => {
        const a = v[e.a]!;
        const z = v[e.b]!;
        const out = ports.edges[i]!;
        expect(out.dx.readSigned()).toBe(BigInt(z.x - a.x));
        expect(out.dy.readSigned()).toBe(BigInt(z.y - a.y));
        expect(out.bias.read(), `${e.name} ${JSON.stringify([a, z])}`).toBe(isTopLeftEdge(a, z) ? 0n : 1n);
      });
    }, { numRuns: 300 });
  });

  it('edge setup start value: E at the box origin, and at a jitter point of the box', () => {
    const arb = fc.record({ b: fc.constantFrom(4, 8, 14), tvp: fc.boolean(), jitter: fc.boolean() }).chain(({ b, tvp, jitter }) => {
      const c = fc.integer({ min: 0, max: 2 ** (b + 8) - 1 });
      const j = fc.integer({ min: 0, max: 511 });
      return fc.record({ b: fc.constant(b), tvp: fc.constant(tvp), jitter: fc.constant(jitter), j: fc.record({ x: j, y: j }), v: fc.array(fc.record({ x: c, y: c }), { minLength: 4, maxLength: 4 }) });
    });
    checkWithWaves('edge-setup-start-value', arb, ({ b, tvp, jitter, j, v }, ctx) => {
      const sim = unitSim(EdgeSetup, jitter ? { tvp, b, origin: true, jitterBits: 9 } : { tvp, b, origin: true });
      ctx.attach(sim);
      const ports = sim.ports;
      expect(ports.jx === undefined).toBe(!jitter);
      ports.jx?.write(j.x);
      ports.jy?.write(j.y);
      ports.v.forEach((q, i) => {
        q.x.write(v[i]!.x);
        q.y.write(v[i]!.y);
      });
      const p = jitter ? j : { x: 0, y: 0 };
      edgesOf(tvp).forEach((e, i) => {
        const a = v[e.a]!;
        const z = v[e.b]!;
        // Twice the signed area of (a, z, p), in exact integers.
        const want = BigInt(z.x - a.x) * BigInt(p.y - a.y) - BigInt(z.y - a.y) * BigInt(p.x - a.x);
        const e0 = ports.edges[i]!.e0;
        expect(e0, `${e.name} has a start value`).toBeDefined();
        expect(e0!.readSigned(), e.name).toBe(want);
      });
    }, { numRuns: 300 });
  });
});
