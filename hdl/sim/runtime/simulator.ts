// The Simulator of api.ts over compiled code. Combinational values are settled
// lazily: pokes and edges only mark them stale, and the next peek settles
// once, so a testbench poking many inputs pays one evaluation. Peeking a
// top-level output (or a register, or an input) settles only what outputs and
// the next clock edge need, which is all a poke/peek/step loop ever reads.
import { portHandles, type PortHandles } from './ports.js';
import type { Design } from '../../ir.js';
import { flatten } from '../../flatten.js';
import type { Simulator, SignalInfo, Trace } from '../api.js';
import { BATCH_SOURCE_LIMIT, compileBatch, wordsPerCycle, type BatchArray, type BatchFn } from './batch.js';
import { compile, type Compiled, type CompileOptions } from '../compile.js';
import { instanceBlocks } from '../passes/instances.js';
import { limbsOf, storeOf } from '../passes/layout.js';
import { fromLimbs, setWord, toLimbs, wordAt } from './state.js';
import { closeMatches, selectSignals, someOf } from './select.js';
import { TraceRecorder, type TracedSlot } from './trace.js';
import { ALL, MidHandle, NarrowHandle, NONE, PORTS, type SettleOwner, type SignalHandle } from './handles.js';
import { LimbWords, NumberWords, type WordHandle } from './word-handles.js';
import { InternalError, ParamError } from '../../errors.js';
import { compileStream, STREAM_FULL, STREAM_STOPPED, type StreamFn, type StreamNodes, type StreamResult, type StreamSpec } from './stream.js';

export type { SignalHandle } from './handles.js';
export type { WordHandle } from './word-handles.js';

interface SignalEntry extends TracedSlot {
  /** The node the signal reads (runStream's code reads nodes). */
  node: number;
  pokeable: boolean;
  /** Settle level at which the slot is current: PORTS when settlePorts
   *  computes it, else ALL. */
  need: number;
}

interface BatchPort {
  e: SignalEntry;
  node: number;
  words: number;
}

interface BatchPlan {
  /** The call's input names, in order, and its `outputs` argument. */
  keys: string[];
  outputs: string[] | undefined;
  ins: BatchPort[];
  outs: BatchPort[];
  /** Result keys: `outputs`, or every top-level output's path. */
  names: string[];
  /** batchFns key: the input and output nodes. */
  fnKey: string;
  /** The arrays passed to the batch loop, refilled every call: one JS
   *  array object each, so its map never changes. (Arrays built by `map`
   *  have one map while runBatch is interpreted and another once V8
   *  optimises it: the loop, specialised on the first, deoptimised on the
   *  second and then ran as on-stack-replacement code only, ~30% slower.) */
  inArgs: BatchArray[];
  outArgs: Uint32Array[];
}

interface StreamLoop {
  fn: StreamFn;
  inArgs: BatchArray[];
  outArgs: (Int32Array | Uint32Array)[];
}

/** Cycles one runStream counts in its int32 registers. */
const MAX_STREAM_CYCLES = 2 ** 31 - 2;

interface StreamPlan {
  nodes: StreamNodes;
  /** streamFns key. */
  key: string;
  payload: { e: SignalEntry; words: number; values: BatchArray }[];
  valid: SignalEntry | null;
  sinks: { valid: SignalEntry; fields: { e: SignalEntry; words: number }[] }[];
  tallies: number;
  /** For the per-cycle loop. */
  entries: { ready: SignalEntry | null; until: SignalEntry | null; tallies: { when: SignalEntry; unless: SignalEntry | null }[] };
}

const NO_WORDS = new Uint32Array(0);

const sameList = (a: string[] | undefined, b: string[] | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));

export class CompiledSimulator<P = unknown> implements Simulator, SettleOwner {
  readonly design: Design<P>;
  readonly compiled: Compiled;
  /** compiled.edge and .settlePorts, one load away for the per-cycle path. */
  private readonly edgeFn: () => void;
  private readonly settlePortsFn: () => void;
  private readonly table = new Map<string, SignalEntry>();
  private readonly infos: SignalInfo[];
  private readonly topName: string;
  /** Paths `observe: 'ports'` compiled away, for a precise error. */
  private readonly dropped: Set<string>;
  /** NONE, PORTS or ALL; read by handles (hence not private). */
  settled = NONE;
  private cycles = 0;
  private recorder: TraceRecorder | null = null;
  private readonly opts: CompileOptions;
  /** runBatch loops by signature (input slots | output nodes); null: too
   *  large to optimise, loop per cycle. */
  private readonly batchFns = new Map<string, BatchFn | null>();
  /** The ports of the last runBatch call, resolved. */
  private batchPlan: BatchPlan | null = null;
  /** runStream loops by the nodes they drive and read, with the argument
   *  arrays passed to them. */
  private readonly streamFns = new Map<string, StreamLoop>();

  constructor(design: Design<P>, opts: CompileOptions = {}) {
    this.design = design;
    this.opts = opts;
    const full = flatten(design);
    this.compiled = compile(full, opts, opts.kernels === true ? instanceBlocks(design) : undefined);
    this.edgeFn = this.compiled.edge;
    this.settlePortsFn = this.compiled.settlePorts;
    const net = this.compiled.net;
    this.topName = net.topName;
    const kept = new Set(net.signals.map((s) => s.path));
    this.dropped = new Set(full.signals.map((s) => s.path).filter((p) => !kept.has(p)));
    const { lay } = this.compiled;
    const topInputs = new Set(net.inputs.map((s) => s.path));
    this.infos = net.signals.map((s) => {
      const info: SignalInfo = { path: s.path, width: net.nodes[s.node]!.width, kind: s.kind };
      if (s.display) info.display = s.display;
      // A port that is the register itself (output `count` driven by reg
      // `count`) is the register; a wire that merely aliases one is not.
      const pokeable = topInputs.has(s.path) || net.nodes[s.node]!.op === 'reg';
      const need = this.compiled.portsValid[s.node] === 1 ? PORTS : ALL;
      this.table.set(s.path, { info, node: s.node, store: storeOf(info.width), slot: lay.slot[s.node]!, pokeable, need });
      return info;
    });
  }

  get cycle(): number {
    return this.cycles;
  }

  signals(): SignalInfo[] {
    return this.infos.map((s) => ({ ...s }));
  }

  reset(cycles = 1): void {
    checkCount('reset', cycles);
    this.compiled.state.ctl[0] = 1;
    try {
      this.step(cycles);
    } finally {
      this.compiled.state.ctl[0] = 0;
    }
  }

  poke(path: string, value: bigint | number): void {
    const e = this.entry(path);
    if (!e.pokeable) {
      const can = this.infos.filter((s) => this.table.get(s.path)!.pokeable).map((s) => s.path);
      throw new ParamError('path', path, 'a top-level input or register', { message: `cannot poke ${e.info.path} (${e.info.kind}): only top-level inputs and registers can be poked, e.g. ${someOf(can)}` });
    }
    const bits = toBits(e.info, value);
    const st = this.compiled.state;
    if (e.store === 'W') toLimbs(bits, st.W, e.slot, limbsOf(e.info.width));
    else if (e.store === 'D') st.D[e.slot] = Number(bits);
    else st.N[e.slot] = Number(BigInt.asIntN(32, bits));
    this.settled = NONE;
  }

  peek(path: string): bigint {
    const e = this.entry(path);
    this.ready(e);
    const st = this.compiled.state;
    return e.store === 'W' ? fromLimbs(st.W, e.slot, limbsOf(e.info.width)) : e.store === 'D' ? BigInt(st.D[e.slot]!) : BigInt(st.N[e.slot]! >>> 0);
  }

  peekSigned(path: string): bigint {
    return BigInt.asIntN(this.entry(path).info.width, this.peek(path));
  }

  peekNumber(path: string): number {
    const e = this.entry(path);
    if (e.info.width > 53) {
      throw new ParamError('path', path, 'a signal of at most 53 bits', { message: `peekNumber(${e.info.path}): signal is ${e.info.width} bits, more than a JS number holds exactly (53); use peek` });
    }
    this.ready(e);
    const st = this.compiled.state;
    return e.store === 'W' ? Number(fromLimbs(st.W, e.slot, 2)) : e.store === 'D' ? st.D[e.slot]! : st.N[e.slot]! >>> 0;
  }

  evaluate(): void {
    if (this.settled === ALL) return;
    this.compiled.settle();
    this.settled = ALL;
  }

  /** Settles enough for `e` to be current. */
  private ready(e: SignalEntry): void {
    if (this.settled < e.need) this.settleTo(e.need);
  }

  /** Raises the settle level (NONE < PORTS < ALL) to at least `level`;
   *  called by handles (runtime/handles.ts) only when it is below. */
  settleTo(level: number): void {
    if (level === 1 && this.settled === 0) {
      this.settlePortsFn();
      this.settled = 1;
    } else this.evaluate();
  }

  step(n = 1): void {
    // The testbench's every-cycle call: settled by its peeks, not tracing.
    // Literal levels (0: NONE) on this path and in settleTo: an imported
    // constant costs a load and a hole check in every inlined copy.
    if (n === 1 && this.settled !== 0 && this.recorder === null) {
      this.edgeFn();
      this.cycles++;
      this.settled = 0;
      return;
    }
    checkCount('step', n);
    if (n === 0) return;
    const rec = this.recorder;
    if (rec === null) {
      // Already settled (a testbench peeked before stepping): the first edge
      // can clock from the settled slots instead of recomputing the cone.
      const first = this.settled === NONE ? 0 : 1;
      if (first === 1) this.compiled.edge();
      if (n > first) this.compiled.run(n - first);
      this.cycles += n;
    } else {
      for (let i = 0; i < n; i++) {
        this.evaluate();
        rec.sample(this.compiled.state);
        this.compiled.edge();
        this.cycles++;
        this.settled = NONE;
      }
    }
    this.settled = NONE;
  }

  runUntil(cond: (sim: Simulator) => boolean, maxCycles: number): number {
    checkCount('runUntil maxCycles', maxCycles);
    for (let taken = 0; ; taken++) {
      if (cond(this)) return taken;
      if (taken >= maxCycles) {
        throw new InternalError(`runUntil: condition still false after maxCycles = ${maxCycles} cycles (now at cycle ${this.cycles})`);
      }
      this.step(1);
    }
  }

  startTrace(patterns?: string[]): void {
    if (this.recorder !== null) throw new ParamError('trace', 'startTrace', 'one trace at a time', { message: 'startTrace: a trace is already being recorded; call stopTrace() first' });
    const chosen =
      patterns === undefined ? this.infos.filter((s) => s.kind !== 'node') : selectSignals(this.infos, patterns);
    this.recorder = new TraceRecorder(this.topName, chosen.map((s) => this.table.get(s.path)!), this.cycles);
  }

  /** The recording includes the current cycle, so the last step's effect is visible. */
  stopTrace(): Trace | null {
    const rec = this.recorder;
    if (rec === null) return null;
    this.evaluate();
    rec.sample(this.compiled.state);
    this.recorder = null;
    return rec.finish();
  }

  /** Untyped here so that a simulator of a known port record is still a CompiledSimulator<unknown>. */
  private portRecord: unknown = null;
  /** The top's ports as typed handles, in the shape of its port record
   *  (runtime/ports.ts): `sim.ports.mp.valid.write(1)`. Built on first use. */
  get ports(): PortHandles<P> {
    this.portRecord ??= portHandles<P>(this);
    return this.portRecord as PortHandles<P>;
  }

  /** A signal of at most 52 bits resolved once, read and written as an
   *  unsigned JS number: for testbench loops where a path lookup and a
   *  BigInt per access would cost more than the simulated cycle. Keeps the
   *  lazy-settle bookkeeping of peek and poke. */
  handle(path: string): SignalHandle {
    const e = this.entry(path);
    if (e.store === 'W') {
      throw new ParamError('path', path, 'a signal of at most 52 bits', { message: `handle(${e.info.path}): signal is ${e.info.width} bits; number handles are for at most 52, use wordHandle (32-bit words) or peek/poke` });
    }
    const st = this.compiled.state;
    const s = { path: e.info.path, width: e.info.width, slot: e.slot, pokeable: e.pokeable, need: e.need };
    return e.store === 'N' ? new NarrowHandle(this, st.N, s) : new MidHandle(this, st.D, s);
  }

  /** A signal of any width resolved once, read and written as its 32-bit
   *  words (runtime/word-handles.ts): the fast path for testbenches that drive or
   *  sample wide ports every cycle, where poke and peek would build a
   *  BigInt per call. Same lazy-settle bookkeeping as handle(). */
  wordHandle(path: string): WordHandle {
    const e = this.entry(path);
    const st = this.compiled.state;
    const s = { path: e.info.path, width: e.info.width, slot: e.slot, pokeable: e.pokeable, need: e.need };
    if (e.store === 'W') return new LimbWords(this, st.W, s);
    return new NumberWords(this, e.store === 'N' ? st.N : null, e.store === 'D' ? st.D : null, s);
  }

  /** Runs `cycles` cycles driving and sampling ports from typed arrays,
   *  exactly as this loop would, without its JS calls per cycle:
   *
   *    for c in 0..cycles-1:
   *      poke each name of `inputs` with inputs[name][c]
   *      result[o][c] = peek(o) for each o of `outputs`
   *      step(1)
   *
   *  Ports are top-level, of any width. A port of at most 32 bits takes one
   *  array entry per cycle; a wider one ceil(width / 32) entries per cycle,
   *  its 32-bit words little-endian (cycle c's word j at [c * words + j]),
   *  in the inputs and in the result alike (batchWords gives the count).
   *  Input entries are bit patterns: bits above the port width are ignored
   *  (so an Int32Array may hold negative values as two's complement).
   *  Inputs not named keep their value; named ones keep their last entry.
   *  `outputs` defaults to every top-level output, keyed by full path;
   *  given names are the result's keys as spelled. `into`: arrays (keyed
   *  as the result) to record into instead of new ones, for a testbench
   *  that calls runBatch in chunks and would otherwise allocate per call;
   *  each must hold the cycles' words. */
  runBatch(
    inputs: Record<string, BatchArray>,
    cycles: number,
    outputs?: string[],
    into?: Record<string, Uint32Array>,
  ): Record<string, Uint32Array> {
    checkCount('runBatch', cycles);
    const keys = Object.keys(inputs);
    let plan = this.batchPlan;
    // A testbench calls runBatch chunk after chunk with the same ports:
    // the ports are resolved and checked once, not per call.
    if (plan === null || !sameList(plan.keys, keys) || !sameList(plan.outputs, outputs)) {
      plan = this.planBatch(keys, outputs);
      this.batchPlan = plan;
    }
    const { ins, outs, names } = plan;
    const inArrays = plan.inArgs;
    ins.forEach((p, k) => {
      const values = inputs[keys[k]!]!;
      if (values.length < cycles * p.words) {
        const per = p.words === 1 ? '' : ` (${p.words} words per cycle for ${p.e.info.width} bits)`;
        throw new ParamError('input values', values.length, 'one value per cycle', { message: `runBatch: input ${keys[k]} has ${values.length} values for ${cycles} cycles${per}` });
      }
      inArrays[k] = values;
    });
    const result: Record<string, Uint32Array> = {};
    const arrays = plan.outArgs;
    outs.forEach((o, k) => {
      const name = names[k]!;
      const given = into?.[name];
      if (into !== undefined && (given === undefined || given.length < cycles * o.words)) {
        throw new ParamError('into', name, 'an array of cycles x words', { message: `runBatch: into.${name} ${given === undefined ? 'is missing' : `holds ${given.length} words`}; ${cycles} cycles need ${cycles * o.words}` });
      }
      arrays[k] = result[name] = given ?? new Uint32Array(cycles * o.words);
    });
    if (cycles === 0) return result;
    const fn = this.recorder === null ? this.batchFn(plan, inArrays, arrays) : null;
    if (fn !== null) {
      fn(cycles, inArrays, arrays);
      // Not kept alive by the plan until the next call.
      inArrays.fill(NO_WORDS);
      arrays.fill(NO_WORDS);
      this.cycles += cycles;
      this.settled = NONE;
      return result;
    }
    // A trace records every cycle, and an unoptimisable loop would be
    // slower than the chunked slot functions: the per-cycle loop itself.
    for (let c = 0; c < cycles; c++) {
      ins.forEach((i, k) => this.pokeWords(i.e, inArrays[k]!, c * i.words, i.words));
      this.settled = NONE;
      outs.forEach((o, k) => {
        this.ready(o.e);
        this.peekWords(o.e, arrays[k]!, c * o.words, o.words);
      });
      this.step(1);
    }
    return result;
  }

  /** Runs a valid/ready stream through the design (runtime/stream.ts, StreamSpec):
   *  exactly what a testbench loop does that offers the records one by one,
   *  settles, stops once drained and `until` reads high, takes the record
   *  on `ready`, appends each sink's fields on its valid and counts the
   *  tallies, then clocks; but inside generated code, with every input and
   *  output in typed arrays. Inputs not in the spec keep their value. */
  runStream(spec: StreamSpec): StreamResult {
    checkCount('runStream maxCycles', spec.maxCycles);
    if (spec.maxCycles > MAX_STREAM_CYCLES) throw new ParamError('maxCycles', spec.maxCycles, `at most ${MAX_STREAM_CYCLES}`, { message: `runStream: maxCycles ${spec.maxCycles} is more than one run counts (${MAX_STREAM_CYCLES})` });
    const plan = this.planStream(spec);
    const src = spec.source;
    const count = src?.count ?? 0;
    const sinks = spec.sinks ?? [];
    let cap = Math.max(1, Math.min(spec.maxCycles, 4096));
    const alloc = (n: number): (Int32Array | Uint32Array)[] => plan.sinks.flatMap((k) => [new Int32Array(n), ...k.fields.map((f) => new Uint32Array(n * f.words))]);
    let O = alloc(cap);
    const R = new Int32Array(3 + sinks.length + plan.tallies);
    R[2] = count;
    const A = new Int32Array(count).fill(-1);
    const args = this.recorder === null && this.opts.loopMode !== 'never' ? this.streamFn(plan, O) : null;
    // The same JS array objects on every call, refilled (runBatch's inArgs: a
    // loop specialised on one array map deoptimises on another).
    const I = args?.inArgs ?? [];
    plan.payload.forEach((p, k) => (I[k] = p.values));
    const out = args?.outArgs ?? [];
    let status = 0;
    for (;;) {
      O.forEach((a, i) => (out[i] = a));
      const left = spec.maxCycles - R[1]!;
      status = args !== null ? args.fn(left, I, out, R, A) : this.streamCycles(plan, left, I, out, R, A);
      if (status !== STREAM_FULL) break;
      // A sink is full: twice the room, and on from the cycle it stopped at.
      const bigger = alloc((cap *= 2));
      bigger.forEach((a, i) => a.set(O[i]!));
      O = bigger;
    }
    I.fill(NO_WORDS);
    out.fill(NO_WORDS);
    const cycles = R[1]!;
    // The per-cycle loop counted its own through step(1).
    if (args !== null) this.cycles += cycles;
    this.settled = NONE;
    let o = 0;
    const result = sinks.map((k, j) => {
      const n = R[3 + j]!;
      const cycle = (O[o++] as Int32Array).slice(0, n);
      const fields: Record<string, Uint32Array> = {};
      plan.sinks[j]!.fields.forEach((f, i) => (fields[k.fields[i]!] = (O[o++] as Uint32Array).slice(0, n * f.words)));
      return { count: n, cycle, fields };
    });
    const tallies = Array.from({ length: plan.tallies }, (_, t) => R[3 + sinks.length + t]!);
    return { done: status === STREAM_STOPPED, cycles, accepted: A, sinks: result, tallies };
  }

  /** Resolves and checks runStream's signals. */
  private planStream(spec: StreamSpec): StreamPlan {
    const net = this.compiled.net;
    const input = (name: string, what: string): SignalEntry => {
      const e = this.entry(name);
      if (!net.inputs.some((p) => p.path === e.info.path)) {
        throw new ParamError(what, e.info.path, 'a top-level input', { message: `runStream: ${what} ${e.info.path} (${e.info.kind}) is not a top-level input; known: ${someOf(net.inputs.map((p) => p.path))}` });
      }
      return e;
    };
    const flag = (name: string, what: string): SignalEntry => {
      const e = this.entry(name);
      if (e.info.width > 32) throw new ParamError(what, e.info.path, 'a signal of at most 32 bits', { message: `runStream: ${what} ${e.info.path} is ${e.info.width} bits; a control signal is read as nonzero and must be at most 32 bits` });
      return e;
    };
    const src = spec.source;
    if (src !== undefined && !(Number.isSafeInteger(src.count) && src.count >= 0)) throw new ParamError('source.count', src.count, 'a non-negative integer', { message: `runStream: source.count must be a non-negative integer, got ${src.count}` });
    const payload = Object.entries(src?.payload ?? {}).map(([name, values]) => {
      const e = input(name, 'payload');
      const words = wordsPerCycle(e.info.width);
      if (values.length < src!.count * words) {
        throw new ParamError('payload values', values.length, 'one value (or word group) per record', { message: `runStream: payload ${name} has ${values.length} values for ${src!.count} records${words === 1 ? '' : ` (${words} words a record for ${e.info.width} bits)`}` });
      }
      return { e, words, values };
    });
    const valid = src?.valid === undefined ? null : input(src.valid, 'source.valid');
    const driven = [...payload.map((p) => p.e), ...(valid === null ? [] : [valid])];
    if (new Set(driven.map((e) => e.info.path)).size < driven.length) throw new ParamError('inputs', driven.map((e) => e.info.path).join(', '), 'each input driven once', { message: `runStream: an input is driven twice (${driven.map((e) => e.info.path).join(', ')})` });
    const sinks = (spec.sinks ?? []).map((k) => ({ valid: flag(k.valid, 'sink valid'), fields: k.fields.map((f) => { const e = this.entry(f); return { e, words: wordsPerCycle(e.info.width) }; }) }));
    const tallies = (spec.tallies ?? []).map((t) => ({ when: flag(t.when, 'tally'), unless: t.unless === undefined ? null : flag(t.unless, 'tally') }));
    const root = this.compiled.lay.root;
    const r = (e: SignalEntry | null): number | null => (e === null ? null : root[e.node]!);
    const nodes: StreamNodes = {
      valid: r(valid),
      payload: payload.map((p) => root[p.e.node]!),
      ready: src === undefined ? null : r(flag(src.ready, 'source.ready')),
      until: spec.until === undefined ? null : r(flag(spec.until, 'until')),
      sinks: sinks.map((k) => ({ valid: root[k.valid.node]!, fields: k.fields.map((f) => root[f.e.node]!) })),
      tallies: tallies.map((t) => ({ when: root[t.when.node]!, unless: r(t.unless) })),
    };
    return { nodes, key: JSON.stringify(nodes), payload, valid, sinks, tallies: tallies.length, entries: { ready: src === undefined ? null : this.entry(src.ready), until: spec.until === undefined ? null : this.entry(spec.until), tallies } };
  }

  private streamFn(plan: StreamPlan, O: (Int32Array | Uint32Array)[]): StreamLoop {
    let loop = this.streamFns.get(plan.key);
    if (loop === undefined) {
      const { loopMode, maxFunctionSource } = this.opts;
      const limit = loopMode === 'always' ? Infinity : (maxFunctionSource ?? BATCH_SOURCE_LIMIT);
      const inArgs: BatchArray[] = plan.payload.map((p) => p.values);
      const outArgs: (Int32Array | Uint32Array)[] = O.map((a) => a);
      const fn = compileStream(this.compiled, plan.nodes, limit);
      this.streamFns.set(plan.key, (loop = { fn, inArgs, outArgs }));
    }
    return loop;
  }

  /** The stream loop through poke, peek and step(1) (a trace records every
   *  cycle; loopMode 'never'), with the generated loop's arguments. */
  private streamCycles(plan: StreamPlan, n: number, I: BatchArray[], O: (Int32Array | Uint32Array)[], R: Int32Array, A: Int32Array): number {
    const nSinks = plan.sinks.length;
    const caps = plan.sinks.map((_, j) => O[plan.sinks.slice(0, j).reduce((a, k) => a + 1 + k.fields.length, 0)]!.length);
    const bit = (e: SignalEntry): boolean => {
      this.ready(e);
      return this.compiled.state.N[e.slot] !== 0;
    };
    const cnt = R[2]!;
    for (let c = 0; c < n; c++) {
      if (plan.sinks.some((_, j) => R[3 + j]! >= caps[j]!)) return STREAM_FULL;
      const cur = R[0]!;
      if (cur < cnt) plan.payload.forEach((p, k) => this.pokeWords(p.e, I[k]!, cur * p.words, p.words));
      if (plan.valid !== null) this.pokeWords(plan.valid, Uint32Array.of(cur < cnt ? 1 : 0), 0, 1);
      this.settled = NONE;
      const { ready, until, tallies } = plan.entries;
      if (cur >= cnt && (until === null || bit(until))) return STREAM_STOPPED;
      if (ready !== null && cur < cnt && bit(ready)) {
        A[cur] = R[1]!;
        R[0] = cur + 1;
      }
      let o = 0;
      plan.sinks.forEach((k, j) => {
        const at = o;
        o += 1 + k.fields.length;
        if (!bit(k.valid)) return;
        const m = R[3 + j]!;
        O[at]![m] = R[1]!;
        k.fields.forEach((f, i) => {
          this.ready(f.e);
          this.peekWords(f.e, O[at + 1 + i] as Uint32Array, m * f.words, f.words);
        });
        R[3 + j] = m + 1;
      });
      tallies.forEach((t, i) => {
        if (bit(t.when) && (t.unless === null || !bit(t.unless))) R[3 + nSinks + i]!++;
      });
      this.step(1);
      R[1]!++;
    }
    return 0;
  }

  /** Resolves and checks runBatch's ports (input names in `keys` order). */
  private planBatch(keys: string[], outputs: string[] | undefined): BatchPlan {
    const net = this.compiled.net;
    const portOf = (list: typeof net.inputs, dir: string, name: string): BatchPort => {
      const e = this.entry(name);
      const port = list.find((p) => p.path === e.info.path);
      if (port === undefined) {
        throw new ParamError('port', e.info.path, 'a top-level port', { message: `runBatch: ${e.info.path} (${e.info.kind}) is not a top-level ${dir}; known: ${someOf(list.map((p) => p.path))}` });
      }
      return { e, node: port.node, words: wordsPerCycle(e.info.width) };
    };
    const ins = keys.map((name) => portOf(net.inputs, 'input', name));
    const slots = new Set(ins.map((i) => i.e.slot + i.e.store));
    if (slots.size < ins.length) throw new ParamError('inputs', keys.join(', '), 'each input once', { message: `runBatch: an input is named twice (${keys.join(', ')})` });
    const names = outputs ?? net.outputs.map((p) => p.path);
    const outs = names.map((name) => portOf(net.outputs, 'output', name));
    const fnKey = `${ins.map((i) => i.node).join(',')}|${outs.map((o) => o.node).join(',')}`;
    const inArgs: BatchArray[] = ins.map(() => NO_WORDS);
    const outArgs: Uint32Array[] = outs.map(() => NO_WORDS);
    return { keys, outputs: outputs === undefined ? undefined : [...outputs], ins, outs, names, fnKey, inArgs, outArgs };
  }

  private pokeWords(e: SignalEntry, a: BatchArray, at: number, words: number): void {
    let v = 0n;
    for (let j = words - 1; j >= 0; j--) v = (v << 32n) | BigInt(a[at + j]! >>> 0);
    const bits = BigInt.asUintN(e.info.width, v);
    const st = this.compiled.state;
    if (e.store === 'W') toLimbs(bits, st.W, e.slot, limbsOf(e.info.width));
    else if (e.store === 'D') st.D[e.slot] = Number(bits);
    else st.N[e.slot] = Number(BigInt.asIntN(32, bits));
  }

  private peekWords(e: SignalEntry, a: Uint32Array, at: number, words: number): void {
    const st = this.compiled.state;
    if (e.store === 'N') a[at] = st.N[e.slot]!;
    else if (e.store === 'D') {
      a[at] = st.D[e.slot]!;
      a[at + 1] = st.D[e.slot]! / 4294967296;
    } else for (let j = 0; j < words; j++) a[at + j] = st.W[e.slot + j]!;
  }

  private batchFn(plan: BatchPlan, warmIn: BatchArray[], warmOut: Uint32Array[]): BatchFn | null {
    let fn = this.batchFns.get(plan.fnKey);
    if (fn === undefined) {
      const { loopMode, maxFunctionSource } = this.opts;
      const limit = loopMode === 'always' ? Infinity : (maxFunctionSource ?? BATCH_SOURCE_LIMIT);
      fn =
        loopMode === 'never'
          ? null
          : compileBatch(this.compiled, plan.ins.map((i) => i.node), plan.outs.map((o) => o.node), limit, warmIn, warmOut, loopMode === 'always');
      this.batchFns.set(plan.fnKey, fn);
    }
    return fn;
  }

  /** Hierarchical paths of every memory and CAM, for peekMemory / peekCam. */
  memories(): { memories: string[]; cams: string[] } {
    const net = this.compiled.net;
    return { memories: net.memories.map((m) => m.name), cams: net.cams.map((c) => c.name) };
  }

  peekMemory(path: string, addr: number): bigint {
    const i = this.memIndex(path, addr);
    return wordAt(this.compiled.state.mems[i]!, addr, this.compiled.net.memories[i]!.width);
  }

  /** Load memory contents directly (testbench preloads, e.g. texture data). */
  pokeMemory(path: string, addr: number, value: bigint | number): void {
    const i = this.memIndex(path, addr);
    const m = this.compiled.net.memories[i]!;
    const bits = toBits({ path: `${m.name}[${addr}]`, width: m.width }, value);
    setWord(this.compiled.state.mems[i]!, addr, bits, m.width);
    this.settled = NONE;
  }

  peekCam(path: string, index: number): { valid: boolean; key: bigint } {
    const cams = this.compiled.net.cams;
    const i = cams.findIndex((c) => c.name === path || c.name === `${this.topName}.${path}`);
    if (i < 0) throw new ParamError('CAM', path, 'a CAM of the design', { message: unknownMsg('CAM', path, cams.map((c) => c.name)) });
    checkIndex(path, index, cams[i]!.entries);
    const key = wordAt(this.compiled.state.camKeys[i]!, index, cams[i]!.keyWidth);
    return { valid: this.compiled.state.camValid[i]![index] !== 0, key };
  }

  private memIndex(path: string, addr: number): number {
    const mems = this.compiled.net.memories;
    const i = mems.findIndex((m) => m.name === path || m.name === `${this.topName}.${path}`);
    if (i < 0) throw new ParamError('memory', path, 'a memory of the design', { message: unknownMsg('memory', path, mems.map((m) => m.name)) });
    checkIndex(path, addr, mems[i]!.depth);
    return i;
  }

  /** Paths are rooted at the top name; a path without it is accepted too. */
  private entry(path: string): SignalEntry {
    const e = this.table.get(path) ?? this.table.get(`${this.topName}.${path}`);
    if (e === undefined) {
      const full = this.dropped.has(path) ? path : `${this.topName}.${path}`;
      if (this.dropped.has(full)) {
        throw new ParamError('signal', full, 'a signal kept by the simulator', { message: `signal ${full} was compiled away (observe: 'ports'): it cannot affect any top-level output` });
      }
      throw new ParamError('signal', path, 'a signal of the design', { message: unknownMsg('signal', path, [...this.table.keys()]) });
    }
    return e;
  }
}

function unknownMsg(what: string, path: string, known: string[]): string {
  const near = closeMatches(path, known);
  const hint = near.length > 0 ? `did you mean ${near.join(', ')}?` : `known: ${someOf(known.filter((k) => !k.includes('#')))}`;
  return `unknown ${what} "${path}"; ${hint}`;
}

function checkIndex(path: string, i: number, size: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= size) throw new ParamError('index', i, 'an index in range', { message: `${path}: index ${i} is outside 0..${size - 1}` });
}

function checkCount(what: string, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new ParamError('cycles', n, 'a non-negative integer', { message: `${what}: cycle count must be a non-negative integer, got ${n}` });
}

/** Raw bits of a poked value: unsigned up to 2^w - 1, or negative down to
 *  -2^(w-1) as two's complement. Anything else is a testbench bug. */
function toBits(s: { path: string; width: number }, value: bigint | number): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new ParamError('value', value, 'an integer a JS number holds exactly, or a bigint', { message: `poke ${s.path}: ${value} is not an integer a JS number holds exactly; pass a bigint` });
  }
  const v = BigInt(value);
  const w = BigInt(s.width);
  if (v >= 1n << w || v < -(1n << (w - 1n))) {
    throw new ParamError('value', value, 'a value that fits the signal', { message: `poke ${s.path}: ${value} does not fit in ${s.width} bits (${-(1n << (w - 1n))} .. ${(1n << w) - 1n})` });
  }
  return BigInt.asUintN(s.width, v);
}
