// The sweep's contract with a study, on a small study: one elaboration per
// micro-architecture, shared by pricing and simulation; and a driver that
// did no work is an error naming study and workload, in the main thread
// and from a worker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Design } from '../hdl/ir.js';
import { readFileSync } from 'node:fs';
import { runExperiments, writeReport } from '../explore/report/index.js';
import { runSweep } from '../explore/sweep/index.js';
import { seen, study } from './test-study.js';

const MODULE = new URL('./test-study.js', import.meta.url).href;
const root = mkdtempSync(join(tmpdir(), 'gfxrtl-engine-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SPEC = { only: 'vt=high,vdd=0.99', stages: '1' };

beforeEach(() => {
  seen.elaborated.length = 0;
  seen.driven.length = 0;
});

describe('one elaboration per micro-architecture', () => {
  it('prices and simulates the very Design object the unit elaborated, once per micro-architecture', async () => {
    const priced = new Map<string, Design[]>();
    const elaborated = new Map<string, Design[]>();
    const add = (m: Map<string, Design[]>, id: string, d: Design): void => void m.set(id, [...(m.get(id) ?? []), d]);
    const s = await runSweep({
      study: { module: MODULE, name: study.name },
      out: join(root, 'once'),
      spec: SPEC,
      workers: 0,
      probe: { elaborated: (id, d) => add(elaborated, id, d), priced: (id, d) => add(priced, id, d) },
    });
    expect(s.evaluated).toBe(3);
    expect(seen.elaborated).toHaveLength(3);
    expect([...elaborated.keys()]).toEqual(['width=4', 'width=8', 'width=12']);
    for (const [id, ds] of elaborated) {
      expect(ds).toHaveLength(1);
      expect(priced.get(id)).toHaveLength(1);
      // The inventory's Design, the driver's Design and the simulator's Design are one object.
      const d = ds[0]!;
      expect(priced.get(id)![0]).toBe(d);
      const driven = seen.driven.find((x) => x.design === d);
      expect(driven).toBeDefined();
      expect(driven!.simulated).toBe(d);
    }
    expect(seen.elaborated.every((d) => seen.driven.some((x) => x.design === d))).toBe(true);
  });
});

describe('report sections from the study', () => {
  it('includes the study\'s experiments and its own markdown sections, and no rate table without a rate target', async () => {
    const dir = join(root, 'sections');
    await runSweep({ study: { module: MODULE, name: study.name }, out: dir, spec: SPEC, workers: 0 });
    await runExperiments(study.experiments!, dir, 24);
    const md = readFileSync((await writeReport(dir, { png: false })).index, 'utf8');
    expect(md).toContain('## Experiment: wraps');
    expect(md).toContain('| 4 | 64 |');
    expect(md).toContain('## Rows seen\n\n3 rows, first study field counter-test');
    expect(md).not.toContain('Cost of');
    expect(md).toContain('### Pareto frontier (higher performance density, lower energy per count)');
    expect(readFileSync(join(dir, 'experiments/wraps.jsonl'), 'utf8').split('\n')[0]).toBe('{"width":4,"wraps":64}');
  }, 60_000);
});

describe('a driver that did no work', () => {
  it('is an error naming study and workload (main thread)', async () => {
    await expect(runSweep({ study: { module: MODULE, name: study.name, workload: 'idle' }, out: join(root, 'idle0'), spec: SPEC, workers: 0 })).rejects.toThrow(
      /^study counter-test, workload idle: the driver reported no work done on width=4 \(work 0 in 20 cycles\)/,
    );
  });

  it('is the same one-line error from a worker thread', async () => {
    await expect(runSweep({ study: { module: MODULE, name: study.name, workload: 'idle' }, out: join(root, 'idle2'), spec: SPEC, workers: 2 })).rejects.toThrow(
      /^study counter-test, workload idle: the driver reported no work done/,
    );
  }, 60_000);

  it('an objective that is no figure lists the valid ones', async () => {
    await expect(runSweep({ study: { module: MODULE, name: 'counter-bad-objective' }, out: join(root, 'obj'), spec: SPEC, workers: 0 })).rejects.toThrow(
      'study counter-bad-objective: objective "energyPerTriangle" is neither a metric nor a priced figure; valid: clockHz, areaMm2, powerW, dynamicW, leakageW, criticalPathPs, pipelineBits, countPerCycle, countPerSec, perfDensity, energyPerCountJ, powerDensity',
    );
  });

  it('an unknown workload or parameter lists the valid names', async () => {
    await expect(runSweep({ study: { module: MODULE, name: study.name, workload: 'nope' }, out: join(root, 'x'), spec: SPEC, workers: 0 })).rejects.toThrow(
      'study counter-test: unknown workload "nope"; workloads: busy, idle',
    );
    await expect(runSweep({ study: { module: MODULE, name: study.name, params: { cyc: 3 } }, out: join(root, 'y'), spec: SPEC, workers: 0 })).rejects.toThrow(
      'study counter-test, workload busy: unknown parameter "cyc"; parameters: cycles',
    );
  });
});
