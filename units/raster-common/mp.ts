// What flows into a NoBlur rasterizer: micropolygons (MPs), either a single
// triangle or a pair of triangles sharing an edge (TVP on), and what comes out
// of it: covered samples. Shared by golden models, workloads and testbenches.

/** A vertex in the rasterizer input format: x, y in 14.8 (1/256-pixel integers), z in 0.24. */
export interface Vertex {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export type TriVerts = readonly [Vertex, Vertex, Vertex];
export type PairVerts = readonly [Vertex, Vertex, Vertex, Vertex];

/**
 * One triangle. `src` is the triangle's index in the stream it came from
 * (mesh or workload) so hits can be traced back; it plays no part in coverage.
 */
export interface SingleMP {
  readonly kind: 'single';
  readonly v: TriVerts;
  readonly src: readonly [number];
}

/**
 * Two triangles sharing the edge v1-v2: triangle 0 = (v0, v1, v2) and
 * triangle 1 = (v2, v1, v3). Each keeps its own winding, so if both are
 * front-facing they lie on opposite sides of the shared edge, which triangle 0
 * walks v1->v2 and triangle 1 walks v2->v1.
 */
export interface PairMP {
  readonly kind: 'pair';
  readonly v: PairVerts;
  readonly src: readonly [number, number];
}

export type MP = SingleMP | PairMP;

/** Index of the triangle inside its MP: always 0 for a single, 0 or 1 for a pair. */
export type TriInMP = 0 | 1;

/** The triangles of an MP, in TriInMP order. */
export function trianglesOf(mp: MP): TriVerts[] {
  if (mp.kind === 'single') return [mp.v];
  const [v0, v1, v2, v3] = mp.v;
  return [
    [v0, v1, v2],
    [v2, v1, v3],
  ];
}

/**
 * One covered sample. px, py: pixel; s: sample index in the pixel (row-major
 * over the sqrt(S) x sqrt(S) cells); sx, sy: the sample's absolute position in
 * 1/256 units; z: interpolated 0.24 depth.
 */
export interface SampleHit {
  readonly tri: TriInMP;
  readonly px: number;
  readonly py: number;
  readonly s: number;
  readonly sx: number;
  readonly sy: number;
  readonly z: number;
}
