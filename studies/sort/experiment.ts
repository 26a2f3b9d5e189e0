// The sort study: scenes -> frames -> tiles -> the RadixSorter DSL unit
// simulated on each scene's busiest tile per configuration, the Scan unit on
// its sorted output, codec sizes of the frame's SPID buffers, cost of every
// configuration, and frame-level figures from simulating every tile of a
// full frame at 16 spp. The scenes are the merge units' (tiles/scenes.ts).
import { elaborate } from '../../hdl/index.js';
import { createSimulator, type CompiledSimulator } from '../../hdl/sim/index.js';
import { busiestOf, cutTile, FRAME, SCENE_SURFACES, sceneName, summariseTileSizes, valueBits, type Frame, type SceneSpec, type SceneSurface, type Tile, type TileSpp, type TileSummary } from '../../testbenches/workloads/tiles/index.js';
import type { RadixSortConfig } from '../../units/radix-sort/config.js';
import { runScan } from '../../units/scan/drive.js';
import { goldenScan } from '../../units/scan/golden.js';
import { Scan } from '../../units/scan/module.js';
import { codecStats, type CodecStats } from './codec-stats.js';
import { priceFrontEnd, priceSorter, type SorterCost, type UnitCost } from './cost.js';
import { loadFrame } from './frames.js';
import { SorterBench } from './sorter-sim.js';
import { InternalError } from '../../hdl/errors.js';

export interface StudyOptions {
  readonly surfaces: readonly SceneSurface[];
  /** Mean triangle areas, pixels^2. */
  readonly areas: readonly number[];
  readonly seed: number;
  readonly tiles: readonly number[];
  readonly spps: readonly TileSpp[];
  readonly ks: readonly number[];
  readonly lanes: readonly RadixSortConfig['keysPerCycle'][];
  /** Scenes on which keys per cycle is swept too (the others sweep k at one key per cycle):
   *  a full tile at 8 keys per cycle simulates at ~0.1 M cycles/s, so every lane count on
   *  every scene would take many minutes on 2 cores. */
  readonly laneSweepScenes: readonly string[];
  /** Areas at which the other sample rates (not 16) are rendered too. */
  readonly sppAreas: readonly number[];
  /** Scenes (by area and surface) whose whole frame is simulated for the frame-level figures. */
  readonly frameAreas: readonly number[];
  readonly frameSurfaces: readonly SceneSurface[];
  readonly width: number;
  readonly height: number;
  readonly cacheDir: string | null;
  readonly log: (line: string) => void;
  /** The tile size and rate at which k x keys per cycle is swept and frames are simulated. */
  readonly sweepTile: number;
  readonly sweepSpp: TileSpp;
}

export const DEFAULT_OPTIONS: StudyOptions = {
  surfaces: SCENE_SURFACES,
  areas: [0.5, 2, 8],
  seed: 14,
  tiles: [32, 64, 128],
  spps: [4, 8, 16],
  ks: [4, 6, 8, 11, 16],
  lanes: ['1', '2', '4', '8'],
  laneSweepScenes: ['plane-a2'],
  sppAreas: [2],
  frameAreas: [2],
  frameSurfaces: ['plane'],
  width: FRAME.width,
  height: FRAME.height,
  // Rendered, not cached: see frames.ts.
  cacheDir: null,
  log: (line) => console.log(line),
  sweepTile: 128,
  sweepSpp: 16,
};

export const DEFAULT_K = 8;
export const PID_BITS = 32;

export interface ResultRow {
  scene: string;
  surface: SceneSurface;
  area: number;
  tile: number;
  spp: number;
  k: number;
  keysPerCycle: number;
  /** The busiest tile of the frame (most pairs): its position, pairs and covered pixels. */
  tileX: number;
  tileY: number;
  pairs: number;
  coveredPixels: number;
  passes: number;
  cycles: number;
  cyclesSimulated: boolean;
  cyclesPerPair: number;
  bufferBytes: number;
  onChipBytesMoved: number;
  bitsPerSpid: number;
  bitsPerSpidMinmax: number;
  bitsPerSpidPalette: number;
  rawFraction: number;
  prims: number;
  quads: number;
  shaderExecPerPixel: number;
  sorterAreaMm2: number;
  sorterPowerW: number;
  sorterClockHz: number;
  tilesInFrame: number;
  meanPairsPerTile: number;
  meanPasses: number;
}

export interface FrameRow {
  scene: string;
  width: number;
  height: number;
  spp: number;
  tile: number;
  k: number;
  keysPerCycle: number;
  tiles: number;
  pairsPerFrame: number;
  pairBytesPerFrame: number;
  onChipBytesPerFrame: number;
  cyclesPerFrame: number;
  tilesSimulated: number;
  clockHz: number;
  pairsPerSecond30: number;
  pairsPerSecond60: number;
  sorterUnits30: number;
  sorterUnits60: number;
}

export interface CostRow {
  k: number;
  keysPerCycle: number;
  capacityLog2: number;
  cost: SorterCost;
}

export interface StudyResult {
  rows: ResultRow[];
  frames: FrameRow[];
  costs: CostRow[];
  frontEnd: Record<string, UnitCost>;
  codecs: { scene: string; spp: number; stats: CodecStats }[];
  sim: { tilesSimulated: number; cycles: number; ms: number };
}

export function sorterConfig(tile: number, spp: number, k: number, keysPerCycle: RadixSortConfig['keysPerCycle']): RadixSortConfig {
  const vb = valueBits(tile, spp);
  return { k, keysPerCycle, capacityLog2: vb, pidBits: PID_BITS, valBits: vb };
}

/** Bits of one stored pair: the 64-bit key and the value. */
function pairBits(cfg: RadixSortConfig): number {
  return cfg.pidBits + 32 + cfg.valBits;
}

/** On-chip bytes one tile moves: the pair buffers (load writes each pair,
 *  every pass reads it twice and writes it once, unload reads it) and the
 *  counter banks (clear, histogram read-modify-write, prefix read and write,
 *  scatter read-modify-write), by the access pattern of the RadixSorter. */
export function onChipBytes(cfg: RadixSortConfig, pairs: number, passes: number): number {
  const lanes = Number(cfg.keysPerCycle);
  const cntBits = cfg.capacityLog2 + 1;
  const pairTraffic = pairs * pairBits(cfg) * (2 + 3 * passes);
  const counterTraffic = passes * (2 ** cfg.k * lanes * 3 + pairs * 4) * cntBits;
  return (pairTraffic + counterTraffic) / 8;
}

/** Significant key bits of a tile (the rule the sorter applies on load),
 *  from its summary's ranges; units/radix-sort/golden.ts states the same
 *  rule over records, and the sorter's pass count is checked against it on
 *  every simulated tile (sorter-sim.ts). */
function keyBitsOf(t: TileSummary): number {
  if (t.pairs === 0) return 0;
  const len = (v: number): number => (v === 0 ? 0 : 32 - Math.clz32(v));
  return len(t.pidHi - t.pidLo) + len(t.xyDiffer);
}

function passesOf(t: TileSummary, k: number): number {
  return Math.ceil(keyBitsOf(t) / k);
}

/** One scene at one sample rate: its frame, codec figures, and every tile size's rows. */
export interface SceneJob {
  readonly surface: SceneSurface;
  readonly area: number;
  readonly spp: TileSpp;
}

/** The scenes and rates in the study's order (rows, frames and codecs come out in it). */
export function sceneJobs(o: StudyOptions): SceneJob[] {
  const jobs: SceneJob[] = [];
  for (const surface of o.surfaces) {
    for (const area of o.areas) {
      for (const spp of o.spps) if (spp === o.sweepSpp || o.sppAreas.includes(area)) jobs.push({ surface, area, spp });
    }
  }
  return jobs;
}

export interface SceneOutput {
  rows: ResultRow[];
  frames: FrameRow[];
  codec: StudyResult['codecs'][number];
  /** Per row, and per frame row (from, to), which of the job's bench calls gave its cycles. */
  rowCalls: number[];
  frameCalls: [number, number][];
}

/** Memoised sorter costs, one per configuration. */
export function costCacheOf(): (cfg: RadixSortConfig) => SorterCost {
  const costCache = new Map<string, SorterCost>();
  return (cfg) => {
    const key = JSON.stringify(cfg);
    let c = costCache.get(key);
    if (c === undefined) costCache.set(key, (c = priceSorter(cfg)));
    return c;
  };
}

/** The scan unit the study runs on each sorted busiest tile. */
export function scanSimulator(): CompiledSimulator {
  const scanSim = createSimulator(elaborate(Scan, { pidBits: PID_BITS, valBits: 24 }));
  scanSim.reset();
  return scanSim;
}

/** The study without simulating the sorter again: costs, and the front end. */
export function assembleStudy(o: StudyOptions, outs: readonly SceneOutput[], costOf: (cfg: RadixSortConfig) => SorterCost, sim: StudyResult['sim']): StudyResult {
  const costs: CostRow[] = [];
  for (const k of o.ks) for (const lane of o.lanes) {
    const cfg = sorterConfig(o.sweepTile, o.sweepSpp, k, lane);
    costs.push({ k, keysPerCycle: Number(lane), capacityLog2: cfg.capacityLog2, cost: costOf(cfg) });
  }
  const frontEnd = priceFrontEnd(PID_BITS, valueBits(o.sweepTile, o.sweepSpp));
  return { rows: outs.flatMap((x) => x.rows), frames: outs.flatMap((x) => x.frames), costs, frontEnd, codecs: outs.map((x) => x.codec), sim };
}

export function runStudy(o: StudyOptions): StudyResult {
  const bench = new SorterBench();
  const costOf = costCacheOf();
  const scanSim = scanSimulator();
  const outs = sceneJobs(o).map((job) => runScene(job, o, bench, scanSim, costOf));
  return assembleStudy(o, outs, costOf, { tilesSimulated: bench.tilesSimulated, cycles: bench.simulatedCycles, ms: bench.simulatedMs });
}

/** One scene job through `bench` (whose memo decides which tiles are simulated). */
export function runScene(job: SceneJob, o: StudyOptions, bench: SorterBench, scanSim: CompiledSimulator, costOf: (cfg: RadixSortConfig) => SorterCost): SceneOutput {
  const { surface, area, spp } = job;
  const rows: ResultRow[] = [];
  const frames: FrameRow[] = [];
  const rowCalls: number[] = [];
  const frameCalls: [number, number][] = [];
  const first = bench.calls.length;
  const spec: SceneSpec = { surface, area, seed: o.seed };
  const scene = sceneName(spec);
  const t0 = Date.now();
  const frame = loadFrame(spec, spp, o.cacheDir, o.width, o.height);
  const codec = codecStats(frame, o.sweepTile);
  // The tile sweep runs at the default rate, the rate sweep at the default tile.
  const sizes = o.tiles.filter((t) => spp === o.sweepSpp || t === o.sweepTile);
  // Every tile's counts and key ranges, every size from one pass over the frame.
  const summaries = summariseTileSizes(frame, sizes);
  for (const tileSize of sizes) {
    // The pairs of the busiest only (the frame figures cut the others they simulate).
    const tiles = summaries.get(tileSize)!;
    const busiest = busiestOf(tiles);
    const busiestTile = cutTile(frame, tileSize, busiest.tx, busiest.ty);
    const busiestPairs = (): Tile => busiestTile;
    const full = tileSize === o.sweepTile && spp === o.sweepSpp;
    const ks = full ? o.ks : [DEFAULT_K];
    const lanes = full && o.laneSweepScenes.includes(scene) ? o.lanes : (['1'] as const);
    // Scan the busiest tile's sorted list, as the default sorter leaves it.
    const base = sorterConfig(tileSize, spp, DEFAULT_K, '1');
    const sorted = bench.run(base, busiest, busiestPairs, passesOf(busiest, DEFAULT_K), { keepSorted: true }).sorted!;
    const scan = runScan(scanSim, sorted);
    const want = goldenScan(sorted);
    if (scan.quadCount !== want.quads.length || scan.prims !== want.prims) {
      throw new InternalError(`${scene}: scan unit counted ${scan.prims} prims / ${scan.quadCount} quads, plain count ${want.prims} / ${want.quads.length}`);
    }
    const passesPerK = new Map(ks.map((k) => [k, tiles.map((t) => passesOf(t, k))]));
    for (const k of ks) {
      for (const lane of lanes) {
        const cfg = sorterConfig(tileSize, spp, k, lane);
        const passes = passesOf(busiest, k);
        const sim = bench.run(cfg, busiest, busiestPairs, passes);
        rowCalls.push(bench.calls.length - 1 - first);
        const cost = costOf(cfg);
        const allPasses = passesPerK.get(k)!;
        rows.push({
          scene,
          surface,
          area,
          tile: tileSize,
          spp,
          k,
          keysPerCycle: Number(lane),
          tileX: busiest.tx,
          tileY: busiest.ty,
          pairs: busiest.pairs,
          coveredPixels: busiest.coveredPixels,
          passes,
          cycles: sim.cycles,
          cyclesSimulated: sim.simulated,
          cyclesPerPair: sim.cycles / Math.max(1, busiest.pairs),
          bufferBytes: (2 * 2 ** cfg.capacityLog2 * pairBits(cfg)) / 8,
          onChipBytesMoved: onChipBytes(cfg, busiest.pairs, passes),
          bitsPerSpid: codec.bitsPerSpid.best,
          bitsPerSpidMinmax: codec.bitsPerSpid.minmax,
          bitsPerSpidPalette: codec.bitsPerSpid.palette,
          rawFraction: codec.rawFraction,
          prims: scan.prims,
          quads: scan.quadCount,
          shaderExecPerPixel: scan.shaderExecs / Math.max(1, busiest.coveredPixels),
          sorterAreaMm2: cost.areaMm2,
          sorterPowerW: cost.powerW,
          sorterClockHz: cost.clockHz,
          tilesInFrame: tiles.length,
          meanPairsPerTile: tiles.reduce((s, t) => s + t.pairs, 0) / tiles.length,
          meanPasses: allPasses.reduce((s, p) => s + p, 0) / allPasses.length,
        });
      }
    }
    if (full && o.frameAreas.includes(area) && o.frameSurfaces.includes(surface)) {
      const from = bench.calls.length - first;
      frames.push(frameFigures(bench, scene, frame, tiles, o, costOf, spp));
      frameCalls.push([from, bench.calls.length - first]);
    }
  }
  o.log(`${scene} ${spp} spp: ${((Date.now() - t0) / 1000).toFixed(1)} s (tiles simulated so far ${bench.tilesSimulated})`);
  return { rows, frames, codec: { scene, spp, stats: codec }, rowCalls, frameCalls };
}

/** Every tile of the frame through the default sorter (k = 8, one key per cycle). */
function frameFigures(bench: SorterBench, scene: string, frame: Frame, tiles: readonly TileSummary[], o: StudyOptions, costOf: (c: RadixSortConfig) => SorterCost, spp: number): FrameRow {
  const cfg = sorterConfig(o.sweepTile, spp, DEFAULT_K, '1');
  const before = bench.tilesSimulated;
  let cycles = 0;
  let pairs = 0;
  let bytes = 0;
  for (const t of tiles) {
    if (t.pairs === 0) continue;
    const passes = passesOf(t, DEFAULT_K);
    cycles += bench.run(cfg, t, () => cutTile(frame, t.size, t.tx, t.ty), passes).cycles;
    pairs += t.pairs;
    bytes += onChipBytes(cfg, t.pairs, passes);
  }
  const clockHz = costOf(cfg).clockHz;
  return {
    scene,
    width: o.width,
    height: o.height,
    spp,
    tile: o.sweepTile,
    k: DEFAULT_K,
    keysPerCycle: 1,
    tiles: tiles.length,
    pairsPerFrame: pairs,
    pairBytesPerFrame: (pairs * pairBits(cfg)) / 8,
    onChipBytesPerFrame: bytes,
    cyclesPerFrame: cycles,
    tilesSimulated: bench.tilesSimulated - before,
    clockHz,
    pairsPerSecond30: pairs * 30,
    pairsPerSecond60: pairs * 60,
    sorterUnits30: Math.ceil((cycles * 30) / clockHz),
    sorterUnits60: Math.ceil((cycles * 60) / clockHz),
  };
}
