// Bits per SPID of a frame's two SPID buffers (primitive ids, Morton
// coordinates) after block compression. Layout, per tile: pixels in Morton
// order inside the tile, each pixel's samples in index order, so a 64-word
// block is 4 pixels at 16 spp, 8 at 8 spp, 16 at 4 spp. Background samples
// hold all ones in both buffers.
import { compressBuffer, type BufferCost, type Codec } from '../../units/spid-codec/golden.js';
import { mortonDecode, mortonEncode } from '../../units/spid-encoder/golden.js';
import type { Frame } from '../../testbenches/workloads/tiles/index.js';

export interface CodecStats {
  readonly samples: number;
  /** Bits per SPID (both buffers) with the best codec per block, min/max only, palette only. */
  readonly bitsPerSpid: Record<'best' | 'minmax' | 'palette', number>;
  readonly rawFraction: number;
  readonly blocks: Record<Codec, number>;
}

export function spidBuffers(frame: Frame, tile: number): { pid: Uint32Array; xy: Uint32Array } {
  const { width, height, spp } = frame;
  const tilesX = Math.ceil(width / tile);
  const tilesY = Math.ceil(height / tile);
  const n = tilesX * tilesY * tile * tile * spp;
  const pid = new Uint32Array(n).fill(0xffffffff);
  const xy = new Uint32Array(n).fill(0xffffffff);
  // The in-tile Morton walk, decoded once per call rather than per pixel.
  const ox = new Uint16Array(tile * tile);
  const oy = new Uint16Array(tile * tile);
  for (let m = 0; m < tile * tile; m++) {
    const d = mortonDecode(m);
    ox[m] = d.sx;
    oy[m] = d.sy;
  }
  let k = 0;
  for (let ty = 0; ty < tilesY; ty++) {
    for (let tx = 0; tx < tilesX; tx++) {
      for (let m = 0; m < tile * tile; m++) {
        const px = tx * tile + ox[m]!;
        const py = ty * tile + oy[m]!;
        const inside = px < width && py < height;
        const code = inside ? mortonEncode(px, py) : 0;
        for (let s = 0; s < spp; s++, k++) {
          if (!inside) continue;
          const id = frame.pid[(py * width + px) * spp + s]!;
          if (id < 0) continue;
          pid[k] = id;
          xy[k] = code;
        }
      }
    }
  }
  return { pid, xy };
}

export function codecStats(frame: Frame, tile: number): CodecStats {
  const { pid, xy } = spidBuffers(frame, tile);
  const both = (only?: 'minmax' | 'palette'): [BufferCost, BufferCost] => [compressBuffer(pid, only), compressBuffer(xy, only)];
  const bits = ([a, b]: [BufferCost, BufferCost]): number => ((a.bytes + b.bytes) * 8) / pid.length;
  const best = both();
  const blocks: Record<Codec, number> = { raw: 0, minmax: 0, palette: 0 };
  for (const c of best) for (const k of Object.keys(blocks) as Codec[]) blocks[k] += c.byCodec[k];
  return {
    samples: pid.length,
    bitsPerSpid: { best: bits(best), minmax: bits(both('minmax')), palette: bits(both('palette')) },
    rawFraction: (best[0].bytes + best[1].bytes) / (best[0].rawBytes + best[1].rawBytes),
    blocks,
  };
}
