// Mid values built from narrow ones are also computed as two int32 words
// when a narrow slice reads them (codegen/words.ts), and sums, differences,
// signed products and low slices keep their unreduced forms for the readers
// that need no reduction (codegen/unreduced.ts). Random chains of those
// operators (zext, sext, concat, add, sub, and, or, xor, not, mid slices,
// wires, products), over narrow inputs and mid ones that exist only as
// doubles, are checked against BigInt at widths 32..53: every narrow slice
// of every mid node at the word boundary (bits 31..33) and elsewhere, and
// its zero test, peeked (slot code), through registers after a step (the
// loop code) and by runBatch.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { NodeId } from '../../ir.js';
import { designOf, IrBuilder, type NodeBody } from '../testing/ir.js';
import { createSimulator, type CompileOptions } from '../index.js';

/** The loop code, and chunk functions so small that most producers' words
 *  would come from another function (where they must not be used). */
const SHAPES: [string, CompileOptions][] = [
  ['loop mode', {}],
  ['slot mode, tiny chunks', { loopMode: 'never', chunkSize: 3, maxFunctionSource: 1 }],
];

const ones = (w: number): bigint => (1n << BigInt(w)) - 1n;
const signed = (v: bigint, w: number): bigint => (v >> BigInt(w - 1) === 1n ? v - (1n << BigInt(w)) : v);

interface Val {
  id: NodeId;
  w: number;
  ref: (env: bigint[]) => bigint;
}

/** Small deterministic PRNG (mulberry32): the circuit comes from the seed. */
function rng(seed: number): (n: number) => number {
  let s = seed | 0;
  return (n) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n) | 0;
  };
}

/** Narrow inputs, and two mid ones (values that exist only as doubles). */
const INPUT_WIDTHS = [1, 7, 20, 31, 32, 32, 40, 52];
const MID_LO = 33;
const MID_HI = 52;

/** A random circuit over narrow inputs; outputs are narrow slices of its
 *  mid nodes (each also registered) and the widest mid node in full. */
function circuit(seed: number, steps: number) {
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[r(xs.length)]!;
  const m = new IrBuilder('Top');
  const pool: Val[] = INPUT_WIDTHS.map((w, i) => ({ id: m.input(`i${i}`, w), w, ref: (env) => env[i]! }));
  const node = (body: NodeBody, w: number, ref: Val['ref']): Val => {
    const v = { id: m.node(body, w), w, ref };
    pool.push(v);
    return v;
  };
  const mids = (): Val[] => pool.filter((v) => v.w >= MID_LO && v.w <= MID_HI);
  const upTo = (w: number): Val[] => pool.filter((v) => v.w <= w);
  const widen = (a: Val, w: number): Val => (a.w === w ? a : node({ op: 'zext', a: a.id }, w, a.ref));
  const k = m.const(0xabcdef12345n & ones(45), 45);
  pool.push({ id: k, w: 45, ref: () => 0xabcdef12345n & ones(45) });
  for (let s = 0; s < steps; s++) {
    const op = pick(['zext', 'sext', 'concat', 'add', 'sub', 'and', 'or', 'xor', 'not', 'slice', 'mulu', 'muls', 'wire', 'add', 'sub', 'narrow', 'narrow']);
    const ms = mids();
    if (op === 'zext' || op === 'sext') {
      const a = pick(upTo(MID_HI));
      const w = Math.max(MID_LO, a.w) + r(MID_HI - Math.max(MID_LO, a.w) + 1);
      node({ op, a: a.id }, w, op === 'zext' ? a.ref : (env) => signed(a.ref(env), a.w) & ones(w));
    } else if (op === 'concat') {
      const parts = [pick(pool), pick(pool), ...(r(2) === 0 ? [pick(pool)] : [])];
      const w = parts.reduce((t, p) => t + p.w, 0);
      if (w < MID_LO || w > MID_HI) continue;
      node({ op: 'concat', parts: parts.map((p) => p.id) }, w, (env) => parts.reduce((acc, p) => (acc << BigInt(p.w)) | p.ref(env), 0n));
    } else if (op === 'narrow') {
      // A computed narrow value (operand slots that chunk functions may
      // not store): the sum of a narrow slice of anything and an input.
      const a = pick(pool);
      const w = 1 + r(Math.min(32, a.w));
      const lo = r(a.w - w + 1);
      const s = node({ op: 'slice', a: a.id, lo }, w, (env) => (a.ref(env) >> BigInt(lo)) & ones(w));
      const b = widen(pick(upTo(w)), w);
      node({ op: 'add', a: s.id, b: b.id }, w, (env) => (s.ref(env) + b.ref(env)) & ones(w));
    } else if (op === 'mulu' || op === 'muls') {
      // A product: a mid value that exists only as a double (signed: one
      // whose unreduced form is negative half the time).
      const a = pick(upTo(26));
      const b = pick(upTo(26));
      const w = a.w + b.w;
      if (w < MID_LO) continue;
      const ref: Val['ref'] =
        op === 'mulu' ? (env) => a.ref(env) * b.ref(env) : (env) => (signed(a.ref(env), a.w) * signed(b.ref(env), b.w)) & ones(w);
      node({ op, a: a.id, b: b.id }, w, ref);
    } else if (ms.length === 0) {
      continue;
    } else if (op === 'not' || op === 'wire') {
      const a = pick(ms);
      node({ op, a: a.id }, a.w, op === 'not' ? (env) => ones(a.w) - a.ref(env) : a.ref);
    } else if (op === 'slice') {
      const a = pick(ms);
      if (a.w === MID_LO) continue;
      const w = MID_LO + r(a.w - MID_LO);
      const lo = r(2) === 0 ? 0 : r(a.w - w + 1);
      node({ op: 'slice', a: a.id, lo }, w, (env) => (a.ref(env) >> BigInt(lo)) & ones(w));
    } else {
      const a = pick(ms);
      const b = widen(pick(upTo(a.w)), a.w);
      const f: Record<string, (x: bigint, y: bigint) => bigint> = {
        add: (x, y) => (x + y) & ones(a.w),
        sub: (x, y) => (x - y) & ones(a.w),
        and: (x, y) => x & y,
        or: (x, y) => x | y,
        xor: (x, y) => x ^ y,
      };
      const [x, y] = r(2) === 0 ? [a, b] : [b, a];
      node({ op, a: x.id, b: y.id } as NodeBody, a.w, (env) => f[op]!(x.ref(env), y.ref(env)));
    }
  }
  const outs: Val[] = [];
  for (const a of mids()) {
    for (const [lo, w] of [[0, 32], [31, 2], [32, 1], [a.w - 32, 32], [r(a.w), 1 + r(32)]] as [number, number][]) {
      const k = Math.min(w, a.w - lo);
      if (k < 1) continue;
      outs.push({ id: m.node({ op: 'slice', a: a.id, lo }, k), w: k, ref: (env) => (a.ref(env) >> BigInt(lo)) & ones(k) });
    }
  }
  for (const a of mids()) {
    outs.push({ id: m.node({ op: 'redor', a: a.id }, 1), w: 1, ref: (env) => (a.ref(env) !== 0n ? 1n : 0n) });
  }
  const widest = mids().sort((p, q) => q.w - p.w)[0];
  if (widest !== undefined) outs.push(widest);
  outs.forEach((o, i) => {
    m.output(`y${i}`, o.id);
    const q = m.reg(o.w, `q${i}`, null);
    m.setD(q, o.id);
  });
  return { design: designOf(m.build()), outs };
}

const inputValue = (w: number): fc.Arbitrary<bigint> =>
  fc.oneof(fc.bigInt({ min: 0n, max: ones(w) }), fc.constantFrom(0n, 1n, ones(w), 1n << BigInt(w - 1), ones(w) - 1n));
const vectors = fc.array(fc.tuple(...INPUT_WIDTHS.map(inputValue)), { minLength: 1, maxLength: 5 });

describe.each(SHAPES)('mid values computed as int32 words, %s', (_shape, opts) => {
  it('random chains from narrow inputs match BigInt (peek, step, runBatch)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 4, max: 24 }), vectors, (seed, steps, vecs) => {
        const { design, outs } = circuit(seed, steps);
        const sim = createSimulator(design, opts);
        const batch = createSimulator(design, opts);
        const cols = INPUT_WIDTHS.map((w) => new Uint32Array(vecs.length * (w > 32 ? 2 : 1)));
        vecs.forEach((env, c) => {
          env.forEach((v, i) => {
            const per = INPUT_WIDTHS[i]! > 32 ? 2 : 1;
            cols[i]![c * per] = Number(v & 0xffffffffn);
            if (per === 2) cols[i]![c * per + 1] = Number(v >> 32n);
          });
          env.forEach((v, i) => sim.poke(`i${i}`, v));
          outs.forEach((o, i) => expect(sim.peek(`Top.y${i}`), `seed ${seed} y${i} for ${env}`).toBe(o.ref(env)));
          env.forEach((v, i) => sim.poke(`i${i}`, v));
          sim.step();
          outs.forEach((o, i) => expect(sim.peek(`Top.q${i}`), `seed ${seed} q${i} for ${env}`).toBe(o.ref(env)));
        });
        const inputs = Object.fromEntries(cols.map((col, i) => [`Top.i${i}`, col]));
        const got = batch.runBatch(inputs, vecs.length);
        outs.forEach((o, i) => {
          const words = got[`Top.y${i}`]!;
          const per = o.w > 32 ? 2 : 1;
          vecs.forEach((env, c) => {
            const v = per === 1 ? BigInt(words[c]!) : BigInt(words[2 * c]!) | (BigInt(words[2 * c + 1]!) << 32n);
            expect(v, `seed ${seed} runBatch y${i} cycle ${c}`).toBe(o.ref(env));
          });
        });
      }),
      { numRuns: 50 },
    );
  });
});

/** Three-operand sums and differences wrap up to twice past 0 or 2^w, so
 *  their unreduced forms reach -2^(w+1) .. 3 * 2^w: every reduction form and
 *  the zero test at multiples of 2^w, over the extreme operand values. */
describe.each(SHAPES)('sums of three mid values wrapping past 2^w, %s', (_shape, opts) => {
  const CHAINS: [string, (a: bigint, b: bigint, c: bigint) => bigint, ['add' | 'sub', 'add' | 'sub']][] = [
    ['a - b - c', (a, b, c) => a - b - c, ['sub', 'sub']],
    ['a + b + c', (a, b, c) => a + b + c, ['add', 'add']],
    ['a - b + c', (a, b, c) => a - b + c, ['sub', 'add']],
    ['a + b - c', (a, b, c) => a + b - c, ['add', 'sub']],
  ];
  it.each([33, 40, 52])('width %i', (w) => {
    const m = new IrBuilder('Top');
    const [a, b, c] = ['a', 'b', 'c'].map((p) => m.input(p, w)) as [NodeId, NodeId, NodeId];
    // A signed product too, truncated to w bits, as NoBlur's edge functions are.
    const half = Math.floor(w / 2);
    const p = m.node({ op: 'muls', a: m.node({ op: 'slice', a, lo: 0 }, half), b: m.node({ op: 'slice', a: b, lo: 0 }, w - half) }, w);
    const outs: { id: NodeId; ref: (a: bigint, b: bigint, c: bigint) => bigint }[] = [];
    const readers = (s: NodeId, ref: (a: bigint, b: bigint, c: bigint) => bigint): void => {
      const v = (x: bigint, y: bigint, z: bigint): bigint => BigInt.asUintN(w, ref(x, y, z));
      outs.push({ id: s, ref: v });
      outs.push({ id: m.node({ op: 'redor', a: s }, 1), ref: (x, y, z) => (v(x, y, z) !== 0n ? 1n : 0n) });
      outs.push({ id: m.node({ op: 'slice', a: s, lo: w - 1 }, 1), ref: (x, y, z) => v(x, y, z) >> BigInt(w - 1) });
      outs.push({ id: m.node({ op: 'slice', a: s, lo: 0 }, 32), ref: (x, y, z) => v(x, y, z) & 0xffffffffn });
      outs.push({ id: m.node({ op: 'slice', a: s, lo: 0 }, w - 1), ref: (x, y, z) => v(x, y, z) & ones(w - 1) });
    };
    for (const [, ref, [op1, op2]] of CHAINS) {
      readers(m.node({ op: op2, a: m.node({ op: op1, a, b }, w), b: c }, w), ref);
      readers(m.node({ op: op2, a: m.node({ op: op1, a: p, b }, w), b: c }, w), (x, y, z) => {
        const prod = signed(x & ones(half), half) * signed(y & ones(w - half), w - half);
        return ref(prod, y, z);
      });
    }
    outs.forEach((o, i) => m.output(`y${i}`, o.id));
    const sim = createSimulator(designOf(m.build()), opts);
    const special = [0n, 1n, 2n, ones(w), ones(w) - 1n, 1n << BigInt(w - 1), ones(w - 1), 0xffffffffn, 1n << 32n];
    for (const x of special) {
      for (const y of special) {
        for (const z of special) {
          sim.poke('a', x);
          sim.poke('b', y);
          sim.poke('c', z);
          outs.forEach((o, i) => expect(sim.peek(`Top.y${i}`), `y${i} for ${x}, ${y}, ${z}`).toBe(o.ref(x, y, z)));
        }
      }
    }
  });
});
