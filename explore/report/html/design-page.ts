// One design's page: a micro-architecture on a frontier, with its Vt x Vdd
// x depth variants on the frontier folded into one page (the URL hash picks
// the point; the chart's click names it). Everything is recomputed from the
// study the manifest names, never typed in: the configuration, the same
// netlist elaborated again and priced at each frontier point (area and power
// per instance split into registers, memories and logic; the critical
// path), the driver's counts from the sweep's cache, the first cycles of
// the workload traced through the study's own driver (a WaveDrom view), and
// the Verilog of that netlist.
import { createSimulator, type CompiledSimulator } from '../../../hdl/sim/index.js';
import type { Trace } from '../../../hdl/sim/api.js';
import { elaborated } from '../elaborated.js';
import { emitVerilog } from '../../../hdl/verilog/emit.js';
import type { Design } from '../../../hdl/ir.js';
import { price, type CostRow, type PriceResult } from '../../../synth-models/price.js';
import type { ParamValue, Study } from '../../contract.js';
import type { SweepIdentity } from '../../sweep/manifest.js';
import { figure, type PointRow } from '../../sweep/point.js';
import { formatValue } from '../../sweep/spec.js';
import { selectWorkload } from '../../sweep/study-ref.js';
import type { Performance } from '../../sweep/types.js';
import { sig } from '../format.js';
import { esc, htmlTable, page } from './page.js';

/** Draws a trace as an SVG (the CLI passes WaveDrom's renderer: the engine does not draw waveforms itself). */
export type WaveformRenderer = (trace: Trace) => string;

/** The URL hash naming a physical point on a design page. */
export function pointHash(r: Pick<PointRow, 'vt' | 'vdd' | 'stages'>): string {
  return `vt=${r.vt}&vdd=${r.vdd}&stages=${r.stages}`;
}

class EnoughCycles extends Error {}

/** The simulator the driver gets, stopped (by an exception the driver does
 *  not expect) once `cycles` edges have run. Its methods run with the proxy
 *  as `this`, so the per-cycle loops a traced simulator takes inside
 *  runBatch and runStream step through the cut-off too: a driver that runs
 *  its cycles in batches stops at `cycles` instead of tracing its whole
 *  workload (the sort study's busiest tile ran 262,147 traced cycles, of
 *  which 24 were drawn). */
function cutOff(sim: CompiledSimulator, cycles: number): CompiledSimulator {
  const step = (n = 1): void => {
    for (let i = 0; i < n; i++) {
      sim.step(1);
      if (sim.cycle >= cycles) throw new EnoughCycles();
    }
  };
  const proxy: CompiledSimulator = new Proxy(sim, {
    get(target, key) {
      if (key === 'step') return step;
      if (key === 'runUntil') {
        return (cond: (s: CompiledSimulator) => boolean, max: number): number => {
          let n = 0;
          while (!cond(target) && n < max) (step(1), n++);
          return n;
        };
      }
      const v: unknown = Reflect.get(target, key, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(proxy) : v;
    },
  });
  return proxy;
}

/** The first `cycles` cycles of the study's workload on `design`, top-level ports only (null when the driver fails). */
export async function firstCycles(study: Study, id: SweepIdentity, config: Readonly<Record<string, ParamValue>>, design: Design, cycles: number): Promise<Trace | null> {
  const wl = selectWorkload(study, { workload: id.workload.name, params: id.workloadParams, seed: id.workload.seed });
  // Lazy: the trace steps through settle() and the edge only, never run()'s loop.
  const sim = createSimulator(design, { lazy: true });
  const top = design.top.name;
  sim.startTrace([`${top}.*`]);
  try {
    const workload = wl.def.build(wl.params, wl.seed, config as never);
    await study.driver.run({ config: config as never, design, simulator: () => cutOff(sim, cycles), workload, workloadName: wl.def.name, seed: wl.seed, wantToggles: false, wantRecords: false, traced: true });
  } catch (e) {
    if (!(e instanceof EnoughCycles)) return null;
  }
  const trace = sim.stopTrace();
  if (trace === null) return null;
  const keep = trace.signals.map((s, i) => (s.kind === 'input' || s.kind === 'output' ? i : -1)).filter((i) => i >= 0).slice(0, 32);
  // The trace ends with the sample stopTrace takes: only the first `cycles` are drawn.
  return { ...trace, signals: keep.map((i) => trace.signals[i]!), values: keep.map((i) => trace.values[i]!.slice(0, cycles)) };
}

const isRegister = (kind: string): boolean => kind === 'reg' || kind === 'reg (pipeline)';
const isMemory = (kind: string): boolean => /^(sram|cam)/.test(kind);

function add(a: CostRow, b: CostRow): CostRow {
  return { areaUm2: a.areaUm2 + b.areaUm2, dynamicW: a.dynamicW + b.dynamicW, leakageW: a.leakageW + b.leakageW };
}
const ZERO: CostRow = { areaUm2: 0, dynamicW: 0, leakageW: 0 };

/** Area and power per instance, split into registers, memories and logic. */
function componentTable(r: PriceResult): string {
  const byKind = r.breakdown.byModuleKind ?? {};
  const rows = Object.entries(byKind).map(([path, kinds]) => {
    let reg = ZERO;
    let mem = ZERO;
    let logic = ZERO;
    for (const [k, c] of Object.entries(kinds)) {
      if (isRegister(k)) reg = add(reg, c);
      else if (isMemory(k)) mem = add(mem, c);
      else logic = add(logic, c);
    }
    return { path, reg, mem, logic, total: add(add(reg, mem), logic) };
  });
  rows.sort((a, b) => b.total.areaUm2 - a.total.areaUm2);
  const um2 = (c: CostRow): string => c.areaUm2.toFixed(1);
  const mw = (c: CostRow): string => ((c.dynamicW + c.leakageW) * 1e3).toFixed(4);
  const sum = rows.reduce((s, x) => ({ reg: add(s.reg, x.reg), mem: add(s.mem, x.mem), logic: add(s.logic, x.logic), total: add(s.total, x.total) }), { reg: ZERO, mem: ZERO, logic: ZERO, total: ZERO });
  const body = rows.map((x) => [esc(x.path), um2(x.reg), um2(x.mem), um2(x.logic), um2(x.total), mw(x.reg), mw(x.mem), mw(x.logic), mw(x.total)]);
  body.push(['<b>total</b>', um2(sum.reg), um2(sum.mem), um2(sum.logic), `<b>${um2(sum.total)}</b>`, mw(sum.reg), mw(sum.mem), mw(sum.logic), `<b>${mw(sum.total)}</b>`]);
  return htmlTable(['instance', 'registers um^2', 'memories um^2', 'logic um^2', 'total um^2', 'registers mW', 'memories mW', 'logic mW', 'total mW'], body);
}

function criticalPathTable(r: PriceResult): string {
  const rows = r.criticalPath.steps.map((s) => [esc(s.path), esc(s.label), esc(s.op), String(s.width), s.delayPs.toFixed(0), s.arrivalPs.toFixed(0)]);
  return htmlTable(['instance', 'signal', 'operator', 'bits', 'delay ps', 'arrival ps'], rows, 3);
}

export interface DesignPageInput {
  readonly study: Study;
  readonly identity: SweepIdentity;
  /** The micro-architecture id, its swept values and its whole configuration. */
  readonly id: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly config: Readonly<Record<string, ParamValue>>;
  /** Its points on the mode's frontier. */
  readonly frontier: readonly PointRow[];
  /** How many design points it has in all. */
  readonly points: number;
  /** The driver's counts on the workload, from the sweep's cache. */
  readonly performance: Performance | null;
  /** Name of the Verilog file written beside the page. */
  readonly verilogFile: string;
  readonly waveform?: WaveformRenderer;
  readonly waveCycles: number;
}

/** The page's HTML and the Verilog text to write beside it. */
export async function designPage(x: DesignPageInput): Promise<{ html: string; verilog: string }> {
  const id = x.identity;
  const st = id.study;
  const config = x.config;
  const { design, inv } = elaborated({ module: st.module, name: st.name, id: x.id }, () => x.study.unit.elaborate(config as never));
  const vl = emitVerilog(design);
  const verilog = [...vl.files.values()].join('\n');
  const o = st.objectives;
  const shown = (r: PointRow, key: string, scale: number): string => sig(figure(r, key) / scale, 4);
  const out: string[] = [
    `<p><a href="../index.html">&larr; ${esc(st.name)} report</a></p>`,
    `<h1>${esc(st.name)}: ${esc(x.id)}</h1>`,
    `<p class="note">One micro-architecture of study ${esc(st.name)} (${esc(id.summary)}), ${x.frontier.length} of its ${x.points} design points on the Pareto frontier. Everything below is computed again from the same elaborated netlist the sweep priced, with the sweep's knobs (${esc(id.knobsSource)}).</p>`,
    '<h2>Configuration</h2>',
    htmlTable(['key', 'value', 'swept'], Object.entries(config).map(([k, v]) => [esc(k), esc(formatValue(v)), k in x.params ? 'yes' : ''])),
    `<h2>Its points on the frontier</h2>`,
    htmlTable(
      ['point', 'Vt', 'Vdd V', 'stages', 'clock GHz', 'area um^2', 'power mW', `${esc(o.x.display.label)} (${esc(o.x.display.unit)})`, `${esc(o.y.display.label)} (${esc(o.y.display.unit)})`],
      x.frontier.map((r) => [`<a href="#${esc(pointHash(r))}">show</a>`, r.vt, String(r.vdd), String(r.stages), (r.clockHz / 1e9).toFixed(3), (r.areaMm2 * 1e6).toFixed(1), (r.powerW * 1e3).toFixed(3), shown(r, o.x.key, o.x.display.scale), shown(r, o.y.key, o.y.display.scale)]),
    ),
  ];
  for (const r of x.frontier) {
    const p = price(inv, { vt: r.vt, vdd: r.vdd, stages: r.stages }, { ...id.priceOptions, knobs: id.knobs, arith: id.spec.arith, detail: true });
    out.push(
      `<section data-point="${esc(pointHash(r))}" hidden>`,
      `<h2>Physical point: ${esc(r.vt)} Vt, ${r.vdd} V, ${r.stages} stage(s)</h2>`,
      `<p>clock ${(p.clockHz / 1e9).toFixed(3)} GHz (the fastest this depth allows); area ${(p.areaMm2 * 1e6).toFixed(1)} um^2; power ${(p.powerW * 1e3).toFixed(3)} mW (dynamic ${(p.dynamicW * 1e3).toFixed(3)}, leakage ${(p.leakageW * 1e3).toFixed(4)})${id.spec.activity === 'toggle' ? ' with every operator fully used (the sweep priced power from simulated toggles: its row has the toggle figure)' : ''}; pipeline registers ${p.pipeline.totalBits} bits.</p>`,
      '<h3>Area and power per component</h3>',
      componentTable(p),
      `<h3>Critical path (${p.criticalPathPs.toFixed(0)} ps unpipelined, ${(p.criticalPathPs / r.stages).toFixed(0)} ps per stage${p.loopAt === null ? '' : `; loop through state ${p.loopPs.toFixed(0)} ps at ${esc(p.loopAt)}`})</h3>`,
      criticalPathTable(p),
      '</section>',
    );
  }
  out.push(`<h2>Simulation on the workload</h2>`, `<p class="note">${esc(id.workload.doc)} (workload ${esc(id.workload.id)}, seed ${id.workload.seed}).</p>`);
  if (x.performance === null) out.push('<p>No simulation record in this sweep directory.</p>');
  else {
    const perf = x.performance;
    const counts: [string, string][] = [['cycles', String(perf.cycles)], [`work (${st.work.name}s: ${st.work.doc})`, String(perf.work)], [`${st.work.name}s per cycle`, sig(perf.work / perf.cycles, 4)]];
    for (const [k, v] of Object.entries(perf.counters ?? {})) counts.push([k, sig(v, 6)]);
    out.push(htmlTable(['counter', 'value'], counts.map(([k, v]) => [esc(k), esc(v)])));
  }
  out.push(`<h2>The first ${x.waveCycles} cycles on the workload</h2>`);
  const trace = x.waveform ? await firstCycles(x.study, id, config, design, x.waveCycles) : null;
  if (x.waveform === undefined) out.push('<p class="note">No waveform renderer was given to the report writer.</p>');
  else if (trace === null) out.push("<p class=\"note\">The study's driver did not run here; no waveform.</p>");
  else out.push(`<p class="note">Top-level ports, traced through the study's own driver on its workload (WaveDrom).</p><div class="wave">${x.waveform(trace)}</div>`);
  out.push(
    '<h2>Verilog</h2>',
    `<p><a href="${esc(x.verilogFile)}" download>download ${esc(x.verilogFile)}</a> (${vl.files.size} module${vl.files.size === 1 ? '' : 's'}, top ${esc(vl.top)})</p>`,
    `<details open><summary>${esc(vl.top)} and its modules</summary><pre id="verilog">${esc(verilog)}</pre></details>`,
  );
  return { html: page(`${st.name}: ${x.id}`, out.join('\n'), ['../assets/design.js']), verilog };
}
