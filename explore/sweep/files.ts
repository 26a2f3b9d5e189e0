// Durable file primitives for sweep output: write-then-rename with fsync (a
// kill leaves the old file or the new one, never half of one), appends
// fsync'd in groups, and a lock so two sweeps never write one directory at once.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { writeOutputFile } from '../../hdl/output-file.js';
import { dirname, join } from 'node:path';
import { SweepError } from './spec.js';
import { ownerAlive, ownerToken, parseOwner } from '../../hdl/process-owner.js';
import { InternalError } from '../../hdl/errors.js';

/** Durable write of a result file; a symlink, device or FIFO at the path
 *  is written through, never replaced (hdl/output-file.ts). */
export function writeDurable(file: string, text: string): void {
  writeOutputFile(file, text);
}

/** Most milliseconds an appended record waits to be made durable (fsync'd).
 *  An append's write is in the file when it returns, so a killed sweep
 *  loses nothing; an OS crash or power loss may lose the last second of
 *  points, which the resume prices again from the micro-architectures'
 *  caches (each written durably before its points). One fsync per append
 *  held the main thread 1.2 s of a 9 s pricing-only Blur sweep (576
 *  appends, on the 2-core machine), while its workers waited for their
 *  next task. */
export const APPEND_SYNC_MS = 1000;

/** An append-only file: each append one write, fsync'd at most APPEND_SYNC_MS after it (group commit) and at close. */
export class Appender {
  private fd: number | null;
  private unsynced = false;
  private syncedAt: number;
  /** fsyncs so far. */
  syncs = 0;

  constructor(
    readonly file: string,
    private readonly syncMs = APPEND_SYNC_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    mkdirSync(dirname(file), { recursive: true });
    this.fd = openSync(file, 'a');
    this.syncedAt = now();
  }

  append(text: string): void {
    if (this.fd === null) throw new InternalError(`${this.file}: append after close`);
    if (text.length === 0) return;
    writeSync(this.fd, text);
    this.unsynced = true;
    if (this.now() - this.syncedAt >= this.syncMs) this.sync();
  }

  /** What was appended, made durable now. */
  sync(): void {
    if (this.fd !== null && this.unsynced) {
      fsyncSync(this.fd);
      this.syncs++;
      this.unsynced = false;
    }
    this.syncedAt = this.now();
  }

  close(): void {
    if (this.fd !== null) {
      this.sync();
      closeSync(this.fd);
    }
    this.fd = null;
  }
}

/** The live process holding DIR/.lock (a sweep still writing it), or null. */
export function lockHolder(dir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(dir, '.lock'), 'utf8');
  } catch {
    return null;
  }
  const owner = parseOwner(text);
  return owner !== null && ownerAlive(owner) ? owner.pid : null;
}

/** Takes DIR/.lock (recording this process's pid and start time), or throws
 *  naming the process that holds it. A lock left by a killed process, or
 *  naming a pid now reused by another process, is taken over. */
export function lockDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, ownerToken());
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = parseOwner(readFileSync(file, 'utf8'));
      if (owner !== null && owner.pid !== process.pid && ownerAlive(owner)) {
        throw new SweepError(`${dir} is in use by process ${owner.pid} (${file}); wait for it or stop it`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new SweepError(`could not lock ${dir}: ${file} keeps reappearing (another sweep starting at the same moment?); try again`);
}
