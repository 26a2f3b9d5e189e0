// One table across studies: what a required rate costs at each power-density
// limit for several kinds of work, each from its own study's design points
// (studies/raster/combined.ts says which rows are which). Every cell comes
// from costAtRate over those rows (the rule in rate-cost.ts): least area at
// or under the limit, and the frontier interpolated at exactly the limit.
// A comparison table divides one entry's cost by another's at each limit.
import { costAtRate, type RateCost } from '../pareto.js';
import type { PointRow } from '../sweep/point.js';
import { mdTable, sig } from './format.js';

export interface CombinedEntry {
  /** Row label, e.g. 'Hybrid in NoBlur 4x mode'. */
  label: string;
  /** Where the rows come from (study folder, mode), for the reader. */
  source: string;
  rows: readonly PointRow[];
  /** Work items per second of a row doing this entry's work. */
  perSec(r: PointRow): number;
  /** One short description of a row's design (micro-architecture, physical point). */
  describe(r: PointRow): string;
}

export interface CombinedCost {
  entry: CombinedEntry;
  /** One per limit, in the order given. */
  costs: RateCost<PointRow>[];
}

export function combinedCosts(entries: readonly CombinedEntry[], rate: number, limits: readonly number[]): CombinedCost[] {
  return entries.map((entry) => {
    // One group: costAtRate groups by mode, and an entry is one kind of work.
    const rows = entry.rows.map((r) => ({ ...r, mode: 'entry' }));
    const costs = rows.length === 0 ? [] : costAtRate(rows, rate, limits, { perSec: entry.perSec, areaMm2: (r) => r.areaMm2, powerW: (r) => r.powerW });
    return { entry, costs };
  });
}

export function combinedTable(costs: readonly CombinedCost[], limits: readonly number[]): string {
  const head = ['work', 'from', ...limits.flatMap((l) => [`mm^2 @ ${sig(l)} W/mm^2`, `W @ ${sig(l)}`, `interpolated mm^2 @ ${sig(l)}`, `design @ ${sig(l)} W/mm^2`])];
  const rows = costs.map((c) => [
    c.entry.label,
    c.entry.source,
    ...limits.flatMap((l) => {
      const k = c.costs.find((x) => x.limit === l);
      if (k === undefined) return ['no points', '—', '—', '—'];
      return [k.point ? sig(k.areaMm2) : 'none within', k.point ? sig(k.powerW) : '—', k.interpolated ? sig(k.interpolated.areaMm2) : '—', k.point ? c.entry.describe(k.point) : '—'];
    }),
  ]);
  return mdTable(head, rows);
}

/** `num` against `den` at each limit: area and power ratios of the least-area designs. */
export function ratioTable(pairs: readonly { label: string; num: CombinedCost; den: CombinedCost }[], limits: readonly number[]): string {
  const head = ['comparison', ...limits.flatMap((l) => [`area ratio @ ${sig(l)} W/mm^2`, `power ratio @ ${sig(l)}`])];
  const rows = pairs.map((p) => [
    p.label,
    ...limits.flatMap((l) => {
      const a = p.num.costs.find((x) => x.limit === l);
      const b = p.den.costs.find((x) => x.limit === l);
      if (!a?.point || !b?.point) return ['—', '—'];
      return [sig(a.areaMm2 / b.areaMm2), sig(a.powerW / b.powerW)];
    }),
  ]);
  return mdTable(head, rows);
}
