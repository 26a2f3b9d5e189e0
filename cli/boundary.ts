// The CLI's one error boundary. A user mistake (any UserError, or a file
// the user named that the system refuses: missing, unreadable, a directory,
// a full disk) is one line on stderr and exit code 2. Anything else is a bug
// in gfxrtl: its stack, a line asking for a report, exit code 70
// (EX_SOFTWARE). --debug (or GFXRTL_DEBUG=1) adds the stack to user mistakes too.
import { UserError } from '../hdl/errors.js';

export const EXIT_USER = 2;
export const EXIT_BUG = 70;

/** What the system said about a path, in words, and what would help. */
const FILE_REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory, a file is needed',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EEXIST: 'already exists',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many open files',
};

interface FsError extends Error {
  code: string;
  path?: string;
  syscall?: string;
}

function fsErrorOf(e: unknown): FsError | null {
  if (!(e instanceof Error) || !('code' in e) || typeof e.code !== 'string') return null;
  return e.code in FILE_REASONS && 'path' in e && typeof e.path === 'string' ? (e as FsError) : null;
}

/** A UserError for a file the system refused; null when `e` is not one. */
export function userErrorOfFs(e: unknown): UserError | null {
  const f = fsErrorOf(e);
  if (!f) return null;
  const verb = f.syscall === 'open' || f.syscall === 'read' || f.syscall === 'stat' || f.syscall === 'lstat' ? 'cannot open' : `cannot ${f.syscall ?? 'use'}`;
  return new UserError(`${verb} ${f.path}: ${FILE_REASONS[f.code] ?? f.code}`);
}

export function isUserError(e: unknown): e is Error {
  return e instanceof UserError || fsErrorOf(e) !== null;
}

/** The lines to print for `e` and the exit code. */
export function describeFailure(e: unknown, debug: boolean): { code: number; text: string } {
  if (e instanceof UserError || fsErrorOf(e)) {
    const u = e instanceof UserError ? e : userErrorOfFs(e)!;
    const line = `gfxrtl: ${u.message.split('\n')[0]}`;
    return { code: EXIT_USER, text: debug ? `${line}\n${(e as Error).stack ?? ''}\n` : `${line}\n` };
  }
  const stack = e instanceof Error ? (e.stack ?? e.message) : String(e);
  return {
    code: EXIT_BUG,
    text: `gfxrtl: internal error (a bug in gfxrtl, not in your input): ${e instanceof Error ? e.message : String(e)}\n${stack}\nPlease report it with the command line that caused it.\n`,
  };
}

/** --debug anywhere on the command line; removed before commander parses. */
export function takeDebugFlag(argv: readonly string[]): { argv: string[]; debug: boolean } {
  const rest = argv.filter((a) => a !== '--debug');
  return { argv: rest, debug: rest.length !== argv.length || process.env['GFXRTL_DEBUG'] === '1' };
}
