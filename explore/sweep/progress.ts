// Progress of long work on stderr: a cli-progress bar with points/s and ETA
// when stderr is a terminal; otherwise (CI logs, redirected output) a plain
// line every `intervalMs`, so logs stay readable and still show liveness.
import cliProgress from 'cli-progress';

export interface Progress {
  /** `done` of `total` were already finished before this run (resume). */
  start(total: number, done: number): void;
  update(done: number, total: number, note?: string): void;
  /** `complete` false: the run was interrupted, and the line must not say finished. */
  stop(complete?: boolean): void;
}

export interface ProgressOptions {
  label: string;
  unit?: string;
  stream?: NodeJS.WriteStream;
  /** Non-TTY line interval (default 10 s). */
  intervalMs?: number;
  /** No output at all (tests, --quiet). */
  quiet?: boolean;
}

export function formatDuration(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const t = Math.round(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = t % 60;
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : m > 0 ? `${m}m${String(sec).padStart(2, '0')}s` : `${sec}s`;
}

export const silentProgress: Progress = { start() {}, update() {}, stop() {} };

export function createProgress(opts: ProgressOptions): Progress {
  if (opts.quiet) return silentProgress;
  const stream = opts.stream ?? process.stderr;
  const unit = opts.unit ?? 'points';
  let t0 = 0;
  let base = 0;
  let lastLine = 0;
  const stats = (done: number, total: number): { rate: string; remaining: string } => {
    const elapsed = (performance.now() - t0) / 1000;
    const rate = elapsed > 0 ? (done - base) / elapsed : 0;
    return { rate: rate.toFixed(1), remaining: rate > 0 ? formatDuration((total - done) / rate) : '?' };
  };
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${opts.label} |{bar}| {value}/{total} ${unit} | {rate} ${unit}/s | ETA {remaining} | {note}`, stream, fps: 5, hideCursor: true, barsize: 30 },
      cliProgress.Presets.shades_classic,
    );
    return {
      start(total, done) {
        t0 = performance.now();
        base = done;
        // cli-progress owns {eta}; ours is {remaining}, from this run's rate only.
        bar.start(total, done, { rate: '0.0', remaining: '?', note: '' });
      },
      update(done, total, note = '') {
        bar.setTotal(total);
        bar.update(done, { ...stats(done, total), note });
      },
      stop: () => bar.stop(),
    };
  }
  const interval = opts.intervalMs ?? 10_000;
  const line = (done: number, total: number, note: string): void => {
    const s = stats(done, total);
    const pct = total > 0 ? ((100 * done) / total).toFixed(1) : '100.0';
    stream.write(`${opts.label}: ${done}/${total} ${unit} (${pct}%), ${s.rate} ${unit}/s, ETA ${s.remaining}${note ? `, ${note}` : ''}\n`);
  };
  let last = { done: 0, total: 0 };
  return {
    start(total, done) {
      t0 = lastLine = performance.now();
      base = done;
      last = { done, total };
      stream.write(`${opts.label}: ${total} ${unit}, ${done} already done\n`);
    },
    update(done, total, note = '') {
      last = { done, total };
      const now = performance.now();
      if (now - lastLine >= interval) {
        lastLine = now;
        line(done, total, note);
      }
    },
    stop: (complete = true) => line(last.done, last.total, complete ? 'finished' : 'interrupted; rerun the same command to resume'),
  };
}
