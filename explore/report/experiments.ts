// A study's experiments (measurements outside the cost sweep, e.g. a merge
// unit's golden-model savings over many workloads) as files of a sweep
// directory: experiments/<name>.jsonl (the records) and <name>.md (the
// section the report includes). Deterministic from the seed each is run with.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Experiment, ExperimentContext } from '../contract.js';
import { writeDurable } from '../sweep/files.js';
import { StudyError } from '../contract.js';

export const EXPERIMENTS_DIR = 'experiments';

export async function runExperiments(experiments: readonly Experiment[], dir: string, seed: number, context: ExperimentContext = { mainJob: false }): Promise<string[]> {
  const written: string[] = [];
  for (const e of experiments) {
    if (!/^[A-Za-z0-9._-]+$/.test(e.name)) throw new StudyError(`experiment name "${e.name}" must be letters, digits, dot, dash or underscore (it names a file)`);
    const link = `${EXPERIMENTS_DIR}/${e.name}`;
    const files = join(dir, EXPERIMENTS_DIR, e.name);
    mkdirSync(files, { recursive: true });
    const r = await e.run(seed, { dir: files, link }, context);
    const base = join(dir, EXPERIMENTS_DIR, e.name);
    writeDurable(`${base}.jsonl`, r.records.map((x) => JSON.stringify(x) + '\n').join(''));
    writeDurable(`${base}.md`, `## Experiment: ${e.name}\n\n${e.doc} (seed ${seed}; records in [${EXPERIMENTS_DIR}/${e.name}.jsonl](${EXPERIMENTS_DIR}/${e.name}.jsonl))\n\n${r.markdown.trim()}\n`);
    written.push(`${base}.md`);
  }
  return written;
}

/** The experiment sections a directory holds, in name order. */
export function experimentSections(dir: string): string[] {
  const d = join(dir, EXPERIMENTS_DIR);
  if (!existsSync(d)) return [];
  return readdirSync(d)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => readFileSync(join(d, f), 'utf8'));
}
