// Finding signals by name: choosing them by hierarchical pattern, for
// traces and waveforms, and the near misses an error names for a path that
// matches nothing. Patterns:
//   `*`   any characters within one path segment (`?`: one character)
//   `**`  any number of whole segments, including none
//   `count`          no dot: the last segment, at any depth (`**.count`)
//   `u0.*`           dotted: from the top; the top name may be left out
//   `/fifo.*count/i` a regular expression, searched in the full path
// Unnamed internal nodes (`Top.u0.#12`) are matched only by patterns that
// mention `#`, so `**` means "everything the designer named".
import type { SignalInfo } from '../api.js';
import { ParamError } from '../../errors.js';

export function selectSignals(signals: SignalInfo[], patterns: string[]): SignalInfo[] {
  const topName = signals[0]?.path.split('.')[0] ?? '';
  const chosen = new Set<SignalInfo>();
  for (const pattern of patterns) {
    const matches = matcher(pattern, topName);
    const hits = signals.filter((s) => matches(s.path));
    if (hits.length === 0) {
      throw new ParamError('signal pattern', pattern, 'a pattern matching some signal', { message: `signal pattern "${pattern}" matches no signal; signals include ${someOf(signals.filter((s) => !isUnnamed(s.path)).map((s) => s.path))}` });
    }
    for (const s of hits) chosen.add(s);
  }
  return [...chosen];
}

function isUnnamed(path: string): boolean {
  return path.includes('#');
}

function matcher(pattern: string, topName: string): (path: string) => boolean {
  const re = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  if (re) {
    let rx: RegExp;
    try {
      rx = new RegExp(re[1]!, re[2]!.replace('g', ''));
    } catch (e) {
      throw new ParamError('signal pattern', pattern, 'a valid regular expression', { message: `signal pattern "${pattern}" is not a valid regular expression: ${(e as Error).message}` });
    }
    const hashOk = pattern.includes('#');
    return (path) => (hashOk || !isUnnamed(path)) && rx.test(path);
  }
  if (pattern === '' || pattern.split('.').some((s) => s === '')) {
    throw new ParamError('signal pattern', pattern, 'a pattern without empty segments', { message: `signal pattern "${pattern}" has an empty segment` });
  }
  let segs = pattern.split('.');
  if (segs.length === 1) segs = ['**', ...segs];
  else if (segs[0] !== '**' && !segmentMatcher(segs[0]!)(topName)) segs = [topName, ...segs];
  const segMatchers = segs.map((s) => (s === '**' ? null : segmentMatcher(s)));
  return (path) => matchSegments(segMatchers, 0, path.split('.'), 0);
}

type SegMatch = ((seg: string) => boolean) | null; // null: `**`

function segmentMatcher(glob: string): (seg: string) => boolean {
  const body = glob.replace(/[\\^$+.()|{}[\]]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  const rx = new RegExp(`^${body}$`);
  const hashOk = glob.startsWith('#');
  return (seg) => (hashOk || !seg.startsWith('#')) && rx.test(seg);
}

function matchSegments(pat: SegMatch[], i: number, path: string[], j: number): boolean {
  if (i === pat.length) return j === path.length;
  const m = pat[i];
  if (m === null) {
    for (let k = j; k <= path.length; k++) {
      if (matchSegments(pat, i + 1, path, k)) return true;
      if (k < path.length && path[k]!.startsWith('#')) return false;
    }
    return false;
  }
  return j < path.length && m!(path[j]!) && matchSegments(pat, i + 1, path, j + 1);
}

// "Did you mean": the few known names closest to a mistyped one, so that an
// error about `Top.u0.cnt` points at `Top.u0.count` instead of a list of 4000.

/** The known names (up to `max`) nearest `query` by edit distance, of the
 *  whole path or of its last segment. */
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
