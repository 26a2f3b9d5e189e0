// gfxrtl command line entry: builds the program (cli/program.ts) and runs
// it; a user mistake is one line on stderr and exit code 2, never a stack.
import { buildProgram, isUserError } from './program.js';

// `gfxrtl ... | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

try {
  await (await buildProgram()).parseAsync(process.argv);
} catch (e) {
  if (isUserError(e)) {
    console.error(`gfxrtl: ${e.message}`);
    process.exit(2);
  }
  throw e;
}
