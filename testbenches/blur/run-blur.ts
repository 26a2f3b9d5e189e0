// Runs an MP list through the Blur pipeline and measures it: feeds the input
// stream (optionally with bubbles), drains every lane's output stream
// (optionally with random back-pressure), turns each record back into
// BlurHits of its MP, and counts what the study needs: cycles per MP and per
// positioned MP (64 per MP), tiles tested per positioned MP, sample test
// efficiency, stall fraction, out-of-range tuples, and how many MPs the
// MP/cycle figure needs to be stable to 1% (batch means over the input
// acceptance times, stability.ts).
import { elaborate } from '../../hdl/index.js';
import { stableKey } from '../../hdl/module.js';
import { createSimulator, type CompiledSimulator } from '../../hdl/sim/index.js';
import { blurGeometryOf, HYBRID_MODES, type BlurConfig, type BlurGeometry, type HybridConfig, type HybridMode } from '../../units/blur/config.js';
import { Blur, Hybrid } from '../../units/blur/pipeline.js';
import { SUBPIXEL } from '../../units/raster-common/formats.js';
import type { SampleHit, TriInMP } from '../../units/raster-common/mp.js';
import { SAMPLE_OFFSETS } from '../../units/raster-common/samples.js';
import { MP_ID_BITS } from '../../units/noblur/config.js';
import { BLUR_TUPLES, usesLens, usesTime } from '../../units/raster-common/blur-formats.js';
import type { BlurHit, BlurMP, Lens } from '../../units/raster-common/blur-mp.js';
import { blurSamplePos } from '../../units/raster-common/blur-samples.js';
import { FastPorts, type NarrowPort } from '../raster/fast-ports.js';
import { RecordColumns } from '../record-columns.js';
import { popcount32 } from '../toggles.js';
import type { NoblurRunOptions } from '../raster/run-noblur.js';
import { makeRng } from '../rng.js';
import { stabilityOf, type Stability } from './stability.js';
import { InternalError } from '../../hdl/errors.js';

const ID_MASK = 2 ** MP_ID_BITS - 1;

export interface BlurStats {
  readonly cycles: number;
  /** Input records (a TVP pair is one) and the triangles in them (a pair is two). */
  readonly mps: number;
  readonly triangles: number;
  /** MPs x 64 tuples (x 1 for the hybrid in a NoBlur mode). */
  readonly positioned: number;
  readonly cyclesPerMp: number;
  readonly mpsPerCycle: number;
  readonly cyclesPerPositioned: number;
  /** Stamps the lanes walked (out-of-range tuples excluded) and the tiles in them. */
  readonly stamps: number;
  readonly tilesTested: number;
  readonly tilesPerPositioned: number;
  readonly hits: number;
  /** hits / tiles tested (one sample per tile). */
  readonly sampleTestEfficiency: number;
  readonly stallCycles: number;
  readonly stallFraction: number;
  readonly outOfRange: number;
  readonly stability: Stability;
}

export interface BlurRun {
  /** hits[i]: covered samples of MP i, sorted by tuple, ty, tx, tri (blur modes). */
  readonly hits: BlurHit[][];
  /** Hybrid in a NoBlur mode: covered MSAA samples of MP i, sorted by py, px, s, tri. */
  readonly msaaHits: SampleHit[][];
  /** outOfRange[i]: tuples of MP i flagged out of range (their coverage was not computed). */
  readonly outOfRange: number[][];
  /** The cycle each MP was accepted at the input (for other stability estimates). */
  readonly acceptedAt: readonly number[];
  readonly stats: BlurStats;
}

/** NoBlur's run options (back-pressure, bubbles, seed, cycle limit, the
 *  simulator to run on, per-cycle hook), plus the stability strata. */
export interface BlurRunOptions extends NoblurRunOptions {
  /** Stratum of each MP (e.g. its surface in the workload's mix) for the stability estimate. */
  readonly strata?: readonly number[];
}

interface LanePorts {
  valid: NarrowPort;
  ready: NarrowPort;
  oor: NarrowPort;
  id: NarrowPort;
  tuple: NarrowPort;
  sx: NarrowPort;
  sy: NarrowPort;
  hit: NarrowPort;
  tri: NarrowPort | null;
  z: NarrowPort[];
  fire: NarrowPort;
  single: NarrowPort;
}

interface Bench {
  sim: CompiledSimulator;
  mode: NarrowPort | null;
  ports: FastPorts;
  g: BlurGeometry;
  inValid: NarrowPort;
  inReady: NarrowPort;
  /** The payload's ports in payloadPorts' order. */
  payload: NarrowPort[];
  lensA: NarrowPort | null;
  lensF: NarrowPort | null;
  lanes: LanePorts[];
  idle: NarrowPort;
  oorCount: NarrowPort;
}

const benches = new Map<string, Bench>();
const given = new WeakMap<CompiledSimulator, Bench>();

function blurBench(cfg: BlurConfig, hybrid: boolean, external?: CompiledSimulator): Bench {
  const key = `${hybrid ? 'hybrid' : 'blur'}:${stableKey(cfg)}`;
  const have = external === undefined ? benches.get(key) : given.get(external);
  if (have !== undefined) return have;
  const g = blurGeometryOf(cfg);
  const { render: _render, ...hcfg } = cfg;
  const sim = external ?? createSimulator(hybrid ? elaborate(Hybrid, hcfg as HybridConfig) : elaborate(Blur, cfg), { observe: 'ports' });
  const top = sim.design.top.name;
  const ports = new FastPorts(sim);
  const lens = usesLens(g.mode);
  const b: Bench = {
    sim,
    mode: hybrid ? ports.port('mode') : null,
    ports,
    g,
    inValid: ports.port('in_valid'),
    inReady: ports.port('in_ready'),
    payload: payloadPorts(g).map((p) => ports.port(p)),
    lensA: lens ? ports.port('lens_a') : null,
    lensF: lens ? ports.port('lens_f') : null,
    lanes: Array.from({ length: g.pmt }, (_, l) => ({
      valid: ports.port(`out${l}_valid`),
      ready: ports.port(`out${l}_ready`),
      oor: ports.port(`out${l}_payload_oor`),
      id: ports.port(`out${l}_payload_id`),
      tuple: ports.port(`out${l}_payload_tuple`),
      sx: ports.port(`out${l}_payload_stamp_x`),
      sy: ports.port(`out${l}_payload_stamp_y`),
      hit: ports.port(`out${l}_payload_hit`),
      tri: g.tvp ? ports.port(`out${l}_payload_tri`) : null,
      z: Array.from({ length: g.lanes }, (_, s) => ports.port(`out${l}_payload_z${s}`)),
      fire: ports.port(`${top}.lane${l}.iter.fire`),
      single: ports.port(`${top}.lane${l}.iter.single`),
    })),
    idle: ports.port('idle'),
    oorCount: ports.port('oor_count'),
  };
  if (external === undefined) benches.set(key, b);
  else given.set(external, b);
  return b;
}

/** The payload's ports, in the order blurMpValues gives their values. */
function payloadPorts(g: BlurGeometry): string[] {
  const fields = usesTime(g.mode) ? ['x', 'y', 'x1', 'y1', 'z'] : ['x', 'y', 'z'];
  const ports: string[] = [];
  for (let i = 0; i < g.verts; i++) for (const f of fields) ports.push(`in_payload_v${i}_${f}`);
  if (g.tvp) ports.push('in_payload_pair');
  ports.push('in_payload_id');
  return ports;
}

/** What MP number `index` puts on the payload, in payloadPorts' order (a
 *  lone triangle in pair mode repeats v0 as v3). */
function blurMpValues(g: BlurGeometry, mp: BlurMP, index: number): number[] {
  if (mp.kind === 'pair' && !g.tvp) throw new InternalError(`runBlur: MP ${index} is a pair but TVP is off`);
  const time = usesTime(g.mode);
  const out: number[] = [];
  for (let i = 0; i < g.verts; i++) {
    const v = mp.v[i] ?? mp.v[0]!;
    if (time) out.push(v.x, v.y, v.x1, v.y1, v.z);
    else out.push(v.x, v.y, v.z);
  }
  if (g.tvp) out.push(mp.kind === 'pair' ? 1 : 0);
  out.push(index & ID_MASK);
  return out;
}

function writeMp(b: Bench, mp: BlurMP, index: number): void {
  blurMpValues(b.g, mp, index).forEach((v, j) => b.payload[j]!.write(v));
}

function byTupleOrder(a: BlurHit, b: BlurHit): number {
  return a.tuple - b.tuple || a.ty - b.ty || a.tx - b.tx || a.tri - b.tri;
}

export function runBlur(cfg: BlurConfig, mps: readonly BlurMP[], lens: Lens, opts: BlurRunOptions = {}): BlurRun {
  return run(cfg, null, mps, lens, opts);
}

/** The Hybrid unit (cfg.render ignored: the hybrid builds the full front end) in one of its runtime modes. */
export function runHybrid(cfg: HybridConfig, mode: HybridMode, mps: readonly BlurMP[], lens: Lens, opts: BlurRunOptions = {}): BlurRun {
  return run({ ...cfg, render: 'blur' }, mode, mps, lens, opts);
}

/** Where a run's results go, and how a result record reads back as hits. */
interface Results {
  readonly g: BlurGeometry;
  /** MSAA of the Hybrid's NoBlur modes; null in the blur modes. */
  readonly msaa: 4 | 16 | null;
  /** false: count hits without building them (a sweep needs the stats alone). */
  readonly wantHits: boolean;
  readonly hits: BlurHit[][];
  readonly msaaHits: SampleHit[][];
  readonly outOfRange: number[][];
}

/** The covered samples of one result record of MP `owner`, appended (when
 *  wanted); returns how many. */
function recordHits(r: Results, owner: number, tuple: number, mask: number, tri: number, sx: number, sy: number, z: (s: number) => number): number {
  const { g, msaa } = r;
  if (!r.wantHits) return popcount32(mask);
  const kp = msaa === 4 ? 2 : 4;
  const tx0 = sx * g.k;
  const ty0 = sy * g.k;
  let n = 0;
  for (let s = 0; s < g.lanes; s++) {
    if (((mask >>> s) & 1) === 0) continue;
    n++;
    if (msaa !== null) {
      // NoBlur grid: lane -> cell -> pixel and sample (conventions.md).
      const cx = tx0 + (s % g.k);
      const cy = ty0 + Math.floor(s / g.k);
      const px = Math.floor(cx / kp);
      const py = Math.floor(cy / kp);
      const si = (cy % kp) * kp + (cx % kp);
      const off = SAMPLE_OFFSETS[msaa][si]!;
      r.msaaHits[owner]!.push({ tri: ((tri >>> s) & 1) as TriInMP, px, py, s: si, sx: px * SUBPIXEL + off.dx, sy: py * SUBPIXEL + off.dy, z: z(s) });
      continue;
    }
    const pos = blurSamplePos(tx0 + (s % g.k), ty0 + Math.floor(s / g.k), tuple, g.jitter);
    r.hits[owner]!.push({ tri: ((tri >>> s) & 1) as 0 | 1, tuple, tx: pos.tx, ty: pos.ty, sx: pos.sx, sy: pos.sy, z: z(s) });
  }
  return n;
}

/** What either loop counted. */
interface Counted {
  cycles: number;
  accepted: number[];
  stallCycles: number;
  stamps: number;
  hitCount: number;
}

function run(cfg: BlurConfig, hybridMode: HybridMode | null, mps: readonly BlurMP[], lens: Lens, opts: BlurRunOptions): BlurRun {
  const bench = blurBench(cfg, hybridMode !== null, opts.simulator);
  const { sim, g } = bench;
  const modeValue = hybridMode === null ? 3 : HYBRID_MODES.indexOf(hybridMode);
  const msaa = modeValue === 0 ? 4 : modeValue === 1 ? 16 : null;
  const tuples = msaa === null ? BLUR_TUPLES : 1;
  const bp = opts.backpressure ?? 0;
  const bubbles = opts.bubbles ?? 0;
  const maxCycles = opts.maxCycles ?? 10_000 + 20_000 * mps.length;
  opts.onSimulator?.(sim);
  bench.inValid.write(0);
  for (const l of bench.lanes) l.ready.write(0);
  bench.lensA?.write(lens.a);
  bench.lensF?.write(lens.f);
  bench.mode?.write(modeValue);
  sim.reset();

  const results: Results = { g, msaa, wantHits: opts.hits !== false, hits: mps.map(() => []), msaaHits: mps.map(() => []), outOfRange: mps.map(() => []) };
  // No bubbles, every lane's consumer always ready, no hook every cycle (a
  // sweep's run): runStream's loop. Otherwise the loop a cycle at a time.
  const c = bp === 0 && bubbles === 0 && opts.onCycle === undefined ? streamed(bench, mps, maxCycles, results) : perCycle(bench, mps, maxCycles, results, opts);
  const { hits, msaaHits, outOfRange } = results;
  for (const h of hits) h.sort(byTupleOrder);
  for (const h of msaaHits) h.sort((a, b) => a.py - b.py || a.px - b.px || a.s - b.s || a.tri - b.tri);
  for (const o of outOfRange) o.sort((a, b) => a - b);
  const { cycles, accepted, stallCycles, stamps, hitCount } = c;
  const positioned = mps.length * tuples;
  const tilesTested = stamps * g.lanes;
  return {
    hits,
    msaaHits,
    outOfRange,
    acceptedAt: accepted,
    stats: {
      cycles,
      mps: mps.length,
      triangles: mps.reduce((a, mp) => a + (mp.kind === 'pair' ? 2 : 1), 0),
      positioned,
      cyclesPerMp: mps.length === 0 ? 0 : cycles / mps.length,
      mpsPerCycle: cycles === 0 ? 0 : mps.length / cycles,
      cyclesPerPositioned: positioned === 0 ? 0 : cycles / positioned,
      stamps,
      tilesTested,
      tilesPerPositioned: positioned === 0 ? 0 : tilesTested / positioned,
      hits: hitCount,
      sampleTestEfficiency: tilesTested === 0 ? 0 : hitCount / tilesTested,
      stallCycles,
      stallFraction: cycles === 0 ? 0 : stallCycles / cycles,
      outOfRange: bench.oorCount.read(),
      stability: stabilityOf(accepted, cycles, opts.strata),
    },
  };
}

/** The MP stream through runStream: records prepared up front; each lane's
 *  result records and walked stamps read in bulk, then taken in cycle and
 *  lane order, as the loop below takes them. */
function streamed(bench: Bench, mps: readonly BlurMP[], maxCycles: number, r: Results): Counted {
  const { sim, g } = bench;
  const cols = new RecordColumns(sim, mps.length);
  const writers = payloadPorts(g).map((p) => cols.column(p));
  mps.forEach((mp, k) => blurMpValues(g, mp, k).forEach((v, j) => writers[j]!(k, v)));
  for (const l of bench.lanes) l.ready.write(1);
  const fields = (l: number): string[] => {
    const lp = bench.lanes[l]!;
    return [lp.id, lp.tuple, lp.oor, lp.hit, lp.sx, lp.sy, ...(lp.tri === null ? [] : [lp.tri]), ...lp.z].map((p) => p.path);
  };
  // One cycle more than the limit: the loop looks for the end before it gives up at a cycle.
  const run = sim.runStream({
    source: { valid: bench.inValid.path, ready: bench.inReady.path, payload: cols.payload, count: mps.length },
    until: bench.idle.path,
    sinks: bench.lanes.map((lp, l) => ({ valid: lp.valid.path, fields: fields(l) })),
    tallies: bench.lanes.map((lp) => ({ when: lp.fire.path, unless: lp.single.path })),
    maxCycles: maxCycles + 1,
  });
  const acceptedAt = [...run.accepted];
  if (!run.done) throw new InternalError(`runBlur: not done after ${maxCycles} cycles (${acceptedAt.filter((c) => c >= 0 && c < maxCycles).length} of ${mps.length} MPs accepted)`);
  const lanes = run.sinks.map((k, l) => ({ k, f: fields(l).map((p) => k.fields[p]!) }));
  const at = lanes.map(() => 0);
  let next = 0; // MPs accepted up to and including the record's cycle
  let hitCount = 0;
  for (;;) {
    // The earliest record left, the lowest lane first within a cycle.
    let l = -1;
    for (let j = 0; j < lanes.length; j++) if (at[j]! < lanes[j]!.k.count && (l < 0 || lanes[j]!.k.cycle[at[j]!]! < lanes[l]!.k.cycle[at[l]!]!)) l = j;
    if (l < 0) break;
    const m = at[l]!++;
    const { k, f } = lanes[l]!;
    while (next < mps.length && acceptedAt[next]! <= k.cycle[m]!) next++;
    const [id, tuple, oor, hit, sx, sy] = f;
    const rid = id![m]!;
    const owner = next - 1 - ((next - 1 - rid) & ID_MASK);
    if (owner < 0 || owner >= mps.length) throw new InternalError(`runBlur: lane ${l} result for MP id ${rid} matches no accepted MP`);
    if (oor![m] === 1) {
      r.outOfRange[owner]!.push(tuple![m]!);
      continue;
    }
    const tri = bench.lanes[l]!.tri === null ? 0 : f[6]![m]!;
    const z = f.slice(bench.lanes[l]!.tri === null ? 6 : 7);
    hitCount += recordHits(r, owner, tuple![m]!, hit![m]!, tri, sx![m]!, sy![m]!, (s) => z[s]![m]!);
  }
  // Offered from cycle 0 until the last was taken, every MP taken once.
  const stallCycles = mps.length === 0 ? 0 : acceptedAt[mps.length - 1]! + 1 - mps.length;
  return { cycles: run.cycles, accepted: acceptedAt, stallCycles, stamps: run.tallies.reduce((a, b) => a + b, 0), hitCount };
}

/** The testbench loop, a cycle at a time through number handles. */
function perCycle(bench: Bench, mps: readonly BlurMP[], maxCycles: number, r: Results, opts: BlurRunOptions): Counted {
  const { ports, g } = bench;
  const rng = makeRng(opts.seed ?? 1);
  const bp = opts.backpressure ?? 0;
  const bubbles = opts.bubbles ?? 0;
  const accepted: number[] = [];
  let next = 0;
  let offering = false;
  let cycles = 0;
  let stallCycles = 0;
  let stamps = 0;
  let hitCount = 0;
  const ready = new Array<number>(g.pmt).fill(1);
  for (;;) {
    if (!offering && next < mps.length && !(bubbles > 0 && rng.float() < bubbles)) {
      writeMp(bench, mps[next]!, next);
      offering = true;
    }
    bench.inValid.write(offering ? 1 : 0);
    for (let l = 0; l < g.pmt; l++) bench.lanes[l]!.ready.write((ready[l] = bp > 0 && rng.float() < bp ? 0 : 1));
    ports.settle();
    opts.onCycle?.();
    if (!offering && next === mps.length && bench.idle.read() === 1) break;
    if (cycles >= maxCycles) throw new InternalError(`runBlur: not done after ${maxCycles} cycles (${next} of ${mps.length} MPs accepted)`);
    if (offering) {
      if (bench.inReady.read() === 1) {
        accepted.push(cycles);
        next++;
        offering = false;
      } else stallCycles++;
    }
    for (let l = 0; l < g.pmt; l++) {
      const lp = bench.lanes[l]!;
      if (lp.fire.read() === 1 && lp.single.read() === 0) stamps++;
      if (lp.valid.read() !== 1 || ready[l] !== 1) continue;
      // Results of an MP arrive while it or a later one is in flight: the
      // latest accepted MP with these id bits.
      const id = lp.id.read();
      const owner = next - 1 - ((next - 1 - id) & ID_MASK);
      if (owner < 0 || owner >= mps.length) throw new InternalError(`runBlur: lane ${l} result for MP id ${id} matches no accepted MP`);
      const tuple = lp.tuple.read();
      if (lp.oor.read() === 1) {
        r.outOfRange[owner]!.push(tuple);
        continue;
      }
      hitCount += recordHits(r, owner, tuple, lp.hit.read(), lp.tri === null ? 0 : lp.tri.read(), lp.sx.read(), lp.sy.read(), (s) => lp.z[s]!.read());
    }
    ports.edge();
    cycles++;
  }
  return { cycles, accepted, stallCycles, stamps, hitCount };
}
