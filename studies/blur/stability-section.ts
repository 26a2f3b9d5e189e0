// The report's answer to "is the workload big enough?": per mode, how many
// micro-architectures sequential sampling extended (sampling.ts), whether
// each one with a point on the frontier has its MP/cycle known to 1%, and
// for those not extended the within-run estimate of one run
// (testbenches/blur/stability.ts).
import type { ReportContext, ReportSection } from '../../explore/index.js';
import { MAX_REPLICATES, MIN_REPLICATES } from './sampling.js';

interface MicroArch {
  readonly id: string;
  readonly records: number;
  readonly ci: number;
  readonly need: number;
  /** Workload runs pooled (1: the base run alone) and the base seed. */
  readonly runs: number;
  readonly seed: number;
  /** Has a point on its mode's frontier. */
  readonly frontier: boolean;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const pct = (x: number): string => (x < 0 || !Number.isFinite(x) ? 'n/a' : `${(100 * x).toFixed(2)}%`);
const within = (x: MicroArch): boolean => x.ci >= 0 && x.ci <= 0.01;
const worstOf = (xs: readonly MicroArch[]): MicroArch => xs.reduce((a, b) => ((b.ci < 0 ? Infinity : b.ci) > (a.ci < 0 ? Infinity : a.ci) ? b : a));
const seeds = (x: MicroArch): string => (x.runs === 1 ? `${x.seed}` : `${x.seed}..${x.seed + x.runs - 1}`);

function byMode(ctx: ReportContext): Map<string, Map<string, MicroArch>> {
  const out = new Map<string, Map<string, MicroArch>>();
  for (const r of ctx.rows) {
    const extra = r['extra'] as Record<string, number> | undefined;
    if (extra?.['mpsFor1Percent'] === undefined) continue;
    const id = String(r['id']);
    const mode = String(r['mode']) + (extra['hybridMode'] !== undefined ? ` (${String(r['workload']).split('-')[1]} workload)` : '');
    const m = out.get(mode) ?? new Map<string, MicroArch>();
    const frontier = r['pareto'] === true || (m.get(id)?.frontier ?? false);
    m.set(id, { id, records: extra['inputRecords'] ?? 0, ci: extra['mpCycleCi'] ?? -1, need: extra['mpsFor1Percent'], runs: extra['replicates'] ?? 1, seed: Number(r['seed'] ?? 0), frontier });
    out.set(mode, m);
  }
  return out;
}

export function stabilityMarkdown(ctx: ReportContext): string {
  const modes = byMode(ctx);
  if (modes.size === 0) return 'No row carries the stability counters.';
  const out = [
    'MP/cycle is a ratio over a sampled workload. After the sweep, every micro-architecture with a point on its mode\'s frontier or within its MP/cycle\'s confidence interval of it, and every design the rate-cost table picks, ' +
      `is simulated again on replicates of the workload (the same generator with the next seeds: new surface instances, placement, jitter, motion and lens) until its MP/cycle's 95% half-width is at most 1% (at least ${MIN_REPLICATES} runs) or it reaches the cap (${MAX_REPLICATES} runs); ` +
      'its points are priced from the pooled counts. A pooled half-width is the t interval of the replicates\' cycles per MP (for a joint Hybrid row, of their log joint rate). ' +
      'One run\'s half-width is the within-run estimate (stratified batch means with successive differences), which cannot see what a seed draws once for the whole workload (lens, motion, each surface\'s instance); docs/studies/raster.md compares both with the spread across seeds.',
    '',
    '| mode | micro-architectures | extended (runs) | input records per micro-architecture | on the frontier: within 1% | at the cap | frontier worst half-width | not extended: one run\'s half-width, median / worst |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const frontRows: string[] = [];
  for (const [mode, m] of modes) {
    const xs = [...m.values()];
    const ext = xs.filter((x) => x.runs > 1);
    const runs = [...new Set(ext.map((x) => x.runs))].sort((a, b) => a - b);
    const records = [...new Set(xs.map((x) => x.records))].sort((a, b) => a - b);
    const front = xs.filter((x) => x.frontier);
    const capped = front.filter((x) => x.runs > 1 && !within(x));
    const rest = xs.filter((x) => x.runs === 1);
    const restCis = rest.map((x) => (x.ci < 0 ? Infinity : x.ci));
    const frontWorst = front.length === 0 ? null : worstOf(front);
    out.push(
      `| ${mode} | ${xs.length} | ${ext.length}${runs.length > 0 ? ` (${runs[0]}..${runs[runs.length - 1]})` : ''} | ${records.length > 2 ? `${records[0]}..${records[records.length - 1]}` : records.join(', ')} | ` +
        `${front.length === 0 ? 'none' : `${front.filter(within).length} of ${front.length}`} | ${capped.length} | ${frontWorst === null ? '' : `${pct(frontWorst.ci)} (${frontWorst.id})`} | ${rest.length === 0 ? 'none' : `${pct(median(restCis))} / ${pct(Math.max(...restCis))}`} |`,
    );
    for (const x of front) frontRows.push(`| ${mode} | ${x.id} | ${x.runs} (seeds ${seeds(x)}) | ${x.records} | ${pct(x.ci)}${x.runs === 1 ? ' (one run)' : ''} | ${within(x) ? 'yes' : 'no'} | ${x.need} |`);
  }
  out.push(
    '',
    'Micro-architectures with a point on the frontier:',
    '',
    '| mode | micro-architecture | runs (seeds) | input records | MP/cycle 95% half-width | within 1% | MPs a 1% half-width needs at this spread |',
    '| --- | --- | ---: | ---: | ---: | :---: | ---: |',
    ...frontRows,
    '',
    'Front-end-bound micro-architectures (the positioning hardware sets the pace: a constant 64 x SPF-cycles per MP) are known to 1% after the minimum runs; lane-bound ones (few lanes, so the tiles each positioned MP covers set the pace) follow the geometry and need more. ' +
      'A design at the cap has its MP/cycle, and every figure derived from it, known only to its half-width.',
  );
  return out.join('\n');
}

export const STABILITY_SECTION: ReportSection = { kind: 'markdown', title: 'Is the workload big enough? MP/cycle stability per mode', render: stabilityMarkdown };
