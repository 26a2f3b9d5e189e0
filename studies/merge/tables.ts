// The merge study's tables, from result rows: per scene and triangle area
// (and the mean over the surfaces at each area), one MSAA rate per table.
// Used by the report and by docs/results (results-doc.ts).
import type { ResultRow } from './experiment.js';

/** Buffer sizes a wide table shows (all of them are in results.jsonl). */
export const TABLE_ENTRIES = [1, 8, 32, 128, 512] as const;

const f2 = (x: number | null | undefined): string => (x === null || x === undefined || Number.isNaN(x) ? '' : x.toFixed(2));
const f3 = (x: number | null | undefined): string => (x === null || x === undefined || Number.isNaN(x) ? '' : x.toFixed(3));

function tableSizes(entries: readonly number[]): number[] {
  const some = entries.filter((e) => (TABLE_ENTRIES as readonly number[]).includes(e));
  return some.length > 0 ? some : [...entries];
}

interface Group {
  readonly scene: string;
  readonly area: string;
  /** Rows of one scene and area (or, for a mean, of every surface at that area). */
  readonly rows: readonly ResultRow[];
  readonly mean: boolean;
}

/** Groups at one rate: each scene at each area, then the mean over the surfaces (scenes with an area) at each area. */
function groups(rows: readonly ResultRow[], msaa: number): Group[] {
  const at = rows.filter((r) => r.msaa === msaa);
  const out: Group[] = [];
  const key = (r: ResultRow): string => `${r.scene}|${r.triArea}`;
  const seen = new Map<string, ResultRow[]>();
  for (const r of at) seen.set(key(r), [...(seen.get(key(r)) ?? []), r]);
  for (const g of seen.values()) out.push({ scene: g[0]!.scene, area: g[0]!.triArea === null ? 'mixed' : String(g[0]!.triArea), rows: g, mean: false });
  const areas = [...new Set(at.filter((r) => r.triArea !== null).map((r) => r.triArea!))];
  const surfaces = new Set(at.filter((r) => r.triArea !== null).map((r) => r.scene));
  if (surfaces.size > 1) for (const a of areas) out.push({ scene: `mean of ${surfaces.size}`, area: String(a), rows: at.filter((r) => r.triArea === a), mean: true });
  return out;
}

/** A figure of a group: the row's value, or the mean over the group's scenes. */
function value(g: Group, unit: string, entries: number | null, f: (r: ResultRow) => number | null): number | null {
  const sel = g.rows.filter((r) => r.unit === unit && r.entries === entries);
  const vals = sel.map(f).filter((v): v is number => v !== null);
  if (vals.length === 0) return null;
  return vals.reduce((s, v) => s + v, 0) / vals.length;
}

function unitOf(rows: readonly ResultRow[]): string {
  return rows.find((r) => r.unit !== 'nomerge' && !r.unit.endsWith('-ideal'))?.unit ?? rows.find((r) => r.unit.endsWith('-ideal'))?.unit.replace('-ideal', '') ?? 'qfm';
}

/** Shaded per covered pixel: NOMERGE, the bounded buffer at a few sizes, the ideal. */
export function shadedTable(rows: readonly ResultRow[], msaa: number, entries: readonly number[]): string {
  const unit = unitOf(rows);
  const sizes = tableSizes(entries);
  const U = unit.toUpperCase();
  const lines = [
    `| scene | area (px^2) | covered px | NOMERGE | ${sizes.map((e) => `${U}-${e}`).join(' | ')} | ideal |`,
    `| --- | ---: | ---: | ---: | ${sizes.map(() => '---:').join(' | ')} | ---: |`,
  ];
  for (const g of groups(rows, msaa)) {
    const spp = (u: string, e: number | null): string => f2(value(g, u, e, (r) => r.shadedPerPixel));
    const px = g.mean ? '' : String(g.rows[0]!.coveredPixels);
    lines.push(`| ${g.scene} | ${g.area} | ${px} | ${spp('nomerge', null)} | ${sizes.map((e) => spp(unit, e)).join(' | ')} | ${spp(`${unit}-ideal`, null)} |`);
  }
  return lines.join('\n');
}

/** The fraction of the ideal's saved quads each buffer size saves. */
export function capturedTable(rows: readonly ResultRow[], msaa: number, entries: readonly number[]): string {
  const unit = unitOf(rows);
  const lines = [`| scene | area (px^2) | ${entries.map((e) => `${e}`).join(' | ')} |`, `| --- | ---: | ${entries.map(() => '---:').join(' | ')} |`];
  for (const g of groups(rows, msaa)) lines.push(`| ${g.scene} | ${g.area} | ${entries.map((e) => f2(value(g, unit, e, (r) => r.capturedFraction))).join(' | ')} |`);
  return lines.join('\n');
}

/** PMU: share of partially covered quads, then per size and the ideal: saved/partial / partial drop / savings. */
export function pmuTable(rows: readonly ResultRow[], msaa: number, entries: readonly number[]): string {
  const sizes = tableSizes(entries);
  const lines = [
    `| scene | area (px^2) | partial quads | ${sizes.map((e) => `PMU-${e}`).join(' | ')} | ideal |`,
    `| --- | ---: | ---: | ${sizes.map(() => '---:').join(' | ')} | ---: |`,
  ];
  for (const g of groups(rows, msaa)) {
    const cell = (u: string, e: number | null): string =>
      `${f3(value(g, u, e, (r) => r.efficiencySaved))} / ${f3(value(g, u, e, (r) => r.efficiencyPartialDrop))} / ${f3(value(g, u, e, (r) => r.savings))}`;
    const share = value(g, 'nomerge', null, (r) => (r.quadFragments === 0 ? null : r.partialQuads / r.quadFragments));
    lines.push(`| ${g.scene} | ${g.area} | ${share === null ? '' : `${(100 * share).toFixed(0)}%`} | ${sizes.map((e) => cell('pmu', e)).join(' | ')} | ${cell('pmu-ideal', null)} |`);
  }
  return lines.join('\n');
}
