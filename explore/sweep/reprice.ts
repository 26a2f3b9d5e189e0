// Pricing a finished (or partial) sweep again with other knobs, in memory:
// each micro-architecture's simulated counts come from the directory's
// cache (microarch/ID.json) and its inventory from beside them
// (microarch/ID.inventory, inventory-file.ts), and every knob set after that
// costs only pricing. This is what lets the calibration iterate over the
// study's own picks (calibration-loop.ts) without simulating again.
// Micro-architectures the directory has not simulated yet are left out and
// counted.
//
// No Design is kept (Blur's 192 blur-mode designs held about 0.3 GB here):
// whoever needs one (the calibration's fit) elaborates it on demand.
//
// A stale cache (the hardware changed since it was simulated) is caught by
// the stored inventory's version: it is used only when it was written by
// the same gfxrtl sources (the evaluator's version, gfxrtlVersion(), which
// also keys the elaborations kept on disk), which elaborate the same
// netlist. Otherwise (another version, a plugin's study, no file) the
// design is elaborated, inventoried and its fingerprint checked against the
// simulation's, as before the inventories were stored.
import { inventory, type Inventory } from '../../hdl/inventory/index.js';
import { logElaborated, readInventory } from './inventory-file.js';
import type { Knobs } from '../../synth-models/knobs.js';
import type { MicroArchEntry } from './enumerate.js';
import { designFingerprint } from './fingerprint.js';
import { readManifest, type SweepIdentity } from './manifest.js';
import type { PointRow } from './point.js';
import { priceMicroArch, type Performance, type PricingContext } from './pricing.js';
import { SweepError } from './spec.js';
import { readCache } from './store.js';
import { loadDomain } from './study-ref.js';
import type { SweepDomain } from './types.js';

export interface RepriceEntry {
  entry: MicroArchEntry;
  config: unknown;
  inv: Inventory;
  performance: Performance;
}

export interface RepriceSet {
  dir: string;
  identity: SweepIdentity;
  domain: SweepDomain<unknown>;
  entries: RepriceEntry[];
  /** Micro-architectures of the sweep (after the filter) with no cached simulation. */
  missing: string[];
}

/** The sweep in `dir`, ready to price again; `keep` narrows it by mode
 *  (e.g. only the blur-mode designs the calibration picks among). */
export async function loadForRepricing(dir: string, keep: (e: { mode: string }) => boolean = () => true): Promise<RepriceSet> {
  const manifest = readManifest(dir);
  if (manifest === null) throw new SweepError(`${dir}: no sweep.json; run the sweep first`);
  const id = manifest.identity;
  const domain = await loadDomain({ module: id.study.module, name: id.study.name, workload: id.workload.name, params: id.workloadParams, seed: id.workload.seed });
  const entries: RepriceEntry[] = [];
  const missing: string[] = [];
  id.microArchs.forEach((m, index) => {
    if (!keep(m)) return;
    const cache = readCache(dir, m.id);
    if (cache === null) {
      missing.push(m.id);
      return;
    }
    const config = domain.microArch(m.params);
    const stored = readInventory(dir, m.id, cache.design, domain.evaluator.version);
    let inv: Inventory;
    if ('inventory' in stored) inv = stored.inventory;
    else {
      logElaborated(dir, m.id, stored.why);
      inv = inventory(domain.evaluator.elaborate(config));
      if (designFingerprint(inv) !== cache.design) throw new SweepError(`${dir}: ${m.id}: the hardware changed since it was simulated; sweep into a new --out directory`);
    }
    entries.push({ entry: { index, id: m.id, mode: m.mode, params: m.params }, config, inv, performance: cache.performance });
  });
  return { dir, identity: id, domain, entries, missing };
}

/** Every physical point of every loaded micro-architecture, priced with `knobs`. */
export function repriceRows(set: RepriceSet, knobs: Knobs): PointRow[] {
  const id = set.identity;
  const ctx: PricingContext = { study: id.study.name, spec: id.spec, knobs, priceOptions: id.priceOptions, workload: id.workload, columns: id.columns };
  return set.entries.flatMap((e) => priceMicroArch(e.entry, e.inv, e.performance, set.domain.metrics, ctx, new Set()).rows);
}
