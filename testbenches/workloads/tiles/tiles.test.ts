import { describe, expect, it } from 'vitest';
import { covers } from '../../../units/raster-common/edge.js';
import { interpolateDepth } from '../../../units/raster-common/depth.js';
import { edgeValues } from '../../../units/raster-common/edge.js';
import { SUBPIXEL } from '../../../units/raster-common/formats.js';
import { mortonDecode } from '../../../units/spid-encoder/golden.js';
import { buildScene, busiestOf, cutTile, cutTiles, renderFrame, sampleOffsets, summariseTiles, summariseTileSizes, TILE_SPP, valueBits } from './index.js';
import { cellGrid } from './samples.js';

describe('tile samples', () => {
  it('8x puts one sample strictly inside each of 4 x 2 cells, as 4x and 16x do for theirs', () => {
    for (const spp of TILE_SPP) {
      const { cols, rows } = cellGrid(spp);
      const cw = SUBPIXEL / cols;
      const ch = SUBPIXEL / rows;
      const seen = new Set<number>();
      sampleOffsets(spp).forEach((o, s) => {
        const cx = Math.floor(o.dx / cw);
        const cy = Math.floor(o.dy / ch);
        expect(cy * cols + cx).toBe(s);
        expect(o.dx % cw).toBeGreaterThan(0);
        expect(o.dy % ch).toBeGreaterThan(0);
        seen.add(s);
      });
      expect(seen.size).toBe(spp);
    }
  });
});

describe('rendered frame', () => {
  // A small frame so the brute-force reference stays quick.
  const scene = buildScene({ surface: 'bumpy-sphere', area: 6, seed: 3 }, 96, 64);

  it('every sample shows the nearest covering primitive (exact BigInt depth, earlier wins ties)', () => {
    const f = renderFrame(scene.tris, 96, 64, 4);
    const offs = sampleOffsets(4);
    let checked = 0;
    for (let py = 0; py < 64; py += 3) {
      for (let px = 0; px < 96; px += 2) {
        for (let s = 0; s < 4; s++) {
          const p = { x: px * SUBPIXEL + offs[s]!.dx, y: py * SUBPIXEL + offs[s]!.dy };
          let best = -1;
          let bestZ = Infinity;
          scene.tris.forEach((t, id) => {
            if (!covers(t, p)) return;
            const z = interpolateDepth(edgeValues(t, p), [t[0].z, t[1].z, t[2].z]);
            if (z < bestZ) {
              bestZ = z;
              best = id;
            }
          });
          expect(f.pid[(py * 96 + px) * 4 + s]).toBe(best);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("a cut's summaries are its tiles' counts and key ranges, and its busiest tile's pairs are the tile cut alone", () => {
    for (const spp of [4, 16] as const) {
      const f = renderFrame(scene.tris, 96, 64, spp);
      for (const size of [32, 64]) {
        const tiles = cutTiles(f, size);
        const sums = summariseTiles(f, size);
        expect(sums.length).toBe(tiles.length);
        tiles.forEach((t, i) => {
          const s = sums[i]!;
          const ids = [...t.pid];
          const differ = t.xy.reduce((a, x) => (a | (x ^ t.xy[0]!)) >>> 0, 0);
          expect(s).toEqual({ tx: t.tx, ty: t.ty, size, pairs: t.pid.length, coveredPixels: t.coveredPixels, pidLo: ids.length ? Math.min(...ids) : 0, pidHi: ids.length ? Math.max(...ids) : 0, xyDiffer: differ });
          expect(cutTile(f, size, t.tx, t.ty)).toEqual(t);
        });
        const b = busiestOf(sums);
        expect(b.pairs).toBe(Math.max(...tiles.map((t) => t.pid.length)));
        expect(sums.indexOf(b)).toBe(tiles.findIndex((t) => t.pid.length === b.pairs));
        expect(sums.some((x) => x.pairs > 0 && x.xyDiffer > 0)).toBe(true);
      }
    }
  });

  it('summaries of several sizes from one pass equal each size summarised alone (frame edges cutting tiles short, empty tiles)', () => {
    // The 96 x 64 scene on a 160 x 96 frame: empty tiles right and below, and 160 x 96 is no multiple of 64 or 128 (tiles cut short).
    const f = renderFrame(scene.tris, 160, 96, 16);
    const all = summariseTileSizes(f, [32, 64, 128, 48]);
    for (const size of [32, 64, 128, 48]) expect(all.get(size)).toEqual(summariseTiles(f, size));
    expect(all.get(32)!.some((t) => t.pairs === 0)).toBe(true);
    expect(all.get(64)!.some((t) => t.pairs > 0 && t.xyDiffer > 0)).toBe(true);
  });

  it('tiles hold every covered sample once, with in-tile values and their own pixel coordinates', () => {
    const f = renderFrame(scene.tris, 96, 64, 8);
    const covered = f.pid.reduce((a, v) => a + (v >= 0 ? 1 : 0), 0);
    expect(covered).toBeGreaterThan(0);
    for (const size of [32, 64]) {
      const tiles = cutTiles(f, size);
      expect(tiles.reduce((a, t) => a + t.pid.length, 0)).toBe(covered);
      for (const t of tiles) {
        const vals = new Set(t.val);
        expect(vals.size).toBe(t.val.length);
        t.val.forEach((v, i) => {
          expect(v).toBeLessThan(2 ** valueBits(size, 8));
          const lx = Math.floor(v / 8) % size;
          const ly = Math.floor(v / 8 / size);
          expect(mortonDecode(t.xy[i]!)).toEqual({ sx: t.tx * size + lx, sy: t.ty * size + ly });
          expect(f.pid[((t.ty * size + ly) * 96 + t.tx * size + lx) * 8 + (v % 8)]).toBe(t.pid[i]);
        });
      }
    }
  });
});
