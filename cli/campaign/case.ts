// One case of the hostile-input campaign and how its outcome is classified.
// A case is a command line (DIR stands for its own scratch folder), files to
// lay out first, an environment, and what a careful tool does with it:
// refuse it (exit 2, one 'gfxrtl:' line naming the mistake), refuse to
// write (exit 74, one line naming the output), do it (exit 0), or stop on a
// signal (130/143, saying how to resume). The classes, worst first:
// - hang: no exit within the case's time;
// - stack: a stack trace, an internal-error line, or an exit code the
//   documentation does not give (70, 1, 13, ...);
// - data-loss: a file that was there before is changed or gone, or a
//   temporary file is left behind;
// - silent-wrong: accepted (exit 0) what should be refused, or refused with
//   the wrong kind (a write failure called the user's mistake);
// - poor: the right exit code but not one clear line (several lines, not
//   matching what it must name), or files left behind by a refusal;
// - good: everything as expected.
// Lines starting 'gfxrtl: warning:' are allowed beside the one line.

export type Outcome = 'refuse' | 'ioerr' | 'ok' | 'interrupted';
export type CaseClass = 'good' | 'poor' | 'stack' | 'hang' | 'silent-wrong' | 'data-loss';
export const CLASSES: readonly CaseClass[] = ['good', 'poor', 'silent-wrong', 'data-loss', 'stack', 'hang'];

export interface Case {
  /** Unique, e.g. 'json/sim-stimulus/invalid-escape'. */
  readonly id: string;
  /** What the case attacks (file formats, numbers, paths, ...). */
  readonly group: string;
  readonly args: readonly string[];
  /** Files to create in DIR first (name -> contents); a function for anything else. */
  readonly files?: Readonly<Record<string, string | Buffer>>;
  readonly setup?: (dir: string) => void;
  readonly env?: Readonly<Record<string, string>>;
  readonly expect: Outcome;
  /** What the one line (or, for 'ok', stdout and stderr together) must say. */
  readonly says?: RegExp;
  /** Files (relative to DIR) a successful run may create or change. */
  readonly writes?: readonly string[];
  /** Needs a real process: signals, environment read at start-up, plugins, special stdout. */
  readonly spawn?: boolean;
  /** Standard output: a file of DIR (name), /dev/full, or a pipe closed after the first line. */
  readonly stdout?: string | 'full' | 'closed';
  /** Send this signal `after` ms once the file `when` (relative to DIR) exists (spawned cases). */
  readonly signal?: { readonly name: 'SIGINT' | 'SIGTERM'; readonly after: number; readonly when?: string };
  /** Run after the command, in DIR (a resume after an interrupt); its exit must be 0. */
  readonly then?: readonly string[];
  readonly timeoutMs?: number;
  /** In the CI subset (in-process, a second or less). */
  readonly fast?: boolean;
}

export interface Run {
  code: number | null;
  signal?: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface Verdict {
  id: string;
  group: string;
  cls: CaseClass;
  why: string;
  ms: number;
}

const EXPECTED_CODE: Record<Outcome, readonly number[]> = { refuse: [2], ioerr: [74], ok: [0], interrupted: [130, 143] };
/** Exit codes the documentation gives: 0, 2 (user), 74 (output), 130/143 (signals), 1 (cosim mismatch, interrupted sweep). */
const DOCUMENTED = new Set([0, 1, 2, 74, 130, 143]);

/** The lines that are not warnings. */
function reportLines(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('gfxrtl: warning:'));
}

/** Files changed between two snapshots (path -> size/mtime/content hash). */
export function changedFiles(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): { changed: string[]; gone: string[]; added: string[] } {
  const changed: string[] = [];
  const gone: string[] = [];
  const added: string[] = [];
  for (const [p, v] of before) {
    const w = after.get(p);
    if (w === undefined) gone.push(p);
    else if (w !== v) changed.push(p);
  }
  for (const p of after.keys()) if (!before.has(p)) added.push(p);
  return { changed, gone, added };
}

export function classify(c: Case, r: Run, files: { changed: string[]; gone: string[]; added: string[] }): { cls: CaseClass; why: string } {
  const writes = new Set(c.writes ?? []);
  const allowed = (p: string): boolean => [...writes].some((w) => p === w || p.startsWith(`${w}/`));
  if (r.timedOut) return { cls: 'hang', why: `no exit within ${c.timeoutMs ?? 'the time limit'} ms` };
  const text = r.stderr;
  if (/internal error|\n\s+at .+:\d+:\d+\)?/.test(text) || (r.code !== null && !DOCUMENTED.has(r.code)) || (r.code === null && c.expect !== 'interrupted')) {
    return { cls: 'stack', why: `exit ${r.code ?? r.signal}: ${text.slice(0, 300)}` };
  }
  const lost = [...files.changed, ...files.gone].filter((p) => !allowed(p));
  const temps = files.added.filter((p) => /\.tmp$/.test(p));
  if (lost.length > 0 || temps.length > 0) return { cls: 'data-loss', why: `${lost.length > 0 ? `changed or removed: ${lost.join(', ')}` : ''}${temps.length > 0 ? ` temporary files left: ${temps.join(', ')}` : ''}` };
  const want = EXPECTED_CODE[c.expect];
  const lines = reportLines(text);
  if (!want.includes(r.code ?? -1)) {
    if (r.code === 0) return { cls: 'silent-wrong', why: `accepted (exit 0); expected ${c.expect}${text ? `; stderr: ${text.slice(0, 200)}` : ''}` };
    if (c.expect === 'ok') return { cls: 'poor', why: `refused a valid command (exit ${r.code}): ${text.slice(0, 300)}` };
    if ((c.expect === 'refuse' && r.code === 74) || (c.expect === 'ioerr' && r.code === 2)) return { cls: 'silent-wrong', why: `exit ${r.code}, expected ${want.join('/')} (the wrong kind of failure): ${lines[0] ?? ''}` };
    return { cls: 'poor', why: `exit ${r.code}, expected ${want.join('/')}: ${text.slice(0, 300)}` };
  }
  if (c.expect === 'refuse' || c.expect === 'ioerr') {
    if (lines.length !== 1 || !lines[0]!.startsWith('gfxrtl: ')) return { cls: 'poor', why: `expected one 'gfxrtl:' line, got ${lines.length}: ${text.slice(0, 300)}` };
    if (c.says && !c.says.test(lines[0]!)) return { cls: 'poor', why: `'${lines[0]}' does not match ${String(c.says)}` };
    const left = files.added.filter((p) => !allowed(p));
    if (left.length > 0) return { cls: 'poor', why: `refused but left files behind: ${left.join(', ')}` };
    return { cls: 'good', why: lines[0]! };
  }
  if (c.says && !c.says.test(`${r.stdout}\n${text}`)) return { cls: 'silent-wrong', why: `exit ${r.code} but the output does not match ${String(c.says)}: ${(r.stdout + text).slice(0, 300)}` };
  const stray = files.added.filter((p) => !allowed(p));
  if (stray.length > 0) return { cls: 'poor', why: `wrote files it was not asked to: ${stray.join(', ')}` };
  return { cls: 'good', why: `exit ${r.code}` };
}
