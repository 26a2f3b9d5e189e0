// The sort study end to end on a small frame: every row's cycles come from
// the simulator, passes fall with k, and the frame figures add up.

import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../testbenches/scratch-dir.js';
import { DEFAULT_OPTIONS, onChipBytes, runStudy, sorterConfig, type StudyOptions } from './experiment.js';
import { writeReport } from './report.js';
import { runStudyParallel } from './parallel.js';

const SMALL: StudyOptions = {
  ...DEFAULT_OPTIONS,
  surfaces: ['bumpy-sphere'],
  areas: [6],
  tiles: [32, 64],
  spps: [4, 8],
  ks: [3, 8],
  lanes: ['1', '2'],
  sppAreas: [6],
  frameAreas: [6],
  frameSurfaces: ['bumpy-sphere'],
  laneSweepScenes: ['bumpy-sphere-a6'],
  width: 128,
  height: 96,
  cacheDir: null,
  sweepTile: 32,
  sweepSpp: 4,
  log: () => undefined,
};

describe('sort study', () => {
  const r = runStudy(SMALL);

  it('has a row per swept configuration, with simulated cycles and fewer passes at wider digits', () => {
    const swept = r.rows.filter((x) => x.tile === 32 && x.spp === 4);
    expect(swept.length).toBe(4);
    for (const x of r.rows) {
      expect(x.cycles).toBeGreaterThan(x.pairs);
      expect(x.passes).toBeGreaterThan(0);
      expect(x.bitsPerSpid).toBeGreaterThanOrEqual(16);
      expect(x.bitsPerSpid).toBeLessThanOrEqual(64.01);
      expect(x.shaderExecPerPixel).toBeGreaterThanOrEqual(1);
      expect(x.onChipBytesMoved).toBe(onChipBytes(sorterConfig(x.tile, x.spp, x.k, String(x.keysPerCycle) as '1'), x.pairs, x.passes));
    }
    const p3 = swept.find((x) => x.k === 3)!;
    const p8 = swept.find((x) => x.k === 8)!;
    expect(p3.passes).toBeGreaterThan(p8.passes);
    const one = swept.find((x) => x.k === 8 && x.keysPerCycle === 1)!;
    const two = swept.find((x) => x.k === 8 && x.keysPerCycle === 2)!;
    expect(two.cycles).toBeLessThan(one.cycles);
    expect(two.sorterAreaMm2).toBeGreaterThan(one.sorterAreaMm2);
  });

  it('frame figures cover every tile and the report renders', async () => {
    expect(r.frames.length).toBe(1);
    const f = r.frames[0]!;
    expect(f.tiles).toBe(4 * 3);
    expect(f.sorterUnits60).toBeGreaterThanOrEqual(f.sorterUnits30);
    expect(f.pairsPerFrame).toBeGreaterThan(0);
    const out = scratchDir('sort-study-');
    await writeReport(out, r, SMALL, 1);
  }, 60_000);
});

describe('sort study on worker threads', () => {
  it('gives the one-thread rows, frames and counts, though a worker re-simulates a tile another scene already had', async () => {
    // Two surfaces at two areas: the bumpy sphere's busiest 32 x 32 tiles are full at both areas (4096 pairs, 3
    // passes at k = 8), so with the lane sweep on both, the second scene's 2-lane sort repeats the first's.
    const o: StudyOptions = { ...SMALL, surfaces: ['plane', 'bumpy-sphere'], areas: [2, 6], laneSweepScenes: ['bumpy-sphere-a2', 'bumpy-sphere-a6'] };
    const one = runStudy(o);
    const two = await runStudyParallel(o, 2);
    expect(two.resimulated).toBeGreaterThan(0);
    expect(one.rows.some((r) => !r.cyclesSimulated)).toBe(true);
    const { resimulated: _r, ...rest } = two;
    expect({ ...rest, sim: { ...rest.sim, ms: 0 } }).toEqual({ ...one, sim: { ...one.sim, ms: 0 } });
  }, 120_000);
});
