// Random circuits for differential testing (our simulator vs Verilator and
// Icarus) and for the simulation benchmark. Built through the DSL, so the
// front end, the lowering and every backend are exercised together; every
// IR operator appears (the library operations when asked for), feedback
// goes only through registers, memories and CAMs, and the whole circuit is
// a pure function of the seed.
import { cat, defineModule, mux, muxN, uint, type ModuleDef, type SignalTree, UInt } from '../hdl/index.js';
import type { ModuleBuilder } from '../hdl/module.js';
import { argMax, argMin, popcountNode, priorityNode } from '../hdl/lib/library-ops.js';
import { makeRng, type Rng } from './rng.js';

export interface RandomNetlistOptions {
  /** Approximate number of operator nodes to create. */
  nodes: number;
  /** Widths are drawn from 1..maxWidth (with extra weight on 1 and boundaries). */
  maxWidth: number;
  seed: number;
  inputs?: number;
  outputs?: number;
  registers?: number;
  /** Include a memory (sync and async read ports) and a CAM. */
  storage?: boolean;
  /** Include dividers (expensive in Verilator and in hardware). */
  dividers?: boolean;
  /** Chance (0..1) that an operand is a literal (0, 1, all ones, a power of
   *  two or a random value), so constant folding and compares the operand
   *  range decides are exercised. Default 0: no literals. */
  constants?: number;
  /** Include the library operations (popcount, priority encoders,
   *  arg-min/max over uint or sint keys, ties either way). Default off, so
   *  the circuits of a seed without it stay what they were. */
  libraryOps?: boolean;
}

/** A literal of `w` bits, biased to the values simplification rules key on. */
function drawLiteral(m: ModuleBuilder, rng: Rng, w: number): UInt {
  const top = (1n << BigInt(w)) - 1n;
  const r = rng.float();
  const v = r < 0.25 ? 0n : r < 0.4 ? 1n : r < 0.6 ? top : r < 0.8 ? 1n << BigInt(rng.int(0, w - 1)) : BigInt.asUintN(w, BigInt(rng.int(0, 2 ** 30)) * BigInt(rng.int(0, 2 ** 30)));
  return m.lit(v & top, uint(w));
}

const BOUNDARY_WIDTHS = [1, 8, 31, 32, 33, 53, 64, 65, 128];

function drawWidth(rng: Rng, max: number): number {
  const r = rng.float();
  if (r < 0.15) return 1;
  if (r < 0.35) {
    const b = BOUNDARY_WIDTHS.filter((w) => w <= max);
    return rng.pick(b);
  }
  return rng.int(1, max);
}

/** Make `s` exactly `w` bits, by truncation or zero/sign extension. */
function fit(rng: Rng, s: UInt, w: number): UInt {
  if (s.width === w) return s;
  if (s.width > w) return s.trunc(w);
  return rng.float() < 0.5 ? s.zext(w) : s.asSInt().sext(w).asUInt();
}

/** A library operation on `a` (and more operands drawn by `choose`). */
function drawLibraryOp(rng: Rng, a: UInt, choose: () => UInt): UInt {
  const form = rng.int(0, 2);
  if (form === 0) return popcountNode(a);
  if (form === 1) {
    const e = priorityNode(a, rng.float() < 0.5);
    return cat(e.valid, e.index);
  }
  const n = rng.pick([1, 2, 3, 5, 8, 33]);
  // Keys often a few bits of a, so ties are common.
  const kw = rng.float() < 0.4 ? Math.min(a.width, rng.int(1, 3)) : a.width;
  const keys = Array.from({ length: n }, () => fit(rng, choose(), kw));
  const valid = fit(rng, choose(), n);
  const opts = { latest: rng.float() < 0.5 };
  const pick = rng.float() < 0.5 ? argMin : argMax;
  const e = rng.float() < 0.5 ? pick(valid, keys, opts) : pick(valid, keys.map((k) => k.asSInt()), opts);
  return cat(e.found, e.index);
}

export function randomNetlist(opts: RandomNetlistOptions): ModuleDef<void, SignalTree> {
  const name = `Random_s${opts.seed}_n${opts.nodes}_w${opts.maxWidth}`;
  return defineModule(name, (m: ModuleBuilder) => {
    const rng = makeRng(opts.seed);
    const pool: UInt[] = [];
    const ports: Record<string, UInt> = {};
    const nIn = opts.inputs ?? Math.max(2, Math.round(Math.sqrt(opts.nodes) / 2));
    for (let i = 0; i < nIn; i++) {
      const s = m.input(`in${i}`, uint(drawWidth(rng, opts.maxWidth)));
      pool.push(s);
      ports[`in${i}`] = s;
    }
    const regs: UInt[] = [];
    const nRegs = opts.registers ?? Math.max(1, Math.round(opts.nodes / 20));
    for (let i = 0; i < nRegs; i++) {
      const w = drawWidth(rng, opts.maxWidth);
      const init = rng.float() < 0.8 ? BigInt(rng.int(0, Math.min(2 ** w - 1, 1000))) : null;
      const r = m.reg(`r${i}`, uint(w), { init, en: undefined });
      regs.push(r);
      pool.push(r);
    }
    const pick = (): UInt => pool[rng.int(Math.max(0, pool.length - 60), pool.length - 1)] ?? rng.pick(pool);
    const pickAny = (): UInt => rng.pick(pool);
    const choose = (): UInt => (rng.float() < 0.7 ? pick() : pickAny());

    const memWidth = drawWidth(rng, Math.min(opts.maxWidth, 72));
    const camKeyWidth = Math.min(12, opts.maxWidth);
    const mem = opts.storage ? m.memory('mem', uint(memWidth), 16) : null;
    const cam = opts.storage ? m.cam('cam', { entries: 8, keyWidth: camKeyWidth, ternary: rng.float() < 0.5 }) : null;

    const constants = opts.constants ?? 0;
    for (let i = 0; i < opts.nodes; i++) {
      if (constants > 0 && rng.float() < constants / 2) pool.push(drawLiteral(m, rng, drawWidth(rng, opts.maxWidth)));
      const a = choose();
      const b = constants > 0 && rng.float() < constants ? drawLiteral(m, rng, a.width) : fit(rng, choose(), a.width);
      let out: UInt;
      const kind = opts.libraryOps && rng.float() < 0.12 ? -1 : rng.int(0, opts.dividers ? 21 : 20);
      switch (kind) {
        case -1:
          out = drawLibraryOp(rng, a, choose);
          break;
        case 0:
          out = a.addWrap(b);
          break;
        case 1:
          out = a.subWrap(b);
          break;
        case 2:
          out = a.width < opts.maxWidth ? a.add(b) : a.addWrap(b);
          break;
        case 3:
          out = a.and(b);
          break;
        case 4:
          out = a.or(b);
          break;
        case 5:
          out = a.xor(b);
          break;
        case 6:
          out = a.not();
          break;
        case 7: {
          const wa = Math.max(1, Math.min(a.width, Math.floor(opts.maxWidth / 2)));
          const wb = Math.max(1, Math.min(b.width, opts.maxWidth - wa));
          out = rng.float() < 0.5 ? a.trunc(wa).mul(b.trunc(wb)) : a.trunc(wa).asSInt().mul(b.trunc(wb).asSInt()).asUInt();
          break;
        }
        case 8:
          out = rng.pick([a.lt(b), a.le(b), a.gt(b), a.ge(b)]);
          break;
        case 9:
          out = rng.pick([a.asSInt().lt(b.asSInt()), a.asSInt().le(b.asSInt()), a.asSInt().gt(b.asSInt())]);
          break;
        case 10:
          out = rng.float() < 0.5 ? a.eq(b) : a.ne(b);
          break;
        case 11: {
          const amt = fit(rng, choose(), Math.min(7, Math.max(1, Math.ceil(Math.log2(a.width + 1)) + 1)));
          out = rng.pick([a.shlBy(amt), a.shrBy(amt), a.asSInt().shrBy(amt).asUInt()]);
          break;
        }
        case 12: {
          const sel = choose();
          out = mux(sel.bit(rng.int(0, sel.width - 1)), a, b);
          break;
        }
        case 13: {
          const sel = fit(rng, choose(), 2);
          const n = rng.int(2, 4);
          const cases = [a, b, fit(rng, choose(), a.width), fit(rng, choose(), a.width)].slice(0, n);
          out = muxN(sel, cases);
          break;
        }
        case 14: {
          const c = choose();
          const wa = Math.min(a.width, Math.max(1, opts.maxWidth - 1));
          const wc = Math.min(c.width, Math.max(1, opts.maxWidth - wa));
          out = cat(a.trunc(wa), c.trunc(wc));
          break;
        }
        case 15: {
          const lo = rng.int(0, a.width - 1);
          const hi = rng.int(lo, a.width - 1);
          out = a.bits(hi, lo);
          break;
        }
        case 16: {
          const w = rng.int(a.width, opts.maxWidth);
          out = rng.float() < 0.5 ? a.zext(w) : a.asSInt().sext(w).asUInt();
          break;
        }
        case 17:
          out = rng.pick([a.orR(), a.andR(), a.xorR()]);
          break;
        case 18:
          if (mem) {
            const addr = fit(rng, choose(), 4);
            out = mem.read(addr, { sync: rng.float() < 0.5 });
            break;
          }
          out = a.xor(b);
          break;
        case 19:
          if (cam) {
            // Every CAM form: plain and masked searches, hit flag and index
            // (lowest or highest), key read-back and the valid vector.
            const key = fit(rng, choose(), camKeyWidth);
            const form = rng.int(0, 4);
            if (form === 0) out = cam.match(key);
            else if (form === 1) out = cam.match(key, { mask: fit(rng, choose(), camKeyWidth) });
            else if (form === 2) {
              const s = cam.search(key, { priority: rng.float() < 0.5 ? 'lowest' : 'highest', mask: rng.float() < 0.5 ? fit(rng, choose(), camKeyWidth) : undefined });
              out = cat(s.hit, s.index);
            } else if (form === 3) out = cam.key(fit(rng, choose(), cam.indexBits));
            else out = cam.valid();
            break;
          }
          out = a.and(b.not());
          break;
        case 20:
          out = a.shl(rng.int(0, Math.max(0, Math.min(4, opts.maxWidth - a.width))));
          break;
        default:
          out = a.div(b);
          break;
      }
      pool.push(out.width > opts.maxWidth ? out.trunc(opts.maxWidth) : out);
    }
    for (const r of regs) r.drive(fit(rng, choose(), r.width));
    if (mem) mem.write(fit(rng, choose(), 4), fit(rng, choose(), memWidth), choose().bit(0));
    if (cam) {
      // Two key ports and an invalidate that may hit one entry in one cycle.
      for (let k = 0; k < 2; k++) {
        const [index, key] = [fit(rng, choose(), cam.indexBits), fit(rng, choose(), camKeyWidth)];
        if (cam.ternary) cam.writeTernary(index, key, fit(rng, choose(), camKeyWidth), choose().bit(0), choose().bit(0));
        else cam.write(index, key, choose().bit(0), choose().bit(0));
      }
      cam.invalidate(fit(rng, choose(), cam.indexBits), choose().bit(0));
    }
    const nOut = opts.outputs ?? Math.max(2, Math.round(Math.sqrt(opts.nodes) / 2));
    for (let i = 0; i < nOut; i++) {
      const s = (i < nOut / 2 ? pool[pool.length - 1 - i] : undefined) ?? pickAny();
      const o = m.output(`out${i}`, uint(s.width));
      o.drive(s);
      ports[`out${i}`] = o;
    }
    return ports;
  });
}
