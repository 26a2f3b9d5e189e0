// settlePorts and the clock edge of a large design as a sequence of steps,
// each either a kernel (one module instance's code, shared by text with every
// instance that writes the same: kernel.ts) or a chunk of the nodes outside
// them, and the one generated caller that runs the steps in order.
//
// Settle: an instance becomes one kernel when its subtree has at least
// MIN_SETTLE nodes of the cone, its code fits one optimisable function, no
// path leaves it and comes back into it within the cycle (it must run as
// one step after everything it reads), and its text has come up before in
// this thread (kernel.ts, kernelRecurs: an instance met once runs faster as
// its design's own code); else its children are tried (not those of an
// instance met for the first time). The steps are the cone's topological
// order with each kernel as one step. Edge: an instance with at least
// MIN_EDGE registers computes their next states as one kernel, on the same
// terms; the rest in chunks, then the writes, then the commit.
//
// Measured on 30 Blur designs of the main job (one thread, three runs each,
// docs/speed.md, the session of 2026-11-30 01:59): first runs a quarter
// cheaper, since V8 optimises a kernel once per thread rather than each
// design's own copy; later runs 1-8% dearer (run bases and offsets instead
// of literal slots, values through the slot arrays between instances); the
// main job about 5% less CPU. So sweeps, whose designs run a few times
// each, use them (explore/sweep/study-ref.ts, SWEEP_COMPILE), and a
// simulator made for one long run does not.
import type { NodeId } from '../../ir.js';
import { InternalError } from '../../errors.js';
import type { SimNetlist } from '../netlist.js';
import { simCombOperands } from '../netlist.js';
import type { Layout } from '../passes/layout.js';
import { isComputed } from '../passes/schedule.js';
import { ownerOf, type InstanceBlock } from '../passes/instances.js';
import type { SimState } from '../runtime/state.js';
import { nextStateCode, slotCode, slotCodeWithin, writeCode } from './fn.js';
import { kernelCode, kernelFunction, kernelRecurs, slotRuns, storeArray, type KernelCode } from './kernel.js';

/** Fewest cone nodes an instance needs to become a settle kernel (fewer:
 *  the call and its bases cost more than sharing saves; 24 was tried). */
export const MIN_SETTLE = 100;
/** Fewest registers an instance needs to become an edge kernel. */
export const MIN_EDGE = 16;
/** Nodes per chunk of the nodes outside kernels. */
const LOOSE_CHUNK = 250;

/**
 * Steps as the code cache keeps them (strings only): `order` lists the
 * steps, `k<i>` a kernel, `c<i>` a chunk; kernels as parallel lists (their
 * offsets, bases and storage names comma-separated); chunks as bodies for
 * withPrologue. An edge's steps end with `write`, the writes' body.
 */
export type KernelSteps = {
  readonly order: string;
  readonly sources: string[];
  readonly offsets: string[];
  readonly bases: string[];
  readonly stores: string[];
  readonly chunks: string[];
  readonly write: string | null;
};

/** What both plans of one design read: its netlist, layout and blocks. */
export interface Planner {
  readonly net: SimNetlist;
  readonly lay: Layout;
  readonly blocks: readonly InstanceBlock[];
  readonly maxSource: number;
  /** Each node's deepest block (ownerOf), made once for both plans. */
  readonly owner: Int32Array;
}

/** A planner for a design whose first `flatNodes` nodes flatten made (the blocks' ranges cover them). */
export function planner(net: SimNetlist, lay: Layout, blocks: readonly InstanceBlock[], flatNodes: number, maxSource: number): Planner {
  let owner: Int32Array | null = null;
  return {
    net,
    lay,
    blocks,
    maxSource,
    get owner(): Int32Array {
      return (owner ??= ownerOf(net, blocks, flatNodes));
    },
  };
}

const stateEnds = (lay: Layout): Record<'N' | 'D' | 'W', number> => ({ N: lay.nNarrowState, D: lay.nMidState, W: lay.nWideState });

function stepsOf(order: string[], kernels: KernelCode[], chunks: string[], write: string | null): KernelSteps {
  return {
    order: order.join(' '),
    sources: kernels.map((k) => k.source),
    offsets: kernels.map((k) => k.offsets.join(',')),
    bases: kernels.map((k) => k.bases.join(',')),
    stores: kernels.map((k) => k.stores.join(',')),
    chunks,
    write,
  };
}

/** `ids` (one instance's cone nodes) in an order that depends on the
 *  instance's own structure only: operands first, from its lowest id up. */
function localOrder(ids: readonly NodeId[], inside: Uint8Array, ops: readonly NodeId[][], mark: Uint8Array): NodeId[] {
  const order: NodeId[] = [];
  const stack: NodeId[] = [];
  const next: number[] = [];
  for (const start of ids) {
    if (mark[start] !== 0) continue;
    mark[start] = 1;
    stack.push(start);
    next.push(0);
    while (stack.length > 0) {
      const v = stack[stack.length - 1]!;
      const k = next[next.length - 1]!;
      const vo = ops[v]!;
      if (k < vo.length) {
        next[next.length - 1] = k + 1;
        const o = vo[k]!;
        if (inside[o] === 1 && mark[o] === 0) {
          mark[o] = 1;
          stack.push(o);
          next.push(0);
        }
        continue;
      }
      stack.pop();
      next.pop();
      order.push(v);
    }
  }
  for (const v of ids) mark[v] = 0;
  return order;
}

/**
 * settlePorts' steps: `cone` is the nodes it computes in topological order
 * (schedule from `keep`), `keep` what must be in its slots afterwards.
 * Null when no instance becomes a kernel.
 */
export function settleSteps(p: Planner, cone: readonly NodeId[], keep: readonly NodeId[]): KernelSteps | null {
  const { net, lay, blocks } = p;
  const n = net.nodes.length;
  const root = lay.root;
  const pos = new Int32Array(n).fill(-1);
  cone.forEach((v, i) => (pos[v] = i));
  const ops: NodeId[][] = Array.from({ length: n }, () => []);
  const readers: NodeId[][] = Array.from({ length: n }, () => []);
  for (const v of cone) {
    for (const o of simCombOperands(net.nodes[v]!)) {
      const r = root[o]!;
      if (pos[r] !== -1 && isComputed(net.nodes[r]!)) {
        ops[v]!.push(r);
        readers[r]!.push(v);
      }
    }
  }
  const kept = new Uint8Array(n);
  for (const id of keep) kept[root[id]!] = 1;
  const owner = p.owner;
  // Each block's cone nodes (its subtree's), in ascending id order.
  const sub: NodeId[][] = blocks.map(() => []);
  for (let v = 0; v < n; v++) if (pos[v] !== -1) for (let b = owner[v]!; b >= 0; b = blocks[b]!.parent) sub[b]!.push(v);

  const group = new Int32Array(n).fill(-1);
  const inside = new Uint8Array(n);
  const scratch = new Uint8Array(n);
  const kernels: KernelCode[] = [];
  const members: NodeId[][] = [];
  // Whether a path leaves `ids` and comes back: searched forward from the
  // readers outside, only through nodes placed before the last of `ids`
  // (a path back into them ends before it).
  const reEntered = (ids: readonly NodeId[]): boolean => {
    let last = -1;
    for (const v of ids) last = Math.max(last, pos[v]!);
    const seen: NodeId[] = [];
    const stack: NodeId[] = [];
    const reach = (r: NodeId): void => {
      if (inside[r] === 0 && scratch[r] === 0 && pos[r]! < last) {
        scratch[r] = 1;
        seen.push(r);
        stack.push(r);
      }
    };
    for (const v of ids) for (const r of readers[v]!) reach(r);
    let back = false;
    while (stack.length > 0 && !back) {
      const u = stack.pop()!;
      for (const r of readers[u]!) {
        if (inside[r] === 1) {
          back = true;
          break;
        }
        reach(r);
      }
    }
    for (const v of seen) scratch[v] = 0;
    return back;
  };
  const ends = stateEnds(lay);
  // Top-down: the largest instances that qualify; the top itself never (it is the whole cone).
  const pending = [...blocks[0]!.children].reverse();
  while (pending.length > 0) {
    const b = pending.pop()!;
    const ids = sub[b]!;
    if (ids.length < MIN_SETTLE) continue;
    for (const v of ids) inside[v] = 1;
    let made: KernelCode | null = null;
    if (!reEntered(ids)) {
      const order = localOrder(ids, inside, ops, scratch);
      const k = kernels.length;
      const body = slotCodeWithin(net, lay, order, (id) => kept[id] === 1 || readers[id]!.some((r) => inside[r] === 0), p.maxSource);
      made = body === null ? null : kernelCode(body, slotRuns(net, lay, blocks[b]!.first, blocks[b]!.end), ends);
      // Met for the first time: its nodes stay the design's own code (and
      // its children are not tried: they come up when it recurs).
      if (made !== null && !kernelRecurs(made.source)) {
        for (const v of ids) inside[v] = 0;
        continue;
      }
      if (made !== null) {
        for (const v of ids) group[v] = k;
        kernels.push(made);
        members.push(ids);
      }
    }
    for (const v of ids) inside[v] = 0;
    if (made === null) for (const c of [...blocks[b]!.children].reverse()) pending.push(c);
  }
  if (kernels.length === 0) return null;

  // The steps: a depth-first walk from what must be kept, a kernel entered
  // as one item (its operands outside it first). Items: a node v >= 0, or
  // kernel k as -(k + 1).
  const outside: NodeId[][] = members.map((ids, k) => {
    const ext = new Set<NodeId>();
    for (const u of ids) for (const o of ops[u]!) if (group[o] !== k) ext.add(o);
    return [...ext];
  });
  const itemOf = (v: NodeId): number => (group[v]! >= 0 ? -(group[v]! + 1) : v);
  const childrenOf = (item: number): readonly NodeId[] => (item >= 0 ? ops[item]! : outside[-item - 1]!);
  const nodeMark = new Uint8Array(n);
  const kernelMark = new Uint8Array(kernels.length);
  const markOf = (item: number): number => (item >= 0 ? nodeMark[item]! : kernelMark[-item - 1]!);
  const setMark = (item: number, m: number): void => {
    if (item >= 0) nodeMark[item] = m;
    else kernelMark[-item - 1] = m;
  };
  const steps: number[] = [];
  const stack: number[] = [];
  const next: number[] = [];
  for (const id of keep) {
    const r = root[id]!;
    if (pos[r] === -1) continue;
    const start = itemOf(r);
    if (markOf(start) !== 0) continue;
    setMark(start, 1);
    stack.push(start);
    next.push(0);
    while (stack.length > 0) {
      const item = stack[stack.length - 1]!;
      const ch = childrenOf(item);
      const k = next[next.length - 1]!;
      if (k < ch.length) {
        next[next.length - 1] = k + 1;
        const c = itemOf(ch[k]!);
        const m = markOf(c);
        if (m === 1) throw new InternalError('simulator: kernel steps: an instance kernel is re-entered within a cycle');
        if (m === 0) {
          setMark(c, 1);
          stack.push(c);
          next.push(0);
        }
        continue;
      }
      stack.pop();
      next.pop();
      setMark(item, 2);
      steps.push(item);
    }
  }
  // Consecutive nodes outside kernels into chunks; a chunk stores what is
  // read outside it or kept.
  const runs: ({ kernel: number } | { ids: NodeId[] })[] = [];
  for (const s of steps) {
    const last = runs[runs.length - 1];
    if (s < 0) runs.push({ kernel: -s - 1 });
    else if (last !== undefined && 'ids' in last && last.ids.length < LOOSE_CHUNK) last.ids.push(s);
    else runs.push({ ids: [s] });
  }
  const chunkOf = new Int32Array(n).fill(-1);
  runs.forEach((r, i) => {
    if ('ids' in r) for (const v of r.ids) chunkOf[v] = i;
  });
  const order: string[] = [];
  const chunks: string[] = [];
  runs.forEach((r, i) => {
    if ('kernel' in r) order.push(`k${r.kernel}`);
    else {
      order.push(`c${chunks.length}`);
      chunks.push(slotCode(net, lay, r.ids, (id) => kept[id] === 1 || readers[id]!.some((x) => chunkOf[x] !== i)));
    }
  });
  return stepsOf(order, kernels, chunks, null);
}

/** The clock edge's steps for `stateIds` (the design's registers and read
 *  ports), writes and commit after them; null when no instance qualifies. */
export function edgeSteps(p: Planner, stateIds: readonly NodeId[], chunkSize: number): KernelSteps | null {
  const { net, lay, blocks } = p;
  const owner = p.owner;
  const regsOf: NodeId[][] = blocks.map(() => []);
  for (const id of stateIds) for (let b = owner[id]!; b >= 0; b = blocks[b]!.parent) regsOf[b]!.push(id);
  const kernels: KernelCode[] = [];
  const loose: NodeId[] = [];
  const ends = stateEnds(lay);
  const pending: { b: number; top: boolean }[] = [{ b: 0, top: true }];
  while (pending.length > 0) {
    const { b, top } = pending.pop()!;
    const regs = regsOf[b]!;
    if (!top && regs.length >= MIN_EDGE) {
      const body = nextStateCode(net, lay, regs);
      const k = body.length <= p.maxSource ? kernelCode(body, slotRuns(net, lay, blocks[b]!.first, blocks[b]!.end), ends) : null;
      if (k !== null) {
        // Met for the first time: its registers stay the design's own code (settleSteps).
        if (kernelRecurs(k.source)) kernels.push(k);
        else for (const id of regs) loose.push(id);
        continue;
      }
    }
    for (const id of regs) if (owner[id] === b) loose.push(id);
    for (const c of [...blocks[b]!.children].reverse()) pending.push({ b: c, top: false });
  }
  if (kernels.length === 0) return null;
  const order = kernels.map((_, k) => `k${k}`);
  const chunks: string[] = [];
  for (let i = 0; i < loose.length; i += chunkSize) {
    order.push(`c${chunks.length}`);
    chunks.push(nextStateCode(net, lay, loose.slice(i, i + chunkSize)));
  }
  return stepsOf(order, kernels, chunks, writeCode(net, lay));
}

/** A generated function, its state bound (compile.ts's make). */
type GenFn = (n: number) => void;

/** Numbers the generated callers' sources (ownSource). */
let callerSerial = 0;

/** A caller's source made this simulator's own (a serial number in a
 *  comment), so V8 keeps its call sites' feedback per design: a function
 *  whose closures every simulator shares sees every design's functions at
 *  its call sites and calls them megamorphically. */
export function ownSource(src: string): string {
  return `${src}\n// caller ${callerSerial++}`;
}

/** The statements committing the next state into the slots; an empty
 *  array's copy is left out (each is a call every cycle). */
export function commitCode(state: SimState): string[] {
  return (['N', 'D', 'W'] as const).filter((a) => state[`${a}X`].length > 0).map((a) => `${a}.set(${a}X);`);
}

/**
 * The function running `steps` on `state`: one generated caller with a call
 * site per step (each site always calls the same function, which V8 can
 * inline; a loop over closures was measured slower). An edge's steps end
 * with the writes and the commit of the next states.
 */
export function stepsCaller(steps: KernelSteps, state: SimState, make: (body: string) => GenFn): () => void {
  const F: unknown[] = [];
  const lines: string[] = [];
  const calls: string[] = [];
  const list = (s: string): number[] => (s === '' ? [] : s.split(',').map(Number));
  for (const step of steps.order.split(' ')) {
    const i = Number(step.slice(1));
    if (step[0] === 'k') {
      const src = steps.sources[i];
      if (src === undefined) throw new InternalError(`simulator: kernel steps name kernel ${i} of ${steps.sources.length}`);
      const stores = steps.stores[i] === '' || steps.stores[i] === undefined ? [] : steps.stores[i]!.split(',');
      F.push(kernelFunction(src), Int32Array.from(list(steps.bases[i]!)), Int32Array.from(list(steps.offsets[i]!)), stores.map((name) => storeArray(state, name)));
      const at = F.length - 4;
      lines.push(`const f${at} = F[${at}], b${at} = F[${at + 1}], o${at} = F[${at + 2}], m${at} = F[${at + 3}];`);
      calls.push(`f${at}(N, D, W, NX, DX, WX, b${at}, o${at}, m${at}, ctl);`);
    } else {
      const body = steps.chunks[i];
      if (body === undefined) throw new InternalError(`simulator: kernel steps name chunk ${i} of ${steps.chunks.length}`);
      F.push(make(body));
      lines.push(`const f${F.length - 1} = F[${F.length - 1}];`);
      calls.push(`f${F.length - 1}(0);`);
    }
  }
  if (steps.write !== null) {
    F.push(make(steps.write));
    lines.push(`const f${F.length - 1} = F[${F.length - 1}];`);
    calls.push(`f${F.length - 1}(0);`, ...commitCode(state));
  }
  const src = ownSource(`'use strict';\n${lines.join('\n')}\nreturn function () {\n${calls.join('\n')}\n};`);
  const { N, D, W, NX, DX, WX, ctl } = state;
  return (new Function('F', 'N', 'D', 'W', 'NX', 'DX', 'WX', 'ctl', src) as (...a: unknown[]) => () => void)(F, N, D, W, NX, DX, WX, ctl);
}
