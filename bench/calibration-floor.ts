// Can any Blur design in our space meet the calibration target (RMS log
// error <= 0.35 on area and power, issue #9)? For every blur-mode
// micro-architecture (or those --only selects), each published component is
// priced as the calibration prices it (studies/blur/calibration.ts: its
// instances and the registers and logic it owns, fully used, at 0.99 V, high
// Vt, 2 GHz, the fewest stages that meet the clock) at every delay knob on a
// grid over its bounds. Each component's least and largest figure over all
// of that bound the RMS of any calibration from below
// (synth-models/calibration-floor.ts), with the area and energy knobs free
// inside their bounds.
//   npx tsx bench/calibration-floor.ts [--only pmt=1,stp=4.8] [--delays 5]
import { parseArgs } from 'node:util';
import { calibrationSamples } from '../explore/report/checks.js';
import { CALIBRATION_POINT } from '../studies/raster/published.js';
import { rmsFloor, type ComponentRange } from '../synth-models/calibration-floor.js';
import { KNOB_BOUNDS } from '../synth-models/knobs.js';
import { minStages, price } from '../synth-models/price.js';
import { BLUR_CALIBRATION } from '../studies/blur/calibration.js';
import { blurSchema } from '../units/blur/config.js';
import type { ParamSpec } from '../units/config.js';
import { findUnit } from '../units/registry.js';

const { values: args } = parseArgs({ options: { only: { type: 'string', default: '' }, delays: { type: 'string', default: '5' } } });
const delaySteps = Number(args.delays);
if (!(Number.isInteger(delaySteps) && delaySteps >= 1)) throw new Error(`--delays must be a positive integer (grid points over the delay knob's bounds), got ${args.delays}`);

// The blur-mode space: every key of the schema but render, narrowed by --only.
const only = new Map<string, string[]>();
for (const kv of args.only.split(',').filter(Boolean)) {
  const [k, v] = kv.split('=');
  if (k === undefined || v === undefined || !(k in blurSchema) || k === 'render') {
    throw new Error(`--only ${kv}: give key=value[|value] with a key of ${Object.keys(blurSchema).filter((x) => x !== 'render').join(', ')}`);
  }
  only.set(k, v.split('|'));
}
type Space = [string, readonly string[]][];
/** Every value a parameter may take (the blur schema has enums and one bool; no int ranges to enumerate). */
function valuesOf(p: ParamSpec): readonly string[] {
  if (p.kind === 'enum') return p.values;
  if (p.kind === 'bool') return ['off', 'on'];
  throw new Error(`calibration floor: parameter with an int range cannot be enumerated; narrow it with --only`);
}
const space: Space = Object.entries(blurSchema)
  .filter(([k]) => k !== 'render')
  .map(([k, def]): [string, readonly string[]] => [k, only.get(k) ?? valuesOf(def)]);
const configs = space.reduce<string[]>((acc, [k, vs]) => acc.flatMap((a) => vs.map((v) => `${a},${k}=${v}`)), ['render=blur']);

const [dLo, dHi] = KNOB_BOUNDS.delayFactor;
const delays = delaySteps === 1 ? [dLo] : Array.from({ length: delaySteps }, (_, i) => dLo * (dHi / dLo) ** (i / (delaySteps - 1)));
const { vt, vdd, clockHz } = CALIBRATION_POINT;

interface Extreme { value: number; where: string }
const least = new Map<string, { area: Extreme; power: Extreme }>();
const largest = new Map<string, { area: Extreme; power: Extreme }>();
const published = new Map<string, { area: number; power: number }>();
const [eLo, eHi] = KNOB_BOUNDS.energyFactor;
const t0 = performance.now();
configs.forEach((cfg, n) => {
  const design = findUnit('blur').elaborate(cfg.replace(/^render=blur,?/, 'render=blur,')).design;
  for (const s of calibrationSamples(BLUR_CALIBRATION, design)) {
    published.set(s.component, { area: s.areaMm2, power: s.powerMw });
    for (const delayFactor of delays) {
      const knobs = { areaFactor: 1, energyFactor: 1, delayFactor };
      const stages = minStages(s.inventory, { vt, vdd }, clockHz, { knobs }) ?? 1;
      const p = price(s.inventory, { vt, vdd, stages }, { knobs, clockHz });
      const where = `${cfg.slice('render=blur,'.length)}, delay x${delayFactor.toFixed(2)}, ${stages} stages`;
      // Power at the energy knob's two bounds: leakage fixed, dynamic scaled.
      const lo = { area: { value: p.areaMm2, where }, power: { value: (p.leakageW + eLo * p.dynamicW) * 1e3, where } };
      const hi = { area: { value: p.areaMm2, where }, power: { value: (p.leakageW + eHi * p.dynamicW) * 1e3, where } };
      const l = least.get(s.component);
      least.set(s.component, { area: l === undefined || lo.area.value < l.area.value ? lo.area : l.area, power: l === undefined || lo.power.value < l.power.value ? lo.power : l.power });
      const g = largest.get(s.component);
      largest.set(s.component, { area: g === undefined || hi.area.value > g.area.value ? hi.area : g.area, power: g === undefined || hi.power.value > g.power.value ? hi.power : g.power });
    }
  }
  if ((n + 1) % 24 === 0 || n + 1 === configs.length) process.stderr.write(`  ${n + 1}/${configs.length} designs priced (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
});

const ranges = (key: 'area' | 'power'): ComponentRange[] =>
  [...published].map(([component, pub]) => ({ component, published: pub[key], least: least.get(component)![key].value, largest: largest.get(component)![key].value }));
// Area: the area knob in its bounds. Power: the energy knob is already in the
// ranges (at its two bounds), so the knob left to scale is 1.
const area = rmsFloor(ranges('area'), KNOB_BOUNDS.areaFactor);
const power = rmsFloor(ranges('power'), [1, 1]);

console.log(`# Calibration floor: ${configs.length} blur-mode designs x ${delays.length} delay knobs (${delays.map((d) => d.toFixed(2)).join(', ')}), at ${vt} Vt, ${vdd} V, ${clockHz / 1e9} GHz\n`);
console.log('| component | area mm^2 published | least (design) | largest | ln gap | power mW published | least (design) | largest | ln gap |');
console.log('| --- | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: |');
for (const [component, pub] of published) {
  const l = least.get(component)!;
  const g = largest.get(component)!;
  const ag = area.gaps.find((x) => x.component === component)!.gap;
  const pg = power.gaps.find((x) => x.component === component)!.gap;
  console.log(
    `| ${component} | ${pub.area} | ${l.area.value.toPrecision(3)} (${l.area.where}) | ${g.area.value.toPrecision(3)} | ${ag.toFixed(2)} | ` +
      `${pub.power} | ${l.power.value.toPrecision(3)} (${l.power.where}) | ${g.power.value.toPrecision(3)} | ${pg.toFixed(2)} |`,
  );
}
console.log(`\nLower bound on the RMS log error of any calibration in this space (target 0.35):`);
console.log(`  area  >= ${area.rms.toFixed(3)} (area knob ${area.knob.toFixed(3)}, bounds ${KNOB_BOUNDS.areaFactor.join('-')})`);
console.log(`  power >= ${power.rms.toFixed(3)} (energy knob anywhere in ${KNOB_BOUNDS.energyFactor.join('-')})`);
console.log(`  each component at its own best design and knob at once, and a published figure inside a component's range counted as a perfect fit; ${((performance.now() - t0) / 1000).toFixed(0)} s`);
