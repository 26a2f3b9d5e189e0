// Every operator at random widths (1..300, plus the widths where the value
// representation changes) against a BigInt reference written here from the
// IR's documentation. Each case is checked twice: settled by peek (slot code)
// and through a register after a step (the all-locals loop code).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countBits, indexBits, isLibraryOp, type ArgExtremeOp, type Design, type Node, type NodeId } from '../../ir.js';
import { lowerDesign } from '../../opt/lower.js';
import { IrBuilder, designOf, type NodeBody } from '../testing/ir.js';
import { createSimulator } from '../index.js';

const BOUNDARY = [1, 31, 32, 33, 52, 53, 63, 64, 65, 96, 97, 128, 129];
const width = fc.oneof({ arbitrary: fc.constantFrom(...BOUNDARY), weight: 2 }, { arbitrary: fc.integer({ min: 1, max: 300 }), weight: 1 });

const ones = (w: number): bigint => (1n << BigInt(w)) - 1n;
const signed = (v: bigint, w: number): bigint => (v >= 1n << BigInt(w - 1) ? v - (1n << BigInt(w)) : v);
const popcount = (v: bigint): number => [...v.toString(2)].filter((c) => c === '1').length;

/** Values that stress each representation: extremes, sign bits, small numbers. */
function value(w: number): fc.Arbitrary<bigint> {
  const top = ones(w);
  const special = [0n, 1n, top, top >> 1n, (top >> 1n) + 1n, BigInt(w), BigInt(w) - 1n].filter((v) => v >= 0n && v <= top);
  return fc.oneof(
    fc.bigInt({ min: 0n, max: top }),
    fc.constantFrom(...special),
    fc.bigInt({ min: 0n, max: top < 600n ? top : 600n }),
  );
}

interface Case {
  /** Widths of the operands, in the order the node takes them. */
  widths: number[];
  build(m: IrBuilder, ins: NodeId[]): { body: NodeBody; width: number };
  ref(vals: bigint[]): bigint;
  /** Operand values, when the generic ones would rarely hit the edge cases. */
  values?: fc.Arbitrary<bigint>[];
}

type Gen = fc.Arbitrary<Case>;

/** Every operator's case generator, over operand widths drawn from `width`. */
function casesOver(width: fc.Arbitrary<number>): Record<string, Gen> {
  const sameWidth = (
    op: Node['op'],
    ref: (a: bigint, b: bigint, w: number) => bigint,
    resultWidth: (w: number) => number = (w) => w,
  ): Gen =>
    width.map((w) => ({
      widths: [w, w],
      build: (_m, [a, b]) => ({ body: { op, a: a!, b: b! } as NodeBody, width: resultWidth(w) }),
      ref: ([a, b]) => ref(a!, b!, w),
    }));

  const twoWidths = (op: Node['op'], resultWidth: (wa: number, wb: number) => number, ref: (a: bigint, b: bigint, wa: number, wb: number) => bigint): Gen =>
    fc.tuple(width, width).map(([wa, wb]) => ({
      widths: [wa, wb],
      build: (_m, [a, b]) => ({ body: { op, a: a!, b: b! } as NodeBody, width: resultWidth(wa, wb) }),
      ref: ([a, b]) => ref(a!, b!, wa, wb),
    }));

  /** Shift amounts around the operand width and the int32 shift limit. */
  const shiftBy = (op: Node['op'], ref: (a: bigint, b: bigint, wa: number) => bigint): Gen =>
    twoWidths(op, (wa) => wa, ref).map((c) => {
      const [wa, wb] = c.widths as [number, number];
      const near = [0, wa - 1, wa, wa + 1, 31, 32, 33].map(BigInt).filter((v) => v >= 0n && v <= ones(wb));
      return { ...c, values: [value(wa), near.length > 0 ? fc.oneof(value(wb), fc.constantFrom(...near)) : value(wb)] };
    });

  const unary = (op: Node['op'], resultWidth: (w: number) => number, ref: (a: bigint, w: number) => bigint): Gen =>
    width.map((w) => ({
      widths: [w],
      build: (_m, [a]) => ({ body: { op, a: a! } as NodeBody, width: resultWidth(w) }),
      ref: ([a]) => ref(a!, w),
    }));

  const bit = (c: boolean): bigint => (c ? 1n : 0n);

  /** {valid/found, index} as the library operations pack it. */
  const found = (any: boolean, index: number, n: number): bigint => (any ? (1n << BigInt(indexBits(n))) | BigInt(index) : 0n);
  const prienc = (highest: boolean): Gen =>
    width.map((w) => ({
      widths: [w],
      build: (_m, [a]) => ({ body: { op: 'prienc', a: a!, highest }, width: 1 + indexBits(w) }),
      ref: ([a]) => {
        const set = [...Array(w).keys()].filter((i) => (a! >> BigInt(i)) & 1n);
        return found(set.length > 0, (highest ? set[set.length - 1] : set[0]) ?? 0, w);
      },
      // Sparse vectors too: one bit, or none, set somewhere in the word.
      values: [fc.oneof(value(w), fc.integer({ min: 0, max: w - 1 }).map((i) => 1n << BigInt(i)), fc.integer({ min: 0, max: w - 1 }).map((i) => ones(w) << BigInt(i) & ones(w)))],
    }));
  /** Up to 40 (valid, key) pairs; small keys often, so ties are common. */
  const argExtreme = (op: ArgExtremeOp, signedKeys: boolean, latest: boolean): Gen =>
    fc.tuple(fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(16, 31, 32, 33, 40)), width).map(([k, w]) => ({
      widths: [k, ...Array<number>(k).fill(w)],
      build: (_m, [valid, ...keys]) => ({ body: { op, valid: valid!, keys, signed: signedKeys, latest }, width: 1 + indexBits(k) }),
      ref: ([valid, ...keys]) => {
        const key = (i: number): bigint => (signedKeys ? signed(keys[i]!, w) : keys[i]!);
        let best = -1;
        for (let i = 0; i < k; i++) {
          if (((valid! >> BigInt(i)) & 1n) === 0n) continue;
          if (best < 0 || (op === 'argmin' ? key(i) < key(best) : key(i) > key(best)) || (latest && key(i) === key(best))) best = i;
        }
        return found(best >= 0, Math.max(best, 0), k);
      },
      values: [value(k), ...Array.from({ length: k }, () => fc.oneof(value(w), fc.bigInt({ min: 0n, max: ones(Math.min(w, 2)) }), fc.constantFrom(ones(w), ones(w) >> 1n)))],
    }));

  return {
    add: sameWidth('add', (a, b, w) => (a + b) & ones(w)),
    sub: sameWidth('sub', (a, b, w) => (a - b) & ones(w)),
    and: sameWidth('and', (a, b) => a & b),
    or: sameWidth('or', (a, b) => a | b),
    xor: sameWidth('xor', (a, b) => a ^ b),
    eq: sameWidth('eq', (a, b) => bit(a === b), () => 1),
    ne: sameWidth('ne', (a, b) => bit(a !== b), () => 1),
    ltu: sameWidth('ltu', (a, b) => bit(a < b), () => 1),
    leu: sameWidth('leu', (a, b) => bit(a <= b), () => 1),
    lts: sameWidth('lts', (a, b, w) => bit(signed(a, w) < signed(b, w)), () => 1),
    les: sameWidth('les', (a, b, w) => bit(signed(a, w) <= signed(b, w)), () => 1),
    mulu: twoWidths('mulu', (wa, wb) => wa + wb, (a, b) => a * b),
    muls: twoWidths('muls', (wa, wb) => wa + wb, (a, b, wa, wb) => (signed(a, wa) * signed(b, wb)) & ones(wa + wb)),
    divu: twoWidths('divu', (wa) => wa, (a, b, wa) => (b === 0n ? ones(wa) : a / b)),
    shl: shiftBy('shl', (a, b, wa) => (b >= BigInt(wa) ? 0n : (a << b) & ones(wa))),
    shru: shiftBy('shru', (a, b, wa) => (b >= BigInt(wa) ? 0n : a >> b)),
    shrs: shiftBy('shrs', (a, b, wa) => {
      const s = signed(a, wa);
      return b >= BigInt(wa) ? (s < 0n ? ones(wa) : 0n) : (s >> b) & ones(wa);
    }),
    not: unary('not', (w) => w, (a, w) => ones(w) - a),
    redand: unary('redand', () => 1, (a, w) => bit(a === ones(w))),
    redor: unary('redor', () => 1, (a) => bit(a !== 0n)),
    redxor: unary('redxor', () => 1, (a) => BigInt(popcount(a) % 2)),
    wire: unary('wire', (w) => w, (a) => a),
    popcount: unary('popcount', countBits, (a) => BigInt(popcount(a))),
    prienc_lowest: prienc(false),
    prienc_highest: prienc(true),
    argmin: argExtreme('argmin', false, false),
    argmax: argExtreme('argmax', false, false),
    argmin_signed_latest: argExtreme('argmin', true, true),
    argmax_signed: argExtreme('argmax', true, false),
    argmax_latest: argExtreme('argmax', false, true),
    zext: fc.tuple(width, fc.integer({ min: 0, max: 100 })).map(([w, grow]) => ({
      widths: [w],
      build: (_m, [a]) => ({ body: { op: 'zext', a: a! }, width: w + grow }),
      ref: ([a]) => a!,
    })),
    sext: fc.tuple(width, fc.integer({ min: 0, max: 100 })).map(([w, grow]) => ({
      widths: [w],
      build: (_m, [a]) => ({ body: { op: 'sext', a: a! }, width: w + grow }),
      ref: ([a]) => signed(a!, w) & ones(w + grow),
    })),
    slice: width
      .chain((wa) => fc.tuple(fc.constant(wa), fc.integer({ min: 0, max: wa - 1 })))
      .chain(([wa, lo]) => fc.tuple(fc.constant(wa), fc.constant(lo), fc.integer({ min: 1, max: wa - lo })))
      .map(([wa, lo, w]) => ({
        widths: [wa],
        build: (_m, [a]) => ({ body: { op: 'slice', a: a!, lo }, width: w }),
        ref: ([a]) => (a! >> BigInt(lo)) & ones(w),
      })),
    concat: fc.array(width, { minLength: 1, maxLength: 5 }).map((ws) => ({
      widths: ws,
      build: (_m, parts) => ({ body: { op: 'concat', parts }, width: ws.reduce((s, w) => s + w, 0) }),
      ref: (vals) => vals.reduce((acc, v, i) => (acc << BigInt(ws[i]!)) | v, 0n),
    })),
    mux: fc
      .tuple(fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom(32, 33, 70)), fc.integer({ min: 1, max: 20 }), width)
      .map(([ws, k, w]) => ({
        widths: [ws, ...Array<number>(k).fill(w)],
        build: (_m, [sel, ...cases]) => ({ body: { op: 'mux', sel: sel!, cases }, width: w }),
        ref: ([sel, ...cases]) => (sel! >= BigInt(k) ? cases[k - 1]! : cases[Number(sel)]!),
      })),
    // Two-way muxes are masks, not branches, in code whose inputs change
    // every cycle (ExprCtx.maskSelect): 1-bit selects and wider ones.
    mux2: fc.tuple(fc.constantFrom(1, 2, 3, 32, 33), width).map(([ws, w]) => ({
      widths: [ws, w, w],
      build: (_m, [sel, a, b]) => ({ body: { op: 'mux', sel: sel!, cases: [a!, b!] }, width: w }),
      ref: ([sel, a, b]) => (sel === 0n ? a! : b!),
    })),
    const: width.chain((w) => value(w).map((v) => ({
      widths: [],
      build: (m: IrBuilder) => ({ body: { op: 'wire', a: m.const(v, w) } as NodeBody, width: w }),
      ref: () => v,
    }))),
  };
}

/** Top with inputs i0.., the node under test `y`, and a register `q <= y`.
 *  Two consumers read `y` as the generated code holds it, not as a peek
 *  reads it back from the state arrays: `same = (y == e)` with input `e`
 *  poked to the expected value, and `neg = y <s 0`. A limb or word kept in
 *  another form than its consumers assume (an unsigned 32-bit limb where
 *  compares expect int32) fails these while `y` itself reads back right. */
function harness(c: Case, transform: (d: Design) => Design) {
  const m = new IrBuilder('Top');
  const ins = c.widths.map((w, i) => m.input(`i${i}`, w));
  const { body, width: w } = c.build(m, ins);
  const y = m.node(body, w, 'y');
  m.output('y', y);
  m.output('same', m.node({ op: 'eq', a: y, b: m.input('e', w) }, 1, 'same'));
  m.output('neg', m.node({ op: 'lts', a: y, b: m.const(0n, w) }, 1, 'neg'));
  const q = m.reg(w, 'q', null);
  m.setD(q, y);
  return createSimulator(transform(designOf(m.build())));
}

function check(cases: Record<string, Gen>, name: string, numRuns: number, transform: (d: Design) => Design = (d) => d): void {
  const arb = cases[name]!.chain((c) =>
    fc.tuple(fc.constant(c), fc.array(fc.tuple(...(c.values ?? c.widths.map(value))), { minLength: 1, maxLength: 6 })),
  );
  fc.assert(
    fc.property(arb, ([c, vectors]) => {
      const sim = harness(c, transform);
      for (const vals of vectors) {
        vals.forEach((v, i) => sim.poke(`i${i}`, v));
        const want = c.ref(vals);
        const w = sim.signals().find((x) => x.path === 'Top.y')!.width;
        sim.poke('e', want);
        expect(sim.peek('Top.y'), `y for ${vals}`).toBe(want);
        expect(sim.peek('Top.same'), `y == e for ${vals}`).toBe(1n);
        expect(sim.peek('Top.neg'), `y <s 0 for ${vals}`).toBe(want >> BigInt(w - 1));
        // Poking again leaves logic unsettled, so the step runs the loop code.
        vals.forEach((v, i) => sim.poke(`i${i}`, v));
        sim.step();
        expect(sim.peek('Top.q'), `q for ${vals}`).toBe(want);
      }
    }),
    { numRuns },
  );
}

const CASES = casesOver(width);
const HUGE = casesOver(fc.constantFrom(2048, 4096));
/** Around the mid (double) storage class, 33..52 bits, and its edges. */
const MID_EDGE = [20, 26, 32, 33, 34, 40, 51, 52, 53, 54];
const MID = casesOver(fc.oneof({ arbitrary: fc.constantFrom(...MID_EDGE), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 60 }), weight: 1 }));

describe('operators against a BigInt reference', () => {
  it.each(Object.keys(CASES))('%s', (name) => check(CASES, name, 60));
});

describe('operators around the mid widths (33..52 bits)', () => {
  it.each(Object.keys(MID))('%s', (name) => check(MID, name, 80));
});

/** Around the limb storage class (53 bits and up, 32-bit limbs): one and two
 *  limbs, limb boundaries, and mixes with narrow and mid operands. */
const LIMB_EDGE = [31, 32, 33, 52, 53, 63, 64, 65, 95, 96, 97, 127, 128, 129, 160, 200];
const LIMB = casesOver(fc.oneof({ arbitrary: fc.constantFrom(...LIMB_EDGE), weight: 3 }, { arbitrary: fc.integer({ min: 53, max: 200 }), weight: 1 }));

describe('operators around the limb widths (53 bits and up)', () => {
  it.each(Object.keys(LIMB))('%s', (name) => check(LIMB, name, 80));
});

/** The library operations as the trees of adders, compares and muxes that
 *  the Verilog backend prints and the inventory prices (hdl/opt/lower.ts),
 *  simulated node by node: the same reference must hold. */
const LIBRARY = Object.keys(CASES).filter((k) => /^(popcount|prienc|arg)/.test(k));

describe('library operations lowered to their trees', () => {
  const lowered = (d: Design): Design => {
    const l = lowerDesign(d);
    expect(l.top.nodes.some(isLibraryOp), 'a library operation left after lowering').toBe(false);
    return l;
  };
  it.each(LIBRARY)('%s', (name) => check(CASES, name, 40, lowered));
  it.each(LIBRARY)('%s around the limb widths', (name) => check(LIMB, name, 20, lowered));
});

describe('operators at 2048 and 4096 bits', () => {
  it.each(Object.keys(HUGE))('%s', (name) => check(HUGE, name, 3));
});

/** Products up to 4 limbs (128 bits) are unrolled in the generated code and
 *  wider ones call a helper loop: operand pairs on both sides of that limit
 *  and of each limb count (2, 3, 4, 5 limbs of product). */
const MUL_EDGE = casesOver(fc.constantFrom(1, 16, 31, 32, 33, 52, 53, 63, 64, 65, 80, 96, 97));

describe('multiplies around the unrolled product limit (128 bits)', () => {
  it.each(['mulu', 'muls'])('%s', (name) => check(MUL_EDGE, name, 200));
});
