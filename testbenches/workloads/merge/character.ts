// A closed, character-like test mesh made procedurally: a displaced
// subdivision surface. A box-modelled figure (a torso of 3 x 3 x 1 cells,
// with a neck and head, two arms and two legs extruded from its faces) is
// Catmull-Clark subdivided four times, which turns each base face into a
// 16 x 16 grid of quads (512 triangles: the largest square patch a grid may
// hold), and displaced along the vertex normals by a seeded sum of sines.
// Each base face is one patch, emitted in the tessellator's scan order
// (rows of grid quads, each quad A = (p00, p10, p01) then B = (p01, p10,
// p11)); the vertices are shared between patches, as a subdivision
// surface's mesh shares them.
//
// Orientation: every quad lists its corners counter-clockwise seen from
// outside, so dS/du x dS/dv (u = corner 0 -> 1, v = corner 0 -> 3) is the
// outward normal, as the parametric surfaces are built (surfaces.ts), and
// the visible side is clockwise on screen.
import type { Rng } from '../../rng.js';
import type { Vec3 } from '../raster/camera.js';
import type { TriIndices } from '../raster/mesh.js';
import { patchTriangles } from '../raster/tessellate.js';
import { InternalError } from '../../../hdl/errors.js';

export type Quad = [number, number, number, number];

/** Catmull-Clark levels: each base face becomes a 2^4 = 16-quad-square grid. */
export const CHARACTER_LEVELS = 4;

interface QuadMesh {
  readonly points: Vec3[];
  readonly faces: Quad[];
  /** Per face: the base face it came from and its cell (i, j) in that face's grid. */
  readonly cell: { base: number; i: number; j: number }[];
}

const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: Vec3): Vec3 => scale(a, 1 / Math.hypot(a[0], a[1], a[2]));
const mean = (ps: readonly Vec3[]): Vec3 => scale(ps.reduce(add, [0, 0, 0]), 1 / ps.length);

/** The surface of an nx x ny x nz box of unit cells from `lo`, faces outward (counter-clockwise seen from outside). */
export function cellBox(lo: Vec3, n: [number, number, number]): { points: Vec3[]; faces: Quad[] } {
  const points: Vec3[] = [];
  const ids = new Map<string, number>();
  const at = (x: number, y: number, z: number): number => {
    const k = `${x},${y},${z}`;
    let id = ids.get(k);
    if (id === undefined) {
      id = points.length;
      ids.set(k, id);
      points.push([lo[0] + x, lo[1] + y, lo[2] + z]);
    }
    return id;
  };
  const faces: Quad[] = [];
  const [nx, ny, nz] = n;
  // For each axis and side: the two in-plane axes (u, v) with u x v pointing out.
  const sides: { axis: 0 | 1 | 2; side: number; u: 0 | 1 | 2; v: 0 | 1 | 2 }[] = [
    { axis: 2, side: nz, u: 0, v: 1 },
    { axis: 2, side: 0, u: 1, v: 0 },
    { axis: 0, side: nx, u: 1, v: 2 },
    { axis: 0, side: 0, u: 2, v: 1 },
    { axis: 1, side: ny, u: 2, v: 0 },
    { axis: 1, side: 0, u: 0, v: 2 },
  ];
  for (const s of sides) {
    for (let b = 0; b < n[s.v]; b++) {
      for (let a = 0; a < n[s.u]; a++) {
        const corner = (da: number, db: number): number => {
          const c = [0, 0, 0];
          c[s.axis] = s.side;
          c[s.u] = a + da;
          c[s.v] = b + db;
          return at(c[0]!, c[1]!, c[2]!);
        };
        faces.push([corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)]);
      }
    }
  }
  return { points, faces };
}

/**
 * Extrude face f by `offset`, its new cap shrunk or grown by `size` about
 * its centre; the cap keeps the face's index, the four sides are appended.
 */
function extrude(m: { points: Vec3[]; faces: Quad[] }, f: number, offset: Vec3, size: number): void {
  const face = m.faces[f]!;
  const c = mean(face.map((v) => m.points[v]!));
  const cap = face.map((v) => {
    m.points.push(add(add(c, scale(sub(m.points[v]!, c), size)), offset));
    return m.points.length - 1;
  }) as Quad;
  for (let k = 0; k < 4; k++) {
    const a = face[k]!;
    const b = face[(k + 1) % 4]!;
    m.faces.push([a, b, cap[(k + 1) % 4]!, cap[k]!]);
  }
  m.faces[f] = cap;
}

/** The face of the base mesh whose centre is nearest `p` (to pick faces by position, not by index). */
function faceAt(m: { points: Vec3[]; faces: Quad[] }, p: Vec3): number {
  let best = 0;
  let dBest = Infinity;
  m.faces.forEach((f, i) => {
    const d = sub(mean(f.map((v) => m.points[v]!)), p);
    const dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    if (dd < dBest) (dBest = dd), (best = i);
  });
  return best;
}

/** The box-modelled figure, y up, about 9 cells tall: 70 quads. */
export function characterBase(): { points: Vec3[]; faces: Quad[] } {
  const m = cellBox([-1.5, 0, -0.5], [3, 3, 1]);
  // Neck and head from the middle of the top.
  let f = faceAt(m, [0, 3, 0]);
  extrude(m, f, [0, 0.35, 0], 0.7);
  extrude(m, f, [0, 0.6, 0.05], 1.6);
  extrude(m, f, [0, 1.1, 0], 1.0);
  // Legs from the outer bottom cells, two segments each.
  for (const x of [-1, 1]) {
    f = faceAt(m, [x, 0, 0]);
    extrude(m, f, [0.1 * x, -1.8, 0], 0.85);
    extrude(m, f, [0, -1.8, 0.1], 0.9);
  }
  // Arms from the upper side cells, two segments each, hanging down and out.
  for (const x of [-1.5, 1.5]) {
    f = faceAt(m, [x, 2.5, 0]);
    extrude(m, f, [Math.sign(x) * 1.2, -0.4, 0], 0.8);
    extrude(m, f, [Math.sign(x) * 1.1, -0.9, 0.1], 0.85);
  }
  return m;
}

/** One Catmull-Clark step on a closed all-quad mesh, keeping each face's base cell. */
function subdivide(m: QuadMesh): QuadMesh {
  const P = m.points;
  const facePts = m.faces.map((f) => mean(f.map((v) => P[v]!)));
  const edgeFaces = new Map<string, number[]>();
  const key = (a: number, b: number): string => (a < b ? `${a},${b}` : `${b},${a}`);
  m.faces.forEach((f, fi) => {
    for (let k = 0; k < 4; k++) {
      const e = key(f[k]!, f[(k + 1) % 4]!);
      const l = edgeFaces.get(e);
      if (l) l.push(fi);
      else edgeFaces.set(e, [fi]);
    }
  });
  // Vertex points: (F + 2R + (n - 3) P) / n.
  const vFaces: number[][] = P.map(() => []);
  const vEdges: [number, number][][] = P.map(() => []);
  m.faces.forEach((f, fi) => f.forEach((v) => vFaces[v]!.push(fi)));
  for (const e of edgeFaces.keys()) {
    const [a, b] = e.split(',').map(Number) as [number, number];
    vEdges[a]!.push([a, b]);
    vEdges[b]!.push([a, b]);
  }
  const points: Vec3[] = P.map((p, v) => {
    const n = vEdges[v]!.length;
    const F = mean(vFaces[v]!.map((fi) => facePts[fi]!));
    const R = mean(vEdges[v]!.map(([a, b]) => scale(add(P[a]!, P[b]!), 0.5)));
    return scale(add(add(F, scale(R, 2)), scale(p, n - 3)), 1 / n);
  });
  const edgeId = new Map<string, number>();
  for (const [e, fs] of edgeFaces) {
    if (fs.length !== 2) throw new InternalError(`character: edge ${e} has ${fs.length} faces; the base mesh must be closed and manifold`);
    const [a, b] = e.split(',').map(Number) as [number, number];
    edgeId.set(e, points.length);
    points.push(scale(add(add(P[a]!, P[b]!), add(facePts[fs[0]!]!, facePts[fs[1]!]!)), 0.25));
  }
  const faces: Quad[] = [];
  const cell: QuadMesh['cell'] = [];
  m.faces.forEach(([a, b, c, d], fi) => {
    const fp = points.length;
    points.push(facePts[fi]!);
    const e = (x: number, y: number): number => edgeId.get(key(x, y))!;
    const { base, i, j } = m.cell[fi]!;
    faces.push([a, e(a, b), fp, e(d, a)], [e(a, b), b, e(b, c), fp], [fp, e(b, c), c, e(c, d)], [e(d, a), fp, e(c, d), d]);
    cell.push({ base, i: 2 * i, j: 2 * j }, { base, i: 2 * i + 1, j: 2 * j }, { base, i: 2 * i + 1, j: 2 * j + 1 }, { base, i: 2 * i, j: 2 * j + 1 });
  });
  return { points, faces, cell };
}

/** Area-weighted vertex normals of a quad mesh (outward for counter-clockwise quads). */
function vertexNormals(m: QuadMesh): Vec3[] {
  const n: Vec3[] = m.points.map(() => [0, 0, 0]);
  for (const [a, b, c, d] of m.faces) {
    const fn = cross(sub(m.points[c]!, m.points[a]!), sub(m.points[d]!, m.points[b]!));
    for (const v of [a, b, c, d]) n[v] = add(n[v]!, fn);
  }
  return n.map(unit);
}

export interface CharacterMesh {
  /** Object-space points, y up, centred on the origin, 2 units tall. */
  readonly points: readonly Vec3[];
  /** Per base face, its (side + 1) x (side + 1) vertex grid as index[j][i] (u = corner 0 -> 1, v = corner 0 -> 3). */
  readonly faceGrids: readonly (readonly (readonly number[])[])[];
  /** Grid quads along each side of a base face: 2^levels. */
  readonly side: number;
}

/** The character's triangles: each base face's grid cut into square patches of at most `patchSide` quads a side. */
export function characterPatches(c: CharacterMesh, patchSide: number): TriIndices[][] {
  return c.faceGrids.flatMap((index) => patchTriangles(index, c.side, c.side, patchSide).map((p) => [...p.triangles]));
}

/**
 * The figure subdivided `levels` times and displaced along its normals by
 * amplitude x (product of three sines of the position, seeded phases), the
 * bumps about a fifth of the figure's width across.
 */
export function makeCharacter(rng: Rng, levels = CHARACTER_LEVELS, amplitude = 0.04): CharacterMesh {
  const base = characterBase();
  let m: QuadMesh = { points: base.points, faces: base.faces, cell: base.faces.map((_, f) => ({ base: f, i: 0, j: 0 })) };
  for (let l = 0; l < levels; l++) m = subdivide(m);
  const phase = [rng.range(0, 2 * Math.PI), rng.range(0, 2 * Math.PI), rng.range(0, 2 * Math.PI)];
  const normals = vertexNormals(m);
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const p of m.points) for (let k = 0; k < 3; k++) (lo[k] = Math.min(lo[k]!, p[k]!)), (hi[k] = Math.max(hi[k]!, p[k]!));
  const height = hi[1]! - lo[1]!;
  const centre: Vec3 = [(lo[0]! + hi[0]!) / 2, (lo[1]! + hi[1]!) / 2, (lo[2]! + hi[2]!) / 2];
  const freq = (2 * Math.PI) / 0.8;
  const points = m.points.map((p, v) => {
    const d = amplitude * Math.sin(freq * p[0] + phase[0]!) * Math.sin(freq * p[1] + phase[1]!) * Math.sin(freq * p[2] + phase[2]!);
    return scale(sub(add(p, scale(normals[v]!, d)), centre), 2 / height);
  });
  // Each base face's cells into its (side + 1)^2 vertex grid.
  const side = 1 << levels;
  const faceGrids = base.faces.map(() => Array.from({ length: side + 1 }, () => new Array<number>(side + 1).fill(-1)));
  m.faces.forEach(([a, b, c, d], fi) => {
    const { base: f, i, j } = m.cell[fi]!;
    const g = faceGrids[f]!;
    g[j]![i] = a;
    g[j]![i + 1] = b;
    g[j + 1]![i + 1] = c;
    g[j + 1]![i] = d;
  });
  return { points, faceGrids, side };
}
