// `gfxrtl inventory <unit>`: what the cost model prices: operators by kind
// and width per instance, register/memory/CAM bits, and the longest
// combinational path as a chain of operators (cost-table delays at the
// reference corner: nominal Vt, 1.1 V).
import { analyzeTiming, criticalPathMarkdown, inventory, inventoryMarkdown } from '../../hdl/inventory/index.js';
import { costTable } from '../../synth-models/index.js';
import { findUnit } from '../../studies/registry.js';

export function inventoryCommand(unitName: string, opts: { config: string }): void {
  const { design, configText } = findUnit(unitName).elaborate(opts.config);
  const inv = inventory(design);
  const table = costTable({ arith: 'ripple' });
  const timing = analyzeTiming(inv.graph, (shape) => table.cost(shape).delayPs);
  console.log(`# Operator inventory: ${unitName} [${configText}]\n`);
  console.log(inventoryMarkdown(inv, { rollup: true }));
  console.log(`\n## Longest combinational path (ripple adders, array multipliers; nominal Vt, 1.1 V)\n`);
  console.log(criticalPathMarkdown(timing.criticalPath));
}
