import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from './elaborate.js';
import { HdlError } from './errors.js';
import { defineModule } from './module.js';
import { uint } from './types.js';
import { inventory } from './inventory/index.js';
import { SimulatorCache } from '../testbenches/sim-cache.js';
import { checkWithWaves } from '../testbenches/property.js';
import { Scoreboard } from '../testbenches/scoreboard.js';
import { CamUnit } from './cam-test-design.js';

type Cfg = { entries: number; keyWidth: number; ternary: boolean };
const sims = new SimulatorCache((c: Cfg) => elaborate(CamUnit, c));

/** The CAM as arrays, written from the API's documented rules. */
class CamModel {
  keys: bigint[];
  valid: boolean[];
  /** Per-entry care masks (all ones in a binary CAM). */
  cares: bigint[];
  constructor(readonly n: number, readonly all: bigint) {
    this.keys = new Array<bigint>(n).fill(0n);
    this.valid = new Array<boolean>(n).fill(false);
    this.cares = new Array<bigint>(n).fill(all);
  }
  matches(key: bigint, searchMask: bigint): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.n; i++) {
      const care = searchMask & this.cares[i]!;
      if (this.valid[i] && (this.keys[i]! & care) === (key & care)) out.push(i);
    }
    return out;
  }
  /** Ports in declaration order; each later one overwrites what it writes. */
  clock(c: Cycle): void {
    if (c.w0_en && c.w0_idx < this.n) {
      this.keys[c.w0_idx] = c.w0_key;
      this.valid[c.w0_idx] = c.w0_valid;
      this.cares[c.w0_idx] = c.w0_care ?? this.all;
    }
    if (c.w1_en && c.w1_idx < this.n) {
      this.keys[c.w1_idx] = c.w1_key;
      this.valid[c.w1_idx] = true;
      this.cares[c.w1_idx] = this.all;
    }
    if (c.inv_en && c.inv_idx < this.n) this.valid[c.inv_idx] = false;
  }
}

interface Cycle {
  w0_idx: number; w0_key: bigint; w0_valid: boolean; w0_en: boolean;
  w1_idx: number; w1_key: bigint; w1_en: boolean;
  inv_idx: number; inv_en: boolean;
  s_key: bigint; s_mask: bigint; r_idx: number;
  w0_care?: bigint;
}

function cycleArb(cfg: Cfg): fc.Arbitrary<Cycle> {
  const ib = Math.max(1, Math.ceil(Math.log2(cfg.entries)));
  const idx = fc.integer({ min: 0, max: 2 ** ib - 1 });
  // Few distinct keys, so searches hit and ports collide on entries.
  const key = fc.integer({ min: 0, max: 5 }).map((k) => (BigInt(k) * 0x9e3779b97f4a7c15n) & ((1n << BigInt(cfg.keyWidth)) - 1n));
  const mask = fc.bigInt({ min: 0n, max: (1n << BigInt(cfg.keyWidth)) - 1n });
  const base = fc.record({
    w0_idx: idx, w0_key: key, w0_valid: fc.boolean(), w0_en: fc.boolean(),
    w1_idx: idx, w1_key: key, w1_en: fc.boolean(),
    inv_idx: idx, inv_en: fc.boolean(),
    s_key: key, s_mask: mask, r_idx: idx,
  });
  return cfg.ternary ? fc.record({ base, care: mask }).map(({ base, care }): Cycle => ({ ...base, w0_care: care })) : base;
}

describe('CAM', () => {
  it('matches an array model: searches, masked search, priorities, read-back, invalidate, port order', () => {
    const arb = fc
      .record({ entries: fc.constantFrom(1, 3, 8, 33, 40), keyWidth: fc.constantFrom(1, 12, 32, 45, 70), ternary: fc.boolean() })
      .chain((cfg) => fc.record({ cfg: fc.constant(cfg), cycles: fc.array(cycleArb(cfg), { maxLength: 40 }) }));
    checkWithWaves('cam-vs-model', arb, ({ cfg, cycles }, ctx) => {
      const sim = sims.get(cfg);
      ctx.attach(sim);
      const all = (1n << BigInt(cfg.keyWidth)) - 1n;
      const model = new CamModel(cfg.entries, all);
      const sb = new Scoreboard();
      cycles.forEach((c, t) => {
        for (const [k, v] of Object.entries(c)) sim.poke(k, typeof v === 'boolean' ? (v ? 1 : 0) : v);
        const vec = (list: number[]): bigint => list.reduce((a, i) => a | (1n << BigInt(i)), 0n);
        const lo = model.matches(c.s_key, all);
        const hi = model.matches(c.s_key, c.s_mask);
        sb.check(t, 'match', vec(lo), sim.peek('match'));
        sb.check(t, 'hit_lo', lo.length > 0 ? 1n : 0n, sim.peek('hit_lo'));
        sb.check(t, 'idx_lo', BigInt(lo[0] ?? 0), sim.peek('idx_lo'));
        sb.check(t, 'masked', vec(hi), sim.peek('masked'));
        sb.check(t, 'hit_hi', hi.length > 0 ? 1n : 0n, sim.peek('hit_hi'));
        sb.check(t, 'idx_hi', BigInt(hi[hi.length - 1] ?? 0), sim.peek('idx_hi'));
        sb.check(t, 'rkey', c.r_idx < cfg.entries ? model.keys[c.r_idx]! : 0n, sim.peek('rkey'));
        sb.check(t, 'valid', vec(model.valid.flatMap((v, i) => (v ? [i] : []))), sim.peek('valid'));
        model.clock(c);
        sim.step();
      });
      sb.assertClean();
    }, { numRuns: 60 });
  });

  it('two writes to one entry in a cycle: the later port wins; invalidate keeps an earlier port key', () => {
    const sim = sims.get({ entries: 4, keyWidth: 8, ternary: false });
    const poke = (v: Record<string, number>): void => Object.entries(v).forEach(([k, x]) => sim.poke(k, x));
    poke({ w0_idx: 2, w0_key: 0x11, w0_valid: 1, w0_en: 1, w1_idx: 2, w1_key: 0x22, w1_en: 1 });
    sim.step();
    poke({ w0_en: 0, w1_en: 0, r_idx: 2, s_key: 0x22, s_mask: 0xff });
    expect(sim.peek('rkey')).toBe(0x22n);
    expect(sim.peek('match')).toBe(0b0100n);
    poke({ w0_idx: 1, w0_key: 0x33, w0_valid: 1, w0_en: 1, inv_idx: 1, inv_en: 1 });
    sim.step();
    poke({ w0_en: 0, inv_en: 0, r_idx: 1 });
    expect(sim.peek('rkey')).toBe(0x33n);
    expect(sim.peek('valid')).toBe(0b0100n);
  });

  it('checks its arguments at elaboration', () => {
    const bad = (body: (m: Parameters<Parameters<typeof defineModule>[1]>[0]) => void): string => {
      try {
        elaborate(defineModule('BadCam', (m) => (body(m), {})), undefined);
      } catch (e) {
        if (e instanceof HdlError) return e.message;
        throw e;
      }
      return 'no error';
    };
    expect(bad((m) => m.cam('c', { entries: 0, keyWidth: 4 }))).toMatch(/bad CAM in module BadCam, signal c .*entries 0 must be an integer >= 1/);
    expect(bad((m) => m.cam('c', { entries: 4, keyWidth: 4 }).match(m.input('k', uint(5))))).toMatch(/width mismatch in module BadCam, signal k \(hdl\/cam\.test\.ts:\d+:\d+\): CAM c\.match: the key must be uint\(4\), got uint\(5\)/);
    expect(bad((m) => m.cam('c', { entries: 4, keyWidth: 4 }).search(m.input('k', uint(4)), { mask: m.input('mk', uint(3)) }))).toMatch(/CAM c\.search: the mask must be uint\(4\)/);
    expect(bad((m) => m.cam('c', { entries: 5, keyWidth: 4 }).invalidate(m.input('i', uint(2))))).toMatch(/CAM c\.invalidate: the index must be uint\(3\)/);
    expect(bad((m) => m.cam('c', { entries: 5, keyWidth: 4 }).key(m.input('i', uint(4))))).toMatch(/CAM c\.key: the index must be uint\(3\)/);
    expect(bad((m) => m.cam('c', { entries: 4, keyWidth: 4, ternary: true }).write(m.input('i', uint(2)), m.input('k', uint(4))))).toMatch(/bad CAM write .*CAM c is ternary: write keys with writeTernary/);
    expect(bad((m) => m.cam('c', { entries: 4, keyWidth: 4, ternary: true }).writeTernary(m.input('i', uint(2)), m.input('k', uint(4)), m.input('cm', uint(2))))).toMatch(/CAM c\.writeTernary: the care mask must be uint\(4\)/);
  });

  it('is priced as a CAM: storage, searches, key writes, invalidates and read-back', () => {
    const inv = inventory(elaborate(CamUnit, { entries: 16, keyWidth: 10, ternary: false }));
    const keys = Object.fromEntries(inv.total.ops.map((o) => [o.key, o.count]));
    expect(keys['cam 16x10 2S3W1R']).toBe(1);
    expect(keys['camsearch 16x10']).toBe(2);
    expect(keys['camwrite 16x10']).toBe(2);
    expect(keys['camwrite 16x0']).toBe(1);
    expect(keys['sramread 16x10']).toBe(1);
    expect(inv.total.camBits).toBe(16 * 11);
    const tcam = inventory(elaborate(CamUnit, { entries: 16, keyWidth: 10, ternary: true }));
    expect(tcam.total.ops.map((o) => o.key)).toContain('tcam 16x10 2S3W1R');
    expect(tcam.total.camBits).toBe(16 * 21);
  });
});
