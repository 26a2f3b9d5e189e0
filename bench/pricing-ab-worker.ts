// A thread of bench/pricing-ab.ts: both checkouts' inventory readers,
// enumerations and pricing, over one sweep's stored inventories, in turn,
// from 'go' until 'stop'.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { Inventory } from '../hdl/inventory/index.js';
import type { PhysicalContext } from '../explore/sweep/enumerate.js';
import type { StoredInventory } from '../explore/sweep/inventory-file.js';
import type { SweepSpec } from '../explore/sweep/spec.js';
import type { Knobs } from '../synth-models/knobs.js';
import type { DesignPoint } from '../synth-models/physical.js';
import type { PriceFigures, PriceOptions } from '../synth-models/price.js';
import { threadCpuMs } from '../explore/thread-cpu.js';
import { InternalError } from '../hdl/errors.js';
import { spreadPicks } from './driver-ratio.js';

export interface SideData {
  /** The checkouts, reference first. */
  roots: string[];
  /** Stored inventories to read (each turn decodes one)... */
  files: string[];
  /** ...or a study whose main-job designs each side elaborates once, to
   *  inventory afresh each turn (as a simulation sweep prices them): that
   *  many, spread over the space. */
  fresh: { study: string; designs: number } | null;
  spec: SweepSpec;
  knobs: Knobs;
}
/** Per checkout, at 'stop': micro-architectures read and priced, thread CPU ms of each part, and the digest of the first round's figures. */
export interface SideReport {
  microArchs: number;
  readMs: number;
  priceMs: number;
  digest: string;
}

interface Side {
  /** The inventories of `fresh`'s designs, made anew each call. */
  inventories: (() => Inventory)[];
  decode(s: StoredInventory): Inventory;
  physicalPoints(inv: Inventory, ctx: PhysicalContext): DesignPoint[];
  priceFigures(inv: Inventory, p: DesignPoint, opts: PriceOptions): PriceFigures;
}

const port = parentPort;
if (port === null) throw new InternalError('pricing-ab-worker: not started as a worker thread');
const { roots, files, fresh, spec, knobs } = workerData as SideData;
/** What a checkout's bench/driver-ratio.ts mainJobSpace gives, as far as this reads it. */
interface Space {
  domain: { microArch(p: unknown): unknown; evaluator: { elaborate(m: unknown): unknown } };
  entries: { params: unknown }[];
}
async function load(root: string): Promise<Side> {
  const at = (f: string): string => pathToFileURL(join(resolve(root), f)).href;
  const file = (await import(at('explore/sweep/inventory-file.ts'))) as { decodeInventory: Side['decode'] };
  const enumerate = (await import(at('explore/sweep/enumerate.ts'))) as Pick<Side, 'physicalPoints'>;
  const price = (await import(at('synth-models/price.ts'))) as Pick<Side, 'priceFigures'>;
  let inventories: Side['inventories'] = [];
  if (fresh !== null) {
    const { mainJobSpace } = (await import(at('bench/driver-ratio.ts'))) as { mainJobSpace(study: string): Space };
    const { inventory } = (await import(at('hdl/inventory/index.ts'))) as { inventory(d: unknown): Inventory };
    const { domain, entries } = mainJobSpace(fresh.study);
    // Which designs: this checkout's choice, the same for both sides.
    const picks = spreadPicks(entries, Math.min(fresh.designs, entries.length));
    inventories = picks.map((e) => {
      const design = domain.evaluator.elaborate(domain.microArch(e.params));
      return () => inventory(design);
    });
  }
  return { inventories, decode: file.decodeInventory, physicalPoints: enumerate.physicalPoints, priceFigures: price.priceFigures };
}
const sides: Side[] = [];
for (const r of roots) sides.push(await load(r));
const texts = files.map((f) => readFileSync(f, 'utf8'));
const count = fresh === null ? texts.length : sides[0]!.inventories.length;
const cpu = (): number => threadCpuMs() ?? NaN;

/** Reads (or inventories afresh) and prices micro-architecture i with
 *  side m; its figures into `hash` when given. */
function one(m: Side, i: number, hash: ReturnType<typeof createHash> | null): { read: number; price: number } {
  const stored = fresh === null ? (JSON.parse(texts[i]!) as StoredInventory) : null;
  const c0 = cpu();
  const inv = stored === null ? m.inventories[i]!() : m.decode(stored);
  const c1 = cpu();
  for (const p of m.physicalPoints(inv, { spec, knobs })) {
    const f = m.priceFigures(inv, p, { knobs, arith: spec.arith });
    hash?.update(`${f.areaMm2},${f.dynamicW},${f.leakageW},${f.clockHz},${f.criticalPathPs},${f.pipelineBits};`);
  }
  return { read: c1 - c0, price: cpu() - c1 };
}

// A first round per side, not counted: V8 optimises its code, and its figures are digested.
const reports: SideReport[] = sides.map((m) => {
  const hash = createHash('sha256');
  for (let i = 0; i < count; i++) one(m, i, hash);
  return { microArchs: 0, readMs: 0, priceMs: 0, digest: hash.digest('hex') };
});
port.postMessage('ready');
await new Promise<void>((r) => port.once('message', () => r()));
// Micro-architecture by micro-architecture, the sides in turn (which goes
// first alternating): a few milliseconds apart, both meet the same core at
// the same speed.
for (let i = 0, k = 0; receiveMessageOnPort(port) === undefined; i = (i + 1) % count, k++) {
  for (let j = 0; j < sides.length; j++) {
    const s = (j + k) % sides.length;
    const t = one(sides[s]!, i, null);
    const r = reports[s]!;
    r.microArchs++;
    r.readMs += t.read;
    r.priceMs += t.price;
  }
}
port.postMessage(reports);
