// gfxrtl command line entry: builds the program (cli/program.ts) and runs
// it inside the one error boundary (cli/boundary.ts).
import { CommanderError } from 'commander';
import { describeFailure, EXIT_USER, takeDebugFlag } from './boundary.js';
import { buildProgram } from './program.js';

// `gfxrtl ... | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

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
