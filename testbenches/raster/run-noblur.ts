// Runs an MP list through the NoBlur pipeline and measures it: feeds the
// input stream (optionally with bubbles), drains the output stream
// (optionally with random back-pressure), turns every result record back
// into SampleHits of the MP it belongs to, and counts what the design-space
// sweep needs (cycles per MP, sample test efficiency, stall fraction,
// out-of-range MPs). One compiled simulator per config is cached and reset
// between runs; the hot loop touches ports through number handles.
import { elaborate } from '../../hdl/index.js';
import { createSimulator, type CompiledSimulator } from '../../hdl/sim/index.js';
import { stableKey } from '../../hdl/module.js';
import { geometryOf, type NoblurConfig } from '../../units/noblur/config.js';
import { NoBlur } from '../../units/noblur/pipeline.js';
import type { MP, SampleHit } from '../../units/raster-common/mp.js';
import { makeRng } from '../rng.js';
import { FastPorts, type NarrowPort } from './fast-ports.js';
import { appendHits, byCanonicalOrder, ID_MASK, MpPorts, mpPayloadPorts, mpValues, stampFields, StampPorts } from './noblur-io.js';
import { RecordColumns } from '../record-columns.js';
import { InternalError } from '../../hdl/errors.js';
import { popcount32 } from '../toggles.js';

export interface NoblurStats {
  /** Clock cycles from the first MP offered until the pipeline is empty again. */
  readonly cycles: number;
  /** Input records: MPs, or with TVP mostly pairs (a pair is one record). */
  readonly records: number;
  /** Triangles in those records: the MPs, as every throughput counts them
   *  (one MP is one triangle; a pair is two MPs). */
  readonly mps: number;
  /** cycles / mps. */
  readonly cyclesPerMp: number;
  /** mps / cycles. */
  readonly mpsPerCycle: number;
  /** Stamps the iterator walked (out-of-range MPs excluded). */
  readonly stamps: number;
  /** stamps x samples per stamp. */
  readonly samplesTested: number;
  readonly hits: number;
  /** hits / samplesTested. */
  readonly sampleTestEfficiency: number;
  /** Cycles in which an MP was offered and not accepted. */
  readonly stallCycles: number;
  /** stallCycles / cycles. */
  readonly stallFraction: number;
  /** Cycles in which a result was ready but the consumer was not. */
  readonly outputStallCycles: number;
  /** MPs flagged out of range (bbox does not fit STP), as the hardware counted them. */
  readonly outOfRange: number;
}

export interface NoblurRun {
  /** hits[i]: covered samples of MP i in canonical order (empty for an out-of-range MP). */
  readonly hits: SampleHit[][];
  /** outOfRange[i]: MP i was flagged (its coverage was not computed). */
  readonly outOfRange: boolean[];
  readonly stats: NoblurStats;
}

export interface NoblurRunOptions {
  /** Probability that out.ready is low in a cycle. */
  readonly backpressure?: number;
  /** Probability of an idle cycle before each MP is offered. */
  readonly bubbles?: number;
  /** Seed of back-pressure and bubbles. */
  readonly seed?: number;
  readonly maxCycles?: number;
  /** Called with the simulator before the run (a property test attaches its trace here). */
  readonly onSimulator?: (sim: CompiledSimulator) => void;
  /** Run on this simulator (compiled from the design of `cfg`: NoBlur, or
   *  Blur/Hybrid for run-blur) instead of the cached one: a study measures
   *  the very Design it prices. */
  readonly simulator?: CompiledSimulator;
  /** Called once per cycle with every signal settled, before the edge
   *  (toggle counting). */
  readonly onCycle?: () => void;
  /** false: count the covered samples without building `hits` (left empty),
   *  for callers that need the stats alone (a sweep). Default true. */
  readonly hits?: boolean;
}

interface Bench {
  sim: CompiledSimulator;
  ports: FastPorts;
  mp: MpPorts;
  out: StampPorts;
  fire: NarrowPort;
  single: NarrowPort;
  idle: NarrowPort;
  oorCount: NarrowPort;
}

const benches = new Map<string, Bench>();
const given = new WeakMap<CompiledSimulator, Bench>();

function benchOf(sim: CompiledSimulator, cfg: NoblurConfig): Bench {
  const ports = new FastPorts(sim);
  return {
    sim,
    ports,
    mp: new MpPorts(ports, geometryOf(cfg)),
    out: new StampPorts(ports, cfg),
    fire: ports.port('iter_fire'),
    single: ports.port('iter_single'),
    idle: ports.port('idle'),
    oorCount: ports.port('oor_count'),
  };
}

/** The cached simulator of a config (elaborated and compiled on first use),
 *  or the bench around a simulator the caller compiled. */
export function noblurBench(cfg: NoblurConfig, simulator?: CompiledSimulator): Bench {
  if (simulator !== undefined) {
    let b = given.get(simulator);
    if (b === undefined) given.set(simulator, (b = benchOf(simulator, cfg)));
    return b;
  }
  const key = stableKey(cfg);
  let b = benches.get(key);
  if (b === undefined) benches.set(key, (b = benchOf(createSimulator(elaborate(NoBlur, cfg)), cfg)));
  return b;
}

const BUDGET_DOC = 'pipeline fill + per MP 64 + 4 x the stamps its bbox covers, scaled for back-pressure and bubbles';

/** A cycle limit derived from the work, so a stalled design is caught
 *  without capping a legal large MP: every MP's bbox in stamps (the most the
 *  iterator can walk), a generous 4 cycles per stamp and 64 per MP,
 *  stretched by the expected back-pressure and bubble idle time (x2 margin,
 *  both are random). */
export function cycleBudget(mps: readonly MP[], stampBits: number, backpressure: number, bubbles: number): number {
  let work = 1000;
  for (const m of mps) {
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const v of m.v) {
      x0 = Math.min(x0, v.x); x1 = Math.max(x1, v.x);
      y0 = Math.min(y0, v.y); y1 = Math.max(y1, v.y);
    }
    const stamps = (Math.floor(x1 / 2 ** stampBits) - Math.floor(x0 / 2 ** stampBits) + 1) * (Math.floor(y1 / 2 ** stampBits) - Math.floor(y0 / 2 ** stampBits) + 1);
    work += 64 + 4 * stamps;
  }
  const stretch = 2 / Math.max(1e-3, 1 - backpressure) / Math.max(1e-3, 1 - bubbles);
  return Math.ceil(work * stretch);
}

export function runNoblur(cfg: NoblurConfig, mps: readonly MP[], opts: NoblurRunOptions = {}): NoblurRun {
  const bench = noblurBench(cfg, opts.simulator);
  const { sim, mp, out } = bench;
  const bp = opts.backpressure ?? 0;
  const bubbles = opts.bubbles ?? 0;
  const maxCycles = opts.maxCycles ?? cycleBudget(mps, geometryOf(cfg).stampBits, bp, bubbles);
  opts.onSimulator?.(sim);
  mp.valid.write(0);
  out.ready.write(0);
  sim.reset();
  // A stream with no bubbles into a consumer always ready is runStream's
  // loop; random idle and back-pressure, or a hook every cycle, the loop here.
  const run = bp === 0 && bubbles === 0 && opts.onCycle === undefined ? streamed(bench, cfg, mps, maxCycles, opts.maxCycles !== undefined, opts.hits !== false) : perCycle(bench, cfg, mps, maxCycles, opts);
  for (const h of run.hits) h.sort(byCanonicalOrder);
  return run;
}

function budgetError(maxCycles: number, callerLimit: boolean, accepted: number, total: number): Error {
  return new InternalError(
    `runNoblur: not done after ${maxCycles} cycles, ${callerLimit ? 'the limit the caller set' : `the budget from the work (${BUDGET_DOC})`}; ` +
      `${accepted} of ${total} MPs accepted: the design stalls or walks more stamps than their bboxes hold`,
  );
}

interface Tally {
  cycles: number;
  stallCycles: number;
  outputStallCycles: number;
  stamps: number;
  hitCount: number;
}

function result(bench: Bench, cfg: NoblurConfig, mps: readonly MP[], hits: SampleHit[][], outOfRange: boolean[], t: Tally): NoblurRun {
  const { cycles, stallCycles, outputStallCycles, stamps, hitCount } = t;
  const samplesTested = stamps * geometryOf(cfg).lanes;
  const triangles = mps.reduce((n, mp) => n + mp.src.length, 0);
  return {
    hits,
    outOfRange,
    stats: {
      cycles,
      records: mps.length,
      mps: triangles,
      cyclesPerMp: triangles === 0 ? 0 : cycles / triangles,
      mpsPerCycle: cycles === 0 ? 0 : triangles / cycles,
      stamps,
      samplesTested,
      hits: hitCount,
      sampleTestEfficiency: samplesTested === 0 ? 0 : hitCount / samplesTested,
      stallCycles,
      stallFraction: cycles === 0 ? 0 : stallCycles / cycles,
      outputStallCycles,
      outOfRange: bench.oorCount.read(),
    },
  };
}

/** The MP stream through runStream: records prepared up front, result
 *  records and the walked-stamp count read in bulk afterwards. */
function streamed(bench: Bench, cfg: NoblurConfig, mps: readonly MP[], maxCycles: number, callerLimit: boolean, wantHits: boolean): NoblurRun {
  const { sim, out } = bench;
  const g = geometryOf(cfg);
  const cols = new RecordColumns(sim, mps.length);
  const writers = mpPayloadPorts(g).map((p) => cols.column(p));
  mps.forEach((m, k) => mpValues(g, m, k).forEach((v, j) => writers[j]!(k, v)));
  out.ready.write(1);
  const fields = ['out_payload_id', 'out_payload_oor', ...stampFields(g)];
  // One cycle more than the budget: the loop checks for the end before it
  // gives up at a cycle, as the loop below does.
  const r = sim.runStream({
    source: { valid: 'in_valid', ready: 'in_ready', payload: cols.payload, count: mps.length },
    until: 'idle',
    sinks: [{ valid: 'out_valid', fields }],
    tallies: [{ when: 'iter_fire', unless: 'iter_single' }],
    maxCycles: maxCycles + 1,
  });
  const accepted = r.accepted;
  if (!r.done) throw budgetError(maxCycles, callerLimit, accepted.filter((c) => c >= 0 && c < maxCycles).length, mps.length);
  const hits: SampleHit[][] = mps.map(() => []);
  const outOfRange = mps.map(() => false);
  const sink = r.sinks[0]!;
  const col = fields.map((f) => sink.fields[f]!);
  const [id, oor, sx, sy, hit] = col;
  const tri = g.tvp ? col[5]! : null;
  const z = col.slice(g.tvp ? 6 : 5);
  let owner = 0;
  let taken = 0; // MPs accepted up to and including the record's cycle
  let hitCount = 0;
  for (let m = 0; m < sink.count; m++) {
    const cycle = sink.cycle[m]!;
    while (taken < mps.length && accepted[taken]! <= cycle) taken++;
    const rid = id![m]!;
    while (owner < taken && (owner & ID_MASK) !== rid) owner++;
    if (owner >= mps.length || (owner & ID_MASK) !== rid) throw new InternalError(`runNoblur: result for MP id ${rid} matches no MP accepted in order`);
    if (oor![m] === 1) outOfRange[owner] = true;
    else if (hit![m] === 0) continue;
    else if (wantHits) hitCount += appendHits(g, hit![m]!, tri === null ? 0 : tri[m]!, sx![m]!, sy![m]!, (l) => z[l]![m]!, hits[owner]!);
    else hitCount += popcount32(hit![m]!);
  }
  // Offered from cycle 0 until the last was taken, every record taken once.
  const stallCycles = mps.length === 0 ? 0 : accepted[mps.length - 1]! + 1 - mps.length;
  return result(bench, cfg, mps, hits, outOfRange, { cycles: r.cycles, stallCycles, outputStallCycles: 0, stamps: r.tallies[0]!, hitCount });
}

/** The testbench loop, a cycle at a time through number handles. */
function perCycle(bench: Bench, cfg: NoblurConfig, mps: readonly MP[], maxCycles: number, opts: NoblurRunOptions): NoblurRun {
  const { ports, mp, out } = bench;
  const rng = makeRng(opts.seed ?? 1);
  const bp = opts.backpressure ?? 0;
  const bubbles = opts.bubbles ?? 0;
  const hits: SampleHit[][] = mps.map(() => []);
  const outOfRange = mps.map(() => false);
  let next = 0;
  let offering = false;
  let owner = 0; // MP of the latest result record (results arrive in MP order)
  let cycles = 0;
  let stallCycles = 0;
  let outputStallCycles = 0;
  let stamps = 0;
  let hitCount = 0;
  for (;;) {
    if (!offering && next < mps.length && !(bubbles > 0 && rng.float() < bubbles)) {
      mp.write(mps[next]!, next);
      offering = true;
    }
    mp.valid.write(offering ? 1 : 0);
    const ready = bp > 0 && rng.float() < bp ? 0 : 1;
    out.ready.write(ready);
    ports.settle();
    if (!offering && next === mps.length && bench.idle.read() === 1) break;
    if (cycles >= maxCycles) throw budgetError(maxCycles, opts.maxCycles !== undefined, next, mps.length);
    if (offering) {
      if (mp.ready.read() === 1) {
        next++;
        offering = false;
      } else stallCycles++;
    }
    opts.onCycle?.();
    if (bench.fire.read() === 1 && bench.single.read() === 0) stamps++;
    if (out.valid.read() === 1) {
      if (ready === 1) {
        const id = out.id.read();
        while (owner < next && (owner & ID_MASK) !== id) owner++;
        if (owner >= mps.length || (owner & ID_MASK) !== id) throw new InternalError(`runNoblur: result for MP id ${id} matches no MP accepted in order`);
        if (out.oor.read() === 1) outOfRange[owner] = true;
        else hitCount += out.readHits(hits[owner]!);
      } else outputStallCycles++;
    }
    ports.edge();
    cycles++;
  }
  return result(bench, cfg, mps, hits, outOfRange, { cycles, stallCycles, outputStallCycles, stamps, hitCount });
}
