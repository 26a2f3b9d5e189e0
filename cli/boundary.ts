// The CLI's one error boundary. A user mistake (any UserError, or a file
// the user named that the system refuses: missing, unreadable, a directory)
// is one line on stderr and exit code 2. A result that cannot be written
// (disk full, pipe closed, read-only or forbidden location: OutputError, or
// a system error on a write) is one line naming the output and exit code 74
// (sysexits' EX_IOERR). Anything else is a bug in gfxrtl: its stack, a line
// asking for a report, exit code 70 (EX_SOFTWARE). Every one-line reason is
// kept whole, its line breaks flattened. --debug (or GFXRTL_DEBUG=1) adds
// the stack to user mistakes too.
import { errnoCode, OutputError, SYSTEM_REASONS, UserError } from '../hdl/errors.js';

export const EXIT_USER = 2;
export const EXIT_BUG = 70;
export const EXIT_IOERR = 74;

interface FsError extends Error {
  code: string;
  path?: string;
  syscall?: string;
}

/** Syscalls whose failure is about writing a result. */
const WRITE_SYSCALLS = new Set(['write', 'writev', 'fsync', 'close', 'rename', 'ftruncate', 'copyfile', 'mkdir', 'unlink', 'rmdir']);

function fsErrorOf(e: unknown): FsError | null {
  return errnoCode(e) !== null ? (e as FsError) : null;
}

/** A path as it appears in a message: quoted when it holds control characters. */
export function shownPath(p: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(p) ? JSON.stringify(p) : p;
}

/** A UserError for an input file the system refused; null when `e` is not one. */
export function userErrorOfFs(e: unknown): UserError | null {
  const f = fsErrorOf(e);
  if (!f || typeof f.path !== 'string' || WRITE_SYSCALLS.has(f.syscall ?? '')) return null;
  const verb = f.syscall === 'open' || f.syscall === 'read' || f.syscall === 'stat' || f.syscall === 'lstat' || f.syscall === 'scandir' ? 'cannot open' : `cannot ${f.syscall ?? 'use'}`;
  return new UserError(`${verb} ${shownPath(f.path)}: ${SYSTEM_REASONS[f.code] ?? f.code}`);
}

/** An OutputError for a system error on a write; null when `e` is not one. */
function outputErrorOfFs(e: unknown): OutputError | null {
  if (e instanceof OutputError) return e;
  const f = fsErrorOf(e);
  if (!f || !(WRITE_SYSCALLS.has(f.syscall ?? '') || ['ENOSPC', 'EDQUOT', 'EPIPE', 'EFBIG', 'EIO'].includes(f.code))) return null;
  return new OutputError(f.path !== undefined ? shownPath(f.path) : 'an output', `${SYSTEM_REASONS[f.code] ?? f.code} (${f.code})`);
}

export function isUserError(e: unknown): e is Error {
  return e instanceof UserError || userErrorOfFs(e) !== null;
}

/** One line: line breaks become '; ' (or a space after a colon), other
 *  control characters their escapes; nothing is cut. */
export function oneLine(text: string): string {
  const t = text.trimEnd();
  return (
    t
      .replace(/[ \t]*\r?\n[ \t\r\n]*/g, (m, off: number) => (off > 0 && t[off - 1] === ':' ? ' ' : '; '))
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
  );
}

/** The lines to print for `e` and the exit code. */
export function describeFailure(e: unknown, debug: boolean): { code: number; text: string } {
  const stack = (x: unknown): string => (debug && x instanceof Error ? `${x.stack ?? ''}\n` : '');
  const out = outputErrorOfFs(e);
  if (out !== null) return { code: EXIT_IOERR, text: `gfxrtl: ${oneLine(out.message)}\n${stack(e)}` };
  const user = e instanceof UserError ? e : userErrorOfFs(e);
  if (user !== null) return { code: EXIT_USER, text: `gfxrtl: ${oneLine(user.message)}\n${stack(e)}` };
  const trace = e instanceof Error ? (e.stack ?? e.message) : String(e);
  return {
    code: EXIT_BUG,
    text: `gfxrtl: internal error (a bug in gfxrtl, not in your input): ${oneLine(e instanceof Error ? e.message : String(e))}\n${trace}\nPlease report it with the command line that caused it.\n`,
  };
}

/** --debug anywhere on the command line; removed before commander parses. */
export function takeDebugFlag(argv: readonly string[]): { argv: string[]; debug: boolean } {
  const rest = argv.filter((a) => a !== '--debug');
  return { argv: rest, debug: rest.length !== argv.length || process.env['GFXRTL_DEBUG'] === '1' };
}
