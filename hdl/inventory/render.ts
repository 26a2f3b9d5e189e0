// Inventory and critical path as Markdown: one table per instance (its own
// hardware) and one for the design total, in the words Yosys' `stat` and a
// synthesis timing report use, so the three can be read side by side.
import type { CriticalPath } from './critical-path.js';
import type { Inventory } from './inventory.js';
import type { OpTally } from './tally.js';

export function tallyMarkdown(t: OpTally): string {
  const lines = ['| operator | count |', '| --- | ---: |'];
  for (const o of t.ops) lines.push(`| ${o.key} | ${o.count} |`);
  const r = t.registerBits;
  lines.push(
    '',
    `register bits: ${r.total} (${r.withReset} with reset, ${r.withEnable} with enable); ` +
      `memory bits: ${t.memoryBits}; CAM bits: ${t.camBits}; wiring: ${t.wiring.nodes} nodes, ${t.wiring.bits} bits`,
  );
  return lines.join('\n');
}

export interface InventoryMarkdownOptions {
  /** Show each instance's subtree total instead of its own hardware. */
  rollup?: boolean;
}

export function inventoryMarkdown(inv: Inventory, opts: InventoryMarkdownOptions = {}): string {
  const parts = [`## Operator inventory of ${inv.top}`, '', '### Design total', '', tallyMarkdown(inv.total)];
  for (const inst of inv.instances) {
    const what = opts.rollup ? 'with its subtree' : 'own hardware';
    parts.push('', `### ${inst.path} (${inst.module}, ${what})`, '', tallyMarkdown(opts.rollup ? inst.total : inst.own));
  }
  return parts.join('\n') + '\n';
}

export function criticalPathMarkdown(path: CriticalPath): string {
  const lines = [`Critical path: ${fmt(path.totalPs)} ps`, '', '| instance | signal | op | width | delay ps | arrival ps |', '| --- | --- | --- | ---: | ---: | ---: |'];
  for (const s of path.steps) {
    lines.push(`| ${s.path} | ${s.label} | ${s.op} | ${s.width} | ${fmt(s.delayPs)} | ${fmt(s.arrivalPs)} |`);
  }
  return lines.join('\n') + '\n';
}

function fmt(ps: number): string {
  return ps.toFixed(1);
}
