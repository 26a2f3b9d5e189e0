// `npx tsx studies/sort/run.ts [--out DIR] [--quick]`: run the sort study and
// write DIR (default report/sort): results.jsonl (one row per scene x tile x
// spp x k x keys per cycle), frames.json, costs.json, index.md and plots.
import { mkdirSync } from 'node:fs';
import { writeOutputFile } from '../../hdl/output-file.js';
import { join } from 'node:path';
import { DEFAULT_OPTIONS, type StudyOptions } from './experiment.js';
import { runStudyParallel } from './parallel.js';
import { writeReport } from './report.js';
import { UserError } from '../../hdl/errors.js';

/** A few seconds' worth: one triangle size, two digit widths, two lane counts. */
export const QUICK: Partial<StudyOptions> = { areas: [8], ks: [4, 8], lanes: ['1', '2'], spps: [4, 16], tiles: [64, 128], sppAreas: [8], frameAreas: [], laneSweepScenes: ['plane-a8'] };

function parseArgs(argv: readonly string[]): { out: string; quick: boolean } {
  let out = join('report', 'sort');
  let quick = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--out') {
      const v = argv[++i];
      if (v === undefined) throw new UserError('sort study: --out needs a directory');
      out = v;
    } else if (a === '--quick') quick = true;
    else throw new UserError(`sort study: unknown argument '${a}'; usage: run.ts [--out DIR] [--quick]`);
  }
  return { out, quick };
}

/** Atomic for a regular file; a symlink, device or FIFO is written through (hdl/output-file.ts). */
function writeAtomic(file: string, text: string): void {
  writeOutputFile(file, text);
}

export async function main(argv: readonly string[]): Promise<void> {
  const { out, quick } = parseArgs(argv);
  const opts: StudyOptions = { ...DEFAULT_OPTIONS, ...(quick ? QUICK : {}) };
  const t0 = Date.now();
  console.log(`sort study: scenes ${opts.surfaces.join(', ')} at ${opts.areas.join(', ')} px^2 (seed ${opts.seed}), tiles ${opts.tiles.join('/')}, spp ${opts.spps.join('/')}, k ${opts.ks.join('/')}, keys per cycle ${opts.lanes.join('/')}`);
  const result = await runStudyParallel(opts);
  mkdirSync(out, { recursive: true });
  writeAtomic(join(out, 'results.jsonl'), result.rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeAtomic(join(out, 'frames.json'), JSON.stringify(result.frames, null, 2) + '\n');
  writeAtomic(join(out, 'costs.json'), JSON.stringify({ sorter: result.costs, frontEnd: result.frontEnd, codecs: result.codecs }, null, 2) + '\n');
  const seconds = (Date.now() - t0) / 1000;
  await writeReport(out, result, opts, seconds);
  const s = result.sim;
  console.log(`sort study: ${result.rows.length} rows, ${s.tilesSimulated} tiles simulated (${(s.cycles / 1e6).toFixed(1)} M cycles in ${(s.ms / 1000).toFixed(1)} s, ${(s.cycles / Math.max(1, s.ms) / 1000).toFixed(2)} M cycles/s), ${seconds.toFixed(0)} s in all -> ${out}/index.md`);
}

const invoked = process.argv[1] ?? '';
if (invoked.endsWith('run.ts') || invoked.endsWith('run.js')) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
