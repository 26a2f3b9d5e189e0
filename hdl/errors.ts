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

const LIBRARY_DIR = fileURLToPath(new URL('.', import.meta.url));

/** The first stack frame outside the HDL library itself (library test files
 *  count as user code, so the library's own tests see their lines). */
export function callerLoc(): SourceLoc | undefined {
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 30;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = saved;
  for (const line of stack.split('\n').slice(1)) {
    const m = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\)?\s*$/.exec(line.trim());
    if (!m) continue;
    let file = m[1];
    if (file.startsWith('file://')) file = fileURLToPath(file);
    if (file.startsWith('node:') || file.includes('/node_modules/')) continue;
    const inLibrary = file.startsWith(LIBRARY_DIR) && !/\.test\.[jt]s$/.test(file);
    if (inLibrary) continue;
    return { file: relativeToCwd(file), line: Number(m[2]), column: Number(m[3]) };
  }
  return undefined;
}

function relativeToCwd(file: string): string {
  const cwd = process.cwd() + '/';
  return file.startsWith(cwd) ? file.slice(cwd.length) : file;
}
