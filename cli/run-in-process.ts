// Test support: runs one gfxrtl command line in this process and returns
// what it printed and its exit code, as the shell would see them (a user
// mistake is one line on stderr and code 2). In-process, so the CLI tests
// run every README command without paying a tsx start-up per line.
import { buildProgram, isUserError } from './program.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: readonly string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const log = console.log;
  const error = console.error;
  const write = process.stderr.write.bind(process.stderr);
  console.log = (...a: unknown[]) => void out.push(a.map(String).join(' ') + '\n');
  console.error = (...a: unknown[]) => void err.push(a.map(String).join(' ') + '\n');
  process.stderr.write = ((chunk: string | Uint8Array) => (err.push(String(chunk)), true)) as typeof process.stderr.write;
  const before = process.exitCode;
  process.exitCode = 0;
  let code = 0;
  try {
    const program = await buildProgram();
    program.exitOverride();
    program.configureOutput({ writeOut: (s) => void out.push(s), writeErr: (s) => void err.push(s) });
    await program.parseAsync(['node', 'gfxrtl', ...args]);
    code = typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (isUserError(e)) {
      err.push(`gfxrtl: ${e.message}\n`);
      code = 2;
    } else if (e instanceof Error && 'exitCode' in e && typeof e.exitCode === 'number') {
      code = e.exitCode; // commander's own usage errors
    } else throw e;
  } finally {
    console.log = log;
    console.error = error;
    process.stderr.write = write;
    process.exitCode = before;
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}
