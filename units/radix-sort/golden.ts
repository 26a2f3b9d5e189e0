// Reference behaviour of the radix sorter, written without radix sorting:
// pairs ordered by a plain comparison sort on the 64-bit key (BigInt), and
// the pass count the significant-bit rule implies, from string bit lengths.
// Order among equal keys is free (sort-units.md), so comparisons between the
// model and the hardware group pairs by key.

export interface SortPair {
  /** Primitive id: the key's high word. */
  readonly pid: number;
  /** Morton(sx, sy): the key's low word. */
  readonly xy: number;
  /** The value carried with the key (sample position in the tile). */
  readonly val: number;
}

export function keyOf(p: SortPair): bigint {
  return (BigInt(p.pid) << 32n) | BigInt(p.xy >>> 0);
}

export function goldenSort(pairs: readonly SortPair[]): SortPair[] {
  return [...pairs].sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}

const bitsOf = (v: number): number => (v === 0 ? 0 : v.toString(2).length);

/** Key bits that carry information: the primitive-id range, plus the Morton
 *  bits up to the highest one that differs between any two keys. */
export function significantBits(pairs: readonly SortPair[]): { pidBits: number; xyBits: number } {
  if (pairs.length === 0) return { pidBits: 0, xyBits: 0 };
  let lo = Infinity;
  let hi = -Infinity;
  let highestDiff = 0;
  const first = pairs[0]!.xy >>> 0;
  for (const p of pairs) {
    lo = Math.min(lo, p.pid);
    hi = Math.max(hi, p.pid);
    highestDiff = Math.max(highestDiff, bitsOf((p.xy ^ first) >>> 0));
  }
  return { pidBits: bitsOf(hi - lo), xyBits: highestDiff };
}

/** Digit passes after skipping: ceil(significant bits / k). */
export function goldenPasses(pairs: readonly SortPair[], k: number): number {
  const s = significantBits(pairs);
  return Math.ceil((s.pidBits + s.xyBits) / k);
}

/** Canonical form for comparing outputs: keys in order, and each run of
 *  equal keys' values as a sorted list. */
export function canonicalRuns(pairs: readonly SortPair[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < pairs.length) {
    const k = keyOf(pairs[i]!);
    const vals: number[] = [];
    while (i < pairs.length && keyOf(pairs[i]!) === k) vals.push(pairs[i++]!.val);
    vals.sort((a, b) => a - b);
    out.push(`${k.toString(16)}:${vals.join(',')}`);
  }
  return out;
}
