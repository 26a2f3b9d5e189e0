// The rasterizers' combined cost table: every cell from the design points
// given (nothing typed in), the Hybrid's joint points standing for each mode
// at the rate they measured in it, and the Blur-unit-doing-NoBlur ratios.
import { describe, expect, it } from 'vitest';
import { combinedCosts } from '../../explore/report/combined-rate-cost.js';
import { sig } from '../../explore/report/format.js';
import type { PointRow } from '../../explore/sweep/point.js';
import { JOINT_MODE_INDEX } from '../hybrid/joint.js';
import { rasterCombinedMarkdown, rasterEntriesOf } from './combined.js';

function row(id: string, mode: string, clockHz: number, areaMm2: number, powerW: number, mpPerCycle: number, extra: Record<string, number> = {}): PointRow {
  const mpPerSec = clockHz * mpPerCycle;
  return {
    study: 'x', mode, params: { pmt: id }, id, vt: 'high', vdd: 0.99, stages: 4, clockHz, areaMm2, powerW, dynamicW: powerW, leakageW: 0, criticalPathPs: 1, pipelineBits: 0,
    metrics: { mpPerCycle, mpPerSec, perfDensity: mpPerSec / areaMm2, energyPerMpJ: powerW / mpPerSec, powerDensity: powerW / areaMm2 },
    pareto: false, seed: 1, workload: 'w', extra,
  };
}

describe('rasterizers side by side', () => {
  const noblur = [row('a', 'noblur4', 1e9, 0.5, 0.2, 1), row('b', 'noblur4', 1e9, 0.2, 0.3, 0.5), row('c', 'noblur16', 1e9, 0.5, 0.2, 0.25)];
  const blur = [row('d', 'blur', 1e9, 1, 0.5, 1 / 64), row('e', 'motion', 1e9, 1, 0.5, 1 / 60)];
  const joint = row('h', 'hybrid', 5e8, 2, 0.8, 0.05, { hybridMode: JOINT_MODE_INDEX, mpc_noblur4: 0.8, mpc_noblur16: 0.2, mpc_motion: 1 / 60, mpc_blur: 1 / 64 });
  const entries = rasterEntriesOf({ noblur, blur, hybrid: [joint] });

  it('prices each kind of work from its own points by the rate-cost rule', () => {
    const costs = combinedCosts(entries, 3e9, [0.7, 1.0, 1.5]);
    const at = (label: string, limit: number) => costs.find((c) => c.entry.label === label)!.costs.find((c) => c.limit === limit)!;
    // NoBlur 4x at 1.5 W/mm^2: b (0.3 W on 0.2 mm^2 = 1.5 W/mm^2) is densest: 0.5 GMP/s per 0.2 mm^2 -> 3 GMP/s on 1.2 mm^2.
    expect(at('NoBlur 4x', 1.5).point?.id).toBe('b');
    expect(at('NoBlur 4x', 1.5).areaMm2).toBeCloseTo(1.2, 12);
    // at 0.7 only a is within (0.4 W/mm^2): 1 GMP/s on 0.5 mm^2 -> 1.5 mm^2, 0.6 W.
    expect(at('NoBlur 4x', 0.7).point?.id).toBe('a');
    expect(at('NoBlur 4x', 0.7).powerW).toBeCloseTo(0.6, 12);
    // The joint Hybrid point in NoBlur 4x mode runs 0.8 MP/cycle at 0.5 GHz on 2 mm^2.
    expect(at('Hybrid in NoBlur 4x mode', 1.0).areaMm2).toBeCloseTo(3e9 / (0.4e9 / 2), 9);
    expect(at('Hybrid in Blur (N = 64) mode', 1.0).areaMm2).toBeCloseTo(3e9 / ((5e8 / 64) / 2), 6);
    expect(at('defocus blur (N = 64)', 1.0)).toBeUndefined();
  });

  it('writes one table with every kind of work and the Blur unit against NoBlur', () => {
    const md = rasterCombinedMarkdown(entries);
    for (const label of ['NoBlur 4x', 'NoBlur 16x', 'motion blur (N = 64)', 'defocus blur (N = 64)', 'Blur (N = 64)', 'Hybrid in NoBlur 4x mode', 'Hybrid in Blur (N = 64) mode']) expect(md).toContain(`| ${label} |`);
    expect(md).toContain('Not run, so empty here: defocus blur (N = 64)');
    // Hybrid in NoBlur 4x / NoBlur 4x at 1.5 W/mm^2: 15 mm^2 against 1.2 mm^2.
    const ratio = md.split('\n').find((l) => l.startsWith('| Hybrid in NoBlur 4x mode / NoBlur 4x'))!;
    expect(ratio.split('|').map((c) => c.trim())[6]).toBe(sig(15 / 1.2));
  });
});
