import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeTiming, type DelayFn, type Timing } from './critical-path.js';
import { cutWidths, type CutProfile } from './cuts.js';
import { inventory } from './inventory.js';
import { loopBound, loopStructure } from './loops.js';
import { adderChain, chainDesign, designOf, loopDesign, ModBuilder, storageModule } from './test-ir.js';

const unitDelays: DelayFn = (s) => {
  switch (s.kind) {
    case 'add':
      return 100;
    case 'xor':
      return 10;
    case 'not':
      return 5;
    case 'mux2':
      return 7;
    case 'reg':
      return s.enable ? 3 : 0;
    case 'sramread':
      return 300;
    case 'camsearch':
      return 50;
    default:
      return 1;
  }
};

describe('critical path', () => {
  it('follows a chain through two instances back to the register', () => {
    const timing = analyzeTiming(inventory(chainDesign()).graph, unitDelays);
    const p = timing.criticalPath;
    expect(p.totalPs).toBe(210);
    expect(p.steps.map((s) => [s.path, s.label, s.delayPs, s.arrivalPs])).toEqual([
      ['Chain', 'r', 0, 0],
      ['Chain.u0', 'y_sum', 100, 100],
      ['Chain.u1', 'y_sum', 100, 200],
      ['Chain', 'mixed', 10, 210],
      ['Chain', 'r', 0, 210],
    ]);
    expect(p.steps.at(-1)!.op).toBe('reg');
  });

  it('charges an N-way mux its tree depth and an enable at the register', () => {
    const b = new ModBuilder('M');
    const s = b.input('s', 3);
    const ins = [0, 1, 2, 3, 4].map((i) => b.input(`i${i}`, 8));
    const m = b.node({ op: 'mux', sel: s, cases: ins }, 8, 'm');
    const en = b.input('en', 1);
    b.reg(8, 'q', m, { en });
    const p = analyzeTiming(inventory(designOf(b.build())).graph, unitDelays).criticalPath;
    // 5 ways: 3 levels of 2:1 muxes, then the enable mux in front of q
    expect(p.totalPs).toBe(3 * 7 + 3);
    expect(p.steps.map((x) => x.label)).toEqual(['s', 'm', 'q']);
  });

  it('starts a sync read at its access time and times an async read from its address', () => {
    const p = analyzeTiming(inventory(designOf(storageModule())).graph, unitDelays).criticalPath;
    expect(p.totalPs).toBe(300);
    expect(p.steps[0]!.label).toMatch(/^rd/);
  });

  it('names the signals of a combinational loop', () => {
    const b = new ModBuilder('Loop');
    const x = b.input('x', 4);
    const a = b.node({ op: 'add', a: x, b: x }, 4, 'first');
    const c = b.node({ op: 'add', a, b: x }, 4, 'second');
    (b.nodes[a] as { b: number }).b = c;
    b.output('o', c);
    const g = inventory(designOf(b.build())).graph;
    expect(() => analyzeTiming(g, unitDelays)).toThrow(/Loop\.first -> Loop\.second|Loop\.second -> Loop\.first/);
  });

  it('rejects a delay function that returns nonsense', () => {
    expect(() => analyzeTiming(inventory(chainDesign()).graph, () => -1)).toThrow(/delay function/);
  });
});

describe('cut widths', () => {
  it('charges each cut the values crossing it, inputs and instance ports included', () => {
    const timing = analyzeTiming(inventory(chainDesign()).graph, unitDelays);
    expect(cutWidths(timing, 1)).toEqual({ stages: 1, cuts: [], totalBits: 0, byPath: {} });
    // t = 105: u0's sum (arrives 100, used at 200) and input k (used at 200, 210)
    expect(cutWidths(timing, 2).cuts).toEqual([{ timePs: 105, bits: 32 }]);
    // t = 70: r (used by u0 at 100) and k; t = 140: u0's sum and k
    expect(cutWidths(timing, 3).totalBits).toBe(64);
  });

  it('cuts a plain chain of operators once per cut, one value wide', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 8 }), (n, width, k) => {
        const timing = analyzeTiming(inventory(adderChain(n, width)).graph, unitDelays);
        expect(timing.criticalPath.totalPs).toBe(100 * n);
        expect(cutWidths(timing, k).totalBits).toBe((k - 1) * width);
      }),
    );
  });

  it('equals the cut-by-cut, node-by-node scan, instances in its order, values at the cut times included', () => {
    // The scan cutWidths replaces: every value tested at every cut.
    const scan = (timing: Timing, k: number, latest: Float64Array): CutProfile => {
      const total = timing.criticalPath.totalPs;
      const cuts: { timePs: number; bits: number }[] = [];
      const byPath: Record<string, number> = {};
      for (let i = 1; i < k; i++) {
        const t = (total * i) / k;
        let bits = 0;
        timing.graph.nodes.forEach((g, v) => {
          if (g.node.op !== 'const' && timing.arrival[v]! < t && t <= latest[v]!) {
            bits += g.node.width;
            byPath[g.path] = (byPath[g.path] ?? 0) + g.node.width;
          }
        });
        cuts.push({ timePs: t, bits });
      }
      return { stages: k, cuts, totalBits: cuts.reduce((s, c) => s + c.bits, 0), byPath };
    };
    const arbCase = fc.record({
      total: fc.constantFrom(0, 100, 210, 333.3, 1000),
      k: fc.integer({ min: 1, max: 40 }),
      nodes: fc.array(fc.record({ op: fc.constantFrom('add', 'const', 'wire'), width: fc.integer({ min: 1, max: 64 }), path: fc.constantFrom('T', 'T.a', 'T.b', 'T.a.c'), a: fc.nat(40), l: fc.integer({ min: -1, max: 40 }), exact: fc.boolean() }), { maxLength: 60 }),
    });
    type CaseNode = { op: string; width: number; path: string; a: number; l: number; exact: boolean };
    const check = (total: number, k: number, nodes: readonly CaseNode[]): void => {
      // Arrivals and consumers on the cut times themselves (exact) or between them.
      const at = (x: number, exact: boolean): number => (exact ? (total * x) / 40 : (total * (x + 0.37)) / 40);
      const timing = {
        graph: { nodes: nodes.map((n) => ({ node: { op: n.op, width: n.width }, path: n.path, preds: [] })) },
        arrival: Float64Array.from(nodes, (n) => at(n.a, n.exact)),
        order: new Int32Array(0),
        criticalPath: { totalPs: total, steps: [] },
      } as unknown as Timing;
      const latest = Float64Array.from(nodes, (n) => (n.l < 0 ? -Infinity : at(n.l, !n.exact)));
      const got = cutWidths(timing, k, latest);
      const want = scan(timing, k, latest);
      expect(got).toEqual(want);
      expect(Object.keys(got.byPath)).toEqual(Object.keys(want.byPath));
    };
    // T.a's first value crosses only the second cut; T.b then holds one at
    // the first, before T.a's second value does: T.b comes first.
    const v = (path: string, a: number, l: number): CaseNode => ({ op: 'add', width: 8, path, a, l, exact: false });
    check(100, 3, [v('T.a', 20, 30), v('T.b', 5, 15), v('T.a', 5, 15)]);
    fc.assert(
      fc.property(arbCase, ({ total, k, nodes }) => check(total, k, nodes)),
      { numRuns: 300 },
    );
  });

  it('rejects a stage count that is not a positive integer', () => {
    const timing = analyzeTiming(inventory(chainDesign()).graph, unitDelays);
    expect(() => cutWidths(timing, 0)).toThrow(/stages/);
    expect(() => cutWidths(timing, 1.5)).toThrow(/stages/);
  });
});

describe('loops through state', () => {
  it('bounds the clock by the path inside the loop, not by the feed-forward tail', () => {
    const inv = inventory(loopDesign(2, 5, 16));
    const timing = analyzeTiming(inv.graph, unitDelays);
    expect(timing.criticalPath.totalPs).toBe(500);
    const loop = loopBound(inv.graph, timing.order, unitDelays);
    expect(loop.delayPs).toBe(200);
    expect(loop.at).toBe('Loop.cnt');
    expect(loop.statesInLoops).toBe(1);
  });

  it('finds loops through instances, and none in a feed-forward chain', () => {
    const chain = inventory(chainDesign());
    const t = analyzeTiming(chain.graph, unitDelays);
    expect(loopBound(chain.graph, t.order, unitDelays).delayPs).toBe(t.criticalPath.totalPs);
    const ff = inventory(adderChain(4, 8));
    expect(loopBound(ff.graph, analyzeTiming(ff.graph, unitDelays).order, unitDelays).delayPs).toBe(0);
  });

  it('keeps loops apart beyond 32 states and 32 loops (the bit sets span words)', () => {
    // 70 counters: counter i loops through (i % 4) + 1 adders and feeds a
    // feed-forward tail; counters 40.. also feed the next counter's adder
    // chain, which joins nothing into a loop (no path back), except
    // counters 66 and 67, which read each other: one loop of two states.
    const b = new ModBuilder('Many');
    const regs: number[] = [];
    for (let i = 0; i < 70; i++) regs.push(b.reg(8, `c${i}`, null));
    const loopAdds: number[] = [];
    for (let i = 0; i < 70; i++) {
      let v = regs[i]!;
      const other = i === 67 ? regs[66]! : i >= 40 && i < 69 ? regs[i + 1]! : v;
      for (let k = 0; k <= i % 4; k++) {
        v = b.node({ op: 'add', a: v, b: k === 0 ? other : v }, 8, `c${i}_l${k}`);
        loopAdds.push(v);
      }
      b.setD(regs[i]!, v);
      b.output(`y${i}`, b.node({ op: 'add', a: regs[i]!, b: regs[i]! }, 8, `c${i}_tail`));
    }
    // A register that loads itself is a loop of its own, with no logic on it.
    const hold = b.reg(8, 'hold', null);
    b.setD(hold, hold);
    b.output('held', hold);
    const inv = inventory(designOf(b.build()));
    const timing = analyzeTiming(inv.graph, unitDelays);
    const ls = loopStructure(inv.graph, timing.order);
    const loopStates = 71;
    expect(ls.inLoop.reduce((a, x) => a + x, 0)).toBe(loopStates);
    expect(ls.loopComps.length).toBe(70);
    const onLoop = inv.graph.nodes.filter((_, v) => ls.onLoop[v]).map((g) => g.label);
    expect(onLoop.filter((l) => l.endsWith('_tail'))).toEqual([]);
    expect(onLoop.filter((l) => /_l\d$/.test(l)).length).toBe(loopAdds.length);
    // Every loop lists its own states' adders, in topological order.
    const labels = ls.loopNodes.map((ns) => [...ns].map((v) => inv.graph.nodes[v]!.label));
    expect(labels.find((l) => l.includes('c66_l0'))!.some((x) => x.startsWith('c67_'))).toBe(true);
    expect(labels.find((l) => l.includes('c5_l0'))).toEqual(['c5', 'c5_l0', 'c5_l1']);
    expect(labels).toContainEqual(['hold']);
    const loop = loopBound(inv.graph, timing.order, unitDelays);
    expect(loop.delayPs).toBe(400);
    expect(loop.at).toBe('Many.c3');
    expect(loop.statesInLoops).toBe(loopStates);
  });

  it('does not count a register\'s enable as feedback: a stall freezes the state', () => {
    const b = new ModBuilder('Held');
    const x = b.input('x', 8);
    const stall = b.input('stall', 1);
    const sum = b.node({ op: 'add', a: x, b: x }, 8, 'sum');
    // r loads x + x unless stalled; the stall depends on r itself
    const busy = b.node({ op: 'redor', a: stall }, 1, 'busy');
    const r = b.reg(8, 'r', sum, { en: busy });
    const full = b.node({ op: 'redor', a: r }, 1, 'full');
    b.nodes[busy] = { ...b.nodes[busy]!, a: full } as (typeof b.nodes)[number];
    b.output('y', r);
    const inv = inventory(designOf(b.build()));
    expect(loopBound(inv.graph, analyzeTiming(inv.graph, unitDelays).order, unitDelays).delayPs).toBe(0);
  });

  it('reads a hold mux (when(c) { r := x }) as an enable, but a counter under when stays a loop', () => {
    // r := busy ? x + x : r, where busy depends on r: the same stall as above, written with when().
    const held = new ModBuilder('HeldMux');
    const x = held.input('x', 8);
    const sum = held.node({ op: 'add', a: x, b: x }, 8, 'sum');
    const r = held.reg(8, 'r', null);
    const full = held.node({ op: 'redor', a: r }, 1, 'full');
    const next = held.node({ op: 'mux', sel: full, cases: [r, sum] }, 8, 'next');
    held.nodes[r] = { ...held.nodes[r]!, d: next } as (typeof held.nodes)[number];
    held.output('y', r);
    const hi = inventory(designOf(held.build()));
    expect(loopBound(hi.graph, analyzeTiming(hi.graph, unitDelays).order, unitDelays).delayPs).toBe(0);

    // cnt := en ? cnt + 1 : cnt: what is loaded depends on cnt, so the add is on the loop.
    const ctr = new ModBuilder('Ctr');
    const en = ctr.input('en', 1);
    const one = ctr.const(1, 8);
    const cnt = ctr.reg(8, 'cnt', null);
    const inc = ctr.node({ op: 'add', a: cnt, b: one }, 8, 'inc');
    const d = ctr.node({ op: 'mux', sel: en, cases: [cnt, inc] }, 8, 'd');
    ctr.nodes[cnt] = { ...ctr.nodes[cnt]!, d } as (typeof ctr.nodes)[number];
    ctr.output('q', cnt);
    const ci = inventory(designOf(ctr.build()));
    const loop = loopBound(ci.graph, analyzeTiming(ci.graph, unitDelays).order, unitDelays);
    expect(loop.delayPs).toBe(100);
    expect(loop.at).toBe('Ctr.cnt');
  });
});
