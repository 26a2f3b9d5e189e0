// How close can any Blur design calibrate (RMS log error targets: area 0.7,
// power 0.8, issue #22)? For every blur-mode micro-architecture (or those
// --only selects), each published component is priced as the calibration
// prices it (studies/blur/calibration.ts: one lane's instances or the front
// end's, with the registers and logic each owns, fully used, at 0.99 V, high
// Vt, 2 GHz, the fewest stages that meet the clock) at every delay knob on a
// grid over its bounds. A design whose components do not all close timing at
// a knob is refused there, never priced at a depth that misses the clock
// (the published design ran every block at 2 GHz). Each component's least
// and largest figure over what is left bound the RMS of any calibration from
// below (synth-models/calibration-floor.ts), with the area and energy knobs
// free inside their bounds; the published power densities bound area and
// power error jointly.
// The table is printed and written to docs/results/calibration-floor.md (or
// --out FILE; --out - prints only).
//   npx tsx bench/calibration-floor.ts [--only pmt=1,stp=4.8] [--delays 5] [--out FILE]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { calibrationSamples } from '../explore/report/checks.js';
import { RMS_LOG_TARGETS } from '../explore/report/calibration-summary.js';
import { CALIBRATION_POINT } from '../studies/raster/published.js';
import { densityBound, powerFloorAtArea, rmsFloor, type ComponentRange } from '../synth-models/calibration-floor.js';
import { KNOB_BOUNDS } from '../synth-models/knobs.js';
import { physicalScale, registerOverheadPs } from '../synth-models/physical.js';
import { minStages, price } from '../synth-models/price.js';
import { BLUR_CALIBRATION } from '../studies/blur/calibration.js';
import { blurSchema } from '../units/blur/config.js';
import type { ParamSpec } from '../units/config.js';
import { findUnit } from '../units/registry.js';
import { UserError } from '../hdl/errors.js';

const { values: args } = parseArgs({ options: { only: { type: 'string', default: '' }, delays: { type: 'string', default: '5' }, out: { type: 'string', default: 'docs/results/calibration-floor.md' } } });
const delaySteps = Number(args.delays);
if (!(Number.isInteger(delaySteps) && delaySteps >= 1)) throw new UserError(`--delays must be a positive integer (grid points over the delay knob's bounds), got ${args.delays}`);

// The blur-mode space: every key of the schema but render, narrowed by --only.
const only = new Map<string, string[]>();
for (const kv of args.only.split(',').filter(Boolean)) {
  const [k, v] = kv.split('=');
  if (k === undefined || v === undefined || !(k in blurSchema) || k === 'render') {
    throw new UserError(`--only ${kv}: give key=value[|value] with a key of ${Object.keys(blurSchema).filter((x) => x !== 'render').join(', ')}`);
  }
  only.set(k, v.split('|'));
}
/** Every value a parameter may take (the blur schema has enums and bools; no int ranges to enumerate). */
function valuesOf(p: ParamSpec): readonly string[] {
  if (p.kind === 'enum') return p.values;
  if (p.kind === 'bool') return ['off', 'on'];
  throw new UserError(`calibration floor: parameter with an int range cannot be enumerated; narrow it with --only`);
}
const space = Object.entries(blurSchema)
  .filter(([k]) => k !== 'render')
  .map(([k, def]): [string, readonly string[]] => [k, only.get(k) ?? valuesOf(def as ParamSpec)]);
const configs = space.reduce<string[]>((acc, [k, vs]) => acc.flatMap((a) => vs.map((v) => `${a},${k}=${v}`)), ['render=blur']);

const [dLo, dHi] = KNOB_BOUNDS.delayFactor;
const [aLo, aHi] = KNOB_BOUNDS.areaFactor;
const [eLo, eHi] = KNOB_BOUNDS.energyFactor;
const delays = delaySteps === 1 ? [dLo] : Array.from({ length: delaySteps }, (_, i) => dLo * (dHi / dLo) ** (i / (delaySteps - 1)));
const { vt, vdd, clockHz } = CALIBRATION_POINT;

interface Extreme { value: number; where: string }
interface Figures { area: Extreme; power: Extreme; density: Extreme }
type Key = keyof Figures;
const least = new Map<string, Figures>();
const largest = new Map<string, Figures>();
const published = new Map<string, { area: number; power: number; density: number }>();
const keep = (m: Map<string, Figures>, c: string, f: Figures, better: (x: number, y: number) => boolean): void => {
  const o = m.get(c);
  if (o === undefined) return void m.set(c, f);
  for (const k of ['area', 'power', 'density'] as const) if (better(f[k].value, o[k].value)) o[k] = f[k];
};
/** (design, knob) pairs refused because a component misses the clock, by component. */
const refusedBy = new Map<string, { count: number; example: string }>();
let refused = 0;
let accepted = 0;
const t0 = performance.now();
configs.forEach((cfg, n) => {
  const design = findUnit('blur').elaborate(cfg).design;
  const samples = calibrationSamples(BLUR_CALIBRATION, design);
  for (const s of samples) published.set(s.component, { area: s.areaMm2, power: s.powerMw, density: s.powerMw / 1e3 / s.areaMm2 });
  for (const delayFactor of delays) {
    const knobs = { areaFactor: 1, energyFactor: 1, delayFactor };
    const where = `${cfg.slice('render=blur,'.length)}, delay x${delayFactor.toFixed(3)}`;
    const priced: { component: string; lo: Figures; hi: Figures }[] = [];
    let misses: string | null = null;
    for (const s of samples) {
      const stages = minStages(s.inventory, { vt, vdd }, clockHz, { knobs });
      if (stages === null) {
        const one = price(s.inventory, { vt, vdd, stages: 1 }, { knobs, clockHz });
        const cap = 1e12 / (one.loopPs + registerOverheadPs(physicalScale({ vt, vdd, stages: 1 }), delayFactor));
        misses = s.component;
        const r = refusedBy.get(s.component) ?? { count: 0, example: `${where}: the ${one.loopPs.toFixed(0)} ps loop through ${one.loopAt} caps it at ${(cap / 1e9).toFixed(2)} GHz` };
        r.count++;
        refusedBy.set(s.component, r);
        break;
      }
      const p = price(s.inventory, { vt, vdd, stages }, { knobs, clockHz });
      const p2 = price(s.inventory, { vt, vdd, stages }, { knobs: { ...knobs, areaFactor: 2 }, clockHz });
      const logic = p2.areaMm2 - p.areaMm2;
      const macro = Math.max(0, p.areaMm2 - logic);
      const w = `${where}, ${stages} stages`;
      // Power at the energy knob's bounds (leakage fixed, dynamic scaled).
      // Density, W/mm^2: with knobs (e, a) it is (L + e D) / (M + a G)
      // (leakage, dynamic, macro and logic area), which lies within e / a
      // times [(D + L / eHi) / (G + M / aLo), (D + L / eLo) / G]: the ranges
      // below, scaled by the one global ratio e / a.
      const powerAt = (e: number): number => (p.leakageW + e * p.dynamicW) * 1e3;
      const L = p.leakageW;
      const D = p.dynamicW;
      priced.push({
        component: s.component,
        lo: { area: { value: p.areaMm2, where: w }, power: { value: powerAt(eLo), where: w }, density: { value: (D + L / eHi) / (logic + macro / aLo), where: w } },
        hi: { area: { value: p.areaMm2, where: w }, power: { value: powerAt(eHi), where: w }, density: { value: (D + L / eLo) / logic, where: w } },
      });
    }
    if (misses !== null) {
      refused++;
      continue;
    }
    accepted++;
    for (const x of priced) {
      keep(least, x.component, x.lo, (a, b) => a < b);
      keep(largest, x.component, x.hi, (a, b) => a > b);
    }
  }
  if ((n + 1) % 24 === 0 || n + 1 === configs.length) process.stderr.write(`  ${n + 1}/${configs.length} designs priced (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
});

const lines: string[] = [];
const say = (line: string): void => {
  console.log(line);
  lines.push(line);
};
/** Writes the table, with the command and the time it took. */
function finish(): void {
  const secs = ((performance.now() - t0) / 1000).toFixed(0);
  console.log(`  ${secs} s`);
  if (args.out === '-') return;
  mkdirSync(dirname(args.out), { recursive: true });
  const cmd = `npx tsx bench/calibration-floor.ts${args.only ? ` --only '${args.only}'` : ''} --delays ${delays.length}`;
  writeFileSync(args.out, `<!-- written by ${cmd} (${secs} s); do not edit -->\n${lines.join('\n')}\n`);
  console.error(`calibration floor: ${args.out}`);
}
say(`# Calibration floor: ${configs.length} blur-mode designs x ${delays.length} delay knobs (${delays.map((d) => d.toFixed(3)).join(', ')}), at ${vt} Vt, ${vdd} V, ${clockHz / 1e9} GHz\n`);
say(`Refused for missing the clock: ${refused} of ${refused + accepted} (design, delay knob) pairs${refused === 0 ? '' : ', by the first component that misses:'}`);
for (const [c, r] of refusedBy) say(`- ${c}: ${r.count} (e.g. ${r.example})`);
if (accepted === 0) {
  say('\nNo design closes timing at any delay knob in its bounds: no calibration of this space can be faithful to the published clock.');
  finish();
  process.exit(0);
}

const ranges = (key: Key, comps: readonly string[] = [...least.keys()]): ComponentRange[] =>
  comps.map((component) => ({ component, published: published.get(component)![key], least: least.get(component)![key].value, largest: largest.get(component)![key].value }));
// Area: the area knob in its bounds. Power: the energy knob is already in the
// ranges (at its two bounds), so the knob left to scale is 1. Density: the
// one global ratio energy knob / area knob.
const area = rmsFloor(ranges('area'), KNOB_BOUNDS.areaFactor);
const power = rmsFloor(ranges('power'), [1, 1]);
const joint = densityBound(ranges('density'), [eLo / aHi, eHi / aLo]);
// Any model whose blocks all run at one power density, however it is fitted.
const uniform = densityBound(
  [...published].map(([component, p]) => ({ component, published: p.density, least: 1, largest: 1 })),
  [1e-9, 1e9],
);

say('\n| component | area mm^2 published | least (design) | largest | ln gap | power mW published | least (design) | largest | ln gap | W/mm^2 published | model W/mm^2 at the best energy/area knob ratio | ln gap |');
say('| --- | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
for (const [component, pub] of published) {
  const l = least.get(component);
  const g = largest.get(component);
  if (l === undefined || g === undefined) continue;
  const gap = (b: typeof area): string => b.gaps.find((x) => x.component === component)!.gap.toFixed(2);
  say(
    `| ${component} | ${pub.area} | ${l.area.value.toPrecision(3)} (${l.area.where}) | ${g.area.value.toPrecision(3)} | ${gap(area)} | ` +
      `${pub.power} | ${l.power.value.toPrecision(3)} (${l.power.where}) | ${g.power.value.toPrecision(3)} | ${gap(power)} | ` +
      `${pub.density.toPrecision(3)} | ${(joint.floor.knob * l.density.value).toPrecision(3)}-${(joint.floor.knob * g.density.value).toPrecision(3)} | ${gap(joint.floor)} |`,
  );
}
const verdict = (floor: number, target: number): string => (floor > target ? `above the target ${target}: unreachable with these blocks` : `target ${target} not ruled out`);
say(`\nLower bounds on the RMS log error of any calibration in this space (each component at its own best design and knob at once, and a published figure inside a component's range counted as a perfect fit):`);
say(`  area  >= ${area.rms.toFixed(3)} (area knob ${area.knob.toFixed(3)}, bounds ${aLo}-${aHi}): ${verdict(area.rms, RMS_LOG_TARGETS.area)}`);
say(`  power >= ${power.rms.toFixed(3)} (energy knob anywhere in ${eLo}-${eHi}): ${verdict(power.rms, RMS_LOG_TARGETS.power)}`);
say(`Joint, from the power densities (RMS_area^2 + RMS_power^2 >= G^2 / 2):`);
say(
  `  published densities alone (any model whose blocks share one power density): sqrt(RMS_area^2 + RMS_power^2) >= ${uniform.joint.toFixed(3)}; ` +
    `with RMS area at its target ${RMS_LOG_TARGETS.area}, RMS power >= ${powerFloorAtArea(uniform.joint, RMS_LOG_TARGETS.area).toFixed(3)}`,
);
say(
  `  this space's densities (energy / area knob ${joint.floor.knob.toFixed(3)}, in ${(eLo / aHi).toFixed(3)}-${(eHi / aLo).toFixed(3)}): sqrt(RMS_area^2 + RMS_power^2) >= ${joint.joint.toFixed(3)}; ` +
    `with RMS area at ${RMS_LOG_TARGETS.area}, RMS power >= ${powerFloorAtArea(joint.joint, RMS_LOG_TARGETS.area).toFixed(3)}; ` +
    `meeting both targets means at most ${Math.hypot(RMS_LOG_TARGETS.area, RMS_LOG_TARGETS.power).toFixed(3)}: ${joint.joint > Math.hypot(RMS_LOG_TARGETS.area, RMS_LOG_TARGETS.power) ? 'ruled out' : 'not ruled out'}`,
);
finish();
