// "Did you mean": the few known names closest to a mistyped one, so that an
// error about `Top.u0.cnt` points at `Top.u0.count` instead of a list of 4000.

export function closeMatches(query: string, candidates: readonly string[], max = 3): string[] {
  const qLast = lastSegment(query).toLowerCase();
  const scored = candidates.map((c) => {
    const whole = editDistance(query.toLowerCase(), c.toLowerCase());
    const last = editDistance(qLast, lastSegment(c).toLowerCase());
    // A matching leaf name in the wrong place is as good as a near-miss path.
    return { c, score: Math.min(whole, last + 1) };
  });
  const limit = Math.max(2, Math.floor(query.length / 3));
  return scored
    .filter((s) => s.score <= limit)
    .sort((a, b) => a.score - b.score || a.c.localeCompare(b.c))
    .slice(0, max)
    .map((s) => s.c);
}

/** Up to `max` names then "(N in all)", for error messages. */
export function someOf(names: readonly string[], max = 5): string {
  if (names.length === 0) return '(none)';
  const shown = names.slice(0, max).join(', ');
  return names.length > max ? `${shown}, ... (${names.length} in all)` : shown;
}

function lastSegment(path: string): string {
  const i = path.lastIndexOf('.');
  return i < 0 ? path : path.slice(i + 1);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
