// Golden model of the NoBlur rasterizer: which samples an MP covers and at what
// depth. Deliberately not shaped like the hardware (no bbox walk, no stamps,
// no reduced-precision local coordinates): it visits every sample of every
// pixel the triangle's extent touches and applies the definitions in
// units/raster-common/conventions.md with exact integers. The DSL units are
// checked against it sample for sample, depth bit for bit.

import { type Msaa, SUBPIXEL } from '../raster-common/formats.js';
import { covers, edgeValues, facing } from '../raster-common/edge.js';
import { interpolateDepth } from '../raster-common/depth.js';
import { type MP, type SampleHit, type TriInMP, type TriVerts, trianglesOf } from '../raster-common/mp.js';
import { samplePos } from '../raster-common/samples.js';
import { InternalError } from '../../hdl/errors.js';

/** Covered samples of one triangle, labelled `tri`. Back-facing and degenerate triangles give none. */
function rasterizeOne(t: TriVerts, msaa: Msaa, tri: TriInMP): SampleHit[] {
  if (facing(t) !== 'front') return [];
  const xs = t.map((v) => v.x);
  const ys = t.map((v) => v.y);
  const px0 = Math.floor(Math.min(...xs) / SUBPIXEL);
  const px1 = Math.floor(Math.max(...xs) / SUBPIXEL);
  const py0 = Math.floor(Math.min(...ys) / SUBPIXEL);
  const py1 = Math.floor(Math.max(...ys) / SUBPIXEL);
  const z = [t[0].z, t[1].z, t[2].z] as const;
  const hits: SampleHit[] = [];
  for (let py = py0; py <= py1; py++) {
    for (let px = px0; px <= px1; px++) {
      for (let s = 0; s < msaa; s++) {
        const p = samplePos(msaa, px, py, s);
        if (!covers(t, { x: p.sx, y: p.sy })) continue;
        const d = edgeValues(t, { x: p.sx, y: p.sy });
        hits.push({ tri, px, py, s, sx: p.sx, sy: p.sy, z: interpolateDepth(d, z) });
      }
    }
  }
  return hits;
}

/** Canonical hit order: pixel row, pixel column, sample index, then triangle. */
export function compareHits(a: SampleHit, b: SampleHit): number {
  return a.py - b.py || a.px - b.px || a.s - b.s || a.tri - b.tri;
}

/** Covered samples of a single triangle (tri = 0), in canonical order. */
export function rasterizeTriangle(t: TriVerts, msaa: Msaa): SampleHit[] {
  return rasterizeOne(t, msaa, 0);
}

/**
 * Covered samples of an MP in canonical order: a single triangle, or a pair
 * (triangle 0 = (v0, v1, v2), triangle 1 = (v2, v1, v3)), each triangle culled
 * on its own. The fill rule gives a shared-edge sample to one triangle only;
 * the model still checks that no sample was claimed twice, since two
 * front-facing triangles of a pair cannot overlap.
 */
export function rasterizeMP(mp: MP, msaa: Msaa): SampleHit[] {
  const hits = trianglesOf(mp).flatMap((t, i) => rasterizeOne(t, msaa, i as TriInMP));
  hits.sort(compareHits);
  for (let i = 1; i < hits.length; i++) {
    const a = hits[i - 1]!;
    const b = hits[i]!;
    if (a.px === b.px && a.py === b.py && a.s === b.s) {
      throw new InternalError(`rasterizeMP: sample (${b.px}, ${b.py}, s${b.s}) claimed by both triangles of a pair`);
    }
  }
  return hits;
}

export { fitsStp, minStpIntBits, stampBBox, type StampBBox } from '../raster-common/bbox.js';
export { facing, type Facing } from '../raster-common/edge.js';
