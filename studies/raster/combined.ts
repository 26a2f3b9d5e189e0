// The rasterizer studies side by side (raster-units.md): what 3 GMP/s costs
// at 0.7, 1.0 and 1.5 W/mm^2 for NoBlur (4x, 16x), motion, defocus, Blur and
// the Hybrid in each of its modes, in one table, and what a Blur unit doing
// NoBlur work (the Hybrid in a NoBlur mode) costs against a NoBlur unit.
// Every figure comes from the studies' design points (points.jsonl) through
// the rate-cost rule; nothing is typed in.
//
// Hybrid rows: a joint-workload point (hybridMode 4, studies/hybrid/joint.ts)
// carries each mode's MP/cycle, so it stands for one design doing each
// mode's work at clock x that rate, with the same area and power (fully
// used; with --activity toggle the joint run's power is used for every
// mode, which the table says). A point swept on one mode's workload
// (hybridMode 0..3) stands for that mode only.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { combinedCosts, combinedTable, ratioTable, type CombinedEntry, sig, loadSweep, type PointRow } from '../../explore/index.js';
import { HYBRID_MODES, type HybridMode } from '../../units/blur/config.js';
import { JOINT_MODE_INDEX, modeRateKey } from '../hybrid/joint.js';
import { RASTER_RATE_TARGETS } from './metrics.js';
import { InternalError } from '../../hdl/errors.js';

const MODE_LABEL: Record<HybridMode, string> = { noblur4: 'NoBlur 4x', noblur16: 'NoBlur 16x', motion: 'motion blur (N = 64)', blur: 'Blur (N = 64)' };

function describe(r: PointRow): string {
  const p = Object.entries(r.params).map(([k, v]) => `${k}=${typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v)}`);
  return `${p.join(',')}; ${r.vt} Vt ${r.vdd} V ${r.stages} st ${sig(r.clockHz / 1e9)} GHz`;
}

const mpPerSec = (r: PointRow): number => {
  const v = r.metrics['mpPerSec'];
  if (v === undefined) throw new InternalError(`combined rate cost: row ${r.id} has no mpPerSec`);
  return v;
};

function rowsOf(dir: string | null): PointRow[] {
  return dir !== null && existsSync(join(dir, 'sweep.json')) ? loadSweep(dir).rows.slice() : [];
}

/** The table's entries, in order, from the study folders present. */
export function rasterEntries(dirOf: (study: string) => string | null): CombinedEntry[] {
  return rasterEntriesOf({ noblur: rowsOf(dirOf('noblur')), blur: rowsOf(dirOf('blur')), hybrid: rowsOf(dirOf('hybrid')) });
}

export function rasterEntriesOf({ noblur, blur, hybrid }: { noblur: PointRow[]; blur: PointRow[]; hybrid: PointRow[] }): CombinedEntry[] {
  const byMode = (rows: PointRow[], mode: string): PointRow[] => rows.filter((r) => r.mode === mode);
  const entries: CombinedEntry[] = [
    { label: 'NoBlur 4x', source: 'noblur, mode noblur4', rows: byMode(noblur, 'noblur4'), perSec: mpPerSec, describe },
    { label: 'NoBlur 16x', source: 'noblur, mode noblur16', rows: byMode(noblur, 'noblur16'), perSec: mpPerSec, describe },
    { label: 'motion blur (N = 64)', source: 'blur, mode motion', rows: byMode(blur, 'motion'), perSec: mpPerSec, describe },
    { label: 'defocus blur (N = 64)', source: 'blur, mode defocus', rows: byMode(blur, 'defocus'), perSec: mpPerSec, describe },
    { label: 'Blur (N = 64)', source: 'blur, mode blur', rows: byMode(blur, 'blur'), perSec: mpPerSec, describe },
  ];
  const joint = hybrid.filter((r) => r.extra['hybridMode'] === JOINT_MODE_INDEX);
  for (const mode of HYBRID_MODES) {
    const single = hybrid.filter((r) => r.extra['hybridMode'] === HYBRID_MODES.indexOf(mode));
    const key = modeRateKey(mode);
    const rateOf = (r: PointRow): number => (r.extra['hybridMode'] === JOINT_MODE_INDEX ? r.clockHz * r.extra[key]! : mpPerSec(r));
    entries.push({ label: `Hybrid in ${MODE_LABEL[mode]} mode`, source: `hybrid, ${joint.length > 0 ? `joint points' ${key}` : ''}${joint.length > 0 && single.length > 0 ? ' and ' : ''}${single.length > 0 ? `${mode} points` : ''}`, rows: [...joint, ...single], perSec: rateOf, describe });
  }
  entries.push({ label: 'Hybrid, joint objective (geometric mean of the four)', source: 'hybrid, joint points', rows: joint, perSec: mpPerSec, describe });
  return entries;
}

/** The section study --all writes into report/index.md. */
export function rasterCombinedSection(dirOf: (study: string) => string | null): string {
  return rasterCombinedMarkdown(rasterEntries(dirOf));
}

export function rasterCombinedMarkdown(entries: CombinedEntry[]): string {
  const { rate, powerDensityLimits: limits } = RASTER_RATE_TARGETS;
  const costs = combinedCosts(entries, rate, limits);
  const find = (label: string) => costs.find((c) => c.entry.label === label)!;
  const toggle = costs.some((c) => c.entry.rows.some((r) => r.fullPowerW !== undefined));
  const missing = costs.filter((c) => c.entry.rows.length === 0).map((c) => c.entry.label);
  return [
    `## Rasterizers side by side: the cost of ${sig(rate / 1e9)} GMP/s`,
    '',
    'Each row is one kind of work, each cell the rate-cost rule over that study\'s design points (least area among designs at or under the limit; "interpolated": the frontier at exactly the limit). ' +
      "The Hybrid rows take the Hybrid's joint-workload points, each with the MP rate it measured in that mode (same netlist, area and power); the joint objective is the geometric mean of the four modes' MP rates (studies/hybrid/joint.ts). " +
      (toggle ? 'Powers are from simulated toggles; a Hybrid row uses the joint run\'s power for every mode. ' : 'Powers are fully used (activity 1). ') +
      (missing.length > 0 ? `Not run, so empty here: ${missing.join(', ')}.` : ''),
    '',
    combinedTable(costs, limits),
    '',
    '### A Blur unit doing NoBlur work',
    '',
    'The Hybrid is the Blur unit (both front-end units, bypassed in NoBlur mode) that also runs NoBlur; its cost for NoBlur work divided by the NoBlur unit\'s, each the least-area design at the limit.',
    '',
    ratioTable(
      [
        { label: 'Hybrid in NoBlur 4x mode / NoBlur 4x', num: find(`Hybrid in ${MODE_LABEL.noblur4} mode`), den: find('NoBlur 4x') },
        { label: 'Hybrid in NoBlur 16x mode / NoBlur 16x', num: find(`Hybrid in ${MODE_LABEL.noblur16} mode`), den: find('NoBlur 16x') },
        { label: 'Hybrid in Blur mode / Blur', num: find(`Hybrid in ${MODE_LABEL.blur} mode`), den: find('Blur (N = 64)') },
      ],
      limits,
    ),
    '',
  ].join('\n');
}
