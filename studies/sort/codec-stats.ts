// Bits per SPID of a frame's two SPID buffers (primitive ids, Morton
// coordinates) after block compression. Layout, per tile: pixels in Morton
// order inside the tile, each pixel's samples in index order, so a 64-word
// block is 4 pixels at 16 spp, 8 at 8 spp, 16 at 4 spp. Background samples
// hold all ones in both buffers. The buffers are walked in that order one
// block at a time (a 64-word window each), never held whole: at 16 spp
// a frame's two buffers would be 240 MB.
import { BLOCK_WORDS, BufferTally, checkWholeBlocks, type BufferCost, type Codec } from '../../units/spid-codec/golden.js';
import { mortonDecode, mortonEncode } from '../../units/spid-encoder/golden.js';
import type { Frame } from '../../testbenches/workloads/tiles/index.js';
import { ParamError } from '../../hdl/errors.js';

export interface CodecStats {
  readonly samples: number;
  /** Bits per SPID (both buffers) with the best codec per block, min/max only, palette only. */
  readonly bitsPerSpid: Record<'best' | 'minmax' | 'palette', number>;
  readonly rawFraction: number;
  readonly blocks: Record<Codec, number>;
}

const NONE = 0xffffffff;

/** The two buffers' blocks in buffer order, each through `block(pid, xy)` (the same two windows every call). */
export function forEachSpidBlock(frame: Frame, tile: number, block: (pid: Uint32Array, xy: Uint32Array) => void): number {
  const { width, height, spp } = frame;
  const tilesX = Math.ceil(width / tile);
  const tilesY = Math.ceil(height / tile);
  checkWholeBlocks(tile * tile * spp, 'codec stats');
  // Every rate the tiles offer (4, 8, 16) divides a block: pixelWords writes whole pixels.
  if (BLOCK_WORDS % spp !== 0) {
    const valid = Array.from({ length: BLOCK_WORDS }, (_, i) => i + 1).filter((d) => BLOCK_WORDS % d === 0);
    throw new ParamError('spp', spp, `a divisor of ${BLOCK_WORDS}`, { message: `codec stats: ${spp} samples per pixel do not divide a ${BLOCK_WORDS}-word block; valid ${valid.join(', ')}` });
  }
  const pid = new Uint32Array(BLOCK_WORDS);
  const xy = new Uint32Array(BLOCK_WORDS);
  // The in-tile Morton walk, decoded once per call rather than per pixel.
  const ox = new Uint16Array(tile * tile);
  const oy = new Uint16Array(tile * tile);
  for (let m = 0; m < tile * tile; m++) {
    const d = mortonDecode(m);
    ox[m] = d.sx;
    oy[m] = d.sy;
  }
  const src = frame.pid;
  let k = 0;
  for (let ty = 0; ty < tilesY; ty++) {
    for (let tx = 0; tx < tilesX; tx++) {
      for (let m = 0; m < tile * tile; m++) {
        const px = tx * tile + ox[m]!;
        const py = ty * tile + oy[m]!;
        if (px < width && py < height) {
          const code = mortonEncode(px, py);
          k = pixelWords(src, (py * width + px) * spp, spp, code, pid, xy, k, block);
        } else k = pixelWords(null, 0, spp, 0, pid, xy, k, block);
      }
    }
  }
  return k;
}

/** One pixel's `spp` samples into the windows from word `k` (the frame's
 *  words from `at`, or none: a pixel outside the frame), the windows handed
 *  to `block` when full; the next word's index. The inner loop of a walk
 *  over every sample of a frame (30 M at 16 spp): a block holds whole
 *  pixels (forEachSpidBlock checks that the rate divides it), so the
 *  pixel's words go in one run with one block test after them, where a
 *  test per sample had made the walk about three times as long. */
function pixelWords(src: Int32Array | null, at: number, spp: number, code: number, pid: Uint32Array, xy: Uint32Array, k: number, block: (pid: Uint32Array, xy: Uint32Array) => void): number {
  const j = k & (BLOCK_WORDS - 1);
  if (src === null) {
    pid.fill(NONE, j, j + spp);
    xy.fill(NONE, j, j + spp);
  } else {
    for (let s = 0; s < spp; s++) {
      const id = src[at + s]!;
      pid[j + s] = id < 0 ? NONE : id;
      xy[j + s] = id < 0 ? NONE : code;
    }
  }
  k += spp;
  if ((k & (BLOCK_WORDS - 1)) === 0) block(pid, xy);
  return k;
}

export function codecStats(frame: Frame, tile: number): CodecStats {
  const pid = new BufferTally();
  const xy = new BufferTally();
  const samples = forEachSpidBlock(frame, tile, (p, x) => {
    pid.add(p);
    xy.add(x);
  });
  const [a, b] = [pid.costs(), xy.costs()];
  const bits = (c: 'best' | 'minmax' | 'palette'): number => ((a[c].bytes + b[c].bytes) * 8) / samples;
  const blocks: Record<Codec, number> = { raw: 0, minmax: 0, palette: 0 };
  for (const c of [a.best, b.best] as BufferCost[]) for (const k of Object.keys(blocks) as Codec[]) blocks[k] += c.byCodec[k];
  return {
    samples,
    bitsPerSpid: { best: bits('best'), minmax: bits('minmax'), palette: bits('palette') },
    rawFraction: (a.best.bytes + b.best.bytes) / (a.best.rawBytes + b.best.rawBytes),
    blocks,
  };
}
