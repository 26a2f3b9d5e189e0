// For the designs the rate-cost section picks: where each one's area and
// power go, registers against logic, per component (register-share.ts).
// Components are the study's calibration components where it has them,
// else the top's instances; what sits in the top module itself (stage
// registers, stall/enable fan-out) is its own row. Generic: the study is
// loaded from the module the manifest names.
import type { Study } from '../contract.js';
import { elaborated, handOver, type Elaborated } from './elaborated.js';
import type { Design } from '../../hdl/index.js';
import type { RateCost } from '../pareto.js';
import { registerShare, type ShareRow } from '../register-share.js';
import type { SweepIdentity } from '../sweep/manifest.js';
import type { PointRow } from '../sweep/point.js';
import { studyDomain } from '../sweep/study-ref.js';
import { mdTable, param, sig } from './format.js';
import { InternalError } from '../../hdl/errors.js';

/** Instance path -> component: the calibration component whose instance
 *  it is in, else the top's instance it is in, else the top itself. */
export function componentsOf(study: Pick<Study, 'calibration'>, design: Design, top: string): (path: string) => string {
  const within = (path: string, p: string): boolean => path === p || path.startsWith(`${p}.`);
  const cal = (study.calibration?.components ?? []).map((c) => ({ name: c.component, paths: c.instances(design) }));
  return (path) => {
    const c = cal.find((x) => x.paths.some((p) => within(path, p)));
    if (c !== undefined) return c.name;
    if (path === top) return `${top} (top-level registers and logic)`;
    return path.split('.').slice(0, 2).join('.');
  };
}

/** Register share of each component of one priced design point. `designs`:
 *  micro-architectures already elaborated, by id (the section picks one
 *  design at several power-density limits and physical points). */
export function shareOf(study: Study, identity: SweepIdentity, row: PointRow, designs: Map<string, Elaborated> = new Map()): ShareRow[] {
  let e = designs.get(row.id);
  if (e === undefined) {
    const m = identity.microArchs.find((x) => x.id === row.id);
    if (m === undefined) throw new InternalError(`report: design ${row.id} is not among the sweep's micro-architectures`);
    const dom = studyDomain(study);
    designs.set(row.id, (e = elaborated({ module: identity.study.module, name: identity.study.name, id: row.id }, () => dom.evaluator.elaborate(dom.microArch(m.params)) as Design)));
  }
  const { design, inv } = e;
  const opts = { ...identity.priceOptions, knobs: identity.knobs, ...(identity.spec.arith !== undefined && { arith: identity.spec.arith }) };
  return registerShare(inv, { vt: row.vt, vdd: row.vdd, stages: row.stages }, opts, componentsOf(study, design, inv.top));
}

const pct = (x: number): string => `${sig(x * 100)}%`;
const um2 = (x: number): string => sig(x, 4);
const mw = (w: number): string => sig(w * 1e3);

export function shareTable(rows: readonly ShareRow[]): string {
  const head = ['component', 'registers area um^2', 'logic area um^2', 'register share of area', 'registers power mW', 'logic power mW', 'register share of power'];
  const power = (r: ShareRow['registers']): number => r.dynamicW + r.leakageW;
  return mdTable(
    head,
    rows.map((r) => [r.component, um2(r.registers.areaUm2), um2(r.logic.areaUm2), pct(r.areaShare), mw(power(r.registers)), mw(power(r.logic)), pct(r.powerShare)]),
  );
}

/** One table per distinct design the rate-cost table chose. */
export function registerShareSection(study: Study, identity: SweepIdentity, costs: readonly RateCost<PointRow>[]): string {
  const picks = new Map<string, { row: PointRow; limits: number[] }>();
  for (const c of costs) {
    if (c.point === null) continue;
    const key = `${c.point.id}|${c.point.vt}|${c.point.vdd}|${c.point.stages}`;
    const p = picks.get(key);
    if (p === undefined) picks.set(key, { row: c.point, limits: [c.limit] });
    else p.limits.push(c.limit);
  }
  if (picks.size === 0) return '';
  const out = [
    '#### Registers vs logic in the chosen designs',
    '',
    'Per component of each design the table above picks: area and power in registers (named state, stage registers, the pipeline registers retiming adds) against logic (everything else), ' +
      'priced at the design\'s Vt, Vdd and stages with the sweep\'s knobs, fully used. Components are the study\'s calibration components, else the top\'s instances.',
    '',
  ];
  const designs = new Map<string, Elaborated>();
  for (const { row, limits } of picks.values()) {
    const what = [...identity.columns.map((c) => `${c} = ${param(row.params[c])}`), `${row.vt} Vt`, `${row.vdd} V`, `${row.stages} stages`].join(', ');
    out.push(`${what} (least area at ${limits.map((l) => `${sig(l)} W/mm^2`).join(', ')}):`, '', shareTable(shareOf(study, identity, row, designs)), '');
  }
  // For the design pages of the HTML report (those on a frontier).
  for (const [id, e] of designs) handOver({ module: identity.study.module, name: identity.study.name, id }, e);
  return out.join('\n');
}
