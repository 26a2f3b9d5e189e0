// The main job's chains after the global knobs (explore/chain-order.ts):
// Blur, then the shipped studies with the fewest micro-architectures first.
import { describe, expect, it } from 'vitest';
import { chainOrder, mainJobEntry, sweepSize, type ChainEntry } from '../explore/chain-order.js';
import { mainJobStudies } from '../explore/pipeline.js';
import { allStudies } from './registry.js';

const shipped = (): ChainEntry[] => mainJobStudies(allStudies(), () => undefined).map((e) => mainJobEntry(e.study));

describe("the main job's chain order", () => {
  it('serves the global study first, then the fewest micro-architectures first', () => {
    const entries = shipped();
    const sizes = Object.fromEntries(entries.map((e) => [e.study.name, sweepSize(e)]));
    expect(sizes).toEqual({ blur: 576, noblur: 288, hybrid: 192, sort: 20, qfm: 8, pmu: 3 });
    expect(chainOrder(entries, 'blur')).toEqual(['blur', 'pmu', 'qfm', 'sort', 'hybrid', 'noblur']);
    // The global study leads whatever its size; a narrowing counts; equal sizes keep their order.
    expect(chainOrder(entries, 'noblur')).toEqual(['noblur', 'pmu', 'qfm', 'sort', 'hybrid', 'blur']);
    const qfm = entries.find((e) => e.study.name === 'qfm')!;
    const pmu = entries.find((e) => e.study.name === 'pmu')!;
    expect(sweepSize({ ...qfm, only: 'entries=1' })).toBe(2);
    expect(chainOrder([pmu, qfm, { ...qfm, only: 'entries=1' }], 'none').map((n, i) => `${n}${i}`)).toEqual(['qfm0', 'pmu1', 'qfm2']);
    expect(chainOrder([{ ...qfm, only: 'entries=1|4|16,maskWidth=64' }, pmu], 'none')).toEqual(['qfm', 'pmu']);
    expect(chainOrder([pmu, { ...qfm, only: 'entries=1|4|16,maskWidth=64' }], 'none')).toEqual(['pmu', 'qfm']);
  });
});
