// Where each value lives, by width (three storage classes):
//  - narrow (<= 32): int32 bit patterns in one Int32Array `N` (canonical
//    form: widths < 32 hold 0..2^w-1, width 32 holds the 32 bits read as
//    int32, so every narrow op stays in V8's int32 fast path);
//  - mid (33..52): the unsigned value as an integer-valued double in a
//    Float64Array `D`. The limit is 52, not 53, so that the sum or difference
//    of two mid operands (< 2^53 in magnitude) and every other intermediate
//    of codegen/mid.ts is still an exact double before it is reduced;
//  - wide (> 52): ceil(w/32) little-endian 32-bit limbs in one Int32Array
//    `W` (int32 patterns; bits of the top limb above the width are zero), so
//    no value of any width allocates or touches BigInt while simulating.
// State slots come first in each, so a clock edge can commit all next-state
// values with one copy per class.
import type { SimNetlist } from '../netlist.js';
import type { NodeId } from '../../ir.js';

export const NARROW_MAX = 32;
export const MID_MAX = 52;

/** Storage class of a width: the slot array its values live in. */
export type Store = 'N' | 'D' | 'W';

export interface Layout {
  /** root[i]: the non-wire node whose value node i carries. */
  root: Int32Array;
  /** Per node (wires share their root's): index into N or D, or for wide
   *  values the index of limb 0 in W. */
  slot: Int32Array;
  nNarrow: number;
  nMid: number;
  nWide: number;
  /** Registers and sync read data occupy slots [0, nNarrowState) /
   *  [0, nMidState) / [0, nWideState). */
  nNarrowState: number;
  nMidState: number;
  nWideState: number;
}

export function storeOf(width: number): Store {
  return width <= NARROW_MAX ? 'N' : width <= MID_MAX ? 'D' : 'W';
}

export function isNarrow(width: number): boolean {
  return width <= NARROW_MAX;
}

export function isMid(width: number): boolean {
  return width > NARROW_MAX && width <= MID_MAX;
}

/** 32-bit limbs holding a value of width w. */
export function limbsOf(w: number): number {
  return (w + 31) >>> 5;
}

/** Limb storage (wider than MID_MAX). */
export function isWide(width: number): boolean {
  return width > MID_MAX;
}

export function isState(net: SimNetlist, id: NodeId): boolean {
  const n = net.nodes[id]!;
  return n.op === 'reg' || (n.op === 'memread' && n.sync);
}

export function layout(net: SimNetlist, root: Int32Array): Layout {
  const slot = new Int32Array(net.nodes.length).fill(-1);
  let nNarrow = 0;
  let nMid = 0;
  let nWide = 0;
  const place = (id: NodeId): void => {
    const s = storeOf(net.nodes[id]!.width);
    if (s === 'W') {
      slot[id] = nWide;
      nWide += limbsOf(net.nodes[id]!.width);
    } else slot[id] = s === 'N' ? nNarrow++ : nMid++;
  };
  for (let i = 0; i < net.nodes.length; i++) if (root[i] === i && isState(net, i)) place(i);
  const nNarrowState = nNarrow;
  const nMidState = nMid;
  const nWideState = nWide;
  for (let i = 0; i < net.nodes.length; i++) if (root[i] === i && !isState(net, i)) place(i);
  for (let i = 0; i < net.nodes.length; i++) slot[i] = slot[root[i]!]!;
  return { root, slot, nNarrow, nMid, nWide, nNarrowState, nMidState, nWideState };
}
