// An experiment is told whether it runs in the main job (npm start's
// narrowed study) so that a long one can run its reduced set there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Experiment, ExperimentContext } from '../contract.js';
import { runExperiments } from './experiments.js';

const root = mkdtempSync(join(tmpdir(), 'gfxrtl-experiments-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function probe(seen: (ExperimentContext | undefined)[]): Experiment {
  return {
    name: 'probe',
    doc: 'records the context it was run with',
    async run(_seed, _files, context) {
      seen.push(context);
      return { markdown: `main job: ${String(context?.mainJob)}`, records: [] };
    },
  };
}

describe('runExperiments', () => {
  it('passes the context on, and runs the full set (mainJob false) when none is given', async () => {
    const seen: (ExperimentContext | undefined)[] = [];
    await runExperiments([probe(seen)], join(root, 'a'), 1);
    await runExperiments([probe(seen)], join(root, 'b'), 1, { mainJob: true });
    expect(seen).toEqual([{ mainJob: false }, { mainJob: true }]);
  });
});
