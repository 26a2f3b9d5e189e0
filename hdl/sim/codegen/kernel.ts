// Simulator code per module instance ("kernels"): the code the generators
// wrote for one instance's nodes, rewritten so that its text depends on the
// instance's logic only and not on where the layout put its slots. Any
// instance whose code comes out as the same text, in this design or in a
// later one in the same thread, then runs the same compiled function, and
// V8 optimises it once. A sweep's designs are made of the same few modules
// (bench/kernel-reuse.ts: 92% of a Blur sweep's nodes lie in instances a
// thread had met before), and optimising each design's own code was about
// half of its first run (docs/speed.md).
//
// The rewrite:
//  - a slot index inside one of the instance's runs of slots (its subtree's
//    slots of one store, state or not, as the layout places them: one range
//    when they are contiguous, slotRuns) becomes the run's base plus an
//    offset, `N[$b1 + 7]`; the bases come in as an array ($B);
//  - any other slot index becomes a local taken from an offsets array ($O);
//  - locals `v<id>` are renumbered in order of first appearance, and the
//    memory and CAM arrays (m<i>, ck<i>, cv<i>, cc<i>) come in as a list ($M).
// What remains literal in the text is the same for every instance that
// shares it, so sharing by text is exact: equal texts compute the same
// function of (slot arrays, bases, offsets, storage, reset).
import type { SimNetlist } from '../netlist.js';
import { isState, limbsOf, storeOf, type Layout } from '../passes/layout.js';
import { helpers, type SimState } from '../runtime/state.js';
import { helperLines, RESET_LOCALS } from './gen.js';
import { InternalError } from '../../errors.js';

/** (N, D, W, NX, DX, WX, bases, offsets, storage, ctl). */
export type KernelFn = (N: Int32Array, D: Float64Array, W: Int32Array, NX: Int32Array, DX: Float64Array, WX: Int32Array, B: Int32Array, O: Int32Array, M: readonly ArrayLike<number>[], ctl: Int32Array) => void;

/** A kernel as the code cache keeps it: its source and what one instance passes it. */
export interface KernelCode {
  readonly source: string;
  /** The instance's other slot indices, in the order the source takes them. */
  readonly offsets: readonly number[];
  /** The base of each run of slots (SlotRuns order), -1 where the instance has none. */
  readonly bases: readonly number[];
  /** The design's storage arrays the source reads, by their generated names (m0, ck1, ...), in its order. */
  readonly stores: readonly string[];
}

/** An instance's slots per (store, state or not) in the order
 *  [N state, N other, D state, D other, W state, W other]: each [start, end)
 *  when they are one contiguous run, else null. */
export type SlotRuns = readonly (readonly [number, number] | null)[];

/** The slot runs of flat nodes [first, end) (an instance's subtree). */
export function slotRuns(net: SimNetlist, lay: Layout, first: number, end: number): SlotRuns {
  const lo = [Infinity, Infinity, Infinity, Infinity, Infinity, Infinity];
  const hi = [-1, -1, -1, -1, -1, -1];
  const count = [0, 0, 0, 0, 0, 0];
  for (let v = first; v < end && v < net.nodes.length; v++) {
    if (lay.root[v] !== v || lay.slot[v]! < 0) continue;
    const n = net.nodes[v]!;
    const st = storeOf(n.width);
    const r = (st === 'N' ? 0 : st === 'D' ? 2 : 4) + (isState(net, v) ? 0 : 1);
    const k = st === 'W' ? limbsOf(n.width) : 1;
    lo[r] = Math.min(lo[r]!, lay.slot[v]!);
    hi[r] = Math.max(hi[r]!, lay.slot[v]! + k);
    count[r]! += k;
  }
  return lo.map((l, r) => (count[r]! > 0 && hi[r]! - l === count[r] ? ([l, hi[r]!] as const) : null));
}

/** Whether a body cannot become a kernel: it names the state object (S),
 *  a chunk function's parameter (n), or a name of the kernel's own ($...),
 *  none of which a kernel binds as the body expects. */
const UNSHAREABLE = /(?<![\w$])(S|n|\$[A-Za-z]\w*)(?![\w$])/;

/**
 * The kernel of a body the generators wrote for this design's layout
 * (slotCode, nextStateCode), or null when the body cannot be one
 * (UNSHAREABLE). `runs`: the instance's slot runs; `stateEnds`: where
 * each store's state slots end (a next-state array, NX/DX/WX, is indexed by
 * state slots).
 */
export function kernelCode(body: string, runs: SlotRuns, stateEnds: Readonly<Record<'N' | 'D' | 'W', number>>): KernelCode | null {
  if (UNSHAREABLE.test(body)) return null;
  const usedRuns = new Set<number>();
  const slots = new Map<string, number>();
  const offsets: number[] = [];
  const locals = new Map<string, string>();
  const stores = new Map<string, string>();
  const text = body
    .replace(/(?<![\w$])([NDW]X?)\[(\d+)\]/g, (_m, s: string, i: string) => {
      const store = s[0] as 'N' | 'D' | 'W';
      const idx = Number(i);
      const r = (store === 'N' ? 0 : store === 'D' ? 2 : 4) + (s.length > 1 || idx < stateEnds[store] ? 0 : 1);
      const run = runs[r];
      if (run !== null && run !== undefined && idx >= run[0] && idx < run[1]) {
        usedRuns.add(r);
        return `${s}[$b${r} + ${idx - run[0]}]`;
      }
      const key = `${s}${i}`;
      let k = slots.get(key);
      if (k === undefined) {
        slots.set(key, (k = offsets.length));
        offsets.push(idx);
      }
      return `${s}[$o${k}]`;
    })
    .replace(/(?<![\w$])v(\d+)(_\d+)?(?![\w$])/g, (_m, id: string, limb: string | undefined) => {
      let l = locals.get(id);
      if (l === undefined) locals.set(id, (l = `v${locals.size}`));
      return `${l}${limb ?? ''}`;
    })
    .replace(/(?<![\w$])(m|ck|cv|cc)(\d+)(?![\w$])/g, (name: string) => {
      let s = stores.get(name);
      if (s === undefined) stores.set(name, (s = `$M${stores.size}`));
      return s;
    });
  const lines = ["'use strict';", ...helperLines((name) => new RegExp(`\\b${name}\\b`).test(text))];
  lines.push('return function (N, D, W, NX, DX, WX, $B, $O, $M, ctl) {');
  if (usedRuns.size > 0) lines.push(`const ${[...usedRuns].sort((a, b) => a - b).map((r) => `$b${r} = $B[${r}]`).join(', ')};`);
  if (offsets.length > 0) lines.push(`const ${offsets.map((_, k) => `$o${k} = $O[${k}]`).join(', ')};`);
  if (stores.size > 0) lines.push(`const ${[...stores.values()].map((s, k) => `${s} = $M[${k}]`).join(', ')};`);
  if (/(?<![\w$])n?rst(?![\w$])/.test(text)) lines.push(RESET_LOCALS);
  lines.push(text, '};');
  return { source: lines.join('\n'), offsets, bases: runs.map((r, i) => (r === null || !usedRuns.has(i) ? -1 : r[0])), stores: [...stores.keys()] };
}

/** How many kernel functions a thread keeps: past it the map starts over
 *  (a long session meets ever new designs; a sweep's thread a few hundred). */
const KEPT = 4096;
const functions = new Map<string, KernelFn>();

/** This thread's use of its kernel functions: made, and found made. */
export const kernelUse = { made: 0, found: 0 };

/** Sources offered once and not made yet (kernelRecurs). */
const offered = new Set<string>();

/**
 * Whether a kernel source has come up before in this thread (offered, or
 * its function made), noting it as offered. A kernel is worth its costs
 * (a call, run bases, values through the slot arrays between instances)
 * only when its function is shared: an instance met once runs faster as
 * its design's own code (40 NoBlur designs, few of whose instances recur,
 * took 15.1-15.5 s of CPU with every qualifying instance a kernel, against
 * 13.5-14.6 s without kernels).
 */
export function kernelRecurs(source: string): boolean {
  if (functions.has(source) || offered.has(source)) return true;
  if (offered.size >= KEPT) offered.clear();
  offered.add(source);
  return false;
}

/** The compiled function of a kernel source: one per text per thread. */
export function kernelFunction(source: string): KernelFn {
  let fn = functions.get(source);
  if (fn !== undefined) {
    kernelUse.found++;
    return fn;
  }
  if (functions.size >= KEPT) functions.clear();
  fn = (new Function('H', source) as (h: typeof helpers) => KernelFn)(helpers);
  functions.set(source, fn);
  kernelUse.made++;
  return fn;
}

/** The design's array behind a storage name of the generated code. */
export function storeArray(state: SimState, name: string): ArrayLike<number> {
  const m = /^(m|ck|cv|cc)(\d+)$/.exec(name);
  const i = Number(m?.[2]);
  const a = m === null ? undefined : m[1] === 'm' ? state.mems[i] : m[1] === 'ck' ? state.camKeys[i] : m[1] === 'cv' ? state.camValid[i] : state.camCare[i];
  if (a === undefined) throw new InternalError(`simulator: a kernel reads storage '${name}', which this design does not have`);
  return a;
}
