// The Yosys area cross-check of `gfxrtl calibrate --all-units`, one unit at a
// time with each unit's Yosys cell counts cached by a hash of its Verilog,
// so re-pricing after a cost-model change needs no new synthesis (radix-sort,
// qfm and pmu take tens of minutes each in Yosys on a loaded 2-core machine).
//
//   npx tsx cli/crosscheck-cached.ts [REGEX] [--cache-only] [--cache DIR]
//
// Prints per unit: model / Yosys, both areas, Yosys' flop share, and the
// model's area by operator kind (priced as the cross-check prices it).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { crossCheckDesigns } from './commands/crosscheck-units.js';
import { inventory } from '../hdl/inventory/index.js';
import { emitVerilog } from '../hdl/verilog/emit.js';
import { yosysCellCounts, type YosysCellCounts } from '../hdl/verilog/yosys.js';
import { withinBand } from '../synth-models/crosscheck-band.js';
import { price } from '../synth-models/price.js';
import { modelCellAreaUm2 } from '../synth-models/report/checks.js';
import { yosysCellArea } from '../synth-models/yosys-area.js';
import { findStudy, globalCalibrationStudy } from '../studies/registry.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'cache-only': { type: 'boolean' }, cache: { type: 'string', default: 'out/yosys-cache' } } });
const only = positionals[0] !== undefined ? new RegExp(positionals[0]) : null;
// The same designs as `gfxrtl calibrate --all-units` (its default study).
const units = crossCheckDesigns(findStudy(globalCalibrationStudy()).study, true);
mkdirSync(values.cache, { recursive: true });
let inside = 0;
let checked = 0;
for (const u of units) {
  if (only !== null && !only.test(u.name)) continue;
  const v = emitVerilog(u.design);
  const file = join(values.cache, `${createHash('sha1').update([...v.files.values()].join('\n')).digest('hex').slice(0, 12)}.json`);
  let y: YosysCellCounts;
  if (existsSync(file)) y = JSON.parse(readFileSync(file, 'utf8')) as YosysCellCounts;
  else if (values['cache-only']) {
    console.log(`${u.name}: no cached Yosys counts (run without --cache-only)`);
    continue;
  } else {
    y = await yosysCellCounts(v);
    writeFileSync(file, JSON.stringify(y));
  }
  const area = yosysCellArea(y.cells);
  const model = modelCellAreaUm2(u.design);
  let flopArea = 0;
  for (const [t, c] of Object.entries(area.byCell)) if (/DFF|LATCH/.test(t)) flopArea += c.areaUm2;
  const r = price(inventory(u.design), { vt: 'nominal', vdd: 1.1, stages: 1 }, { knobs: { areaFactor: 1, energyFactor: 1, delayFactor: 1 }, arith: 'yosys' });
  const kinds = Object.entries(r.breakdown.byKind).map(([k, c]) => `${k} ${c.areaUm2.toFixed(0)}`).join(', ');
  const ratio = model / area.areaUm2;
  checked++;
  if (withinBand(ratio)) inside++;
  console.log(`${ratio.toFixed(3)} ${withinBand(ratio) ? 'in ' : 'OUT'} ${u.name}: model ${model.toFixed(0)} um^2, Yosys ${area.areaUm2.toFixed(0)} um^2 (flops ${flopArea.toFixed(0)}) [${kinds}]`);
}
console.log(`${inside} of ${checked} units within 0.8-1.25`);
