// Who sequential sampling extends: points that could be on their mode's
// frontier given their rates' half-widths, and the rate-cost picks; and
// when a micro-architecture has had enough replicates.
import { describe, expect, it } from 'vitest';
import type { Objectives, SampleExtension } from '../contract.js';
import { extensionCandidates, needsMore } from './extend.js';
import type { PointRow } from './point.js';

const EXT: SampleExtension = { halfWidth: 'ci', target: 0.01, minReplicates: 3, maxReplicates: 8, pool: (runs) => runs[0]!, doc: 'test' };
const OBJ: Objectives = {
  x: { key: 'perfDensity', better: 'higher' },
  y: { key: 'energy', better: 'lower' },
} as unknown as Objectives;

function row(id: string, perfDensity: number, energy: number, ci: number): PointRow {
  return { study: 't', mode: 'm', params: {}, id, vt: 'high', vdd: 0.99, stages: 1, clockHz: 1e9, areaMm2: 1, powerW: 1, metrics: { perfDensity, energy }, extra: { ci }, pareto: false } as unknown as PointRow;
}

describe('sequential sampling picks', () => {
  it('the frontier, and points within their and the frontier\'s half-widths of it', () => {
    const rows = [row('a', 10, 1, 0.01), row('b', 5, 0.5, 0.01), row('near', 9.5, 1.02, 0.04), row('far', 5, 2, 0.04)];
    const c = extensionCandidates(rows, EXT, OBJ, null);
    expect([...c.keys()].sort()).toEqual(['a', 'b', 'near']);
    // Known exactly, 'near' is dominated by 'a' and not picked.
    const exact = extensionCandidates(rows.map((r) => ({ ...r, extra: { ci: 0 } })), EXT, OBJ, null);
    expect([...exact.keys()].sort()).toEqual(['a', 'b']);
  });

  it('stops at the target after the minimum runs, or at the cap', () => {
    expect(needsMore(0.005, 1, EXT)).toBe(true);
    expect(needsMore(0.005, 3, EXT)).toBe(false);
    expect(needsMore(0.02, 7, EXT)).toBe(true);
    expect(needsMore(0.02, 8, EXT)).toBe(false);
    expect(needsMore(-1, 5, EXT)).toBe(true);
  });
});
