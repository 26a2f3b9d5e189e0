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
  verts: Record<string, NarrowPort>[];
  pair: NarrowPort | null;
  id: NarrowPort;
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
  const fields = usesTime(g.mode) ? ['x', 'y', 'x1', 'y1', 'z'] : ['x', 'y', 'z'];
  const lens = usesLens(g.mode);
  const b: Bench = {
    sim,
    mode: hybrid ? ports.port('mode') : null,
    ports,
    g,
    inValid: ports.port('in_valid'),
    inReady: ports.port('in_ready'),
    verts: Array.from({ length: g.verts }, (_, i) => Object.fromEntries(fields.map((f) => [f, ports.port(`in_payload_v${i}_${f}`)]))),
    pair: g.tvp ? ports.port('in_payload_pair') : null,
    id: ports.port('in_payload_id'),
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

function writeMp(b: Bench, mp: BlurMP, index: number): void {
  if (mp.kind === 'pair' && !b.g.tvp) throw new InternalError(`runBlur: MP ${index} is a pair but TVP is off`);
  for (let i = 0; i < b.g.verts; i++) {
    const v = mp.v[i] ?? mp.v[0]!;
    const p = b.verts[i]!;
    p['x']!.write(v.x);
    p['y']!.write(v.y);
    p['z']!.write(v.z);
    p['x1']?.write(v.x1);
    p['y1']?.write(v.y1);
  }
  b.pair?.write(mp.kind === 'pair' ? 1 : 0);
  b.id.write(index & ID_MASK);
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

function run(cfg: BlurConfig, hybridMode: HybridMode | null, mps: readonly BlurMP[], lens: Lens, opts: BlurRunOptions): BlurRun {
  const bench = blurBench(cfg, hybridMode !== null, opts.simulator);
  const { sim, ports, g } = bench;
  const modeValue = hybridMode === null ? 3 : HYBRID_MODES.indexOf(hybridMode);
  const msaa = modeValue === 0 ? 4 : modeValue === 1 ? 16 : null;
  const tuples = msaa === null ? BLUR_TUPLES : 1;
  const kp = msaa === 4 ? 2 : 4;
  const rng = makeRng(opts.seed ?? 1);
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

  const hits: BlurHit[][] = mps.map(() => []);
  const msaaHits: SampleHit[][] = mps.map(() => []);
  const outOfRange: number[][] = mps.map(() => []);
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
        outOfRange[owner]!.push(tuple);
        continue;
      }
      const mask = lp.hit.read();
      const tri = lp.tri === null ? 0 : lp.tri.read();
      const tx0 = lp.sx.read() * g.k;
      const ty0 = lp.sy.read() * g.k;
      for (let s = 0; s < g.lanes; s++) {
        if (((mask >>> s) & 1) === 0) continue;
        if (msaa !== null) {
          // NoBlur grid: lane -> cell -> pixel and sample (conventions.md).
          const cx = tx0 + (s % g.k);
          const cy = ty0 + Math.floor(s / g.k);
          const px = Math.floor(cx / kp);
          const py = Math.floor(cy / kp);
          const si = (cy % kp) * kp + (cx % kp);
          const off = SAMPLE_OFFSETS[msaa][si]!;
          msaaHits[owner]!.push({ tri: ((tri >>> s) & 1) as TriInMP, px, py, s: si, sx: px * SUBPIXEL + off.dx, sy: py * SUBPIXEL + off.dy, z: lp.z[s]!.read() });
          hitCount++;
          continue;
        }
        const pos = blurSamplePos(tx0 + (s % g.k), ty0 + Math.floor(s / g.k), tuple);
        hits[owner]!.push({ tri: ((tri >>> s) & 1) as 0 | 1, tuple, tx: pos.tx, ty: pos.ty, sx: pos.sx, sy: pos.sy, z: lp.z[s]!.read() });
        hitCount++;
      }
    }
    ports.edge();
    cycles++;
  }
  for (const h of hits) h.sort(byTupleOrder);
  for (const h of msaaHits) h.sort((a, b) => a.py - b.py || a.px - b.px || a.s - b.s || a.tri - b.tri);
  for (const o of outOfRange) o.sort((a, b) => a - b);
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
