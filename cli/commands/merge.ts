// `gfxrtl merge DIR... --out DIR`: join sweep shards (or any directories of
// one sweep) into one directory with recomputed Pareto flags.
import { mergeSweeps } from '../../explore/sweep/index.js';
import { checkOutputDir } from '../io.js';

export interface MergeCommandOptions {
  out: string;
}

export function mergeCommand(dirs: string[], opts: MergeCommandOptions): void {
  checkOutputDir(opts.out, '--out');
  const s = mergeSweeps({ inputs: dirs, out: opts.out, command: ['gfxrtl', ...process.argv.slice(2)].join(' ') });
  console.error(
    `merge ${opts.out}: ${s.points} points from ${dirs.length} directories (${s.duplicates} duplicates dropped); ` +
      (s.complete ? 'complete' : 'incomplete: run `gfxrtl sweep` with the same options and --out ' + opts.out + ' to finish it'),
  );
}
