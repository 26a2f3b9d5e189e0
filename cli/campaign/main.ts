// npm run campaign: every case of the hostile-input campaign (cases.ts),
// classified (case.ts), with the counts written to docs/results/campaign.md
// (by this script, never by hand) and each case that is not good listed.
// Options: --only SUBSTRING (cases whose id contains it), --fast (the CI
// subset), --no-write (print only).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLASSES, type CaseClass, type Verdict } from './case.js';
import { allCases } from './cases.js';
import { REPO, runCases } from './run.js';

const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] ?? '' : '';
const cases = allCases(REPO).filter((c) => c.id.includes(only) && (!argv.includes('--fast') || c.fast === true) && (!argv.includes('--spawned') || c.spawn === true));
const t0 = Date.now();
let done = 0;
const verdicts = await runCases(cases, {
  onVerdict: (v) => {
    done++;
    if (v.cls !== 'good') process.stderr.write(`\n${v.cls.toUpperCase()} ${v.id}: ${v.why}\n`);
    else if (done % 25 === 0) process.stderr.write(`campaign: ${done} of ${cases.length}\n`);
  },
});
const secs = ((Date.now() - t0) / 1000).toFixed(0);

function table(vs: readonly Verdict[]): string {
  const groups = [...new Set(vs.map((v) => v.group))];
  const count = (g: string | null, c: CaseClass): number => vs.filter((v) => (g === null || v.group === g) && v.cls === c).length;
  const rows = [...groups.map((g) => [g, String(vs.filter((v) => v.group === g).length), ...CLASSES.map((c) => String(count(g, c)))]), ['**all**', `**${vs.length}**`, ...CLASSES.map((c) => `**${count(null, c)}**`)]];
  return [`| group | cases | ${CLASSES.join(' | ')} |`, `| --- | ---: | ${CLASSES.map(() => '---:').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

const bad = verdicts.filter((v) => v.cls !== 'good');
const fast = verdicts.filter((v) => cases.find((c) => c.id === v.id)?.fast === true);
const text = [
  '# Hostile-input campaign',
  '',
  `Written by \`npm run campaign\` (cli/campaign/main.ts), ${verdicts.length} cases in ${secs} s on ${new Date().toISOString().slice(0, 10)}; not edited by hand. Each case is a command line with the files, environment, signal or standard output it needs, classified by its exit code, its standard error and the files of its folder before and after (cli/campaign/case.ts says how). ${fast.length} of them (in-process, ${(fast.reduce((t, v) => t + v.ms, 0) / 1000).toFixed(0)} s in all here) run in CI through cli/campaign/campaign.test.ts.`,
  '',
  table(verdicts),
  '',
  bad.length === 0 ? 'Every case is good.' : `## Not good\n\n${bad.map((v) => `- ${v.cls} \`${v.id}\`: ${v.why.replace(/\n/g, ' ').slice(0, 300)}`).join('\n')}`,
  '',
].join('\n');
console.log(table(verdicts));
if (!argv.includes('--no-write') && only === '' && !argv.includes('--fast')) {
  mkdirSync(join(REPO, 'docs', 'results'), { recursive: true });
  writeFileSync(join(REPO, 'docs', 'results', 'campaign.md'), text);
  console.error(`campaign: docs/results/campaign.md (${verdicts.length} cases, ${bad.length} not good, ${secs} s)`);
}
process.exitCode = bad.length === 0 ? 0 : 1;
