// Reference scan: distinct primitives and distinct 2x2 shading quads of a
// sorted SPID list, counted with Sets, and the quads' sample lists gathered
// by a Map from quad key to list indices (no run detection), so it agrees
// with the scan unit only if the sort really put each quad's samples together.

export interface ScanQuad {
  readonly pid: number;
  /** Morton code of the quad: the key's low word without its two lowest bits. */
  readonly quad: number;
  /** Indices into the sorted list. */
  readonly samples: number[];
}

export interface ScanResult {
  readonly prims: number;
  readonly quads: ScanQuad[];
  readonly shaderExecs: number;
}

export function goldenScan(sorted: readonly { pid: number; xy: number }[]): ScanResult {
  const prims = new Set(sorted.map((p) => p.pid));
  const byQuad = new Map<string, ScanQuad>();
  sorted.forEach((p, i) => {
    const quad = Math.floor((p.xy >>> 0) / 4);
    const key = `${p.pid}/${quad}`;
    let q = byQuad.get(key);
    if (q === undefined) byQuad.set(key, (q = { pid: p.pid, quad, samples: [] }));
    q.samples.push(i);
  });
  const quads = [...byQuad.values()];
  return { prims: prims.size, quads, shaderExecs: 4 * quads.length };
}
