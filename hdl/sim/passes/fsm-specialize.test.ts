// The FSM specialisation on small netlists: which registers count as a
// control FSM's state, what a copy per state folds, what it must leave
// alone, and that the switched code matches the reference simulator.
import { describe, expect, it } from 'vitest';
import { flatten } from '../../flatten.js';
import type { ModuleIR, NodeId } from '../../ir.js';
import type { SimNode } from '../netlist.js';
import { findFsmState, specializeFsm, type FoldStats } from './fsm-specialize.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { RefSim } from '../testing/ref.js';
import { rng } from '../testing/random.js';
import { createSimulator, type CompileOptions } from '../index.js';

const netOf = (mod: ModuleIR) => flatten(designOf(mod));

/** A 3-state sequencer: state 0 waits for `go`, 1 counts `cnt` up to 5,
 *  2 drains for one cycle. `cnt`'s next value is a mux chain on the state
 *  compares; `busy` ANDs a compare with an input. */
function sequencer(opts: { stateBits?: number; k1?: number; oneCompare?: boolean; compareWith?: 'const' | 'reg' | 'input' } = {}): ModuleIR {
  const sb = opts.stateBits ?? 2;
  const m = new IrBuilder('Top');
  const go = m.input('go', 1);
  const x = m.input('x', 8);
  const state = m.reg(sb, 'state', 0);
  const other = m.reg(sb, 'other', 1);
  const k = (v: number): NodeId => m.const(v, sb);
  const lhs = opts.compareWith === 'input' ? m.input('s', sb) : state;
  const rhs = (v: number): NodeId => (opts.compareWith === 'reg' ? other : k(v));
  const is0 = m.node({ op: 'eq', a: lhs, b: rhs(0) }, 1);
  const is1 = opts.oneCompare ? is0 : m.node({ op: 'eq', a: rhs(opts.k1 ?? 1), b: m.node({ op: 'wire', a: lhs }, sb) }, 1);
  const not2 = m.node({ op: 'ne', a: lhs, b: rhs(2) }, 1);
  const cnt = m.reg(8, 'cnt', 0);
  const done = m.node({ op: 'eq', a: cnt, b: m.const(5, 8) }, 1);
  const inc = m.node({ op: 'add', a: cnt, b: m.const(1, 8) }, 8);
  const cntNext = m.node({ op: 'mux', sel: is0, cases: [m.node({ op: 'mux', sel: is1, cases: [cnt, inc] }, 8), x] }, 8);
  m.setD(cnt, cntNext);
  const from0 = m.node({ op: 'mux', sel: go, cases: [k(0), k(1)] }, sb);
  const from1 = m.node({ op: 'mux', sel: done, cases: [k(1), k(2)] }, sb);
  const stateNext = m.node({ op: 'mux', sel: is0, cases: [m.node({ op: 'mux', sel: is1, cases: [m.node({ op: 'mux', sel: not2, cases: [k(0), state] }, sb), from1] }, sb), from0] }, sb);
  m.setD(state, stateNext);
  m.setD(other, m.node({ op: 'xor', a: other, b: m.node({ op: 'slice', a: x, lo: 0 }, sb) }, sb));
  m.output('busy', m.node({ op: 'and', a: m.node({ op: 'not', a: is0 }, 1), b: go }, 1));
  m.output('cnt', cnt);
  m.output('state', state);
  return m.build();
}

function matchesReference(mod: ModuleIR, cycles: number, seed: number): void {
  const shapes: CompileOptions[] = [{}, { observe: 'ports' }, { loopMode: 'never', chunkSize: 3, maxFunctionSource: 1 }];
  const ins = mod.ports.filter((p) => p.dir === 'in');
  const outs = mod.ports.filter((p) => p.dir === 'out');
  for (const opts of shapes) {
    const sim = createSimulator(designOf(mod), opts);
    const ref = new RefSim(mod);
    const r = rng(seed);
    sim.reset();
    ref.reset = true;
    ref.edge();
    ref.reset = false;
    for (let c = 0; c < cycles; c++) {
      for (const p of ins) {
        const v = BigInt(Math.floor(r() * 2 ** p.width));
        sim.poke(`Top.${p.name}`, v);
        ref.poke(p.name, v);
      }
      for (const p of outs) expect(sim.peek(`Top.${p.name}`), `${p.name} at ${c} (${JSON.stringify(opts)})`).toBe(ref.value(p.node));
      const k = r() < 0.3 ? 4 : 1;
      sim.step(k);
      for (let i = 0; i < k; i++) ref.edge();
    }
    // And through runBatch: the same outputs as the reference cycle by cycle.
    const n = 40;
    const inputs: Record<string, Uint32Array> = {};
    for (const p of ins) inputs[`Top.${p.name}`] = Uint32Array.from({ length: n }, () => Math.floor(r() * 2 ** p.width));
    const got = sim.runBatch(inputs, n, outs.map((p) => `Top.${p.name}`));
    for (let c = 0; c < n; c++) {
      for (const p of ins) ref.poke(p.name, BigInt(inputs[`Top.${p.name}`]![c]!));
      for (const p of outs) expect(BigInt(got[`Top.${p.name}`]![c]!), `batched ${p.name} at ${c}`).toBe(ref.value(p.node));
      ref.edge();
    }
  }
}

const opOf = (nodes: readonly SimNode[], id: NodeId): string => nodes[id]!.op;

describe('findFsmState', () => {
  it('finds a narrow register compared with several constants, through wires and on either side', () => {
    const net = netOf(sequencer());
    const fsm = findFsmState(net);
    expect(fsm).not.toBeNull();
    expect(net.nodes[fsm!.reg]!.name).toBe('Top.state');
    expect(fsm!.values).toEqual([0, 1, 2]);
    expect(fsm!.covered).toBe(false);
  });

  it('a 2-bit register compared with all four values has no default case', () => {
    const m = new IrBuilder('Top');
    const go = m.input('go', 1);
    const s = m.reg(2, 's', 0);
    const hits = [0, 1, 2, 3].map((v) => m.node({ op: 'eq', a: s, b: m.const(v, 2) }, 1));
    m.setD(s, m.node({ op: 'mux', sel: go, cases: [s, m.node({ op: 'add', a: s, b: m.const(1, 2) }, 2)] }, 2));
    m.output('y', m.node({ op: 'concat', parts: hits }, 4));
    expect(findFsmState(netOf(m.build()))?.covered).toBe(true);
  });

  it('a register that never holds (a counter) is not a state, however decoded', () => {
    const m = new IrBuilder('Top');
    const go = m.input('go', 1);
    const s = m.reg(2, 's', 0);
    const hits = [0, 1, 2, 3].map((v) => m.node({ op: 'eq', a: s, b: m.const(v, 2) }, 1));
    const inc = m.node({ op: 'add', a: s, b: m.const(1, 2) }, 2);
    m.setD(s, m.node({ op: 'mux', sel: go, cases: [inc, m.node({ op: 'sub', a: s, b: m.const(1, 2) }, 2)] }, 2));
    m.output('y', m.node({ op: 'concat', parts: hits }, 4));
    expect(findFsmState(netOf(m.build()))).toBeNull();
    // The same counter with an enable holds while it is low: a state.
    const e = new IrBuilder('Top');
    const en = e.input('en', 1);
    const t = e.reg(2, 't', 0, en);
    const hits2 = [0, 1, 2, 3].map((v) => e.node({ op: 'eq', a: t, b: e.const(v, 2) }, 1));
    e.setD(t, e.node({ op: 'add', a: t, b: e.const(1, 2) }, 2));
    e.output('y', e.node({ op: 'concat', parts: hits2 }, 4));
    expect(findFsmState(netOf(e.build()))).not.toBeNull();
  });

  it('near misses: a 4-bit register, one compared constant, a register or an input instead of a constant', () => {
    expect(findFsmState(netOf(sequencer({ stateBits: 4 })))).toBeNull();
    expect(findFsmState(netOf(sequencer({ compareWith: 'reg' })))).toBeNull();
    expect(findFsmState(netOf(sequencer({ compareWith: 'input' })))).toBeNull();
    // One distinct constant, compared twice, is not a state machine.
    const m = new IrBuilder('Top');
    const s = m.reg(2, 's', 0);
    const a = m.node({ op: 'eq', a: s, b: m.const(1, 2) }, 1);
    const b = m.node({ op: 'ne', a: m.const(1, 2), b: s }, 1);
    m.setD(s, m.node({ op: 'mux', sel: a, cases: [s, m.node({ op: 'add', a: s, b: m.const(1, 2) }, 2)] }, 2));
    m.output('y', m.node({ op: 'xor', a, b }, 1));
    expect(findFsmState(netOf(m.build()))).toBeNull();
  });
});

describe('specializeFsm', () => {
  it('in each state folds the compares, the muxes they select and the AND they gate', () => {
    const net = netOf(sequencer());
    const fsm = findFsmState(net)!;
    const byName = (n: string): NodeId => net.nodes.findIndex((x) => x.name === n);
    const cntD = net.nodes[byName('Top.cnt')]!;
    const stateD = net.nodes[byName('Top.state')]!;
    if (cntD.op !== 'reg' || stateD.op !== 'reg') throw new Error('sequencer: cnt and state are registers');
    for (const value of [0, 1, 2, null]) {
      const stats: FoldStats = { consts: 0, wires: 0 };
      const k = specializeFsm(net, fsm, value, stats);
      expect(k).not.toBe(net);
      expect(stats.consts).toBeGreaterThanOrEqual(3);
      // cnt's next value no longer depends on a mux of the state.
      expect(opOf(k.nodes, cntD.d)).toBe('wire');
      expect(opOf(net.nodes, cntD.d)).toBe('mux');
      // The original netlist is untouched.
      expect(net.nodes.filter((n) => n.op === 'eq' || n.op === 'ne').length).toBeGreaterThanOrEqual(4);
    }
    // State 2: stateNext = mux(not2 = 0) -> constant 0.
    const two = specializeFsm(net, fsm, 2);
    expect(two.nodes[stateD.d]).toMatchObject({ op: 'const', value: 0n });
  });

  it('leaves logic that never depended on the state register alone', () => {
    // A mux on a constant select, an AND with all ones and a compare of an
    // input with a constant: foldable in principle, but not decided by the
    // state, so (loop-invariant logic keeps its node) not rewritten.
    const m = new IrBuilder('Top');
    const x = m.input('x', 4);
    const s = m.reg(2, 's', 0);
    const c0 = m.node({ op: 'eq', a: s, b: m.const(0, 2) }, 1);
    const c1 = m.node({ op: 'eq', a: s, b: m.const(1, 2) }, 1);
    const fixedMux = m.node({ op: 'mux', sel: m.const(1, 1), cases: [x, m.node({ op: 'not', a: x }, 4)] }, 4);
    const andOnes = m.node({ op: 'and', a: x, b: m.const(15, 4) }, 4);
    const inCmp = m.node({ op: 'eq', a: x, b: m.const(3, 4) }, 1);
    // A mux on a concat of compares: only not/and/or/xor/mux fold, so its
    // select stays unknown and the mux stays.
    const wide = m.node({ op: 'mux', sel: m.node({ op: 'concat', parts: [c1, c0] }, 2), cases: [x, andOnes] }, 4);
    m.setD(s, m.node({ op: 'mux', sel: inCmp, cases: [s, m.const(2, 2)] }, 2));
    m.output('a', fixedMux);
    m.output('b', andOnes);
    m.output('c', m.node({ op: 'or', a: c0, b: c1 }, 1));
    m.output('d', wide);
    const net = netOf(m.build());
    const fsm = findFsmState(net)!;
    const k = specializeFsm(net, fsm, 0);
    for (const id of [fixedMux, andOnes, inCmp, wide]) expect(k.nodes[id], `node ${id}`).toBe(net.nodes[id]);
    expect(() => specializeFsm(net, fsm, 3)).toThrow(/not a compared value/);
  });

  it('the switched code is generated for each code path and matches the reference', () => {
    const mod = sequencer();
    const sim = createSimulator(designOf(mod));
    sim.runBatch({ 'Top.go': new Uint32Array(1), 'Top.x': new Uint32Array(1) }, 1, ['Top.cnt']);
    // The run(n) loop, settlePorts, the edge and the batch loop each switch
    // on the state.
    expect(sim.compiled.sources.filter((s) => /switch \((v\d+|N\[\d+\])\)/.test(s)).length).toBe(4);
    for (const seed of [1, 2, 3]) matchesReference(mod, 60, seed);
    matchesReference(sequencer({ stateBits: 3, k1: 5 }), 60, 4);
  });

  it('a scatter (passes/decoded-select.ts) in the switched code reads the same kernel in every state copy', () => {
    // The sequencer plus a compaction network whose slots the state gates:
    // slot k = OR_i (e_i & p_i == k ? d ^ i : 0), and the slots ANDed with
    // `state == 1`. The scatter's placeholder node must keep its kernel in
    // each state's copy of the netlist, or it compiles as a plain concat.
    const m = new IrBuilder('Top');
    const go = m.input('go', 1);
    const st = m.reg(2, 'state', 0, go);
    const is = (k: number): NodeId => m.node({ op: 'eq', a: st, b: m.const(k, 2) }, 1);
    m.setD(st, m.node({ op: 'mux', sel: is(2), cases: [m.node({ op: 'add', a: st, b: m.const(1, 2) }, 2), m.const(0, 2)] }, 2));
    const pos = [0, 1, 2].map((i) => m.input(`p${i}`, 2));
    const en = [0, 1, 2].map((i) => m.input(`e${i}`, 1));
    const d = m.input('d', 3);
    const ds = [0, 1, 2].map((i) => m.node({ op: 'xor', a: d, b: m.const(i + 1, 3) }, 3));
    const on = m.node({ op: 'sext', a: is(1) }, 3);
    for (let k = 0; k < 4; k++) {
      const terms = [0, 1, 2].map((i) => {
        const sel = m.node({ op: 'and', a: en[i]!, b: m.node({ op: 'eq', a: pos[i]!, b: m.const(k, 2) }, 1) }, 1);
        return m.node({ op: 'mux', sel, cases: [m.const(0, 3), ds[i]!] }, 3);
      });
      const slot = terms.slice(1).reduce((a, b) => m.node({ op: 'or', a, b }, 3), terms[0]!);
      m.output(`s${k}`, m.node({ op: 'and', a: slot, b: on }, 3));
    }
    m.output('state', st);
    const mod = m.build();
    const sim = createSimulator(designOf(mod));
    sim.runBatch({ 'Top.go': new Uint32Array(1) }, 1, ['Top.s0']);
    const src = sim.compiled.sources.join('\n');
    expect(src, 'the state switch').toMatch(/switch \(/);
    expect(src, 'the scatter into the scratch table').toMatch(/H_R\[[^\]]+\] \|=/);
    for (const seed of [5, 6]) matchesReference(mod, 80, seed);
  });
});
