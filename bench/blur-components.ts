// What each block of a Blur design costs on its own, at the published
// corner (high Vt, 0.99 V, 2 GHz) with every knob at 1 (no calibration): per
// instance of the front end and of lane 0 (each a design of its own, its
// registers included), then per block of units/blur/components.ts (the
// published components, the front end's once and lane 0's, with the
// registers each owns; then the blocks in no published row). For each: the area
// unpipelined, the fewest stages that reach 2 GHz (or why none does) and
// the area and power there, fully used. Measures the hardware, not the fit:
// the calibration (`gfxrtl calibrate`) then scales these by its knobs.
//   npx tsx bench/blur-components.ts [--config render=blur,pmt=1,...]
import { parseArgs } from 'node:util';
import { inventory, type Inventory } from '../hdl/inventory/index.js';
import { componentInventory, subDesign } from '../hdl/inventory/subdesign.js';
import { BLUR_REFERENCE } from '../studies/blur/calibration.js';
import { BLUR_COMPONENTS, BLUR_UNPUBLISHED, type BlurBlock } from '../units/blur/components.js';
import { CALIBRATION_POINT } from '../studies/raster/published.js';
import { minStages, price } from '../synth-models/price.js';
import { formatConfig } from '../units/config.js';
import { findUnit } from '../units/registry.js';

const { values: args } = parseArgs({ options: { config: { type: 'string', default: formatConfig(BLUR_REFERENCE as unknown as Record<string, unknown>) } } });
const design = findUnit('blur').elaborate(args.config).design;
const { vt, vdd, clockHz } = CALIBRATION_POINT;
const knobs = { areaFactor: 1, energyFactor: 1, delayFactor: 1 };

function row(name: string, inv: Inventory): string {
  const flat = price(inv, { vt, vdd, stages: 1 }, { knobs });
  const stages = minStages(inv, { vt, vdd }, clockHz, { knobs });
  const at = stages === null ? null : price(inv, { vt, vdd, stages }, { knobs, clockHz });
  const um2 = (mm2: number): string => (mm2 * 1e6).toFixed(0);
  const fast = stages === null ? `misses (${(flat.clockHz / 1e9).toFixed(2)} GHz unpipelined)` : `${stages}`;
  const there = at === null ? '- | -' : `${um2(at.areaMm2)} | ${(at.powerW * 1e3).toFixed(2)}`;
  return `| ${name} | ${um2(flat.areaMm2)} | ${(flat.clockHz / 1e9).toFixed(2)} | ${fast} | ${there} |`;
}

const header = ['| block | area um^2 (1 stage) | GHz (1 stage) | stages for 2 GHz | area um^2 at 2 GHz | power mW at 2 GHz |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
console.log(`# Blur blocks at high Vt, 0.99 V, knobs 1 (${formatConfig(BLUR_REFERENCE as unknown as Record<string, unknown>) === args.config ? 'the calibration reference, ' : ''}${args.config})\n`);
console.log('## Instances (front end, and lane 0)\n');
console.log(header.join('\n'));
const paths = design.top.instances.flatMap((i) => (/^lane\d+$/.test(i.name) && i.name !== 'lane0' ? [] : [`${design.top.name}.${i.name}`, ...(i.name === 'lane0' ? i.module.instances.map((c) => `${design.top.name}.lane0.${c.name}`) : [])]));
for (const p of paths) console.log(row(p, inventory(subDesign(design, p))));
console.log(row(`${design.top.name} (whole design)`, inventory(design)));
const blocks: [string, readonly (BlurBlock & { component?: string })[]][] = [
  ['Published components (front end once, lane 0), with the registers each owns', BLUR_COMPONENTS],
  ['Blocks in no published row', BLUR_UNPUBLISHED],
];
for (const [title, list] of blocks) {
  console.log(`\n## ${title}\n`);
  console.log(header.join('\n'));
  for (const b of list) {
    const name = b.component ?? b.block!;
    const paths = b.instances(design);
    const inv = componentInventory(design, name, paths, b.registers, b.owned?.(design) ?? []);
    if (inv.instances.length > 0) console.log(row(`${name}: ${paths.length > 0 ? paths.join(' + ') : 'registers'}`, inv));
  }
}
