// The report's answer to "is the workload big enough?": per mode, how many
// MPs each micro-architecture's MP/cycle needs for a 95% confidence
// half-width of 1% (stratified batch means over the run,
// testbenches/blur/stability.ts), against the MPs the run had.
import type { ReportContext, ReportSection } from '../contract.js';

interface MicroArch {
  readonly id: string;
  readonly records: number;
  readonly ci: number;
  readonly need: number;
  /** Has a point on its mode's frontier. */
  readonly frontier: boolean;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const pct = (x: number): string => (x < 0 || !Number.isFinite(x) ? 'n/a' : `${(100 * x).toFixed(2)}%`);

export function stabilityMarkdown(ctx: ReportContext): string {
  const byMode = new Map<string, Map<string, MicroArch>>();
  for (const r of ctx.rows) {
    const extra = r['extra'] as Record<string, number> | undefined;
    const id = String(r['id']);
    const mode = String(r['mode']) + (extra?.['hybridMode'] !== undefined ? ` (${String(r['workload']).split('-')[1]} workload)` : '');
    if (extra?.['mpsFor1Percent'] === undefined) continue;
    const m = byMode.get(mode) ?? new Map<string, MicroArch>();
    const frontier = r['pareto'] === true || (m.get(id)?.frontier ?? false);
    m.set(id, { id, records: extra['inputRecords'] ?? 0, ci: extra['mpCycleCi'] ?? -1, need: extra['mpsFor1Percent'], frontier });
    byMode.set(mode, m);
  }
  if (byMode.size === 0) return 'No row carries the stability counters.';
  const out = [
    'MP/cycle is a ratio over the workload; how far it would move on another sample of the same mix is estimated from the run itself: consecutive MPs in batches (32, or 2000 cycles), batches within one surface of the mix (the mix is fixed, so the spread between surfaces is not noise), and the 95% half-width of the batch-mean estimate. ' +
      'It shrinks as 1/sqrt(MPs), which gives the MPs a 1% half-width needs. The estimate is conservative: it counts the difference between regions of one surface as noise, though every run holds whole surfaces (units/blur/README.md compares it with the spread across workload seeds).',
    '',
    '| mode | micro-architectures | input records run | CI half-width: median / worst | MPs for 1%: median / most (micro-architecture) | within 1% | on the frontier: within 1%, worst half-width |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [mode, m] of byMode) {
    const xs = [...m.values()];
    const worst = xs.reduce((a, b) => (b.need > a.need ? b : a));
    const cis = xs.map((x) => (x.ci < 0 ? Infinity : x.ci));
    const ok = xs.filter((x) => x.ci >= 0 && x.ci <= 0.01).length;
    const records = [...new Set(xs.map((x) => x.records))].sort((a, b) => a - b);
    const front = xs.filter((x) => x.frontier);
    const frontOk = front.filter((x) => x.ci >= 0 && x.ci <= 0.01).length;
    const frontCell = front.length === 0 ? 'none' : `${frontOk} of ${front.length}, ${pct(Math.max(...front.map((x) => (x.ci < 0 ? Infinity : x.ci))))}`;
    out.push(
      `| ${mode} | ${xs.length} | ${records.length > 2 ? `${records[0]}..${records[records.length - 1]}` : records.join(', ')} | ${pct(median(cis))} / ${pct(Math.max(...cis))} | ${median(xs.map((x) => x.need))} / ${worst.need} (${worst.id}) | ${ok} of ${xs.length} | ${frontCell} |`,
    );
  }
  out.push(
    '',
    'Front-end-bound micro-architectures (the positioning hardware sets the pace: a constant 64 x SPF-cycles per MP) are stable after a few hundred MPs; lane-bound ones (few lanes, so the tiles each positioned MP covers set the pace) follow the geometry and need far more. ' +
      'A micro-architecture whose worst-case half-width is above 1% has its MP/cycle, and every figure derived from it, known only to that half-width.',
  );
  return out.join('\n');
}

export const STABILITY_SECTION: ReportSection = { kind: 'markdown', title: 'Is the workload big enough? MP/cycle stability per mode', render: stabilityMarkdown };
