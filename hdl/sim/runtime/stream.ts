// Code for CompiledSimulator.runStream: runBatch's loop (runtime/batch.ts) for a
// testbench whose stimulus is a valid/ready stream rather than a value per
// cycle. Each cycle the generated loop offers the record at its cursor (the
// valid input high, the payload inputs from the record arrays), settles, and
// then does what such a testbench does after its peeks: stops once the
// stream is drained and the `until` signal is high (before that cycle's
// edge), takes the record when `ready` is high (noting the cycle), appends
// each sink's fields when its valid signal is high, and counts the cycles
// each tally's condition holds. Then the edge. No JS call per cycle, and the
// records, sinks and tallies are typed arrays read in bulk afterwards.
//
// The generated function is resumable: it runs at most n cycles, or until a
// sink's arrays are full (checked at the top of a cycle, so it stops between
// cycles), keeping cursor, cycle, sink counts and tallies in R.
import type { NodeId } from '../../ir.js';
import { assign, emitWithin, Gen, localRefOf, names, slotRef, slotRefs, withPrologue } from '../codegen/gen.js';
import { edgeInLoop, invariantNodes } from '../codegen/fn.js';
import { valueOf } from '../codegen/access.js';
import { nodeValue } from '../codegen/node.js';
import { resolved, type Compiled } from '../compile.js';
import { emitFsmSwitch } from '../codegen/fsm.js';
import { labeler } from '../passes/labels.js';
import { isState } from '../passes/layout.js';
import { helpers, type SimState } from './state.js';
import { edgeInputs, schedule } from '../passes/schedule.js';
import { BATCH_SOURCE_LIMIT, carriesWideState, loopBody, readInput, writeOutput, type BatchArray } from './batch.js';
import { splitOnReset } from '../codegen/unroll.js';

/** The nodes a stream loop drives and reads (roots resolved by the caller). */
export interface StreamNodes {
  /** 1-bit input driven high while a record is on offer; null: none. */
  readonly valid: NodeId | null;
  /** Inputs read from the record at the cursor (wordsPerCycle words a record). */
  readonly payload: readonly NodeId[];
  /** 1-bit signal: the record on offer is taken at this cycle's edge. */
  readonly ready: NodeId | null;
  /** 1-bit signal: once every record is taken, stop at the first cycle it is high (null: at the first cycle with nothing on offer). */
  readonly until: NodeId | null;
  readonly sinks: readonly { readonly valid: NodeId; readonly fields: readonly NodeId[] }[];
  /** Cycles in which `when` is high and `unless` (if any) low. */
  readonly tallies: readonly { readonly when: NodeId; readonly unless: NodeId | null }[];
}

/**
 * (n, I, O, R, A) => status. I: the payload arrays. O: per sink its cycle
 * array (Int32Array, its length the sink's capacity in records), then its
 * fields' arrays. R (Int32Array): cursor, cycles done, record count, each
 * sink's record count, each tally. A (Int32Array): the cycle each record was
 * taken. Status: 0 after n cycles, 1 stopped (drained, `until` high), 2 a
 * sink is full.
 */
export type StreamFn = (n: number, I: BatchArray[], O: (Int32Array | Uint32Array)[], R: Int32Array, A: Int32Array) => number;

export const STREAM_RAN = 0;
export const STREAM_STOPPED = 1;
export const STREAM_FULL = 2;

type Factory = (S: SimState, H: typeof helpers) => StreamFn;
type ChunkedFactory = (S: SimState, H: typeof helpers, settle: () => void, edge: () => void) => StreamFn;


/** Control nodes and sink fields: what the loop reads after the settle. */
function readNodes(s: StreamNodes): NodeId[] {
  const ids: NodeId[] = [];
  if (s.ready !== null) ids.push(s.ready);
  if (s.until !== null) ids.push(s.until);
  for (const k of s.sinks) ids.push(k.valid, ...k.fields);
  for (const t of s.tallies) ids.push(t.when, ...(t.unless === null ? [] : [t.unless]));
  return ids;
}

/** Declarations of the arrays and counters, shared by both loop forms. */
function header(g: Gen, s: StreamNodes): void {
  s.payload.forEach((_, k) => g.emit(`const zI${k} = I[${k}];`));
  let o = 0;
  s.sinks.forEach((k, j) => {
    g.emit(`const zOc${j} = O[${o++}], zCap${j} = zOc${j}.length;`);
    k.fields.forEach((_, f) => g.emit(`const zO${j}_${f} = O[${o++}];`));
  });
  g.emit('let zCur = R[0], zCyc = R[1], zStatus = 0;');
  g.emit('const zCnt = R[2];');
  s.sinks.forEach((_, j) => g.emit(`let zM${j} = R[${3 + j}];`));
  s.tallies.forEach((_, t) => g.emit(`let zT${t} = R[${3 + s.sinks.length + t}];`));
}

function footer(g: Gen, s: StreamNodes): void {
  g.emit('R[0] = zCur; R[1] = zCyc;');
  s.sinks.forEach((_, j) => g.emit(`R[${3 + j}] = zM${j};`));
  s.tallies.forEach((_, t) => g.emit(`R[${3 + s.sinks.length + t}] = zT${t};`));
  g.emit('return zStatus;');
}

/** The top of a cycle: stop if a sink has no room, else the offer. */
function offer(g: Gen, c: Compiled, s: StreamNodes, target: (id: NodeId) => string[]): void {
  const { net } = c;
  if (s.sinks.length > 0) g.emit(`if (${s.sinks.map((_, j) => `zM${j} >= zCap${j}`).join(' || ')}) { zStatus = ${STREAM_FULL}; break; }`);
  const take = s.payload.map((id, k) => assign('', target(id), readInput(`zI${k}`, net.nodes[id]!.width, 'zCur')));
  if (s.valid !== null) {
    g.emit(`if (zCur < zCnt) { ${take.join(' ')} ${assign('', target(s.valid), ['1'])} } else ${assign('', target(s.valid), ['0'])}`);
  } else if (take.length > 0) g.emit(`if (zCur < zCnt) { ${take.join(' ')} }`);
}

/** After the settle: stop, take, sinks, tallies (`v(id)` reads a value). */
function react(g: Gen, c: Compiled, s: StreamNodes, v: (id: NodeId) => string[]): void {
  const { net } = c;
  const bit = (id: NodeId): string => `(${v(id)[0]!}) !== 0`;
  g.emit(`if (zCur >= zCnt${s.until === null ? '' : ` && ${bit(s.until)}`}) { zStatus = ${STREAM_STOPPED}; break zL; }`);
  if (s.ready !== null) g.emit(`if (zCur < zCnt && ${bit(s.ready)}) { A[zCur] = zCyc; zCur++; }`);
  s.sinks.forEach((k, j) => {
    const stores = k.fields.map((f, i) => writeOutput(`zO${j}_${i}`, net.nodes[f]!.width, v(f), `zM${j}`));
    g.emit(`if (${bit(k.valid)}) { zOc${j}[zM${j}] = zCyc; ${stores.join(' ')} zM${j}++; }`);
  });
  s.tallies.forEach((t, i) => g.emit(`if (${bit(t.when)}${t.unless === null ? '' : ` && !(${bit(t.unless)})`}) zT${i}++;`));
}

/** Source of the one-function loop (all state in locals, as runtime/batch.ts),
 *  or null as soon as it is sure to pass `limit` characters (every line
 *  written here stays in it): a sweep's designs are mostly too large for its
 *  function length, and writing the whole loop only to drop it was about a
 *  quarter of the code generation in a Blur design's first run. */
export function streamLoopCode(c: Compiled, s: StreamNodes, limit: number): string | null {
  const { net, lay } = c;
  const root = lay.root;
  const g = new Gen(net, root, localRefOf(net));
  const driven = new Set([...s.payload, ...(s.valid === null ? [] : [s.valid])].map((id) => root[id]!));
  const kept = [...readNodes(s), ...edgeInputs(net)];
  const cone = schedule(net, root, labeler(net), kept);
  const roots: NodeId[] = [];
  for (let i = 0; i < net.nodes.length; i++) if (root[i] === i) roots.push(i);
  const stateIds = roots.filter((id) => isState(net, id));
  header(g, s);
  for (const id of roots) if (net.nodes[id]!.op === 'input') g.emit(assign(driven.has(id) ? 'let' : 'const', names(net, id), slotRefs(net, lay, id)));
  for (const id of stateIds) g.emit(assign('let', names(net, id), slotRefs(net, lay, id)));
  const invariant = invariantNodes(net, root, cone, (id) => !driven.has(id));
  for (const id of cone) if (invariant.has(id)) g.emit(assign('const', names(net, id), nodeValue(net.nodes[id]!, g.ctx)));
  const bodyStart = g.lines.length;
  offer(g, c, s, (id) => names(net, root[id]!));
  const cycle = (gk: Gen, netk: typeof net, rootk: Int32Array, conek: NodeId[]): void => {
    loopBody(gk, netk, rootk, conek.filter((id) => !invariant.has(id)), kept);
    react(gk, c, s, (id) => valueOf(gk.ctx, id));
    edgeInLoop(gk, netk, stateIds);
  };
  // Per FSM state a body of its own, as runtime/batch.ts.
  const switched = emitFsmSwitch(g, net, true, Math.min(BATCH_SOURCE_LIMIT, limit), (gk, netk, rootk) => cycle(gk, netk, rootk, schedule(netk, rootk, labeler(netk), kept)));
  if (switched ? g.text().length > limit : !emitWithin(g, limit, () => cycle(g, net, root, cone))) return null;
  g.emit('zCyc++;');
  const body = g.lines.splice(bodyStart).join('\n');
  g.emit(splitOnReset(`zL: for (let zC = 0; zC < n; zC++) {\n${body}\n}`, BATCH_SOURCE_LIMIT - g.text().length));
  for (const id of stateIds) g.emit(assign('', slotRefs(net, lay, id), names(net, id)));
  for (const id of driven) g.emit(assign('', slotRefs(net, lay, id), names(net, id)));
  footer(g, s);
  return withPrologue(net, g.text(), 'n, I, O, R, A');
}

/** The loop over compile.ts's chunk functions, values in the slot arrays,
 *  for designs whose one-function loop V8 would not optimise (as
 *  the chunked driver of runtime/batch.ts). */
export function chunkedStreamCode(c: Compiled, s: StreamNodes): string {
  const { net, lay } = c;
  const root = lay.root;
  const g = new Gen(net, root, (r, j) => slotRef(net, lay, r, '', j));
  header(g, s);
  g.emit('zL: for (let zC = 0; zC < n; zC++) {');
  offer(g, c, s, (id) => slotRefs(net, lay, root[id]!));
  g.emit('SETTLE();');
  react(g, c, s, (id) => valueOf(g.ctx, id));
  g.emit('EDGE();');
  g.emit('zCyc++;');
  g.emit('}');
  footer(g, s);
  return withPrologue(net, g.text(), 'n, I, O, R, A');
}

/** The stream loop as a callable: one function when V8 will optimise it
 *  and it carries little wide state (runtime/batch.ts's rule), else the chunked
 *  loop. */
export function compileStream(c: Compiled, s: StreamNodes, maxSource: number): StreamFn {
  // No zero-cycle warm-up calls (runBatch makes 200): a sweep runs each
  // design's stream once, and code optimised before its loop has feedback
  // is thrown away when the loop first runs (measured on six NoBlur
  // designs, cold: 1.74 s of driver time with them, 1.31 s without; the
  // warm rate is the same either way).
  const code = c.code(`stream:${JSON.stringify(s)}|${maxSource}`, (): { loop: string } | { chunked: string } => {
    if (!carriesWideState(c)) {
      const src = streamLoopCode(c, s, maxSource);
      if (src !== null && src.length <= maxSource) return { loop: src };
    }
    return { chunked: chunkedStreamCode(c, s) };
  });
  if ('loop' in code) {
    c.sources.push(code.loop);
    return (new Function('S', 'H', code.loop) as Factory)(c.state, helpers);
  }
  const src = code.chunked;
  c.sources.push(src);
  const settle = readNodes(s).every((id) => c.portsValid[id] === 1) ? c.settlePorts : c.settle;
  return (new Function('S', 'H', 'SETTLE', 'EDGE', src) as ChunkedFactory)(c.state, helpers, resolved(settle), resolved(c.edge));
}

/** What CompiledSimulator.runStream drives and reads, by signal path. */
export interface StreamSpec {
  /** The input stream: `count` records; while one is on offer `valid` is
   *  high and each `payload` port takes the record's entry (runBatch's
   *  layout: one entry a record up to 32 bits, else its 32-bit words); it
   *  is taken at the edge of a cycle in which `ready` reads high. After the
   *  last, `valid` is low and the payload keeps the last record. */
  readonly source?: { readonly valid?: string; readonly ready: string; readonly payload: Readonly<Record<string, BatchArray>>; readonly count: number };
  /** Once every record is taken, the run stops at the first cycle in which
   *  this signal reads high, before that cycle's edge (absent: at the first
   *  cycle with nothing on offer). */
  readonly until?: string;
  /** Output streams: in each cycle in which `valid` reads high, the cycle
   *  and each field's value are appended. */
  readonly sinks?: readonly { readonly valid: string; readonly fields: readonly string[] }[];
  /** Cycles in which `when` reads high and `unless` (if given) low. */
  readonly tallies?: readonly { readonly when: string; readonly unless?: string }[];
  /** Most cycles to run; the result says whether the run stopped before. */
  readonly maxCycles: number;
}

export interface StreamSink {
  readonly count: number;
  /** The cycle of each record (0 = the first cycle of the run). */
  readonly cycle: Int32Array;
  /** Per field (keyed as spelled in the spec), `count` records of runBatch's words. */
  readonly fields: Readonly<Record<string, Uint32Array>>;
}

export interface StreamResult {
  /** Stopped by `until` (false: maxCycles ran out first). */
  readonly done: boolean;
  /** Clock edges run. */
  readonly cycles: number;
  /** The cycle each record was taken (-1: not taken). */
  readonly accepted: Int32Array;
  readonly sinks: readonly StreamSink[];
  readonly tallies: readonly number[];
}
