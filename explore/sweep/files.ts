// Durable file primitives for sweep output: write-then-rename with fsync (a
// kill leaves the old file or the new one, never half of one), fsync'd
// appends, and a lock so two sweeps never write one directory at once.
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

/** An append-only file: each append is one write followed by fsync. */
export class Appender {
  private fd: number | null;
  constructor(readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
    this.fd = openSync(file, 'a');
  }
  append(text: string): void {
    if (this.fd === null) throw new InternalError(`${this.file}: append after close`);
    if (text.length === 0) return;
    writeSync(this.fd, text);
    fsyncSync(this.fd);
  }
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
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
