// Writing a result file without ever destroying what the path names. A
// regular file (or a path that does not exist yet) is written atomically:
// a temporary file beside it, fsync'd, renamed over it, so a kill leaves the
// old file or the new one. Anything else is written *through*, never
// replaced: a symlink's target gets the (atomic) write and the link stays,
// a device or FIFO (/dev/null, /dev/stdout, a named pipe) is simply opened
// and written. `-` is standard output. A write the system refuses (disk
// full, pipe closed, read-only or forbidden place) is an OutputError naming
// the output (exit 74), and the temporary file is removed, so the old file
// stays whole. It lives in hdl/ because every layer (waveforms, sweep and
// report engines, CLI) may import hdl/ and writes results.
import { accessSync, closeSync, constants, type Stats, fsyncSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join, basename, resolve } from 'node:path';
import { errnoCode, OutputError, SYSTEM_REASONS, UserError } from './errors.js';

/** How an output is named in messages. */
export function outputName(file: string): string {
  return file === '-' || file === '/dev/stdout' ? 'standard output' : file;
}

/** `e` as an OutputError naming `file` when the system refused a write. */
export function asOutputError(e: unknown, file: string): unknown {
  const code = errnoCode(e);
  if (code === null || e instanceof OutputError || code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return e;
  return new OutputError(outputName(file), `${SYSTEM_REASONS[code]} (${code})`);
}

/** Runs a write to `file`, turning a refusal by the system into an OutputError. */
export function writing<T>(file: string, write: () => T): T {
  try {
    return write();
  } catch (e) {
    throw asOutputError(e, file);
  }
}

function statOrNull(file: string, follow: boolean): Stats | null {
  try {
    return follow ? statSync(file) : lstatSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw e;
  }
}

/** The nearest existing ancestor of `path` (a directory to create it in). */
function existingAncestor(path: string): string {
  let p = resolve(path);
  while (statOrNull(p, true) === null && dirname(p) !== p) p = dirname(p);
  return p;
}

function checkDirWritable(dir: string, what: string): void {
  const base = existingAncestor(dir);
  const st = statOrNull(base, true);
  if (st && !st.isDirectory()) throw new UserError(`${what} ${dir}: ${base} is not a directory`);
  try {
    accessSync(base, constants.W_OK | constants.X_OK);
  } catch (e) {
    const code = errnoCode(e) ?? 'EACCES';
    throw new OutputError(`${what} ${dir}`, `directory ${base} is not writable (${SYSTEM_REASONS[code] ?? code}); choose a writable location`);
  }
}

/** Throws a one-line UserError when `file` cannot be written; call it before
 *  the expensive part. `what` names the option, e.g. "--output". */
export function checkOutputFile(file: string, what: string): void {
  if (file === '-') return;
  if (file === '') throw new UserError(`${what}: empty file name; give a path or - for standard output`);
  const st = statOrNull(file, true);
  if (st === null) {
    if (statOrNull(file, false) !== null) throw new UserError(`${what} ${file}: a dangling symbolic link; its target does not exist`);
    return checkDirWritable(dirname(resolve(file)), what);
  }
  if (st.isDirectory()) throw new UserError(`${what} ${file}: is a directory, a file name is needed`);
  try {
    accessSync(file, constants.W_OK);
  } catch (e) {
    const code = errnoCode(e) ?? 'EACCES';
    throw new OutputError(`${what} ${file}`, `not writable (${SYSTEM_REASONS[code] ?? code})`);
  }
  if (st.isFile()) checkDirWritable(dirname(realpathSync(file)), what);
}

/** Throws a one-line UserError when `dir` cannot be created or written in. */
export function checkOutputDir(dir: string, what: string): void {
  const st = statOrNull(dir, true);
  if (st !== null && !st.isDirectory()) throw new UserError(`${what} ${dir}: exists and is not a directory`);
  checkDirWritable(dir, what);
}

function writeAll(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  for (let off = 0; off < buf.length; ) off += writeSync(fd, buf, off, buf.length - off);
}

/** Atomic replace of a regular file (or creation), through a temp `write` fills. */
export function replaceAtomically(file: string, write: (tmp: string) => void): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  try {
    write(tmp);
    const fd = openSync(tmp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Where an atomic write should land for `file`, or null to write through
 *  (device, FIFO, socket). Symlinks resolve to their target. */
function atomicTarget(file: string): string | null {
  const l = statOrNull(file, false);
  if (l === null || l.isFile()) return file;
  if (l.isDirectory()) throw new UserError(`${file}: is a directory, a file name is needed`);
  const st = statOrNull(file, true);
  if (l.isSymbolicLink()) {
    if (st === null) throw new UserError(`${file}: a dangling symbolic link; its target does not exist`);
    if (st.isFile()) return realpathSync(file);
    if (st.isDirectory()) throw new UserError(`${file}: links to a directory, a file name is needed`);
  }
  return null;
}

/** Write `data` to `file` (see the header): `-` is stdout. */
export function writeOutputFile(file: string, data: string | Uint8Array): void {
  writing(file, () => writeOutputFileRaw(file, data));
}

function writeOutputFileRaw(file: string, data: string | Uint8Array): void {
  if (file === '-') {
    writeAll(1, data);
    return;
  }
  const target = atomicTarget(file);
  if (target !== null) {
    replaceAtomically(target, (tmp) => {
      const fd = openSync(tmp, 'w');
      try {
        writeAll(fd, data);
      } finally {
        closeSync(fd);
      }
    });
    return;
  }
  const fd = openSync(file, 'w');
  try {
    writeAll(fd, data);
  } finally {
    closeSync(fd);
  }
}

/** Stream-writing variant: `write` gets the path to write (a temp file for
 *  a regular target, the device itself otherwise). `-` is /dev/stdout. */
export function writeOutputWith(file: string, write: (path: string) => void): void {
  const path = file === '-' ? '/dev/stdout' : file;
  writing(file, () => {
    const target = atomicTarget(path);
    if (target !== null) replaceAtomically(target, write);
    else write(path);
  });
}

let stdoutWriter: (data: string) => void = (data) => writeAll(1, data);

/** Where streamed standard output goes (tests running the CLI in-process
 *  capture it); null restores the synchronous write to file descriptor 1. */
export function captureStdout(write: ((data: string) => void) | null): void {
  stdoutWriter = write ?? ((data) => writeAll(1, data));
}

/**
 * An output written piece by piece, so memory stays bounded however long
 * the run: `write` buffers up to 64 KiB and writes it out. `commit` puts a
 * regular file in place (temp file renamed over the old one), `abort`
 * removes the temp file and leaves the old one. `-` is standard output.
 */
export class OutputStream {
  private fd: number;
  private readonly tmp: string | null;
  private readonly target: string | null;
  private parts: string[] = [];
  private size = 0;
  private done = false;

  constructor(readonly file: string) {
    const path = file === '-' ? null : file;
    this.target = path === null ? null : writing(file, () => atomicTarget(path));
    if (this.target !== null) {
      mkdirSync(dirname(this.target), { recursive: true });
      this.tmp = join(dirname(this.target), `.${basename(this.target)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
    } else this.tmp = null;
    this.fd = path === null ? 1 : writing(file, () => openSync(this.tmp ?? path, 'w'));
  }

  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= 1 << 16) this.flush();
  }

  private flush(): void {
    if (this.size === 0) return;
    const data = this.parts.join('');
    this.parts = [];
    this.size = 0;
    try {
      // Synchronous, standard output too: a closed pipe or a full disk is
      // an OutputError here, before the run goes on to report success.
      writing(this.file, () => (this.fd === 1 ? stdoutWriter(data) : writeAll(this.fd, data)));
    } catch (e) {
      this.abort();
      throw e;
    }
  }

  /** Everything written: the file takes its place. */
  commit(): void {
    this.flush();
    if (this.done) return;
    this.done = true;
    if (this.fd === 1) return;
    writing(this.file, () => {
      try {
        if (this.tmp !== null) fsyncSync(this.fd);
      } finally {
        closeSync(this.fd);
      }
      if (this.tmp !== null && this.target !== null) renameSync(this.tmp, this.target);
    });
  }

  /** Nothing of this output is kept; an old file at the path stays as it was. */
  abort(): void {
    if (this.done) return;
    this.done = true;
    if (this.fd !== 1) closeSync(this.fd);
    if (this.tmp !== null) rmSync(this.tmp, { force: true });
  }
}
