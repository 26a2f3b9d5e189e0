// Counting: items (one per node or storage array) summed into a tally of
// shapes, and tallies summed up the hierarchy. A tally is what the Markdown
// table shows and what a reader compares with Yosys cell counts.
import type { NodeId } from '../ir.js';
import { OP_KINDS, storageBits, type OpShape } from './shapes.js';

/** One costed thing in one instance: a node's hardware, or a memory/CAM
 *  array and its write ports. Items are what the cost model prices, so that
 *  a per-node activity can be applied to each. */
export interface InventoryItem {
  shape: OpShape;
  key: string;
  count: number;
  levels: number;
  /** The IR node in the instance's module, or null for storage arrays and
   *  write ports (which are not nodes). */
  node: NodeId | null;
  /** The node's name, `op#id` for unnamed nodes, or the memory's name. */
  name: string;
  /** The node's output width (a memory's or CAM's word width): what a
   *  toggle count is normalised by. */
  width: number;
}

export interface OpCount {
  key: string;
  shape: OpShape;
  count: number;
}

export interface WiringCount {
  nodes: number;
  bits: number;
}

export interface OpTally {
  /** Sorted by kind (OP_KINDS order), then by key. */
  ops: OpCount[];
  registerBits: { total: number; withReset: number; withEnable: number };
  memoryBits: number;
  camBits: number;
  wiring: WiringCount;
}

export function emptyTally(): OpTally {
  return { ops: [], registerBits: { total: 0, withReset: 0, withEnable: 0 }, memoryBits: 0, camBits: 0, wiring: { nodes: 0, bits: 0 } };
}

const kindOrder = new Map(OP_KINDS.map((k, i) => [k, i]));
/** localeCompare(b, 'en', { numeric: true }) is this collator's compare by
 *  definition (ECMA-402), without building a collator per comparison. */
const keyOrder = new Intl.Collator('en', { numeric: true }).compare;

function sortOps(ops: OpCount[]): OpCount[] {
  return ops.sort((x, y) => kindOrder.get(x.shape.kind)! - kindOrder.get(y.shape.kind)! || keyOrder(x.key, y.key));
}

export function tallyItems(items: readonly InventoryItem[], wiring: WiringCount): OpTally {
  const t = emptyTally();
  const byKey = new Map<string, OpCount>();
  for (const it of items) {
    const c = byKey.get(it.key);
    if (c) c.count += it.count;
    else byKey.set(it.key, { key: it.key, shape: it.shape, count: it.count });
    addStorage(t, it.shape, it.count);
  }
  t.ops = sortOps([...byKey.values()]);
  t.wiring = { ...wiring };
  return t;
}

function addStorage(t: OpTally, s: OpShape, count: number): void {
  const bits = storageBits(s) * count;
  if (s.kind === 'reg') {
    t.registerBits.total += bits;
    if (s.reset) t.registerBits.withReset += bits;
    if (s.enable) t.registerBits.withEnable += bits;
  } else if (s.kind === 'sram') t.memoryBits += bits;
  else if (s.kind === 'cam') t.camBits += bits;
}

export function sumTallies(tallies: readonly OpTally[]): OpTally {
  const t = emptyTally();
  const byKey = new Map<string, OpCount>();
  for (const x of tallies) {
    for (const o of x.ops) {
      const c = byKey.get(o.key);
      if (c) c.count += o.count;
      else byKey.set(o.key, { ...o });
    }
    t.registerBits.total += x.registerBits.total;
    t.registerBits.withReset += x.registerBits.withReset;
    t.registerBits.withEnable += x.registerBits.withEnable;
    t.memoryBits += x.memoryBits;
    t.camBits += x.camBits;
    t.wiring.nodes += x.wiring.nodes;
    t.wiring.bits += x.wiring.bits;
  }
  t.ops = sortOps([...byKey.values()]);
  return t;
}

/** Count of operators of one kind, optionally of one key (for tests and
 *  reports: "how many 32-bit adders"). */
export function countOf(t: OpTally, kindOrKey: string): number {
  let n = 0;
  for (const o of t.ops) if (o.key === kindOrKey || o.shape.kind === kindOrKey) n += o.count;
  return n;
}
