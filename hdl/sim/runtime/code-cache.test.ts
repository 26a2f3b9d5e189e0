// The code cache: a netlist compiled again (another simulator, thread or run)
// takes every generated source from the cache and simulates exactly as the
// first; a damaged entry, another version's entry or an unwritable folder
// is logged and the code generated afresh, never used wrong.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { designOf } from '../testing/ir.js';
import { randomModule, rng } from '../testing/random.js';
import { createSimulator, type CompiledSimulator } from '../index.js';
import { resetCodeCache } from './code-cache.js';

const saved = process.env['GFXRTL_CACHE_DIR'];
let root: string;
let logged: string[];
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gfxrtl-code-cache-'));
  process.env['GFXRTL_CACHE_DIR'] = root;
  resetCodeCache();
  logged = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => {
    logged.push(String(s));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});
afterAll(() => {
  if (saved === undefined) delete process.env['GFXRTL_CACHE_DIR'];
  else process.env['GFXRTL_CACHE_DIR'] = saved;
  resetCodeCache();
});

const mod = (seed: number) => randomModule(seed, { nodes: 80, wideChance: 0.2, memories: true, fsm: true });

/** runBatch on the same random inputs from reset: every output of every cycle. */
function outputs(sim: CompiledSimulator, seed: number): string {
  const r = rng(seed);
  const ins = sim.design.top.ports.filter((p) => p.dir === 'in');
  sim.reset();
  const cols = Object.fromEntries(ins.map((p) => [p.name, Uint32Array.from({ length: 64 * (p.width <= 32 ? 1 : Math.ceil(p.width / 32)) }, () => Math.floor(r() * 2 ** 32))]));
  const got = sim.runBatch(cols, 64);
  sim.step(3);
  return JSON.stringify(Object.entries(got).map(([k, v]) => [k, [...v]])) + sim.signals().map((s) => sim.peek(s.path)).join(',');
}

const entries = (): string[] => readdirSync(root, { recursive: true }).map(String).filter((f) => f.endsWith('.json'));

describe('the simulator code cache', () => {
  it('compiles a netlist again from its cached sources, which simulate exactly as the first compilation', () => {
    for (const seed of [1, 2, 3]) {
      const first = createSimulator(designOf(mod(seed)), { cache: true, lazy: seed === 2 });
      const want = outputs(first, seed);
      expect(first.compiled.codeReused).toBe(false);
      const written = entries().length;
      expect(written).toBeGreaterThan(0);
      resetCodeCache(); // nothing in memory: the next compilation reads the disk
      const again = createSimulator(designOf(mod(seed)), { cache: true, lazy: seed === 2 });
      expect(outputs(again, seed)).toBe(want);
      expect(again.compiled.sources).toEqual(first.compiled.sources);
      // What the main job's profile counts as a reused compilation.
      expect(again.compiled.codeReused).toBe(true);
      expect(entries().length).toBe(written);
      // And the same as without the cache.
      const uncached = createSimulator(designOf(mod(seed)), { lazy: seed === 2 });
      expect(outputs(uncached, seed)).toBe(want);
      expect(uncached.compiled.codeReused).toBe(false);
    }
    expect(logged).toEqual([]);
  });

  it('reads the sources from the cache (an entry changed behind its back, digest and all, is what runs)', async () => {
    const { createHash } = await import('node:crypto');
    const m = mod(9);
    createSimulator(designOf(m), { cache: true });
    // The clock edge (fused, and the FSM-switched one if any) does nothing: every register holds.
    const rewrite = (role: RegExp, value: (old: unknown) => unknown): void => {
      for (const file of entries().filter((f) => role.test(f))) {
        const e = JSON.parse(readFileSync(join(root, file), 'utf8')) as { value: unknown };
        if (e.value === null) continue;
        const v = value(e.value);
        writeFileSync(join(root, file), JSON.stringify({ ...e, value: v, sha: createHash('sha256').update(JSON.stringify(v)).digest('hex') }));
      }
    };
    rewrite(/[/\\]edge-[0-9a-f]+\.json$/, () => ({ fused: 'return;' }));
    rewrite(/[/\\]fsmEdge-[0-9a-f]+\.json$/, () => 'return;');
    resetCodeCache();
    const held = (sim: CompiledSimulator): boolean[] => {
      const regs = sim.signals().filter((x) => x.kind === 'reg');
      regs.forEach((x, i) => sim.poke(x.path, BigInt.asUintN(x.width, 0x5a5a5a5an + BigInt(i))));
      sim.evaluate();
      sim.step(1);
      return regs.map((x, i) => sim.peek(x.path) === BigInt.asUintN(x.width, 0x5a5a5a5an + BigInt(i)));
    };
    expect(held(createSimulator(designOf(m), { cache: true })).every((h) => h)).toBe(true);
    expect(held(createSimulator(designOf(m))).every((h) => h)).toBe(false);
  });

  it('keeps different netlists and different compile options apart', () => {
    createSimulator(designOf(mod(4)), { cache: true });
    const one = entries().length;
    createSimulator(designOf(mod(5)), { cache: true });
    const two = entries().length;
    expect(two).toBeGreaterThan(one);
    createSimulator(designOf(mod(5)), { cache: true, observe: 'ports' });
    expect(entries().length).toBeGreaterThan(two);
  });

  it('rebuilds a damaged entry or one of another version, and says so', () => {
    const first = createSimulator(designOf(mod(6)), { cache: true });
    const want = outputs(first, 6);
    const files = entries();
    writeFileSync(join(root, files[0]!), '{"format": "gfxrtl-sim-code/1", "key": "x", trunc');
    const other = JSON.parse(readFileSync(join(root, files[1]!), 'utf8')) as { value: unknown };
    writeFileSync(join(root, files[1]!), JSON.stringify({ ...other, value: 'function () {}' }));
    resetCodeCache();
    const again = createSimulator(designOf(mod(6)), { cache: true });
    expect(outputs(again, 6)).toBe(want);
    expect(logged.filter((l) => /is not a gfxrtl-sim-code\/1 entry for this key .* rebuilding it/.test(l))).toHaveLength(2);
    // Rewritten whole: the next compilation reads them without a word.
    logged.length = 0;
    resetCodeCache();
    expect(outputs(createSimulator(designOf(mod(6)), { cache: true }), 6)).toBe(want);
    expect(logged).toEqual([]);
  });

  it('carries on without the cache, once logged, when its folder cannot be written', () => {
    const blocker = join(root, 'a-file');
    writeFileSync(blocker, 'not a folder');
    process.env['GFXRTL_CACHE_DIR'] = join(blocker, 'cache');
    resetCodeCache();
    const sim = createSimulator(designOf(mod(7)), { cache: true });
    expect(outputs(sim, 7)).toBe(outputs(createSimulator(designOf(mod(7))), 7));
    createSimulator(designOf(mod(8)), { cache: true });
    expect(logged.filter((l) => /cache: cannot write .*carrying on without the cache/.test(l))).toHaveLength(1);
  });
});
