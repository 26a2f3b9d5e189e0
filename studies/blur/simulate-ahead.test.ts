// Simulations ahead of the global knobs (explore/study-sweep.ts): a sweep
// seeded with what the sweep ahead simulated, priced with the knobs when
// they come, writes the very points of a sweep that simulated everything
// itself with those knobs; the sweep ahead stops when the knobs come, runs
// no replicates, and gives back every CPU slot it asked for.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CpuBudget, IDLE_PRIORITY, type Release } from '../../explore/cpu-budget.js';
import type { StudyRunOptions } from '../../explore/pipeline.js';
import { runSweep } from '../../explore/sweep/index.js';
import { POINTS_JSONL, readCache } from '../../explore/sweep/store.js';
import { idleUntil, seedSimulations, simulateAhead, SIMULATION_DIR, sweepsAsGrid } from '../../explore/study-sweep.js';
import { DEFAULT_KNOBS } from '../../synth-models/knobs.js';
import { scratchDir } from '../../testbenches/scratch-dir.js';
import { findStudy } from '../registry.js';

const entry = findStudy('blur');
const only = 'render=blur,stp=8.8,sts=1x1,spf=1,tvp=off,pmt=1|2|3|4,edge=multiply,time=lerp2,recip=unrolled,jitter=tuple,vt=high,vdd=0.99';
const params = { count: 8 };
// Other knobs than the defaults the sweep ahead prices with.
const knobs = { ...DEFAULT_KNOBS, energyFactor: 1.25, delayFactor: 1.1 };

function runOptions(out: string, lines: string[]): StudyRunOptions {
  return { out, only, params, yosys: { skip: '' }, global: entry, command: 'test', log: (l) => lines.push(l), print: () => undefined };
}

describe('slots for the sweep ahead', () => {
  it('are asked at idle priority until the knobs come, then in the study\'s turn, and the grant that loses is given back', async () => {
    const budget = new CpuBudget(1);
    const hold = await budget.acquire(0);
    let knobsIn!: () => void;
    const late = new Promise<void>((r) => (knobsIn = r));
    const order: string[] = [];
    const ahead = idleUntil(budget, late, 2);
    const asked = ahead.acquire(IDLE_PRIORITY).then((r) => (order.push('ahead'), r));
    const other = budget.acquire(3).then((r) => (order.push('priority 3'), r));
    await new Promise((r) => setImmediate(r));
    knobsIn();
    await late;
    hold();
    // The study's turn (2) comes before priority 3, which at idle priority it would not.
    const first: Release = await asked;
    expect(order).toEqual(['ahead']);
    first();
    (await other)();
    expect(order).toEqual(['ahead', 'priority 3']);
    // The idle request granted last was given back: nothing is held.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(budget.busy).toBe(0);
    expect(budget.queued).toBe(0);
  });
});

describe('which studies simulate ahead', () => {
  it('those whose sweep is a grid whatever the knobs, by choice or for a reason the bound gives', () => {
    const noblur = findStudy('noblur');
    expect(sweepsAsGrid(noblur, { explore: 'bound' })).toBe(false);
    expect(sweepsAsGrid(noblur, { explore: 'grid' })).toBe(true);
    // Toggle activity: no power is known before the simulation, so the bound sweep is a grid.
    expect(sweepsAsGrid(noblur, { explore: 'bound', activity: 'toggle' })).toBe(true);
    // No peakRate (the merge units), sequential sampling (the Hybrid).
    for (const s of ['qfm', 'pmu', 'sort', 'hybrid']) expect(sweepsAsGrid(findStudy(s), { explore: 'bound' }), s).toBe(true);
  });
});

describe('simulations ahead of the global knobs', () => {
  it('stop when the knobs come, and the sweep seeded with them writes the points of a sweep that simulated everything', async () => {
    const plainDir = scratchDir('gfxrtl-ahead-plain-');
    const study = { module: entry.module, name: 'blur', params };
    const plain = await runSweep({ study, out: plainDir, workers: 0, spec: { only }, knobs });
    expect(plain.evaluated).toBe(4);
    expect(plain.replicateRuns).toBeGreaterThan(0);

    const out = scratchDir('gfxrtl-ahead-');
    const lines: string[] = [];
    const budget = new CpuBudget(1);
    const hold = await budget.acquire(0);
    let knobsIn!: () => void;
    const knobsFile = new Promise<string>((r) => (knobsIn = () => r('calibration.json')));
    const ahead = simulateAhead(entry, runOptions(out, lines), { budget, sweeps: new CpuBudget(2), priority: 2, tag: '' }, knobsFile);
    // The sweep ahead's worker asks for a slot the test holds; the knobs come meanwhile.
    for (let i = 0; i < 600 && budget.queued === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(budget.queued).toBeGreaterThan(0);
    knobsIn();
    await knobsFile;
    hold();
    expect(await ahead).toBe(true);
    const said = lines.find((l) => l.includes('simulated ahead'))!;
    const simulated = Number(/: (\d+) of 4 micro-architectures simulated ahead/.exec(said)![1]);
    expect(simulated).toBeGreaterThan(0);
    expect(simulated).toBeLessThan(4);
    expect(said).toContain('stopped when the knobs came');
    expect(budget.busy).toBe(0);
    // No replicates ahead: which designs need them depends on their prices.
    const sim = join(out, SIMULATION_DIR);
    const cached = ['pmt=1', 'pmt=2', 'pmt=3', 'pmt=4'].map((p) => readCache(sim, `stp=8.8,edge=multiply,time=lerp2,recip=unrolled,jitter=tuple,render=blur,tvp=off,spf=1,${p},sts=1x1`));
    expect(cached.filter((c) => c !== null)).toHaveLength(simulated);
    for (const c of cached) expect(c?.replicates).toBeUndefined();

    seedSimulations(sim, out);
    const seeded = await runSweep({ study, out, workers: 0, spec: { only }, knobs });
    expect(seeded.evaluated).toBe(4 - simulated);
    expect(seeded.replicateRuns).toBe(plain.replicateRuns);
    expect(readFileSync(join(out, POINTS_JSONL), 'utf8')).toBe(readFileSync(join(plainDir, POINTS_JSONL), 'utf8'));
  }, 240_000);

  it('simulate every micro-architecture once when the knobs come later, and no replicates', async () => {
    const out = scratchDir('gfxrtl-ahead-all-');
    const lines: string[] = [];
    let knobsIn!: () => void;
    const knobsFile = new Promise<string>((r) => (knobsIn = () => r('calibration.json')));
    expect(await simulateAhead(entry, runOptions(out, lines), { budget: new CpuBudget(2), sweeps: new CpuBudget(2), priority: 2, tag: '' }, knobsFile)).toBe(true);
    knobsIn();
    expect(lines).toEqual([`gfxrtl study blur: 4 of 4 micro-architectures simulated ahead of the global knobs into ${join(out, SIMULATION_DIR)}`]);
    // With replicates, the sweep ahead (default knobs) would have extended some of them.
    for (const p of ['pmt=1', 'pmt=2', 'pmt=3', 'pmt=4']) expect(readCache(join(out, SIMULATION_DIR), `stp=8.8,edge=multiply,time=lerp2,recip=unrolled,jitter=tuple,render=blur,tvp=off,spf=1,${p},sts=1x1`)?.replicates).toBeUndefined();
  }, 240_000);

  it('do not start once the knobs are in', async () => {
    const out = scratchDir('gfxrtl-ahead-late-');
    const lines: string[] = [];
    const done = await simulateAhead(entry, runOptions(out, lines), { budget: new CpuBudget(2), sweeps: new CpuBudget(2), priority: 2, tag: '' }, Promise.resolve('calibration.json'));
    expect(done).toBe(false);
    expect(existsSync(join(out, SIMULATION_DIR))).toBe(false);
    expect(lines).toEqual([]);
  });
});
