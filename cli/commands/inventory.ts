// `gfxrtl inventory <unit>`: what the cost model prices: operators by kind
// and width per instance, register/memory/CAM bits, and the longest
// combinational path as a chain of operators (cost-table delays at the
// reference corner: nominal Vt, 1.1 V).
import { analyzeTiming, criticalPathMarkdown, inventory, inventoryMarkdown } from '../../hdl/inventory/index.js';
import { costTable, price, REFERENCE } from '../../synth-models/index.js';
import { findUnit } from '../../studies/registry.js';

export function inventoryCommand(unitName: string, opts: { config: string }): void {
  const { design, configText } = findUnit(unitName).elaborate(opts.config);
  const inv = inventory(design);
  const table = costTable({ arith: 'ripple' });
  const timing = analyzeTiming(inv.graph, (shape) => table.cost(shape).delayPs);
  console.log(`# Operator inventory: ${unitName} [${configText}]\n`);
  console.log(inventoryMarkdown(inv, { rollup: true }));
  console.log(`\n## Longest combinational path (each operator in its smallest form: ripple adders, the smaller multiplier; nominal Vt, 1.1 V)\n`);
  console.log(criticalPathMarkdown(timing.criticalPath));
  // What timing-driven synthesis builds for one unpipelined stage at the
  // fastest clock it allows (gfxrtl price shows any other point).
  const fast = price(inv, { vt: 'nominal', vdd: REFERENCE.vdd, stages: 1 }, { knobs: { areaFactor: 1, energyFactor: 1, delayFactor: 1 } });
  console.log(`\n## Operator forms at the fastest unpipelined clock (nominal Vt, 1.1 V)\n`);
  console.log(fast.forms.map((f) => `- ${f.key}: ${f.form} x${f.count}`).join('\n') || '- no operator with a choice of form');
  console.log(fast.loopAt === null ? '\nNo loop through state.' : `\nLongest path on a loop through state: ${fast.loopPs.toFixed(0)} ps, ending at ${fast.loopAt} (no pipelining cuts it).`);
}
