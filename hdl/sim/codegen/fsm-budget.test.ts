// The source budget of the FSM switch (codegen/fsm.ts) and of the fused
// clock edge (fn.ts edgeCodeWithin): a switch stops at the first case that
// is sure to take it past its limit, and must decide exactly as writing
// every case in full and measuring it would (overLimit on the case
// lengths). The reference below does that from the unlimited source.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { NodeId } from '../../ir.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { createSimulator } from '../index.js';
import { edgeCode, edgeCodeWithin } from './fn.js';
import { emitFsmSwitch, fsmEdgeCode, fsmSlotCode } from './fsm.js';
import { assign, emitWithin, Gen, localRefOf, names } from './gen.js';
import { nodeValue } from './node.js';
import { isState } from '../passes/layout.js';
import { edgeInputs, isComputed, schedule } from '../passes/schedule.js';
import { labeler } from '../passes/labels.js';
import type { SimNetlist } from '../netlist.js';

/** A 3-state sequencer (0 waits for `go`, 1 runs until `done`, 2 drains a
 *  cycle) whose output and data register take, per state, a chain of `n`
 *  adds and xors of their own: each case of the switch keeps its chain. */
function fsmDesign(n: number) {
  const m = new IrBuilder('Top');
  const go = m.input('go', 1);
  const a = m.input('a', 16);
  const b = m.input('b', 16);
  const state = m.reg(2, 'state', 0);
  const k = (v: number): NodeId => m.const(v, 2);
  const is0 = m.node({ op: 'eq', a: state, b: k(0) }, 1);
  const is1 = m.node({ op: 'eq', a: state, b: k(1) }, 1);
  const not2 = m.node({ op: 'ne', a: state, b: k(2) }, 1);
  const chain = (seed: NodeId, ops: readonly ('add' | 'xor' | 'sub')[]): NodeId => {
    let v = seed;
    for (let i = 0; i < n; i++) v = m.node({ op: ops[i % ops.length]!, a: v, b }, 16);
    return v;
  };
  const c0 = chain(a, ['add', 'xor']);
  const c1 = chain(b, ['xor', 'sub']);
  const c2 = chain(a, ['sub', 'add']);
  const r = m.reg(16, 'r', 0);
  const data = m.node({ op: 'mux', sel: is0, cases: [m.node({ op: 'mux', sel: is1, cases: [c2, c1] }, 16), c0] }, 16);
  m.setD(r, data);
  const done = m.node({ op: 'eq', a: r, b: m.const(5, 16) }, 1);
  const from0 = m.node({ op: 'mux', sel: go, cases: [k(0), k(1)] }, 2);
  const from1 = m.node({ op: 'mux', sel: done, cases: [k(1), k(2)] }, 2);
  m.setD(state, m.node({ op: 'mux', sel: is0, cases: [m.node({ op: 'mux', sel: is1, cases: [m.node({ op: 'mux', sel: not2, cases: [k(0), state] }, 2), from1] }, 2), from0] }, 2));
  m.output('y', data);
  m.output('q', r);
  return designOf(m.build());
}

/** What overLimit (fsm.ts) decides from whole cases: per case its length
 *  plus `perCase`, from `start`; false as soon as the running length passes
 *  the limit or heads past 1.5 times it. */
function wholeCasesFit(start: number, caseLengths: readonly number[], perCase: number, limit: number): boolean {
  let length = start;
  for (const [i, len] of caseLengths.entries()) {
    length += len + perCase;
    if (length > limit || (length / (i + 1)) * caseLengths.length > 1.5 * limit) return false;
  }
  return true;
}

/** The case bodies of an unlimited switchOnSlot source: between each label line and its `break; }`. */
function caseBodies(src: string): string[] {
  const lines = src.split('\n');
  const bodies: string[] = [];
  let body: string[] | null = null;
  for (const line of lines.slice(1)) {
    if (body === null) {
      if (/^(case -?\d+|default): \{$/.test(line)) body = [];
    } else if (line === 'break; }') {
      bodies.push(body.join('\n'));
      body = null;
    } else body.push(line);
  }
  return bodies;
}

function compiled(n: number) {
  const sim = createSimulator(fsmDesign(n), { cache: false });
  const { net, lay } = sim.compiled;
  expect(net.fsm, 'the test design has an FSM the switch pass finds').toBeTruthy();
  const roots = (pred: (id: NodeId) => boolean): NodeId[] => net.nodes.map((_, id) => id).filter((id) => lay.root[id] === id && pred(id));
  const stateIds = roots((id) => isState(net, id));
  const portKeep = [...net.outputs.map((o) => o.node), ...edgeInputs(net)];
  return { net, lay, stateIds, portKeep };
}

describe('FSM switch source budget', () => {
  it('fsmSlotCode and fsmEdgeCode decide as whole cases measured would, at every limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.nat(), fc.integer({ min: -40, max: 40 }), (n, at, delta) => {
        const { net, lay, stateIds, portKeep } = compiled(n);
        const gens: [string, (limit: number) => string | null][] = [
          ['fsmSlotCode', (limit) => fsmSlotCode(net, lay, portKeep, portKeep, limit)],
          ['fsmEdgeCode', (limit) => fsmEdgeCode(net, lay, stateIds, limit)],
        ];
        for (const [what, gen] of gens) {
          const whole = gen(Infinity)!;
          const bodies = caseBodies(whole);
          expect(bodies.length, what).toBe(net.fsm!.values.length + (net.fsm!.covered ? 0 : 1));
          const header = whole.split('\n')[0]!.length;
          // Around where the running length passes a case (or the 1.5x projection of one, or the whole source):
          // where a budget off by a few characters would decide otherwise.
          const ends = bodies.map((_, j) => header + bodies.slice(0, j + 1).reduce((t, b) => t + b.length + 32, 0));
          const marks = [...ends, ...ends.map((e, j) => Math.floor((e / (j + 1)) * bodies.length / 1.5)), whole.length];
          const limit = Math.max(0, marks[at % marks.length]! + delta);
          const got = gen(limit);
          expect(got, `${what} n=${n} limit=${limit} (whole ${whole.length})`).toBe(wholeCasesFit(header, bodies.map((b) => b.length), 32, limit) ? whole : null);
        }
      }),
      { seed: 20261130, numRuns: 150 },
    );
  });

  it('emitFsmSwitch decides as whole cases measured would, and leaves nothing behind when it gives up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.nat(), fc.integer({ min: -40, max: 40 }), (n, at, delta) => {
        const { net, lay, stateIds } = compiled(n);
        const body = (texts: string[] | null) => (gk: Gen, netk: SimNetlist, rootk: Int32Array) => {
          const ids = schedule(netk, rootk, labeler(netk), edgeInputs(netk)).filter((id) => isComputed(netk.nodes[id]!));
          for (const id of ids) gk.emit(assign('const', names(netk, id), nodeValue(netk.nodes[id]!, gk.ctx)));
          for (const id of stateIds) gk.emit(assign('', names(netk, id), [gk.ctx.ref(id)]));
          texts?.push(gk.text());
        };
        const fresh = (): Gen => {
          const g = new Gen(net, lay.root, localRefOf(net));
          g.emit('let zPre = 0;');
          return g;
        };
        const texts: string[] = [];
        const full = fresh();
        expect(emitFsmSwitch(full, net, true, Infinity, body(texts))).toBe(true);
        const g = fresh();
        const before = g.text();
        const ends = texts.map((_, j) => before.length + texts.slice(0, j + 1).reduce((t, x) => t + x.length, 0));
        const marks = [...ends, ...ends.map((e, j) => Math.floor((e / (j + 1)) * texts.length / 1.5)), full.text().length];
        const limit = Math.max(0, marks[at % marks.length]! + delta);
        const fits = emitFsmSwitch(g, net, true, limit, body(null));
        // The cases as overLimit measures them, then the whole switch against the limit.
        expect(fits, `n=${n} limit=${limit}`).toBe(wholeCasesFit(before.length, texts.map((t) => t.length), 0, limit) && full.text().length <= limit);
        expect(g.text()).toBe(fits ? full.text() : before);
      }),
      { seed: 20261131, numRuns: 150 },
    );
  });

  it('edgeCodeWithin gives the whole edge or null, null only when the edge is longer than the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: -60, max: 60 }), (n, delta) => {
        const { net, lay, stateIds } = compiled(n);
        const whole = edgeCode(net, lay, stateIds);
        const limit = whole.length + delta;
        const got = edgeCodeWithin(net, lay, stateIds, limit);
        if (got === null) expect(whole.length).toBeGreaterThan(limit);
        else expect(got).toBe(whole);
      }),
      { seed: 20261132, numRuns: 150 },
    );
    // Far below its length it stops early.
    const { net, lay, stateIds } = compiled(30);
    expect(edgeCodeWithin(net, lay, stateIds, 10)).toBeNull();
  });

  it('one budget at a time on a Gen: a nested emitWithin is an internal error', () => {
    const { net, lay } = compiled(2);
    const g = new Gen(net, lay.root, () => 'x');
    expect(() => emitWithin(g, 1000, () => emitWithin(g, 500, () => g.emit('const a = 1;')))).toThrow(/budget of 500 characters set inside one of 1000/);
    // The outer budget is lifted after the failure.
    for (let i = 0; i < 200; i++) g.emit(`const b${i} = 2;`);
  });
});

describe('the run(n) loop of a design with an FSM', () => {
  it('keeps the switch: past the switched loop\'s limit, the switched functions per cycle, not a loop without the switch', () => {
    const n = 12;
    const ref = createSimulator(fsmDesign(n), { cache: false });
    const cycles = 300;
    const drive = (sim: ReturnType<typeof createSimulator>): bigint[] => {
      // Inputs held for each step(n), as a testbench stepping phases does.
      const seen: bigint[] = [];
      sim.reset();
      for (const [go, a, b, len] of [[1, 3, 7, 40], [0, 9, 2, 70], [1, 5, 5, 90], [1, 0, 1, 100]] as const) {
        sim.poke('Top.go', go);
        sim.poke('Top.a', a);
        sim.poke('Top.b', b);
        sim.step(len);
        seen.push(sim.peek('Top.q'), sim.peek('Top.y'));
      }
      return seen;
    };
    const want = drive(ref);
    expect(ref.cycle).toBeGreaterThan(cycles);
    let perCycleSwitched = 0;
    for (let limit = 400; limit <= 12_000; limit += 200) {
      const sim = createSimulator(fsmDesign(n), { cache: false, maxFunctionSource: limit });
      expect(drive(sim), `limit ${limit}`).toEqual(want);
      const switchedFns = sim.compiled.sources.some((s) => s.includes('switch ('));
      const loop = sim.compiled.loopMode;
      // A loop is switched itself, or the design's code has no switch at all.
      if (loop && switchedFns) {
        const loopSrc = sim.compiled.sources.find((s) => s.includes('for (let c = 0; c < n; c++)'));
        expect(loopSrc, `limit ${limit}: the run loop`).toBeDefined();
        expect(loopSrc!.includes('switch ('), `limit ${limit}: a run loop without the switch beside switched functions`).toBe(true);
      }
      if (!loop && switchedFns) perCycleSwitched++;
    }
    // Some limits fit the switched functions but not the switched loop.
    expect(perCycleSwitched).toBeGreaterThan(0);
    // loopMode 'always' still gets one loop, switched or not.
    const always = createSimulator(fsmDesign(n), { cache: false, maxFunctionSource: 2000, loopMode: 'always' });
    expect(drive(always)).toEqual(want);
    expect(always.compiled.loopMode).toBe(true);
  });
});
