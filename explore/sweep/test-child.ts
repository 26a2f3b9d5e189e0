// Test support: runs one sweep in a child process from a JSON argument, so a
// test can kill it with SIGKILL mid-run, as a crash or a pre-empted machine
// would, and check that resuming loses and repeats nothing.
import { runSweep, type SweepOptions } from './run.js';
import { InternalError } from '../../hdl/errors.js';

const arg = process.argv[2];
if (arg === undefined) throw new InternalError('usage: test-child.ts <SweepOptions as JSON>');
const opts = JSON.parse(arg) as Pick<SweepOptions, 'study' | 'out' | 'spec' | 'workers'>;
await runSweep({ ...opts, onResult: (r) => process.stdout.write(`done ${r.entry.id}\n`) });
process.stdout.write('finished\n');
