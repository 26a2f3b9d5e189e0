// Test support: runs one gfxrtl command line in this process and returns
// what it printed and its exit code, as the shell would see them (a user
// mistake is one line on stderr and code 2). In-process, so the CLI tests
// run every README command without paying a tsx start-up per line.
import { CommanderError } from 'commander';
import { describeFailure, takeDebugFlag } from './boundary.js';
import { buildProgram } from './program.js';
import { captureStdout } from '../hdl/output-file.js';

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
  const writeOut = process.stdout.write.bind(process.stdout);
  console.log = (...a: unknown[]) => void out.push(a.map(String).join(' ') + '\n');
  console.error = (...a: unknown[]) => void err.push(a.map(String).join(' ') + '\n');
  process.stderr.write = ((chunk: string | Uint8Array) => (err.push(String(chunk)), true)) as typeof process.stderr.write;
  process.stdout.write = ((chunk: string | Uint8Array) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
  captureStdout((s) => void out.push(s));
  const before = process.exitCode;
  process.exitCode = 0;
  let code = 0;
  const { argv: rest, debug } = takeDebugFlag(args);
  try {
    const program = await buildProgram();
    program.exitOverride();
    program.configureOutput({ writeOut: (s) => void out.push(s), writeErr: (s) => void err.push(s) });
    await program.parseAsync(['node', 'gfxrtl', ...rest]);
    code = typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      code = e.exitCode === 0 ? 0 : 2; // commander's own usage errors, as main.ts reports them
    } else {
      const f = describeFailure(e, debug);
      err.push(f.text);
      code = f.code;
    }
  } finally {
    console.log = log;
    console.error = error;
    process.stderr.write = write;
    process.stdout.write = writeOut;
    captureStdout(null);
    process.exitCode = before;
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}
