// Area and power of the merge units from the 45 nm model: each
// configuration is elaborated, its operator inventory (CAM, memory and
// register bits, comparators, muxes) priced at one physical point. Nothing
// is typed in per unit: change the RTL and these numbers change.
import { inventory } from '../../hdl/inventory/index.js';
import { priceForClock } from '../../explore/index.js';
import { findUnit } from '../../units/registry.js';
import type { FrontierPoint } from './frontier.js';

export interface CostRow {
  readonly unit: 'qfm' | 'pmu';
  readonly entries: number;
  readonly maskWidth: number | null;
  readonly msaa: number;
  readonly areaMm2: number;
  readonly powerW: number;
  readonly clockHz: number;
  readonly stages: number;
  readonly storageBits: number;
}

/** The physical point every configuration is priced at (default knobs, not calibrated ones). */
export const COST_POINT = { vt: 'nominal', vdd: 0.9 } as const;
export const COST_CLOCK_HZ = 1e9;

export interface CostSweep {
  readonly qfmEntries: readonly number[];
  readonly qfmMaskWidths: readonly number[];
  readonly pmuEntries: readonly number[];
  readonly msaa: number;
}

export const DEFAULT_COST_SWEEP: CostSweep = {
  qfmEntries: [1, 4, 16, 64, 256, 512],
  qfmMaskWidths: [64, 128, 256, 512],
  pmuEntries: [1, 4, 16, 64],
  msaa: 4,
};

function priceUnit(unit: 'qfm' | 'pmu', config: Record<string, string>): Omit<CostRow, 'unit' | 'entries' | 'maskWidth' | 'msaa'> {
  const { design } = findUnit(unit).elaborate(config);
  // The engine's rule for a one-row-per-design table: a depth that meets
  // the target clock, else (the loop path, buffer read, compare and write,
  // no depth cuts) unpipelined at the fastest clock the unit reaches.
  const { result: r, stages } = priceForClock(inventory(design), COST_POINT, COST_CLOCK_HZ);
  let storageBits = 0;
  for (const m of Object.values(design.modules)) {
    for (const mem of m.memories) storageBits += mem.width * mem.depth;
    for (const c of m.cams) storageBits += (c.keyWidth + 1) * c.entries;
    for (const n of m.nodes) if (n.op === 'reg') storageBits += n.width;
  }
  return { areaMm2: r.areaMm2, powerW: r.powerW, clockHz: r.clockHz, stages, storageBits };
}

/** The unit's configurations of the sweep, in order, each once: QFM over
 *  entries at 512 mask bits, then mask widths at 32 entries; the PMU over
 *  entries. */
export function costConfigs(s: CostSweep, unit: 'qfm' | 'pmu'): { readonly entries: number; readonly maskWidth: number | null }[] {
  if (unit === 'pmu') return s.pmuEntries.map((entries) => ({ entries, maskWidth: null }));
  const all = [...s.qfmEntries.map((entries) => ({ entries, maskWidth: 512 })), ...s.qfmMaskWidths.map((maskWidth) => ({ entries: 32, maskWidth }))];
  return all.filter((c, i) => all.findIndex((d) => d.entries === c.entries && d.maskWidth === c.maskWidth) === i);
}

/** The unit's configurations of the sweep, each elaborated and priced. */
export function costSweep(s: CostSweep, unit: 'qfm' | 'pmu', log: (l: string) => void = () => undefined): CostRow[] {
  return costConfigs(s, unit).map(({ entries, maskWidth }) => {
    const config = { entries: String(entries), msaa: String(s.msaa), ...(maskWidth !== null && { maskWidth: String(maskWidth) }) };
    const row: CostRow = { unit, entries, maskWidth, msaa: s.msaa, ...priceUnit(unit, config) };
    log(`cost ${unit} entries ${entries}${maskWidth === null ? '' : ` mask ${maskWidth}`}`);
    return row;
  });
}

/** The report section: every priced configuration with the shading it saved in the experiment. */
export function costSection(cost: readonly CostRow[], pts: readonly FrontierPoint[]): string {
  const saved = (c: CostRow): string => {
    const p = pts.find((x) => x.unit === c.unit && x.entries === c.entries && x.maskWidth === c.maskWidth);
    return p ? `${(100 * p.saved).toFixed(1)}%${p.onFrontier ? ' (frontier)' : ''}` : '';
  };
  return [
    '## Cost (45 nm)',
    '',
    `Each configuration elaborated and priced from its operator inventory (CAM, memory and register bits, comparators, muxes) at ${COST_POINT.vt} Vt, ${COST_POINT.vdd} V, ${COST_CLOCK_HZ / 1e9} GHz, pipelined to meet it where a pipeline depth does; one whose loop path (a buffer read, compare and write in one cycle) no depth cuts is priced unpipelined at the fastest clock it reaches, power at that clock (the clock column). Default (uncalibrated) knobs. Saved: quads saved over NOMERGE by that buffer size in the experiment above, all scenes and areas together, at the priced MSAA rate.`,
    '',
    '| unit | entries | mask bits | storage bits | stages | clock (GHz) | area (mm^2) | power (W) | shading saved |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...cost.map((c) => `| ${c.unit} | ${c.entries} | ${c.maskWidth ?? ''} | ${c.storageBits} | ${c.stages} | ${(c.clockHz / 1e9).toFixed(3)} | ${c.areaMm2.toFixed(3)} | ${c.powerW.toFixed(3)} | ${saved(c)} |`),
    '',
    '![Shading work saved against area](plots/frontier.png)',
    '',
  ].join('\n');
}
