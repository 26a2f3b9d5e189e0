// The directed edges an MP's sample test evaluates, named by their vertices.
// A triangle (v0, v1, v2) uses v1->v2, v2->v0, v0->v1 (the edge opposite
// vertex i weights vertex i in depth interpolation). A pair adds triangle 1 =
// (v2, v1, v3): v1->v3 and v3->v2, and reuses v1->v2 negated (it walks the
// shared edge v2->v1), so a pair needs 5 edge functions, not 6.

export interface EdgeSpec {
  readonly name: string;
  /** Start vertex a (the edge function is taken relative to it). */
  readonly a: number;
  /** End vertex b. */
  readonly b: number;
}

const TRI_EDGES: readonly EdgeSpec[] = [
  { name: 'e12', a: 1, b: 2 },
  { name: 'e20', a: 2, b: 0 },
  { name: 'e01', a: 0, b: 1 },
];
const PAIR_EDGES: readonly EdgeSpec[] = [...TRI_EDGES, { name: 'e13', a: 1, b: 3 }, { name: 'e32', a: 3, b: 2 }];

export function edgesOf(tvp: boolean): readonly EdgeSpec[] {
  return tvp ? PAIR_EDGES : TRI_EDGES;
}
