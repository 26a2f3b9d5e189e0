// gfxrtl command line entry: builds the program (cli/program.ts) and runs
// it inside the one error boundary (cli/boundary.ts).
import { CommanderError } from 'commander';
import { OutputError, SYSTEM_REASONS } from '../hdl/errors.js';
import { describeFailure, EXIT_USER, takeDebugFlag } from './boundary.js';
import { buildProgram } from './program.js';

// Standard output refused (a full disk, a read-only file, a reader that
// closed the pipe, as `| head` does): one line and EX_IOERR, as for any
// output; the output is cut short, and the exit code says so.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    const name = stream === process.stdout ? 'standard output' : 'standard error';
    const f = describeFailure(new OutputError(name, `${SYSTEM_REASONS[e.code ?? ''] ?? e.message} (${e.code ?? 'error'})`), false);
    if (stream === process.stdout) process.stderr.write(f.text);
    process.exit(f.code);
  });
}

const { argv, debug } = takeDebugFlag(process.argv);
try {
  await (await buildProgram()).parseAsync(argv);
} catch (e) {
  // Commander has printed its usage error (or help) already.
  if (e instanceof CommanderError) process.exit(e.exitCode === 0 ? 0 : EXIT_USER);
  const f = describeFailure(e, debug);
  process.stderr.write(f.text);
  process.exit(f.code);
}
