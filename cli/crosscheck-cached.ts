// The Yosys area cross-check of `gfxrtl calibrate --all-units`, one unit at a
// time, with the cross-check's own cell-count cache (synth-models/
// yosys-cache.ts: keyed by Verilog text, Yosys version and flow), so
// re-pricing after a cost-model change needs no new synthesis (radix-sort,
// qfm and pmu take tens of minutes each in Yosys on a loaded 2-core machine).
//
//   npx tsx cli/crosscheck-cached.ts [REGEX] [--cache-only] [--cache DIR] [--no-cache]
//
// Prints per unit: model / Yosys, both areas, Yosys' flop share, and the
// model's area by operator kind (priced as the cross-check prices it).
// --cache-only: report units without counts instead of synthesising them;
// --no-cache: synthesise afresh, the cache neither read nor written.
import { parseArgs } from 'node:util';
import { crossCheckDesigns } from './commands/crosscheck-units.js';
import { inventory } from '../hdl/inventory/index.js';
import { withinBand } from '../synth-models/crosscheck-band.js';
import { price } from '../synth-models/price.js';
import { modelCellAreaUm2 } from '../explore/report/checks.js';
import { yosysCellArea } from '../synth-models/yosys-area.js';
import { cachedYosysCellCounts, defaultYosysCacheDir, NotCachedError } from '../synth-models/yosys-cache.js';
import { findStudy, globalCalibrationStudy } from '../studies/registry.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'cache-only': { type: 'boolean' }, cache: { type: 'string', default: defaultYosysCacheDir() }, 'no-cache': { type: 'boolean' } },
});
const only = positionals[0] !== undefined ? new RegExp(positionals[0]) : null;
// The same designs as `gfxrtl calibrate --all-units` (its default study).
const units = crossCheckDesigns(findStudy(globalCalibrationStudy()).study, true);
const cache = { dir: values['no-cache'] === true ? null : values.cache, readOnly: values['cache-only'] === true };
let inside = 0;
let checked = 0;
for (const u of units) {
  if (only !== null && !only.test(u.name)) continue;
  let y;
  try {
    y = await cachedYosysCellCounts(u.design, cache);
  } catch (e) {
    if (!(e instanceof NotCachedError)) throw e;
    console.log(`${u.name}: no cached Yosys counts (run without --cache-only)`);
    continue;
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
