// Every elaboration error names the module, the signal and the line of the
// user's code that created it: the three things an architect needs to find
// a wiring mistake in a design of hundreds of signals.
import { fileURLToPath } from 'node:url';
import type { SourceLoc } from './ir.js';

/** The one family of user mistakes (bad unit, key, value, file, ...): the
 *  CLI prints the message alone as one line and exits 2; anything else
 *  reaching the CLI is a bug in gfxrtl and is reported as one. Every error
 *  class meant for the user extends this, so the CLI needs no list. */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** What the system said about a path, in words. */
export const SYSTEM_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory, a file is needed',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large for the file system',
  EIO: 'input/output error on the device',
  EPIPE: 'the reader closed the pipe (output cut short)',
  EEXIST: 'already exists',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many open files',
  ENXIO: 'no such device (a FIFO with no reader?)',
  ETXTBSY: 'text file busy',
};

/** The errno code of a system error, or null. */
export function errnoCode(e: unknown): string | null {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' && e.code in SYSTEM_REASONS ? e.code : null;
}

/** A value outside what a library function accepts: the parameter, the
 *  value and what would be valid, as fields and in one line. Every check of
 *  an argument throws this (never a bare Error; errors.test.ts enforces it),
 *  so the CLI can say whose mistake it was: the user's when the value came
 *  from the command line or an input file, a unit's or study's author's when
 *  it came from a registered definition (the registry names the unit and
 *  its plugin file). */
export class ParamError extends UserError {
  constructor(
    readonly parameter: string,
    readonly value: unknown,
    readonly valid: string,
    /** Who is asking ("workload raster", "fifo"), or the whole message when
     *  the check words it its own way (the fields still say what was wrong). */
    opts: string | { context?: string; message?: string } = {},
  ) {
    const o = typeof opts === 'string' ? { context: opts } : opts;
    super(o.message ?? `${o.context !== undefined ? `${o.context}: ` : ''}${parameter} = ${shown(value)} is not valid; valid: ${valid}`);
    this.name = 'ParamError';
  }
}

function shown(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || v === null || v === undefined) return String(v);
  return Array.isArray(v) ? `[${v.length} entries]` : 'an object';
}

/** A broken invariant inside gfxrtl (never the user's input): the CLI shows
 *  it as a bug, with its stack and a request to report it. Use ParamError
 *  instead for any check of a value a caller passed in. */
export class InternalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InternalError';
  }
}

/** Writing a result failed (disk full, closed pipe, read-only or forbidden
 *  location): one line naming the output, exit 74 (sysexits' EX_IOERR). */
export class OutputError extends Error {
  constructor(
    readonly output: string,
    readonly reason: string,
  ) {
    super(`cannot write ${output}: ${reason}`);
    this.name = 'OutputError';
  }
}

/** An elaboration error: names the module, the signal and the line of the unit author's code. */
export class HdlError extends UserError {
  constructor(
    readonly kind: string,
    readonly moduleName: string,
    readonly signal: string | undefined,
    detail: string,
    readonly loc?: SourceLoc,
  ) {
    super(
      `${kind} in module ${moduleName}` +
        (signal !== undefined ? `, signal ${signal}` : '') +
        (loc ? ` (${formatLoc(loc)})` : '') +
        `: ${detail}`,
    );
    this.name = 'HdlError';
  }
}

export function formatLoc(loc: SourceLoc): string {
  return `${loc.file}:${loc.line}:${loc.column}`;
}

const FRAME = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\)?\s*$/;

/** The place (file as a path, not a URL) one line of a stack trace names, if any. */
function frameOf(line: string): SourceLoc | undefined {
  const m = FRAME.exec(line.trim());
  if (!m) return undefined;
  return { file: m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!, line: Number(m[2]), column: Number(m[3]) };
}

/** This folder as stack traces name it. Under tsx, and from npm start's
 *  compiled tree (pack/run-compiled.mjs) whose source maps point back at the
 *  sources, that is the sources' folder, not the folder of the code running;
 *  so it is read from a stack trace of this module itself. */
const LIBRARY_DIR = ((): string => {
  const here = frameOf(new Error().stack?.split('\n')[1] ?? '')?.file;
  return here !== undefined ? here.slice(0, here.lastIndexOf('/') + 1) : fileURLToPath(new URL('.', import.meta.url));
})();

/** A source location captured as a raw stack and parsed only when read:
 *  elaboration records one per node, and formatting a stack (through the
 *  source-map hook tsx installs) cost 85-90% of elaboration time, while
 *  only an error message or a Verilog header ever reads one. */
class CapturedLoc implements SourceLoc {
  private raw: { stack?: string } | null;
  private parsed: SourceLoc | null = null;

  constructor(raw: { stack?: string }) {
    this.raw = raw;
  }
  private get loc(): SourceLoc {
    if (this.parsed === null) {
      this.parsed = parseStack(this.raw?.stack ?? '') ?? { file: '<unknown>', line: 0, column: 0 };
      this.raw = null;
    }
    return this.parsed;
  }
  get file(): string {
    return this.loc.file;
  }
  get line(): number {
    return this.loc.line;
  }
  get column(): number {
    return this.loc.column;
  }
  toJSON(): SourceLoc {
    return { ...this.loc };
  }
}

/** The first stack frame outside the HDL library itself (library test files
 *  count as user code, so the library's own tests see their lines). */
export function callerLoc(): SourceLoc | undefined {
  // Library frames above the user's line: about 2-7 in practice (deeper in
  // nested when-lowering); 16 keeps the capture cheap with margin.
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 16;
  const raw: { stack?: string } = {};
  Error.captureStackTrace(raw, callerLoc);
  Error.stackTraceLimit = saved;
  return new CapturedLoc(raw);
}

function parseStack(stack: string): SourceLoc | undefined {
  for (const line of stack.split('\n').slice(1)) {
    const f = frameOf(line);
    if (f === undefined || f.file.startsWith('node:') || f.file.includes('/node_modules/')) continue;
    const inLibrary = f.file.startsWith(LIBRARY_DIR) && !/\.test\.[jt]s$/.test(f.file);
    if (inLibrary) continue;
    return { ...f, file: relativeToCwd(f.file) };
  }
  return undefined;
}

function relativeToCwd(file: string): string {
  const cwd = process.cwd() + '/';
  return file.startsWith(cwd) ? file.slice(cwd.length) : file;
}
