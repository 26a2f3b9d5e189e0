// Choosing signals by hierarchical pattern, for traces and waveforms.
//   `*`   any characters within one path segment (`?`: one character)
//   `**`  any number of whole segments, including none
//   `count`          no dot: the last segment, at any depth (`**.count`)
//   `u0.*`           dotted: from the top; the top name may be left out
//   `/fifo.*count/i` a regular expression, searched in the full path
// Unnamed internal nodes (`Top.u0.#12`) are matched only by patterns that
// mention `#`, so `**` means "everything the designer named".
import type { SignalInfo } from '../api.js';
import { someOf } from './suggest.js';
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
