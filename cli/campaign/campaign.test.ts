// The CI subset of the hostile-input campaign (npm run campaign runs all of
// it and writes docs/results/campaign.md): the in-process cases marked fast,
// every one of which must be good. A case that regresses names itself, its
// class and why.
import { expect, it } from 'vitest';
import { allCases } from './cases.js';
import { REPO, runCases } from './run.js';

it('every fast campaign case is good (bad input: one line, the right exit code, nothing written, nothing lost)', async () => {
  const cases = allCases(REPO).filter((c) => c.fast === true && c.spawn !== true);
  expect(cases.length).toBeGreaterThanOrEqual(100);
  const bad = (await runCases(cases)).filter((v) => v.cls !== 'good').map((v) => `${v.cls} ${v.id}: ${v.why}`);
  expect(bad).toEqual([]);
}, 600_000);
