// The sort study's report: index.md with tables and plots (SVG and PNG).
import { writeOutputFile } from '../../hdl/output-file.js';
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { renderPng, renderSvg } from '../../explore/index.js';
import { DEFAULT_K, type ResultRow, type StudyOptions, type StudyResult } from './experiment.js';
import { bitsPerSpidSpec, frontier, frontierSpec, passesCyclesSpec } from './plots.js';

const f = (v: number, d = 2): string => v.toFixed(d);
const si = (v: number): string => (v >= 1e9 ? `${f(v / 1e9)} G` : v >= 1e6 ? `${f(v / 1e6)} M` : v >= 1e3 ? `${f(v / 1e3)} k` : f(v, 0));
const table = (head: string[], rows: (string | number)[][]): string =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

async function plot(out: string, name: string, spec: TopLevelSpec): Promise<string> {
  const svg = await renderSvg(spec);
  writeOutputFile(join(out, `${name}.svg`), svg);
  writeOutputFile(join(out, `${name}.png`), renderPng(svg));
  return `![${name}](${name}.png) ([SVG](${name}.svg))`;
}

export interface FrontierPoint {
  k: number;
  keysPerCycle: number;
  areaMm2: number;
  powerW: number;
  clockHz: number;
  cycles: number;
  frontier: boolean;
}

/** Per (k, keys per cycle): sorter area and the busiest tile's cycles, averaged over scenes. */
export function frontierPoints(r: StudyResult, o: Pick<StudyOptions, 'sweepTile' | 'sweepSpp' | 'laneSweepScenes'>): FrontierPoint[] {
  const DEFAULT_TILE = o.sweepTile;
  const DEFAULT_SPP = o.sweepSpp;
  const pts = r.costs.map((c) => {
    const rows = r.rows.filter((x) => o.laneSweepScenes.includes(x.scene) && x.tile === DEFAULT_TILE && x.spp === DEFAULT_SPP && x.k === c.k && x.keysPerCycle === c.keysPerCycle);
    const cycles = rows.reduce((s, x) => s + x.cycles, 0) / Math.max(1, rows.length);
    return { k: c.k, keysPerCycle: c.keysPerCycle, areaMm2: c.cost.areaMm2, powerW: c.cost.powerW, clockHz: c.cost.clockHz, cycles, frontier: false };
  });
  const front = frontier(pts);
  for (const p of pts) p.frontier = front.has(p);
  return pts;
}

export async function writeReport(out: string, r: StudyResult, o: StudyOptions, seconds: number): Promise<void> {
  const DEFAULT_TILE = o.sweepTile;
  const DEFAULT_SPP = o.sweepSpp;
  const main = r.rows.filter((x) => x.tile === DEFAULT_TILE && x.spp === DEFAULT_SPP && x.k === DEFAULT_K && x.keysPerCycle === 1);
  const scenes = [...new Set(r.rows.map((x) => x.scene))];
  const pts = frontierPoints(r, o);
  const s = r.sim;
  const md: string[] = [];
  md.push('# Sort-based deferred shading: SPID encoder, radix sorter, scan, codecs');
  md.push('');
  md.push(
    `Scenes ${o.surfaces.join(', ')} at mean triangle areas ${o.areas.join(', ')} px^2 (seed ${o.seed}), ${o.width} x ${o.height}, ` +
      `rendered with exact coverage and a LESS depth test; tiles ${o.tiles.join('/')} px, ${o.spps.join('/')} spp; ` +
      `k ${o.ks.join('/')}, keys per cycle ${o.lanes.join('/')}. ${r.rows.length} rows in ${f(seconds, 0)} s.`,
  );
  md.push('');
  md.push(
    `Cycles come from the RadixSorter DSL unit in gfxrtl's cycle simulator: ${s.tilesSimulated} tiles simulated ` +
      `(${f(s.cycles / 1e6, 1)} M cycles in ${f(s.ms / 1000, 1)} s, ${f(s.cycles / Math.max(1, s.ms) / 1000)} M cycles/s), each output checked to be a permutation of its input sorted by key. ` +
      'Each row describes the busiest tile of the frame (most pairs). The sorter has no data-dependent stall, so a tile whose (pairs, passes) was already simulated under the same configuration reuses that count (`cyclesSimulated: false` in results.jsonl: another tile of the same pairs and passes was simulated); every other tile is simulated.',
  );
  md.push('');
  md.push(`## Busiest tile, ${DEFAULT_TILE} x ${DEFAULT_TILE} at ${DEFAULT_SPP} spp, k = ${DEFAULT_K}, 1 key/cycle`);
  md.push('');
  md.push(
    table(
      ['scene', 'pairs', 'passes', 'cycles', 'cycles/pair', 'buffers (bytes)', 'on-chip bytes moved', 'bits/SPID', 'compressed/raw', 'prims', 'quads', 'shader exec/pixel', 'mean passes (frame)'],
      main.map((x) => [x.scene, x.pairs, x.passes, x.cycles, f(x.cyclesPerPair), si(x.bufferBytes), si(x.onChipBytesMoved), f(x.bitsPerSpid), f(x.rawFraction, 3), x.prims, x.quads, f(x.shaderExecPerPixel), f(x.meanPasses)]),
    ),
  );
  md.push('');
  md.push('## Passes and cycles against k (1 key/cycle)');
  md.push('');
  const ks = [...new Set(r.rows.filter((x) => x.tile === DEFAULT_TILE && x.spp === DEFAULT_SPP).map((x) => x.k))];
  const cell = (sc: string, k: number): string => {
    const x = r.rows.find((y) => y.scene === sc && y.k === k && y.keysPerCycle === 1 && y.tile === DEFAULT_TILE && y.spp === DEFAULT_SPP);
    return x ? `${x.passes} / ${si(x.cycles)}` : '';
  };
  md.push(table(['scene (passes / cycles)', ...ks.map((k) => `k=${k}`)], scenes.map((sc) => [sc, ...ks.map((k) => cell(sc, k))])));
  md.push('');
  md.push(await plot(out, 'passes-cycles-vs-k', passesCyclesSpec(r.rows.filter((x) => x.tile === DEFAULT_TILE && x.spp === DEFAULT_SPP))));
  md.push('');
  md.push(`## Tile size and sample rate (k = ${DEFAULT_K}, 1 key/cycle)`);
  md.push('');
  const vary = r.rows.filter((x) => x.k === DEFAULT_K && x.keysPerCycle === 1);
  md.push(
    table(
      ['scene', 'tile', 'spp', 'pairs', 'passes', 'cycles', 'cycles/pair', 'buffers (bytes)', 'bits/SPID', 'shader exec/pixel', 'mean pairs/tile'],
      vary.map((x) => [x.scene, x.tile, x.spp, x.pairs, x.passes, x.cycles, f(x.cyclesPerPair), si(x.bufferBytes), f(x.bitsPerSpid), f(x.shaderExecPerPixel), f(x.meanPairsPerTile, 0)]),
    ),
  );
  md.push('');
  md.push('## Cost: sorter area and power against cycles per tile (k x keys per cycle)');
  md.push('');
  md.push(
    `Cycles per tile: the busiest tile of ${o.laneSweepScenes.join(', ')} (the scenes on which keys per cycle is swept). ` +
      'Priced from each configuration\'s elaborated netlist (45 nm cost model, nominal Vt, 0.99 V, one stage, activity 1.0), at 128 x 128 x 16 capacity. ' +
      'Buffers: the two ping-pong pair buffers (SRAM; each lane adds a read and a write port, +50 % area per port beyond one); counters: the per-lane counter banks; logic: control, digit extraction, adders, comparators.',
  );
  md.push('');
  md.push(
    table(
      ['k', 'keys/cycle', 'area (mm^2)', 'buffers', 'counters', 'logic', 'power (W)', 'clock (MHz)', 'cycles/tile', 'us/tile', 'frontier'],
      r.costs.map((c) => {
        const p = pts.find((q) => q.k === c.k && q.keysPerCycle === c.keysPerCycle)!;
        return [c.k, c.keysPerCycle, f(c.cost.areaMm2, 3), f(c.cost.parts.buffers.areaMm2, 3), f(c.cost.parts.counters.areaMm2, 4), f(c.cost.parts.logic.areaMm2, 4), f(c.cost.powerW, 3), f(c.cost.clockHz / 1e6, 0), si(p.cycles), f((p.cycles / p.clockHz) * 1e6, 1), p.frontier ? 'yes' : ''];
      }),
    ),
  );
  md.push('');
  md.push(await plot(out, 'frontier-area-cycles', frontierSpec(pts)));
  md.push('');
  md.push('Front-end units (same cost point):');
  md.push('');
  md.push(table(['unit', 'area (mm^2)', 'power (W)', 'clock (MHz)'], Object.entries(r.frontEnd).map(([n, c]) => [n, f(c.areaMm2, 5), f(c.powerW, 5), f(c.clockHz / 1e6, 0)])));
  md.push('');
  md.push(`## Frame level: ${o.width} x ${o.height} at ${DEFAULT_SPP} spp, ${DEFAULT_TILE} x ${DEFAULT_TILE} tiles, k = ${DEFAULT_K}, 1 key/cycle`);
  md.push('');
  md.push('Every tile of the frame through the sorter (simulated, or the count of an identical (pairs, passes) tile). Sorter units = ceil(cycles per frame x fps / clock).');
  md.push('');
  md.push(
    table(
      ['scene', 'tiles', 'pairs/frame', 'pair bytes/frame', 'on-chip bytes/frame', 'cycles/frame', 'clock (MHz)', 'pairs/s at 30 fps', 'pairs/s at 60 fps', 'units at 30 fps', 'units at 60 fps'],
      r.frames.map((x) => [x.scene, x.tiles, si(x.pairsPerFrame), si(x.pairBytesPerFrame), si(x.onChipBytesPerFrame), si(x.cyclesPerFrame), f(x.clockHz / 1e6, 0), si(x.pairsPerSecond30), si(x.pairsPerSecond60), x.sorterUnits30, x.sorterUnits60]),
    ),
  );
  md.push('');
  md.push('## SPID buffer compression');
  md.push('');
  md.push('Two 32-bit buffers (primitive ids, Morton coordinates), 256-byte blocks (64 words: 4 pixels at 16 spp), 64-byte bus lines, so at most 4:1; each block takes the fewest lines among min/max offset and palette, else stays raw; 2-bit codec tags counted. Background samples hold all ones.');
  md.push('');
  md.push(
    table(
      ['scene', 'spp', 'bits/SPID best', 'min/max only', 'palette only', 'compressed/raw', 'blocks min/max', 'palette', 'raw'],
      r.codecs.map((c) => [c.scene, c.spp, f(c.stats.bitsPerSpid.best), f(c.stats.bitsPerSpid.minmax), f(c.stats.bitsPerSpid.palette), f(c.stats.rawFraction, 3), c.stats.blocks.minmax, c.stats.blocks.palette, c.stats.blocks.raw]),
    ),
  );
  md.push('');
  md.push(await plot(out, 'bits-per-spid', bitsPerSpidSpec(r.codecs)));
  md.push('');
  md.push('## How to read it');
  md.push('');
  md.push('- passes: digits left after significant-bit detection: ceil((bits of the primitive-id range + Morton bits up to the highest that varies) / k).');
  md.push('- cycles per tile: load (pairs / keys per cycle), per pass 2^k clear + histogram (chunk + 1) + 2^k prefix + scatter (chunk + 1), unload; all from simulation.');
  md.push('- onChipBytesMoved: the pair buffers (load write, two reads and a write per pass, unload read) and the counter banks, by the sorter\'s access pattern and its simulated pass count.');
  md.push('- shaderExecPerPixel: 4 x quads the scan unit counted / pixels of the tile with a covered sample.');
  md.push('- mean passes (frame): over every tile of the frame, an empty tile counting 0.');
  md.push('');
  writeOutputFile(join(out, 'index.md'), md.join('\n'));
}

export type { ResultRow };
