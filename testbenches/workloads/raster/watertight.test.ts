// Watertightness of real tessellations under the fill rule, with everything
// quantised as the hardware sees it. Open surface (plane): every sample inside
// the mesh outline is covered exactly once, none outside. Closed surfaces
// (spheres): at every sample, front-facing coverage equals back-facing
// coverage (a ray enters as often as it leaves), which only holds if shared
// edges and vertices are owned consistently.

import { describe, expect, it } from 'vitest';
import { facing } from '../../../units/raster-common/edge.js';
import { type Msaa, SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { TriVerts, Vertex } from '../../../units/raster-common/mp.js';
import { insideOutline, samplesInWindow } from '../../../units/noblur/brute-force-reference.js';
import { rasterizeMP, rasterizeTriangle } from '../../../units/noblur/golden.js';
import { makeRng, seedFromEnv } from '../../rng.js';
import { type Mesh, triangleVerts } from './mesh.js';
import { pairsFromMesh } from './pairing.js';
import { type SurfaceName, makeSurface } from './surfaces.js';
import { diceSurface } from './tessellate.js';

const SEED = seedFromEnv(0x3a7e7);
const key = (px: number, py: number, s: number): string => `${px},${py},${s}`;

function dice(name: SurfaceName, triangles: number, seed: number): Mesh {
  const rng = makeRng(seed);
  return diceSurface(makeSurface(name, rng), { triangles, area: 0.54, target: { width: 1920, height: 1080 }, jitter: 0.2 }, rng).mesh;
}

/** Edges used by exactly one triangle: the outline of an open mesh. */
function boundarySegments(mesh: Mesh): [Vertex, Vertex][] {
  const uses = new Map<string, [number, number, number]>();
  for (const [a, b, c] of mesh.triangles) {
    for (const [p, q] of [[a, b], [b, c], [c, a]] as const) {
      const k = p < q ? `${p},${q}` : `${q},${p}`;
      const e = uses.get(k);
      uses.set(k, [Math.min(p, q), Math.max(p, q), (e?.[2] ?? 0) + 1]);
    }
  }
  return [...uses.values()].filter(([, , n]) => n === 1).map(([p, q]) => [mesh.vertices[p]!, mesh.vertices[q]!]);
}

/** Sample key -> list of source triangles covering it, from single-triangle rasterization. */
function coverage(mesh: Mesh, msaa: Msaa): Map<string, number[]> {
  const cov = new Map<string, number[]>();
  mesh.triangles.forEach((_, i) => {
    for (const h of rasterizeTriangle(triangleVerts(mesh, i), msaa)) {
      const k = key(h.px, h.py, h.s);
      cov.set(k, [...(cov.get(k) ?? []), i]);
    }
  });
  return cov;
}

describe('plane tessellation is watertight', () => {
  for (const msaa of [4, 16] as const) {
    it(`covers every sample inside its outline exactly once at ${msaa}x (seed ${SEED})`, () => {
      const mesh = dice('plane', 1500, SEED + msaa);
      expect(mesh.triangles.every((_, i) => facing(triangleVerts(mesh, i)) === 'front'), `seed ${SEED + msaa}`).toBe(true);
      const cov = coverage(mesh, msaa);
      for (const [k, tris] of cov) expect(tris, `sample ${k} claimed twice (seed ${SEED + msaa})`).toHaveLength(1);
      const outline = boundarySegments(mesh);
      const xs = mesh.vertices.map((v) => Math.floor(v.x / SUBPIXEL));
      const ys = mesh.vertices.map((v) => Math.floor(v.y / SUBPIXEL));
      const samples = samplesInWindow(msaa, Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1);
      const rows = new Map<number, [Vertex, Vertex][]>();
      let inside = 0;
      for (const p of samples) {
        let segs = rows.get(p.sy);
        if (segs === undefined) {
          segs = outline.filter(([a, b]) => Math.min(a.y, b.y) <= p.sy && p.sy < Math.max(a.y, b.y));
          rows.set(p.sy, segs);
        }
        const isInside = insideOutline(segs, p.sx, p.sy);
        if (isInside) inside++;
        expect(cov.has(key(p.px, p.py, p.s)), `sample ${key(p.px, p.py, p.s)} (seed ${SEED + msaa})`).toBe(isInside);
      }
      expect(inside).toBe(cov.size);
      expect(inside).toBeGreaterThan(1500 * 0.54 * msaa * 0.8); // the mesh really covers ~its area
    });
  }

  it('gives the same samples, depths and owners when rasterized as pairs', () => {
    const mesh = dice('plane', 800, SEED);
    const msaa = 16;
    const single = new Map<string, { tri: number; z: number }>();
    mesh.triangles.forEach((_, i) => {
      for (const h of rasterizeTriangle(triangleVerts(mesh, i), msaa)) single.set(key(h.px, h.py, h.s), { tri: i, z: h.z });
    });
    const paired = new Map<string, { tri: number; z: number }>();
    const mps = pairsFromMesh(mesh);
    expect(mps.every((m) => m.kind === 'pair'), `seed ${SEED}`).toBe(true);
    for (const mp of mps) {
      for (const h of rasterizeMP(mp, msaa)) {
        const k = key(h.px, h.py, h.s);
        expect(paired.has(k), `sample ${k} claimed by two pairs`).toBe(false);
        paired.set(k, { tri: mp.src[h.tri]!, z: h.z });
      }
    }
    expect(paired).toEqual(single);
  });
});

describe('closed surfaces: front coverage equals back coverage at every sample', () => {
  for (const name of ['sphere', 'bumpy-sphere'] as const) {
    it(`${name} at 16x (seed ${SEED})`, () => {
      const mesh = dice(name, 1200, SEED);
      const balance = new Map<string, number>();
      let front = 0;
      let back = 0;
      mesh.triangles.forEach((_, i) => {
        const t = triangleVerts(mesh, i);
        const f = facing(t);
        if (f === 'degenerate') return;
        // A back-facing triangle's coverage is that of its reversal, counted negative.
        const sign = f === 'front' ? 1 : -1;
        if (f === 'front') front++;
        else back++;
        const tri: TriVerts = f === 'front' ? t : [t[0], t[2], t[1]];
        for (const h of rasterizeTriangle(tri, 16)) {
          const k = key(h.px, h.py, h.s);
          balance.set(k, (balance.get(k) ?? 0) + sign);
        }
      });
      expect(front).toBeGreaterThan(0);
      expect(back).toBeGreaterThan(0);
      const unbalanced = [...balance].filter(([, n]) => n !== 0);
      expect(unbalanced.slice(0, 5), `seed ${SEED}`).toEqual([]);
      expect(balance.size).toBeGreaterThan(1200 * 0.54 * 16 * 0.3);
    });
  }
});
