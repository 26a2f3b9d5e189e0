// Test support: seeded random single-module circuits (every operator, regs
// with and without init/enable, memories, a CAM) for differential tests
// against RefSim, and the shape of circuit the speed benchmark uses.
import type { ModuleIR, NodeId } from '../../ir.js';
import { IrBuilder } from './ir.js';
import { addLibraryOps } from './library-ops.js';

export interface RandomCircuitOptions {
  /** Computed nodes to generate (adapters included). */
  nodes: number;
  inputs?: number;
  regs?: number;
  /** Chance that a freely chosen width is above 32 bits. */
  wideChance?: number;
  maxWidth?: number;
  memories?: boolean;
  /** Add a 32-bit xorshift register to the operand pool, so data keeps
   *  changing under constant inputs (as it does in real designs). */
  lfsr?: boolean;
  /** Add this many library operations (popcount, priority encoders,
   *  arg-min/max; testing/library-ops.ts) over the circuit's nodes, each
   *  observed at an output of its own, from a stream of their own. */
  libraryOps?: number;
  /** Add a control FSM: a 2- or 3-bit state register compared with several
   *  constants (passes/fsm-specialize.ts), the compares steering muxes and ANDs
   *  of the pool and the register's own next state. */
  fsm?: boolean;
}

/** mulberry32: small, seedable, good enough to pick operators. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomModule(seed: number, o: RandomCircuitOptions): ModuleIR {
  const r = rng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const pickOf = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const wideChance = o.wideChance ?? 0;
  const maxWidth = o.maxWidth ?? 130;
  const narrowOnly = wideChance === 0;
  const randWidth = (): number =>
    r() < wideChance ? int(33, maxWidth) : r() < 0.3 ? pickOf([1, 8, 16, 31, 32]) : int(1, 32);
  const m = new IrBuilder('Top');
  const pool: NodeId[] = [];
  const w = (id: NodeId): number => m.width(id);
  const pick = (): NodeId => (r() < 0.5 ? pool[pool.length - 1 - Math.floor(r() * Math.min(20, pool.length))]! : pickOf(pool));
  let made = 0;
  const add = (id: NodeId): NodeId => {
    pool.push(id);
    made++;
    return id;
  };
  const adapt = (id: NodeId, width: number): NodeId => {
    const wa = w(id);
    if (wa === width) return id;
    if (wa > width) return add(m.node({ op: 'slice', a: id, lo: int(0, wa - width) }, width));
    return add(m.node({ op: r() < 0.5 ? 'zext' : 'sext', a: id }, width));
  };

  for (let i = 0; i < (o.inputs ?? 4); i++) pool.push(m.input(`in${i}`, randWidth()));
  const regs = Array.from({ length: o.regs ?? 6 }, (_, i) => {
    const width = randWidth();
    const en = r() < 0.3 ? adapt(pick(), 1) : null;
    const init = r() < 0.7 ? BigInt(int(0, 1000)) & ((1n << BigInt(width)) - 1n) : null;
    return pool[pool.push(m.reg(width, `r${i}`, init, en)) - 1]!;
  });
  if (o.lfsr) {
    const x = m.reg(32, 'lfsr', 0x2545f491);
    let v = x;
    for (const [op, k] of [['shl', 13], ['shru', 17], ['shl', 5]] as const) {
      v = m.node({ op: 'xor', a: v, b: m.node({ op, a: v, b: m.const(k, 5) }, 32) }, 32);
    }
    m.setD(x, v);
    pool.push(x, v);
  }
  const fsm = o.fsm ? fsmState(m, r, int, pickOf) : null;
  if (fsm !== null) pool.push(fsm.reg, ...fsm.compares);
  let mem = -1;
  let cam = -1;
  if (o.memories) {
    const mw = randWidth();
    const depth = pickOf([4, 5, 16]);
    mem = m.memory('ram', mw, depth);
    cam = m.cam('cam', pickOf(narrowOnly ? [4, 12, 32] : [4, 12, 40]), pickOf(narrowOnly ? [3, 8] : [3, 8, 36]));
  }

  while (made < o.nodes) {
    const kind = int(0, fsm === null ? 21 : 23);
    const a = pick();
    const wa = w(a);
    switch (kind) {
      case 0: case 1: case 2: case 3: case 4: {
        const op = pickOf(['add', 'sub', 'and', 'or', 'xor'] as const);
        add(m.node({ op, a, b: adapt(pick(), wa) }, wa));
        break;
      }
      case 5:
        add(m.node({ op: 'not', a }, wa));
        break;
      case 6: case 7: {
        const op = pickOf(['eq', 'ne', 'ltu', 'lts', 'leu', 'les'] as const);
        add(m.node({ op, a, b: adapt(pick(), wa) }, 1));
        break;
      }
      case 8: {
        const wl = narrowOnly ? int(1, 16) : int(1, 40);
        const wr = narrowOnly ? int(1, 32 - wl) : int(1, 40);
        add(m.node({ op: pickOf(['mulu', 'muls'] as const), a: adapt(a, wl), b: adapt(pick(), wr) }, wl + wr));
        break;
      }
      case 9:
        add(m.node({ op: 'divu', a, b: adapt(pick(), narrowOnly ? int(1, 32) : randWidth()) }, wa));
        break;
      case 10: case 11: {
        const amt = adapt(pick(), r() < 0.8 ? int(1, 7) : randWidth());
        add(m.node({ op: pickOf(['shl', 'shru', 'shrs'] as const), a, b: amt }, wa));
        break;
      }
      case 12:
        add(m.node({ op: pickOf(['redand', 'redor', 'redxor'] as const), a }, 1));
        break;
      case 13: case 14: {
        const k = int(2, 6);
        const sel = adapt(pick(), int(1, 3));
        add(m.node({ op: 'mux', sel, cases: Array.from({ length: k }, () => adapt(pick(), wa)) }, wa));
        break;
      }
      case 15: {
        const cap = narrowOnly ? 32 : maxWidth;
        const parts = [adapt(a, Math.min(wa, cap - 1)), pick()];
        parts[1] = adapt(parts[1]!, Math.min(w(parts[1]!), cap - w(parts[0]!)));
        add(m.node({ op: 'concat', parts }, w(parts[0]!) + w(parts[1]!)));
        break;
      }
      case 16: {
        const width = int(1, wa);
        add(m.node({ op: 'slice', a, lo: int(0, wa - width) }, width));
        break;
      }
      case 17: {
        const width = narrowOnly ? int(wa, Math.max(wa, 32)) : Math.max(wa, Math.min(maxWidth, wa + int(0, 40)));
        add(m.node({ op: pickOf(['zext', 'sext'] as const), a }, width));
        break;
      }
      case 18:
        add(m.node({ op: 'wire', a }, wa));
        break;
      case 19:
        add(m.const(BigInt(int(0, 1 << 20)) & ((1n << BigInt(wa)) - 1n), wa));
        break;
      case 20: case 21:
        if (mem < 0) break;
        if (r() < 0.5) {
          const c = m.cams[cam]!;
          const form = int(0, 3);
          if (form === 0) add(m.node({ op: 'cammatch', cam, key: adapt(a, c.keyWidth) }, c.entries));
          else if (form === 1) add(m.node({ op: 'cammatch', cam, key: adapt(a, c.keyWidth), mask: adapt(pick(), c.keyWidth) }, c.entries));
          else if (form === 2) add(m.node({ op: 'camread', cam, index: adapt(a, int(1, 7)) }, c.keyWidth));
          else add(m.node({ op: 'camvalid', cam }, c.entries));
        } else {
          const mm = m.memories[mem]!;
          const sync = r() < 0.5;
          const en = sync && r() < 0.5 ? adapt(pick(), 1) : null;
          add(m.node({ op: 'memread', mem, addr: adapt(a, 3), en, sync }, mm.width));
        }
        break;
      case 22: case 23: {
        // Logic a state decides: a mux or an AND/OR on one of its compares.
        const cmp = pickOf(fsm!.compares);
        if (r() < 0.6) add(m.node({ op: 'mux', sel: cmp, cases: [a, adapt(pick(), wa)] }, wa));
        else add(m.node({ op: pickOf(['and', 'or'] as const), a: cmp, b: adapt(a, 1) }, 1));
        break;
      }
    }
  }
  for (const reg of regs) m.setD(reg, adapt(pick(), w(reg)));
  if (fsm !== null) {
    // Next state: per compare, stay or jump to a constant on a pool bit.
    let next: NodeId = fsm.reg;
    for (const cmp of fsm.compares) {
      const jump = m.node({ op: 'mux', sel: adapt(pick(), 1), cases: [next, m.const(int(0, 2 ** fsm.width - 1), fsm.width)] }, fsm.width);
      next = m.node({ op: 'mux', sel: cmp, cases: [next, jump] }, fsm.width);
    }
    m.setD(fsm.reg, next);
  }
  if (mem >= 0) {
    const mm = m.memories[mem]!;
    for (let i = 0; i < 2; i++) mm.writePorts.push({ addr: adapt(pick(), 3), data: adapt(pick(), mm.width), en: adapt(pick(), 1) });
    const c = m.cams[cam]!;
    if (r() < 0.5) c.ternary = true;
    const care = (): { care?: number } => (c.ternary ? { care: adapt(pick(), c.keyWidth) } : {});
    c.writePorts.push({ index: adapt(pick(), 3), key: adapt(pick(), c.keyWidth), ...care(), valid: adapt(pick(), 1), en: adapt(pick(), 1) });
    c.writePorts.push({ index: adapt(pick(), 3), key: adapt(pick(), c.keyWidth), ...care(), valid: adapt(pick(), 1), en: adapt(pick(), 1) });
    c.writePorts.push({ index: adapt(pick(), 3), key: null, valid: adapt(pick(), 1), en: adapt(pick(), 1) });
  }
  for (let i = 0; i < 4; i++) m.output(`out${i}`, pool[pool.length - 1 - i]!);
  if (o.libraryOps) addLibraryOps(m, rng(seed ^ 0x1b873593), pool, o.libraryOps).forEach((id, i) => m.output(`lib${i}`, id));
  return m.build();
}

/** A 2- or 3-bit state register and its eq/ne compares with 2 to 4
 *  constants (sometimes read through a wire, sometimes const on the left). */
function fsmState(
  m: IrBuilder,
  r: () => number,
  int: (lo: number, hi: number) => number,
  pickOf: <T>(xs: T[]) => T,
): { reg: NodeId; width: number; compares: NodeId[] } {
  const width = int(2, 3);
  const reg = m.reg(width, 'state', r() < 0.7 ? int(0, 2 ** width - 1) : null);
  const compares: NodeId[] = [];
  for (let i = int(2, 4); i > 0; i--) {
    const s = r() < 0.3 ? m.node({ op: 'wire', a: reg }, width) : reg;
    const k = m.const(int(0, 2 ** width - 1), width);
    const [a, b] = r() < 0.5 ? [s, k] : [k, s];
    compares.push(m.node({ op: pickOf(['eq', 'eq', 'ne'] as const), a, b }, 1));
  }
  return { reg, width, compares };
}
