import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeSweeps } from './merge.js';
import { rowKey } from './point.js';
import { keptWorkers, withKeptWorkers } from './pool.js';
import { runSweep, type SweepOptions } from './run.js';
import { POINTS_CSV, POINTS_JSONL, readPoints } from './store.js';
import { layoutOf, readManifest } from './manifest.js';
import { findStudy } from '../../studies/registry.js';

// The MAC stand-in, narrowed to 8 micro-architectures and a short
// simulation: small enough to sweep many times, real enough to exercise
// elaboration, simulation and pricing.
const SPEC = { only: 'intBits=4|8,fracBits=4' };
const STUDY = { module: findStudy('mac').module, name: 'mac', params: { cycles: 300 } };
const base = (out: string, extra: Partial<SweepOptions> = {}): SweepOptions => ({ study: STUDY, out, spec: SPEC, workers: 0, ...extra });

let root: string;
let ref: string;
const file = (dir: string, name: string): string => readFileSync(join(dir, name), 'utf8');

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gfxrtl-sweep-'));
  ref = join(root, 'ref');
  const s = await runSweep(base(ref));
  expect(s.complete).toBe(true);
  expect(s.evaluated).toBe(8);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function keysOf(dir: string): string[] {
  const m = readManifest(dir)!;
  return readPoints(join(dir, POINTS_JSONL), layoutOf(m.identity)).rows.map(rowKey);
}

describe('a sweep directory', () => {
  it('holds one row per point, CSV alike, pareto flags set, every row tagged with workload and seed', () => {
    const keys = keysOf(ref);
    expect(new Set(keys).size).toBe(keys.length);
    expect(file(ref, POINTS_CSV).trimEnd().split('\n')).toHaveLength(keys.length + 1);
    const rows = readPoints(join(ref, POINTS_JSONL), layoutOf(readManifest(ref)!.identity)).rows;
    expect(rows.some((r) => r.pareto)).toBe(true);
    expect(new Set(rows.map((r) => r.mode))).toEqual(new Set(['mac-wrap', 'mac-saturate']));
    expect(rows.every((r) => r.workload === 'mac-random-300' && r.seed === 1)).toBe(true);
    for (const r of rows) {
      const m = r.metrics;
      expect(r.study).toBe('mac');
      expect(m['macPerSec']).toBeCloseTo(m['macPerCycle']! * r.clockHz, 0);
      expect(m['perfDensity']).toBeCloseTo(m['macPerSec']! / r.areaMm2, 0);
      expect(m['energyPerMacJ']! * m['macPerSec']!).toBeCloseTo(r.powerW, 12);
    }
    expect(readManifest(ref)!.complete).toBe(true);
  });

  it('resumes after an interruption and a partial last line: nothing lost, nothing repeated, nothing re-simulated', async () => {
    const dir = join(root, 'interrupted');
    const stop = new AbortController();
    let n = 0;
    const first = await runSweep(base(dir, { signal: stop.signal, onResult: () => ++n === 3 && stop.abort() }));
    expect(first.complete).toBe(false);
    expect(readManifest(dir)!.complete).toBe(false);
    // A kill in the middle of an append leaves half a line.
    appendFileSync(join(dir, POINTS_JSONL), '{"study":"mac","mode":"mac-wrap","intBits":8,"fracB');
    const second = await runSweep(base(dir));
    expect(second.complete).toBe(true);
    expect(second.evaluated).toBe(8 - 3);
    expect(file(dir, POINTS_JSONL)).toBe(file(ref, POINTS_JSONL));
    expect(file(dir, POINTS_CSV)).toBe(file(ref, POINTS_CSV));
    // Resuming a complete directory does nothing and changes nothing.
    const third = await runSweep(base(dir));
    expect([third.newPoints, third.evaluated]).toEqual([0, 0]);
    expect(file(dir, POINTS_JSONL)).toBe(file(ref, POINTS_JSONL));
  }, 60_000);

  it('re-prices from the cache when killed between the cache write and the points append', async () => {
    const dir = join(root, 'cache-only');
    await runSweep(base(dir));
    const m = readManifest(dir)!;
    const lost = m.identity.microArchs[2]!.id;
    const kept = file(dir, POINTS_JSONL).split('\n').filter((l) => l !== '' && !l.includes(`"id":"${lost}"`));
    writeFileSync(join(dir, POINTS_JSONL), kept.join('\n') + '\n');
    const again = await runSweep(base(dir));
    expect(again.evaluated).toBe(0);
    expect(again.newPoints).toBeGreaterThan(0);
    expect(file(dir, POINTS_JSONL)).toBe(file(ref, POINTS_JSONL));
  }, 60_000);

  it('refuses a cached evaluation of hardware that has changed since', async () => {
    const dir = join(root, 'stale');
    await runSweep(base(dir));
    const m = readManifest(dir)!;
    const id = m.identity.microArchs[1]!.id;
    const cacheFile = join(dir, 'microarch', `${id.replace(/[^A-Za-z0-9._=-]/g, '_')}.json`);
    writeFileSync(cacheFile, file(dir, `microarch/${basename(cacheFile)}`).replace(/"design":"[0-9a-f]+"/, '"design":"0000"'));
    writeFileSync(join(dir, POINTS_JSONL), file(dir, POINTS_JSONL).split('\n').filter((l) => !l.includes(`"id":"${id}"`)).join('\n'));
    await expect(runSweep(base(dir))).rejects.toThrow(/the hardware changed since this directory cached its evaluation/);
  }, 60_000);

  it('refuses to resume a directory made with another spec, naming what differs', async () => {
    await expect(runSweep(base(ref, { spec: { only: 'intBits=4' } }))).rejects.toThrow(/holds a different sweep \(differs in: spec, microArchs\)/);
    await expect(runSweep(base(ref, { shard: { index: 1, count: 2 } }))).rejects.toThrow(/holds shard none, not 1\/2/);
  });

  it('survives SIGKILL of a real process mid-run', async () => {
    const dir = join(root, 'killed');
    const opts = { study: { ...STUDY, params: { cycles: 60_000 } }, out: dir, spec: SPEC, workers: 0 };
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const child = spawn(process.execPath, ['--import', tsx, join(dirname(fileURLToPath(import.meta.url)), 'test-child.ts'), JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if ((out.match(/^done /gm) ?? []).length >= 2) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      void exited.then(() => resolve());
    });
    expect(await exited).toBe('SIGKILL');
    expect(out).not.toMatch(/finished/);
    const before = keysOf(dir).length;
    const resumed = await runSweep(opts);
    expect(resumed.complete).toBe(true);
    expect(resumed.evaluated).toBeLessThan(8);
    const keys = keysOf(dir);
    expect(new Set(keys).size).toBe(keys.length);
    expect(before).toBeLessThan(keys.length);
    const fresh = join(root, 'unkilled');
    await runSweep({ ...opts, out: fresh });
    expect(file(dir, POINTS_JSONL)).toBe(file(fresh, POINTS_JSONL));
  }, 120_000);
});

describe('shards and merge', () => {
  it('three shards merged equal a single run, byte for byte', async () => {
    const shards = [1, 2, 3].map((i) => join(root, `shard${i}`));
    for (const [i, dir] of shards.entries()) await runSweep(base(dir, { shard: { index: i + 1, count: 3 } }));
    const parts = shards.map((d) => keysOf(d));
    expect(parts.flat().length).toBe(keysOf(ref).length);
    const merged = join(root, 'merged');
    const s = mergeSweeps({ inputs: shards, out: merged });
    expect(s.complete).toBe(true);
    expect(s.duplicates).toBe(0);
    expect(file(merged, POINTS_JSONL)).toBe(file(ref, POINTS_JSONL));
    expect(file(merged, POINTS_CSV)).toBe(file(ref, POINTS_CSV));
    // Overlapping inputs are deduplicated.
    const again = mergeSweeps({ inputs: [...shards, ref], out: join(root, 'merged2') });
    expect(again.duplicates).toBe(keysOf(ref).length);
    expect(file(join(root, 'merged2'), POINTS_JSONL)).toBe(file(ref, POINTS_JSONL));
  }, 60_000);

  it('refuses conflicting duplicates and different sweeps', async () => {
    const tampered = join(root, 'tampered');
    await runSweep(base(tampered, { shard: { index: 1, count: 2 } }));
    const text = file(tampered, POINTS_JSONL).replace(/"areaMm2":([0-9.e-]+)/, '"areaMm2":1');
    writeFileSync(join(tampered, POINTS_JSONL), text);
    expect(() => mergeSweeps({ inputs: [ref, tampered], out: join(root, 'm3') })).toThrow(/differs between .* refusing to merge conflicting results/);
    const other = join(root, 'other');
    await runSweep(base(other, { spec: { only: 'intBits=12,fracBits=4' } }));
    expect(() => mergeSweeps({ inputs: [ref, other], out: join(root, 'm4') })).toThrow(/not the same sweep .* \(differs in: spec, microArchs\)/);
    expect(() => mergeSweeps({ inputs: [ref], out: ref })).toThrow(/already holds a sweep/);
    expect(existsSync(join(root, 'm3', POINTS_JSONL))).toBe(false);
  }, 60_000);
});

describe('worker threads', () => {
  it('give the same points as evaluating in the main thread', async () => {
    const dir = join(root, 'workers');
    const s = await runSweep(base(dir, { workers: 2 }));
    expect(s.workers).toBe(2);
    expect(file(dir, POINTS_JSONL)).toBe(file(ref, POINTS_JSONL));
  }, 60_000);

  it('kept between sweeps serve the next sweep with its own workload', async () => {
    // The second sweep's workload differs (200 cycles): a worker that kept the first sweep's study would price 300.
    const other = { ...STUDY, params: { cycles: 200 } };
    const alone = join(root, 'kept-alone');
    await runSweep({ ...base(alone), study: other });
    await withKeptWorkers(2, async () => {
      await runSweep(base(join(root, 'kept-1'), { workers: 2 }));
      expect(keptWorkers()).toBe(2);
      const s = await runSweep({ ...base(join(root, 'kept-2'), { workers: 2 }), study: other });
      expect(s.workers).toBe(2);
      expect(keptWorkers()).toBe(2);
    });
    expect(keptWorkers()).toBe(0);
    expect(file(join(root, 'kept-1'), POINTS_JSONL)).toBe(file(ref, POINTS_JSONL));
    expect(file(join(root, 'kept-2'), POINTS_JSONL)).toBe(file(alone, POINTS_JSONL));
    expect(file(alone, POINTS_JSONL)).not.toBe(file(ref, POINTS_JSONL));
  }, 60_000);
});
