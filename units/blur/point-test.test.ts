// The blur sample test's edge-function half at its width bound: vertices on
// the corners of a box exactly at the STP limit (local coordinates 0 and
// M = 2^(b+8) - 1, the largest a box that fits spans), so the edge deltas
// are +-M and the edge values reach +-M^2, the bound the widths are cut to
// (raster-common/local-widths.ts). Every edge value, hit, owning triangle
// and d0..d2 is checked against the golden edge functions at the box's
// corners, centre and next to its corners, for every STP and both MP kinds.
import { describe, expect, it } from 'vitest';
import { peekS, unitSim } from '../../testbenches/raster/unit-sim.js';
import { edgesOf } from '../bbox/edges.js';
import { covers, edgeFunction, edgeValues, isTopLeftEdge, type Point } from '../raster-common/edge.js';
import { blurSchema } from './config.js';
import { PointSampleTest } from './point-test.js';

type Tri = readonly [Point & { z: number }, Point & { z: number }, Point & { z: number }];

function checkAtLimit(b: number, tvp: boolean, corners: readonly Point[]): void {
  const v = corners.slice(0, tvp ? 4 : 3);
  const M = 2 ** (b + 8) - 1;
  const samples: Point[] = [
    { x: 0, y: 0 }, { x: M, y: 0 }, { x: 0, y: M }, { x: M, y: M },
    { x: 1, y: 1 }, { x: M - 1, y: M - 1 }, { x: 1, y: M - 1 }, { x: M - 1, y: 1 },
    { x: (M + 1) / 2, y: (M - 1) / 2 },
  ];
  const lanes = samples.length;
  const sim = unitSim(PointSampleTest, { tvp, lanes, b });
  const at = (i: number): Point & { z: number } => ({ ...v[i]!, z: 0 });
  const tris: Tri[] = tvp ? [[at(0), at(1), at(2)], [at(2), at(1), at(3)]] : [[at(0), at(1), at(2)]];
  const ports = sim.ports;
  ports.front0.write(1);
  expect(ports.front1 === undefined).toBe(!tvp);
  ports.front1?.write(1);
  expect(ports.v.length).toBe(v.length);
  ports.v.forEach((p, i) => {
    p.x.write(v[i]!.x);
    p.y.write(v[i]!.y);
  });
  edgesOf(tvp).forEach((e, i) => {
    const a = v[e.a]!;
    const z = v[e.b]!;
    ports.edges[i]!.dx.write(z.x - a.x);
    ports.edges[i]!.dy.write(z.y - a.y);
    ports.edges[i]!.bias.write(isTopLeftEdge(a, z) ? 0 : 1);
  });
  samples.forEach((p, l) => {
    ports.lanes[l]!.px.write(p.x);
    ports.lanes[l]!.py.write(p.y);
  });
  const hit = ports.hit.read();
  const tri = ports.tri?.read() ?? 0n;
  let extremes = 0;
  samples.forEach((p, l) => {
    const where = `b ${b} tvp ${tvp} vertices ${JSON.stringify(v)} lane ${l} sample ${JSON.stringify(p)}`;
    for (const e of edgesOf(tvp)) {
      const want = edgeFunction(v[e.a]!, v[e.b]!, p);
      if (Math.abs(want) === M * M) extremes++;
      expect(peekS(sim, `lane${l}_${e.name}`), `${where} ${e.name}`).toBe(BigInt(want));
    }
    const owner = tris.findIndex((t) => covers(t, p));
    expect((hit >> BigInt(l)) & 1n, where).toBe(owner >= 0 ? 1n : 0n);
    if (owner < 0) return;
    expect((tri >> BigInt(l)) & 1n, where).toBe(BigInt(owner));
    const d = edgeValues(tris[owner]!, p);
    for (let i = 0; i < 3; i++) expect(ports.lanes[l]!.d[i]!.read(), `${where} d${i}`).toBe(BigInt(d[i]!));
  });
  // The corners must drive edge values to both ends of +-M^2, or this test proves nothing about the bound.
  expect(extremes, `b ${b} tvp ${tvp}: samples reaching |E| = M^2`).toBeGreaterThan(0);
}

describe('blur point sample test at the STP width bound', () => {
  for (const stp of blurSchema.stp.values) {
    const b = Number(stp.split('.')[0]);
    const M = 2 ** (b + 8) - 1;
    for (const tvp of [false, true]) {
      it(`is exact with edge values of +-M^2, M = 2^${b + 8} - 1 (stp ${stp}, ${tvp ? 'pair' : 'triangle'})`, () => {
        // Both windings of the box's corners, so the deltas take +M and -M
        // and E takes +M^2 (d0 at v0) and -M^2 (E12 at v3).
        checkAtLimit(b, tvp, [{ x: 0, y: 0 }, { x: M, y: 0 }, { x: 0, y: M }, { x: M, y: M }]);
        checkAtLimit(b, tvp, [{ x: M, y: M }, { x: 0, y: M }, { x: M, y: 0 }, { x: 0, y: 0 }]);
      });
    }
  }
});
