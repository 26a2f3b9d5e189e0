import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OpShape } from '../hdl/inventory/index.js';
import { costTable, ENERGY_DENSITY } from './cost-table.js';
import { multiplier, rippleAdder } from './arith-cost.js';
import { HOROWITZ_ISSCC14, YOSYS_ABC_NANGATE45 } from './sources.js';

const ripple = costTable({ arith: 'ripple' });
const fast = costTable({ arith: 'fast' });
/** Energy at 0.9 V (Horowitz's supply) from the table's 1.1 V. */
const at09 = (fj: number): number => fj * (0.9 / 1.1) ** 2;

describe('published anchor points', () => {
  it('32-bit add: area within Horowitz..Yosys, energy as Horowitz', () => {
    const c = ripple.cost({ kind: 'add', width: 32 });
    expect(c.areaUm2).toBeGreaterThanOrEqual(137);
    expect(c.areaUm2).toBeLessThanOrEqual(220);
    expect(at09(c.energyFj)).toBeCloseTo(100, 6);
    expect(c.delayPs).toBeCloseTo(1050, 6);
  });

  it('8- and 32-bit multiply: energy as Horowitz, area within the spread', () => {
    const m8 = ripple.cost({ kind: 'mul', signed: false, aWidth: 8, bWidth: 8 });
    const m32 = ripple.cost({ kind: 'mul', signed: false, aWidth: 32, bWidth: 32 });
    expect(at09(m8.energyFj)).toBeCloseTo(200, 6);
    expect(at09(m32.energyFj)).toBeCloseTo(3100, 6);
    expect(m32.areaUm2).toBeGreaterThanOrEqual(3495);
    expect(m32.areaUm2).toBeLessThanOrEqual(6850);
    expect(ripple.cost({ kind: 'mul', signed: false, aWidth: 16, bWidth: 16 }).delayPs).toBeCloseTo(1400, 6);
  });

  it('32-bit comparators, mux and register as synthesised', () => {
    // The synthesised less-than is ABC's log-depth tree: the comparator's fast form.
    const lt = fast.cost({ kind: 'cmp', width: 32 });
    const eq = ripple.cost({ kind: 'eq', width: 32 });
    const mux = ripple.cost({ kind: 'mux2', width: 32 });
    const reg = ripple.cost({ kind: 'reg', width: 32, reset: false, enable: false });
    expect([lt.areaUm2, lt.delayPs]).toEqual([140, 310]);
    expect(eq.areaUm2).toBeCloseTo(66, 9);
    expect(eq.delayPs).toBeCloseTo(210, 9);
    expect([mux.areaUm2, mux.delayPs]).toEqual([60, 49]);
    expect(reg.areaUm2 / 145).toBeGreaterThan(0.98);
    expect(reg.areaUm2 / 145).toBeLessThan(1.02);
    // an enable adds a MUX2 per bit and its share of the fanout-4 buffer tree
    const en = ripple.cost({ kind: 'reg', width: 32, reset: false, enable: true });
    expect(en.areaUm2 - reg.areaUm2).toBeCloseTo(60 + (2 * 32 * 0.532) / 3, 6);
    // 7-10 fJ per flop per cycle on the clock pin
    expect(reg.clockFj / 32).toBeGreaterThanOrEqual(7);
    expect(reg.clockFj / 32).toBeLessThanOrEqual(10);
  });

  it('energy per area is the same for the 32-bit adder and multiplier, within 1%', () => {
    const mulDensity = (HOROWITZ_ISSCC14.mul[1].energyPj * 1000 * (1.1 / 0.9) ** 2) / YOSYS_ABC_NANGATE45.mul[2].areaUm2;
    expect(mulDensity / ENERGY_DENSITY).toBeGreaterThan(0.99);
    expect(mulDensity / ENERGY_DENSITY).toBeLessThan(1.01);
  });

  it('CACTI: 64-bit read of an 8 KB SRAM, 0.4 um^2 a bit, CAM at 1.7 um^2 a bit for 64 entries', () => {
    const read = ripple.cost({ kind: 'sramread', width: 64, depth: 1024 });
    expect(read.energyFj * (1.0 / 1.1) ** 2).toBeCloseTo(5300, 6);
    expect(ripple.cost({ kind: 'sram', width: 64, depth: 1024, readPorts: 1, writePorts: 0 }).areaUm2 / (64 * 1024)).toBeCloseTo(0.4, 9);
    const cam = ripple.cost({ kind: 'cam', keyWidth: 31, entries: 64, searchPorts: 1, writePorts: 1 });
    expect(cam.areaUm2 / (64 * 32)).toBeCloseTo(1.7, 9);
    const search = ripple.cost({ kind: 'camsearch', keyWidth: 31, entries: 64 });
    expect(search.energyFj * (1.0 / 1.1) ** 2).toBeCloseTo(2 * 64 * 32, 6);
  });
});

const W = fc.integer({ min: 1, max: 127 });

/** Shapes parameterised by one width, for monotonicity. */
const byWidth: Record<string, (w: number) => OpShape> = {
  add: (w) => ({ kind: 'add', width: w }),
  sub: (w) => ({ kind: 'sub', width: w }),
  eq: (w) => ({ kind: 'eq', width: w }),
  cmp: (w) => ({ kind: 'cmp', width: w }),
  mulA: (w) => ({ kind: 'mul', signed: true, aWidth: w, bWidth: 12 }),
  mulB: (w) => ({ kind: 'mul', signed: false, aWidth: 9, bWidth: w }),
  divA: (w) => ({ kind: 'div', aWidth: w, bWidth: 10 }),
  divB: (w) => ({ kind: 'recip', aWidth: 16, bWidth: w }),
  mux2: (w) => ({ kind: 'mux2', width: w }),
  and: (w) => ({ kind: 'and', width: w }),
  xor: (w) => ({ kind: 'xor', width: w }),
  redor: (w) => ({ kind: 'redor', width: w }),
  redxor: (w) => ({ kind: 'redxor', width: w }),
  shift: (w) => ({ kind: 'shift', width: w, amountWidth: 6 }),
  reg: (w) => ({ kind: 'reg', width: w, reset: true, enable: true }),
  // one regime each: always above REGISTER_FILE_MAX_BITS, always below
  sram: (w) => ({ kind: 'sram', width: w, depth: 8192, readPorts: 1, writePorts: 1 }),
  regfile: (w) => ({ kind: 'sram', width: w, depth: 8, readPorts: 1, writePorts: 1 }),
  sramDepth: (w) => ({ kind: 'sram', width: 16, depth: w, readPorts: 1, writePorts: 1 }),
  sramread: (w) => ({ kind: 'sramread', width: 16, depth: w }),
  cam: (w) => ({ kind: 'cam', keyWidth: 12, entries: w, searchPorts: 1, writePorts: 1 }),
  camsearch: (w) => ({ kind: 'camsearch', keyWidth: w, entries: 32 }),
};

describe('monotone in width', () => {
  // The cheapest form of each width is the minimum over forms that all grow
  // with width, so its area, energy and leakage grow too; likewise the
  // fastest form's delay. (The cheapest form's delay may drop where a
  // faster form becomes the cheaper one: Booth beats the array above ~40 bits.)
  for (const [name, shape] of Object.entries(byWidth)) {
    it(`${name}: wider never costs less area, energy or leakage (cheapest form), nor less delay (fastest form)`, () => {
      fc.assert(
        fc.property(W, (w) => {
          const a = ripple.cost(shape(w));
          const b = ripple.cost(shape(w + 1));
          expect(b.areaUm2).toBeGreaterThanOrEqual(a.areaUm2);
          expect(b.energyFj + b.clockFj).toBeGreaterThanOrEqual(a.energyFj + a.clockFj);
          expect(b.leakageNw).toBeGreaterThanOrEqual(a.leakageNw - 1e-9);
          expect(fast.cost(shape(w + 1)).delayPs).toBeGreaterThanOrEqual(fast.cost(shape(w)).delayPs - 1e-9);
        }),
      );
    });
  }

  it('adders and multipliers grow strictly: linear vs quadratic beyond the anchors', () => {
    const a64 = rippleAdder(64).areaUm2;
    const a128 = rippleAdder(128).areaUm2;
    const m64 = multiplier(64, 64, false).energyFj;
    const m128 = multiplier(128, 128, false).energyFj;
    expect(a128 / a64).toBeCloseTo(2, 9);
    expect(m128 / m64).toBeCloseTo(4, 9);
  });
});

describe('prefix adders', () => {
  it('are faster and larger than ripple ones from 16 bits on, the same below the crossover', () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 256 }), (w) => {
        const r = ripple.cost({ kind: 'add', width: w });
        const p = fast.cost({ kind: 'add', width: w });
        expect(p.delayPs).toBeLessThan(r.delayPs);
        expect(p.areaUm2).toBeGreaterThan(r.areaUm2);
      }),
    );
    expect(fast.cost({ kind: 'add', width: 8 })).toEqual(ripple.cost({ kind: 'add', width: 8 }));
  });

  it('have log-depth carries: doubling the width adds one prefix level', () => {
    const d = (w: number): number => fast.cost({ kind: 'add', width: w }).delayPs;
    expect(d(128) - d(64)).toBeCloseTo(d(64) - d(32), 9);
  });
});

describe('Booth-Wallace multipliers', () => {
  it('beat the array on delay where they are used, and are used from 16 bits on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 64 }), fc.boolean(), (a, b, signed) => {
        const s = { kind: 'mul', signed, aWidth: a, bWidth: b } as const;
        expect(fast.cost(s).delayPs).toBeLessThanOrEqual(ripple.cost(s).delayPs);
      }),
    );
    const m32 = { kind: 'mul', signed: false, aWidth: 32, bWidth: 32 } as const;
    // 17 Booth rows, 6 tree levels, a 64-bit prefix adder
    expect(fast.cost(m32).delayPs).toBeCloseTo(73 + 72 + 6 * 133 + fast.cost({ kind: 'add', width: 64 }).delayPs, 9);
    expect(fast.cost(m32).delayPs).toBeLessThan(0.7 * ripple.cost(m32).delayPs);
    expect(fast.cost({ kind: 'mul', signed: false, aWidth: 16, bWidth: 16 }).delayPs).toBeLessThan(ripple.cost({ kind: 'mul', signed: false, aWidth: 16, bWidth: 16 }).delayPs);
  });

  it('the fastest form never gets faster for a wider operand, across the switch from array to tree', () => {
    for (let a = 1; a <= 48; a++) {
      for (let b = 1; b <= 48; b++) {
        const c = fast.cost({ kind: 'mul', signed: false, aWidth: a, bWidth: b });
        for (const d of [fast.cost({ kind: 'mul', signed: false, aWidth: a + 1, bWidth: b }), fast.cost({ kind: 'mul', signed: false, aWidth: a, bWidth: b + 1 })]) {
          expect(d.delayPs).toBeGreaterThanOrEqual(c.delayPs);
        }
      }
    }
  });
});

describe('memories as synthesis builds them', () => {
  it('a small memory is a flop register file with read muxes; from 4 Kbit on an SRAM macro', () => {
    const small = ripple.cost({ kind: 'sram', width: 16, depth: 16, readPorts: 1, writePorts: 1 });
    expect(small.macro).toBe(false);
    // a DFF and its load mux per bit, plus the write decoder
    expect(small.areaUm2).toBeGreaterThan(256 * (4.522 + 1.862));
    expect(small.clockFj).toBeCloseTo(256 * 8.5, 9);
    const read = ripple.cost({ kind: 'sramread', width: 16, depth: 16 });
    expect(read.areaUm2).toBeCloseTo(15 * 16 * 1.862, 9);
    expect(read.delayPs).toBe(4 * 72);
    const big = ripple.cost({ kind: 'sram', width: 64, depth: 128, readPorts: 1, writePorts: 1 });
    expect(big.macro).toBe(true);
    expect(big.areaUm2).toBeCloseTo(64 * 128 * 0.4 * 1.5, 6);
  });
});

describe('timing-driven forms', () => {
  const timed = costTable();
  it('takes the cheapest form that meets the stage budget, the fastest when none does', () => {
    const add32 = { kind: 'add', width: 32 } as const;
    expect(timed.forms(add32).map((f) => f.name)).toEqual(['ripple', 'brent-kung', 'kogge-stone']);
    expect(timed.form(add32, 1, 2000).name).toBe('ripple');
    expect(timed.form(add32, 1, 800).name).toBe('brent-kung');
    expect(timed.form(add32, 1, 500).name).toBe('kogge-stone');
    expect(timed.form(add32, 1, 10).name).toBe('kogge-stone');
    const mul24 = { kind: 'mul', signed: true, aWidth: 24, bWidth: 24 } as const;
    expect(timed.forms(mul24).map((f) => f.name)).toEqual(['array', 'booth4-wallace']);
    expect(timed.form(mul24, 1, 5000).name).toBe('array');
    expect(timed.form(mul24, 1, 1000).name).toBe('booth4-wallace');
  });

  it('keeps only forms that trade area for delay', () => {
    fc.assert(
      fc.property(fc.constantFrom('add', 'sub', 'cmp'), fc.integer({ min: 1, max: 128 }), (kind, w) => {
        const f = timed.forms({ kind, width: w } as OpShape);
        for (let i = 1; i < f.length; i++) {
          expect(f[i]!.cost.areaUm2).toBeGreaterThanOrEqual(f[i - 1]!.cost.areaUm2);
          expect(f[i]!.cost.delayPs).toBeLessThan(f[i - 1]!.cost.delayPs);
        }
      }),
    );
  });
});
