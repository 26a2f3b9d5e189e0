import { describe, expect, it } from 'vitest';
import type { ModuleIR } from './ir.js';
import { nameVariants } from './variant-names.js';

function variants(name: string, configs: unknown[]): string[] {
  const mods: ModuleIR[] = configs.map(() => ({ name, ports: [], nodes: [], instances: [], memories: [], cams: [] }));
  const top: ModuleIR = { name: 'Top', ports: [], nodes: [], instances: [], memories: [], cams: [] };
  nameVariants([...mods, top], (m) => configs[mods.indexOf(m)], (m) => JSON.stringify(configs[mods.indexOf(m)]), top);
  return mods.map((m) => m.name);
}

describe('variant names', () => {
  it('print only the parameters that differ, as identifiers', () => {
    expect(variants('RadixPass', [{ bits: 3, shift: 0 }, { bits: 3, shift: 3 }])).toEqual(['RadixPass_shift0', 'RadixPass_shift3']);
    expect(variants('Stage', [{ fmt: { int: 8, frac: 4 }, tvp: true }, { fmt: { int: 8, frac: 6 }, tvp: false }])).toEqual([
      'Stage_fmt_frac4_tvpon',
      'Stage_fmt_frac6_tvpoff',
    ]);
    expect(variants('Scale', [{ k: -1.5 }, { k: 2 }])).toEqual(['Scale_km1p5', 'Scale_k2']);
  });

  it('fall back to a short hash for long names, and never clash', () => {
    const long = variants('M', [{ a: 'x'.repeat(80) }, { a: 'y'.repeat(80) }]);
    expect(long[0]).toMatch(/^M_[0-9a-f]{6}$/);
    expect(new Set(long).size).toBe(2);
    const alike = variants('N', [{ s: 'a b', k: 1 }, { s: 'a_b', k: 1 }, { s: 'a b', k: 2 }]);
    expect(new Set(alike).size).toBe(3);
  });
});
