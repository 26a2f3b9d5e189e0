// Checks every merge unit's output stream must pass against its input
// stream, written from the definitions (not from either model's code):
// each covered input sample is shaded exactly once, in a quad at its own
// position and facing, from its own flush unit (QFM: grid; PMU: draw); a
// quad's per-pixel source is one of the triangles whose samples it holds;
// those triangles are edge-connected (every merge joined adjacent
// triangles); empty quads are never shaded. The PMU also shades every quad
// from one primitive.
import type { QuadFrag, ShadedQuad } from './quad.js';
import { InternalError } from '../../hdl/errors.js';

export interface MergeScope {
  /** 'grid': QFM (scope = grid, ids = triangles of the grid); 'draw': PMU (scope = draw, ids = primitives of the draw). */
  readonly by: 'grid' | 'draw';
  /** Triangles sharing an edge with triangle `id` of scope `scope`. */
  adjacency(scope: number, id: number): readonly number[];
  /** Every pixel of a shaded quad uses one primitive's shading inputs (the PMU). */
  readonly onePrimitive?: boolean;
}

export function checkMergeStream(input: readonly (readonly QuadFrag[])[], output: readonly ShadedQuad[], scope: MergeScope, unit: string): void {
  // Samples as a multiset: an overdrawn sample (a later, nearer triangle
  // passing the early depth test) is rasterized, and shaded, twice.
  const count = (m: Map<string, number>, prefix: string, c: number, d: number): void => {
    for (let s = 0; c >>> s !== 0; s++) if ((c >>> s) & 1) m.set(`${prefix}:${s}`, (m.get(`${prefix}:${s}`) ?? 0) + d);
  };
  const scopeOf = (q: QuadFrag): number => (scope.by === 'grid' ? q.grid : q.draw);
  const samples = new Map<string, number>();
  for (const g of input) for (const q of g) q.cov.forEach((c, p) => count(samples, `${scopeOf(q)}:${q.qx},${q.qy},${q.back}:${p}`, c, 1));
  for (const o of output) {
    if (o.cov.every((c) => c === 0)) throw new InternalError(`${unit}: an empty quad at (${o.qx}, ${o.qy}) was shaded`);
    const srcs = new Set<number>();
    o.cov.forEach((c, p) => {
      if (c === 0) return;
      count(samples, `${o.scope}:${o.qx},${o.qy},${o.back}:${p}`, c, -1);
      if (!o.tris.includes(o.src[p]!)) throw new InternalError(`${unit}: pixel ${p} of quad (${o.qx}, ${o.qy}) uses triangle ${o.src[p]}, not one of its sources ${o.tris.join(',')}`);
      srcs.add(o.src[p]!);
    });
    if (scope.onePrimitive === true && srcs.size > 1) throw new InternalError(`${unit}: quad (${o.qx}, ${o.qy}) is shaded from primitives ${[...srcs].join(', ')}, not one`);
    // Connectivity of the merged triangles through adjacency.
    const tris = new Set(o.tris);
    const seen = new Set<number>([o.tris[0]!]);
    const stack = [o.tris[0]!];
    while (stack.length > 0) {
      const t = stack.pop()!;
      for (const u of scope.adjacency(o.scope, t)) if (tris.has(u) && !seen.has(u)) (seen.add(u), stack.push(u));
    }
    if (seen.size !== tris.size) throw new InternalError(`${unit}: quad (${o.qx}, ${o.qy}) merged triangles ${o.tris.join(',')} that are not edge-connected`);
  }
  for (const [k, n] of samples) {
    if (n > 0) throw new InternalError(`${unit}: sample ${k} (scope:quad,back:pixel:sample) rasterized but ${n === 1 ? 'never shaded' : `shaded ${n} times too few`}`);
    if (n < 0) throw new InternalError(`${unit}: sample ${k} (scope:quad,back:pixel:sample) shaded ${-n} more times than rasterized`);
  }
}
