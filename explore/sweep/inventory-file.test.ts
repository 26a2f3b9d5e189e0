import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inventory } from '../../hdl/inventory/index.js';
import { price } from '../../synth-models/price.js';
import { findStudy } from '../../studies/registry.js';
import { designFingerprint } from './fingerprint.js';
import { decodeInventory, encodeInventory, inventoryFile, readInventory } from './inventory-file.js';
import { runSweep, type SweepOptions } from './run.js';
import { loadForRepricing, repriceRows } from './reprice.js';
import { readManifest } from './manifest.js';
import { readCache } from './store.js';
import type { Design } from '../../hdl/ir.js';

// The MAC stand-in, 8 micro-architectures on a short simulation (as sweep.test.ts).
const SPEC = { only: 'intBits=4|8,fracBits=4' };
const STUDY = { module: findStudy('mac').module, name: 'mac', params: { cycles: 300 } };
const base = (out: string, extra: Partial<SweepOptions> = {}): SweepOptions => ({ study: STUDY, out, spec: SPEC, workers: 0, keepInventories: true, ...extra });
const KNOBS = { areaFactor: 0.8, energyFactor: 1.2, delayFactor: 0.6 };

let root: string;
let sim: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gfxrtl-inv-'));
  sim = join(root, 'sim');
  expect((await runSweep(base(sim))).evaluated).toBe(8);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every figure a price result gives, as text. */
function priced(inv: ReturnType<typeof inventory>, arith: 'timed' | 'fast' | 'ripple'): string {
  const out: unknown[] = [];
  for (const vt of ['low', 'nominal', 'high'] as const) {
    for (const stages of [1, 2, 5, 9]) {
      const r = price(inv, { vt, vdd: 0.9, stages }, { knobs: KNOBS, arith, detail: true });
      out.push({ ...r, criticalPath: r.criticalPath, forms: r.forms });
    }
  }
  return JSON.stringify(out);
}

describe('a stored inventory', () => {
  it('prices every point as the inventory it was made from (a Blur design: many instances, memories, loops)', () => {
    const blur = findStudy('blur').study;
    const design = blur.unit.elaborate(blur.calibration!.reference);
    const inv = inventory(design);
    const back = decodeInventory(JSON.parse(JSON.stringify(encodeInventory(inv, 'x', 'v'))));
    expect(designFingerprint(back)).toBe(designFingerprint(inv));
    expect(back.instances.map((i) => [i.path, i.module, i.depth, i.children, i.items, i.own, i.total])).toEqual(inv.instances.map((i) => [i.path, i.module, i.depth, i.children, i.items, i.own, i.total]));
    expect(back.graph.nodes.map((g) => [g.path, g.label, g.use, g.preds, g.storage, g.node.op, g.node.width, g.node.id])).toEqual(inv.graph.nodes.map((g) => [g.path, g.label, g.use, g.preds, g.storage, g.node.op, g.node.width, g.node.id]));
    expect(back.graph.endpoints).toEqual(inv.graph.endpoints);
    for (const arith of ['timed', 'fast', 'ripple'] as const) expect(priced(back, arith)).toBe(priced(inv, arith));
  });

  it('is written by the sweep beside each simulation, and read back only under the same version and fingerprint', () => {
    const m = readManifest(sim)!;
    const id = m.identity.microArchs[0]!.id;
    const design = readCache(sim, id)!.design;
    const files = readdirSync(join(sim, 'microarch'));
    expect(files.filter((f) => f.endsWith('.inventory'))).toHaveLength(8);
    // Written whole (a temporary file renamed over it).
    expect(files.filter((f) => f.includes('.tmp'))).toEqual([]);
    const scratch = join(root, 'read');
    cpSync(sim, scratch, { recursive: true });
    const stored = JSON.parse(readFileSync(inventoryFile(scratch, id), 'utf8')) as { version: string };
    const version = stored.version;
    expect('inventory' in readInventory(scratch, id, design, version)).toBe(true);
    expect(readInventory(scratch, id, design, undefined)).toEqual({ why: expect.stringMatching(/no elaboration version/) });
    expect(readInventory(scratch, id, design, 'another')).toEqual({ why: expect.stringMatching(/made by another gfxrtl/) });
    expect(readInventory(scratch, id, '0000', version)).toEqual({ why: expect.stringMatching(/not of the design it was simulated as/) });
    // Damaged: cut short, or a part that does not fit.
    const file = inventoryFile(scratch, id);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, text.length / 2));
    expect(readInventory(scratch, id, design, version)).toEqual({ why: expect.stringMatching(/could not be read/) });
    const bad = JSON.parse(text) as { graph: { preds: number[] } };
    bad.graph.preds[0] = 1e9;
    writeFileSync(file, JSON.stringify(bad));
    expect(readInventory(scratch, id, design, version)).toEqual({ why: expect.stringMatching(/damaged/) });
    unlinkSync(file);
    expect(readInventory(scratch, id, design, version)).toEqual({ why: 'no stored inventory', missing: true });
  });

  it('prices a sweep of cached simulations with other knobs without elaborating, to the same points as elaborating', async () => {
    const seeded = (name: string): string => {
      const dir = join(root, name);
      cpSync(join(sim, 'microarch'), join(dir, 'microarch'), { recursive: true });
      return dir;
    };
    const fromStore = seeded('stored');
    const elaborated: string[] = [];
    const probe = { elaborated: (id: string, _d: Design) => void elaborated.push(id), priced: () => {} };
    const a = await runSweep(base(fromStore, { knobs: KNOBS, probe }));
    expect([a.evaluated, elaborated]).toEqual([0, []]);
    // Without stored inventories (an older directory): elaborated, said once, same points.
    const old = seeded('old');
    for (const f of readdirSync(join(old, 'microarch'))) if (f.endsWith('.inventory')) unlinkSync(join(old, 'microarch', f));
    const said = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const b = await runSweep(base(old, { knobs: KNOBS, probe }));
      expect(b.evaluated).toBe(0);
      expect(said.mock.calls.filter(([l]) => String(l).includes('no stored inventory; elaborating'))).toHaveLength(1);
    } finally {
      said.mockRestore();
    }
    expect(elaborated).toHaveLength(8);
    expect(readFileSync(join(old, 'points.jsonl'), 'utf8')).toBe(readFileSync(join(fromStore, 'points.jsonl'), 'utf8'));
    // The old directory's inventories were stored as they were made.
    expect(readdirSync(join(old, 'microarch')).filter((f) => f.endsWith('.inventory'))).toHaveLength(8);
    // A sweep not asked to keep them stores none, and says nothing of finding none.
    const none = join(root, 'none');
    await runSweep(base(none, { keepInventories: false }));
    expect(readdirSync(join(none, 'microarch')).filter((f) => f.endsWith('.inventory'))).toEqual([]);
    const quiet = join(root, 'quiet');
    cpSync(join(none, 'microarch'), join(quiet, 'microarch'), { recursive: true });
    const said2 = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect((await runSweep(base(quiet, { knobs: KNOBS, keepInventories: false }))).evaluated).toBe(0);
      expect(said2.mock.calls.filter(([l]) => String(l).includes('stored inventory'))).toEqual([]);
    } finally {
      said2.mockRestore();
    }
  }, 60_000);

  it('lets the calibration loop reprice without a Design, as from elaborated inventories', async () => {
    const set = await loadForRepricing(sim);
    expect(set.entries).toHaveLength(8);
    expect(set.entries.every((e) => !('design' in e))).toBe(true);
    const rows = repriceRows(set, KNOBS);
    const scratch = join(root, 'reprice-old');
    cpSync(sim, scratch, { recursive: true });
    for (const f of readdirSync(join(scratch, 'microarch'))) if (f.endsWith('.inventory')) unlinkSync(join(scratch, 'microarch', f));
    const said = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const old = await loadForRepricing(scratch);
      expect(JSON.stringify(repriceRows(old, KNOBS))).toBe(JSON.stringify(rows));
    } finally {
      said.mockRestore();
    }
  }, 60_000);
});
