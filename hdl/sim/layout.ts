// Where each value lives. Values of width <= 32 are int32 bit patterns in one
// Int32Array (canonical form: widths < 32 hold 0..2^w-1, width 32 holds the
// 32 bits read as int32, so every narrow op stays in V8's int32 fast path);
// wider values are exact BigInts in a plain array. State slots come first in
// both, so a clock edge can commit all next-state values with one copy.
import type { FlatNetlist } from '../flatten.js';
import type { NodeId } from '../ir.js';

export const NARROW_MAX = 32;

export interface Layout {
  /** root[i]: the non-wire node whose value node i carries. */
  root: Int32Array;
  /** Per node (wires share their root's): index into N (narrow) or W (wide). */
  slot: Int32Array;
  nNarrow: number;
  nWide: number;
  /** Registers and sync read data occupy slots [0, nNarrowState) / [0, nWideState). */
  nNarrowState: number;
  nWideState: number;
}

export function isWide(width: number): boolean {
  return width > NARROW_MAX;
}

export function isState(net: FlatNetlist, id: NodeId): boolean {
  const n = net.nodes[id]!;
  return n.op === 'reg' || (n.op === 'memread' && n.sync);
}

export function layout(net: FlatNetlist, root: Int32Array): Layout {
  const slot = new Int32Array(net.nodes.length).fill(-1);
  let nNarrow = 0;
  let nWide = 0;
  const place = (id: NodeId): void => {
    slot[id] = isWide(net.nodes[id]!.width) ? nWide++ : nNarrow++;
  };
  for (let i = 0; i < net.nodes.length; i++) if (root[i] === i && isState(net, i)) place(i);
  const nNarrowState = nNarrow;
  const nWideState = nWide;
  for (let i = 0; i < net.nodes.length; i++) if (root[i] === i && !isState(net, i)) place(i);
  for (let i = 0; i < net.nodes.length; i++) slot[i] = slot[root[i]!]!;
  return { root, slot, nNarrow, nWide, nNarrowState, nWideState };
}
