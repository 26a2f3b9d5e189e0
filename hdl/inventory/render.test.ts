import { describe, expect, it } from 'vitest';
import { analyzeTiming } from './critical-path.js';
import { inventory } from './inventory.js';
import { criticalPathMarkdown, inventoryMarkdown } from './render.js';
import { chainDesign } from './test-ir.js';

describe('Markdown rendering', () => {
  const inv = inventory(chainDesign());

  it('prints a table per instance and one for the total', () => {
    const md = inventoryMarkdown(inv);
    expect(md).toContain('### Design total');
    expect(md).toContain('### Chain.u1 (Stage, own hardware)');
    expect(md.match(/\| add 16 \| 2 \|/g)).toHaveLength(1);
    expect(md.match(/\| add 16 \| 1 \|/g)).toHaveLength(2);
    expect(md).toContain('register bits: 16 (0 with reset, 0 with enable)');
  });

  it('shows subtree totals on request', () => {
    expect(inventoryMarkdown(inv, { rollup: true })).toContain('### Chain (Chain, with its subtree)');
  });

  it('prints the critical path step by step', () => {
    const p = analyzeTiming(inv.graph, (s) => (s.kind === 'add' ? 100 : s.kind === 'reg' ? 0 : 10)).criticalPath;
    const md = criticalPathMarkdown(p);
    expect(md.split('\n')[0]).toBe('Critical path: 210.0 ps');
    expect(md).toContain('| Chain.u1 | y_sum | add | 16 | 100.0 | 200.0 |');
  });
});
