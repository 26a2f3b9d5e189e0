import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OpShape } from '../hdl/inventory/index.js';
import { costTable, ENERGY_DENSITY } from './cost-table.js';
import { multiplier, rippleAdder } from './arith-cost.js';
import { operatorTable } from './operator-table.js';
import { HOROWITZ_ISSCC14, YOSYS_ABC_NANGATE45 } from './sources.js';

const ripple = costTable({ arith: 'ripple' });
const fast = costTable({ arith: 'fast' });
/** Energy at 0.9 V (Horowitz's supply) from the table's 1.1 V. */
const at09 = (fj: number): number => fj * (0.9 / 1.1) ** 2;

describe('characterised forms and published energies', () => {
  const row = (kind: string, form: string, width: number) => operatorTable().rows.find((r) => r.kind === kind && r.form === form && r.width === width)!;

  it('32-bit ripple add: area and delay as our synthesis, energy as Horowitz', () => {
    const c = rippleAdder(32);
    expect(c.areaUm2).toBeCloseTo(row('add', 'ripple', 32).areaUm2, 9);
    expect(c.delayPs).toBeCloseTo(row('add', 'ripple', 32).delayPs, 9);
    expect(at09(c.energyFj)).toBeCloseTo(100, 6);
  });

  it('8- and 32-bit array multiply: energy as Horowitz, area and delay as synthesised', () => {
    const m8 = multiplier('array', 8, 8, false);
    const m32 = multiplier('array', 32, 32, false);
    expect(at09(m8.energyFj)).toBeCloseTo(200, 6);
    expect(at09(m32.energyFj)).toBeCloseTo(3100, 6);
    expect(m32.areaUm2).toBeCloseTo(row('mul', 'array', 32).areaUm2, 9);
    expect(multiplier('booth4-wallace', 16, 16, false).delayPs).toBeCloseTo(row('mul', 'booth4-wallace', 16).delayPs, 9);
  });

  it('32-bit comparators, mux and register as synthesised', () => {
    const lt = fast.cost({ kind: 'cmp', width: 32 });
    const eq = ripple.cost({ kind: 'eq', width: 32 });
    const mux = ripple.cost({ kind: 'mux2', width: 32 });
    const reg = ripple.cost({ kind: 'reg', width: 32, reset: false, enable: false });
    for (const [c, r] of [[lt, row('cmp', 'prefix-tree', 32)], [eq, row('eq', 'yosys', 32)]] as const) {
      expect(c.areaUm2).toBeCloseTo(r.areaUm2, 9);
      expect(c.delayPs).toBeCloseTo(r.delayPs, 9);
    }
    // Yosys maps a 2:1 mux to one MUX2_X1 a bit
    expect(mux.areaUm2).toBeCloseTo(32 * 1.862, 1);
    expect(mux.delayPs).toBe(72);
    expect(reg.areaUm2 / 145).toBeGreaterThan(0.98);
    expect(reg.areaUm2 / 145).toBeLessThan(1.02);
    // an enable adds a MUX2 per bit and its share of the fanout-4 buffer tree
    const en = ripple.cost({ kind: 'reg', width: 32, reset: false, enable: true });
    expect(en.areaUm2 - reg.areaUm2).toBeCloseTo(mux.areaUm2 + (2 * 32 * 0.532) / 3, 6);
    // 7-10 fJ per flop per cycle on the clock pin
    expect(reg.clockFj / 32).toBeGreaterThanOrEqual(7);
    expect(reg.clockFj / 32).toBeLessThanOrEqual(10);
  });

  it('energy per area is the same for the 32-bit adder and multiplier, within 1%', () => {
    const mulDensity = (HOROWITZ_ISSCC14.mul[1]!.energyPj * 1000 * (1.1 / 0.9) ** 2) / YOSYS_ABC_NANGATE45.mul[2]!.areaUm2;
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
  inc: (w) => ({ kind: 'add', width: w, constant: true, one: true }),
  dec: (w) => ({ kind: 'sub', width: w, constant: true, one: true }),
  wrap: (w) => ({ kind: 'cmp', width: w, wrap: true }),
  muxConst: (w) => ({ kind: 'mux2', width: w, constant: true }),
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

  it('adders and multipliers grow beyond the synthesised widths: about linear vs quadratic', () => {
    const a128 = rippleAdder(128).areaUm2 / rippleAdder(64).areaUm2;
    expect(a128).toBeGreaterThanOrEqual(2);
    expect(a128).toBeLessThan(2.1);
    const m128 = multiplier('array', 128, 128, false);
    const m64 = multiplier('array', 64, 64, false);
    expect(m128.energyFj / m64.energyFj).toBeCloseTo(4, 6);
    expect(m128.areaUm2 / m64.areaUm2).toBeGreaterThan(3.9);
  });
});

describe('constant steps', () => {
  const yosys = costTable({ arith: 'yosys' });
  it('a wrap test costs less than a plain compare, and +1 less than adding a constant with half its bits set, at every characterised width', () => {
    for (const w of [4, 8, 12, 16, 24, 32, 48, 64]) {
      expect(yosys.cost({ kind: 'cmp', width: w, wrap: true }).areaUm2, `cmp ${w}`).toBeLessThan(yosys.cost({ kind: 'cmp', width: w }).areaUm2);
      expect(yosys.cost({ kind: 'add', width: w, constant: true, one: true }).areaUm2, `add ${w}`).toBeLessThan(yosys.cost({ kind: 'add', width: w, constant: true }).areaUm2);
    }
  });

  it('a 2:1 mux with a constant arm costs an AND2 (NOR2 + INV) a bit, less than a MUX2', () => {
    for (const w of [4, 8, 16, 32, 64]) {
      expect(yosys.cost({ kind: 'mux2', width: w, constant: true }).areaUm2, `mux2 ${w}`).toBeCloseTo(w * (0.798 + 0.532), 6);
      expect(yosys.cost({ kind: 'mux2', width: w }).areaUm2, `mux2 ${w}`).toBeCloseTo(w * 1.862, 6);
    }
  });
});

describe('prefix adders', () => {
  it('are faster and larger than ripple ones from 8 bits on; one form at 4 bits and below', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 256 }), (w) => {
        const r = ripple.cost({ kind: 'add', width: w });
        const p = fast.cost({ kind: 'add', width: w });
        expect(p.delayPs).toBeLessThan(r.delayPs);
        expect(p.areaUm2).toBeGreaterThan(r.areaUm2);
      }),
    );
    expect(fast.cost({ kind: 'add', width: 4 })).toEqual(ripple.cost({ kind: 'add', width: 4 }));
  });

  it('have log-depth carries: doubling the width adds a little delay, where ripple doubles it', () => {
    for (const w of [16, 32, 64, 128]) {
      expect(fast.cost({ kind: 'add', width: 2 * w }).delayPs / fast.cost({ kind: 'add', width: w }).delayPs).toBeLessThan(1.25);
      expect(ripple.cost({ kind: 'add', width: 2 * w }).delayPs / ripple.cost({ kind: 'add', width: w }).delayPs).toBeCloseTo(2, 1);
    }
  });
});

describe('Booth-Wallace multipliers', () => {
  it('are never slower than the cheapest form, and faster from 8 bits on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 64 }), fc.boolean(), (a, b, signed) => {
        const s = { kind: 'mul', signed, aWidth: a, bWidth: b } as const;
        expect(fast.cost(s).delayPs).toBeLessThanOrEqual(ripple.cost(s).delayPs);
      }),
    );
    for (const w of [8, 16, 32]) expect(multiplier('booth4-wallace', w, w, false).delayPs).toBeLessThan(0.8 * multiplier('array', w, w, false).delayPs);
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
    expect(timed.form(add32, 1, 2100).name).toBe('ripple');
    expect(timed.form(add32, 1, 800).name).toBe('brent-kung');
    expect(timed.form(add32, 2, 1000).name).toBe('kogge-stone');
    expect(timed.form(add32, 1, 10).name).toBe('kogge-stone');
    const mul16 = { kind: 'mul', signed: true, aWidth: 16, bWidth: 16 } as const;
    expect(timed.forms(mul16).map((f) => f.name)).toEqual(['array', 'booth4-wallace']);
    expect(timed.form(mul16, 1, 3000).name).toBe('array');
    expect(timed.form(mul16, 1, 2000).name).toBe('booth4-wallace');
    // at 32 bits the synthesised Booth-Wallace is both smaller and faster
    expect(timed.forms({ kind: 'mul', signed: false, aWidth: 32, bWidth: 32 }).map((f) => f.name)).toEqual(['booth4-wallace']);
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
