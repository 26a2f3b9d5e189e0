// The calibration and the rasterizer rate-cost tables of the docs, written
// from what `npm start` (gfxrtl study --all) leaves in its output folder, so
// no figure of them is typed in by hand:
//   docs/results/blur-calibration.md  <- ROOT/blur/calibration.json (and the
//     NoBlur cross-check fit, ROOT/noblur/calibration-crosscheck.json)
//   docs/results/raster-rate-cost.md  <- ROOT/{noblur,blur,hybrid} sweeps
//   npx tsx bench/docs-results.ts [ROOT]      (default: report)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calibrationSummary } from '../explore/report/calibration-summary.js';
import { CROSSCHECK_CALIBRATION_JSON, readCalibration } from '../explore/report/checks.js';
import { loopTable } from '../explore/report/loop-table.js';
import { calibrationTable } from '../explore/report/tables.js';
import { rasterCombinedSection } from '../studies/raster/combined.js';
import { UserError } from '../hdl/errors.js';

const root = process.argv[2] ?? 'report';
const OUT = 'docs/results';
mkdirSync(OUT, { recursive: true });
const stamp = (sources: string): string => `<!-- written by npx tsx bench/docs-results.ts ${root} from ${sources}; do not edit -->`;

const blur = readCalibration(join(root, 'blur'));
if (blur === null) throw new UserError(`${join(root, 'blur')}: no calibration.json (run npm start, or gfxrtl study --all --out ${root})`);
const cross = readCalibration(join(root, 'noblur'), CROSSCHECK_CALIBRATION_JSON);
const cal = [
  stamp(`${join(root, 'blur', 'calibration.json')}${cross ? ` and ${join(root, 'noblur', CROSSCHECK_CALIBRATION_JSON)}` : ''}`),
  '# Calibration on the Blur design',
  '',
  '```',
  calibrationSummary(blur),
  '```',
  '',
  calibrationTable(blur),
  '',
  ...(blur.loop ? [loopTable(blur.loop), ''] : []),
  ...(cross
    ? [`## Cross-check (never used to price): the same table fitted on ${cross.study}'s own instances`, '', '```', calibrationSummary(cross), '```', '', calibrationTable(cross), '']
    : []),
];
writeFileSync(join(OUT, 'blur-calibration.md'), cal.join('\n'));

const dirOf = (s: string): string | null => (existsSync(join(root, s, 'sweep.json')) ? join(root, s) : null);
writeFileSync(join(OUT, 'raster-rate-cost.md'), [stamp(`the sweeps in ${root}/{noblur,blur,hybrid}`), rasterCombinedSection(dirOf)].join('\n'));
console.error(`docs results: ${join(OUT, 'blur-calibration.md')}, ${join(OUT, 'raster-rate-cost.md')}`);
