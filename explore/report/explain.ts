// The report's "what these numbers are" section: every column's meaning and
// unit, how it was obtained, and every assumption and setting behind it,
// taken from the sweep's manifest (which records the study's work unit,
// metrics and objectives) so the text cannot drift from the data.
import { DEFAULT_PHYSICAL } from '../../synth-models/physical.js';
import { REGISTER_OVERHEAD_PS } from '../../synth-models/cost-table.js';
import { NANGATE45 } from '../../synth-models/sources.js';
import type { SweepManifest } from '../sweep/manifest.js';
import { describeAxis } from '../sweep/spec.js';
import { sig } from './format.js';

export function explainSection(m: SweepManifest, reproduce: string[]): string {
  const id = m.identity;
  const st = id.study;
  const w = st.work.name;
  const s = id.spec;
  const k = id.knobs;
  const physical = id.priceOptions.physical ?? DEFAULT_PHYSICAL;
  const regs = id.priceOptions.pipelineRegisters ?? {};
  const stages =
    s.stages.kind === 'list'
      ? `the same depths everywhere: ${s.stages.values.join(', ')}`
      : `for each micro-architecture, Vt and Vdd, the fewest stages reaching each target clock (${s.stages.ghz.join(', ')} GHz; duplicates dropped), ` +
        `never more stages than leave ${s.stages.minFo4PerStage} FO4 (${s.stages.minFo4PerStage * NANGATE45.fo4Ps} ps at the reference corner) of logic per stage; ` +
        `the clock of a point is the fastest its depth allows, so it is at or just above a target`;
  const axes = id.axes.map((a) => `\`${a.key}\` (${a.doc}; ${describeAxis(a)}${id.modeAxes.includes(a.key) ? '; part of the mode' : ''})`).join(', ');
  const dir = (b: string): string => (b === 'higher' ? 'higher' : 'lower');
  const { x, y } = st.objectives;
  const rt = st.rateTargets;
  return [
    '## What these numbers are',
    '',
    `Study \`${st.name}\` (field \`study\`). A design point is a micro-architecture (${axes}) at a physical design point (Vt flavour ${s.vt.join(' / ')}, supply ${s.vdd.join(' / ')} V, pipeline depth). ` +
      `Points of different modes (${[...new Set(id.microArchs.map((x) => x.mode))].join(', ')}) are never compared.`,
    '',
    `- **Work unit: the ${w}** (${st.work.doc}). Counts come from a cycle simulation of the workload \`${id.workload.id}\` (seed ${id.workload.seed}: ${id.workload.doc}) on the netlist that is priced (elaborated once per micro-architecture). ` +
      'Each micro-architecture is simulated once; the counts do not depend on Vt, Vdd or depth (retiming adds latency, not stalls).',
    `- **clock** (\`clockHz\`): ideal retiming: period = combinational critical path / stages + one register's clk-to-q and setup (${REGISTER_OVERHEAD_PS} ps at the reference corner, scaled with Vt, Vdd and the delay knob like the logic). ` +
      `The path is timed with the cost table's operator delays (${s.arith === 'fast' ? 'always the fastest forms: Kogge-Stone adders, Booth-Wallace multipliers' : s.arith === 'ripple' ? 'always the smallest forms: ripple adders, array multipliers' : 'each adder, comparator and multiplier in the cheapest form that meets the depth: ripple, Brent-Kung or Kogge-Stone; array or Booth-Wallace'}), scaled to the Vt and Vdd by the alpha-power law (FreePDK45 fits; high-Vt delay penalty ${physical.highVtDelayPenalty}x nominal at 1.1 V) and by the delay knob. Depths: ${stages}.`,
    `- **area** (\`areaMm2\`, mm^2): NanGate 45 nm cell area of every operator in the inventory plus the registers retiming inserts at the cut widths${regs.enable ? ' (with enables)' : ''}${regs.reset ? ' (with reset)' : ''}, times the area knob (placement and wiring; not applied to SRAM/CAM macros).`,
    `- **power** (\`powerW\`, W): dynamic = sum over operators of (energy per operation x activity + register clock-pin energy) x (Vdd/1.1 V)^2 x energy knob x clock; plus leakage per flavour and supply. ` +
      (s.activity === 'full'
        ? 'Activity is 1.0 everywhere: every operator busy every cycle on random data, as the study priced its blocks. Real activity is lower, so power is an upper estimate.'
        : 'Activity per operator from the simulated toggle counts of the signal it drives (toggle rate relative to random data); `fullPowerW` is the same point with every operator fully used, shown beside it.'),
    ...st.metrics.map((mt) => `- **${mt.display.label}** (\`${mt.key}\`, tables in ${mt.display.unit}): ${mt.doc}.`),
    `- **Pareto frontier** (\`pareto\`): per mode, the points no other point beats on both axes (${dir(x.better)} or equal ${x.display.label} and ${dir(y.better)} or equal ${y.display.label}, one strictly).`,
    `- **Constrained frontiers**: the frontier of the points with one parameter fixed to one value ("${id.columns[0] ?? 'x'} = ...").`,
    ...(rt ? [`- **Cost of a rate**: ${rt.doc}. For each power-density limit the design with the least area among those within the limit is chosen.`] : []),
    `- **Knobs** (the cost model's only global free parameters; source: ${id.knobsSource}): area x${sig(k.areaFactor, 4)}, energy x${sig(k.energyFactor, 4)}, delay x${sig(k.delayFactor, 4)}.`,
    '- **Not modelled**: wire delay and energy beyond the knobs, the clock tree beyond flop clock pins, control logic that real pipelining adds, and process variation.',
    '',
    'Reproduce:',
    '',
    '```sh',
    ...reproduce,
    '```',
    '',
  ].join('\n');
}
